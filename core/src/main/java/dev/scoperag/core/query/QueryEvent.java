package dev.scoperag.core.query;

import dev.scoperag.core.route.RouteHints;
import java.util.HashSet;
import java.util.List;

/** A question on the {@code queries} topic (schemas/QueryEvent.schema.json). */
public record QueryEvent(String queryId, String question, String askedAt, Hints hints, Options options) {

    /**
     * What the asker already knows: these take precedence over what the router reads from the question.
     * Ticker, fiscal year, form and period together name one document.
     */
    public record Hints(List<String> tickers, List<Integer> fiscalYears, List<String> forms, List<String> periods) {

        public static Hints none() {
            return new Hints(List.of(), List.of(), List.of(), List.of());
        }

        public Hints {
            tickers = tickers == null ? List.of() : List.copyOf(tickers);
            fiscalYears = fiscalYears == null ? List.of() : List.copyOf(fiscalYears);
            forms = forms == null ? List.of() : List.copyOf(forms);
            periods = periods == null ? List.of() : List.copyOf(periods);
        }

        /** The hints as the router takes them. */
        public RouteHints routeHints() {
            return new RouteHints(tickers, fiscalYears, new HashSet<>(forms), periods);
        }
    }

    /** How to answer: context size, scope ({@code auto}, {@code routed}, {@code corpus}) and answer mode. */
    public record Options(Integer topK, String scope, String answerMode) {

        public static final int DEFAULT_TOP_K = 5;

        public static Options defaults() {
            return new Options(DEFAULT_TOP_K, "auto", "extractive");
        }

        public int topKOrDefault() {
            return topK == null ? DEFAULT_TOP_K : topK;
        }

        public String scopeOrDefault() {
            return scope == null ? "auto" : scope;
        }

        public String answerModeOrDefault() {
            return answerMode == null ? "extractive" : answerMode;
        }
    }

    public QueryEvent {
        hints = hints == null ? Hints.none() : hints;
        options = options == null ? Options.defaults() : options;
    }
}
