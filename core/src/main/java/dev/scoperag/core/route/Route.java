package dev.scoperag.core.route;

import dev.scoperag.core.filing.Shard;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Where a question should be answered from: its issuers, the shards to search, and soft filters inside them.
 *
 * <p>No shard with {@code fallback} means search the whole corpus; no shard with an
 * {@code abstainReason} means do not answer from other companies' filings. Forms and periods are
 * preferences: when no document of a routed shard matches them, search the whole shard.
 *
 * @param issuers every issuer the question names, in the order first named
 * @param shards shards to search, most useful first: per issuer the latest routed year leads
 * @param forms document forms to prefer inside the shards ("10-K", "10-Q", "8-K", "EARNINGS"); empty means any
 * @param periods periods named ("2023Q2", "2022-07-01"); empty means any
 * @param method "deterministic", "deterministic-typo" (an issuer read from a mistyped ticker or name), "hints",
 *     "llm" or "fallback"
 * @param confidence 0..1, see {@link DeterministicRouter} for the formula
 * @param fallback routing resolved nothing: search corpus-wide
 * @param abstainReason why no shard may be searched although the issuer is known, or null
 * @param explanation one line on how the route was found
 */
public record Route(
        List<Issuer> issuers,
        List<Shard> shards,
        SortedSet<String> forms,
        List<String> periods,
        String method,
        double confidence,
        boolean fallback,
        String abstainReason,
        String explanation) {

    /** An issuer the question names; {@code ticker} is the corpus ticker when it has filings in the corpus. */
    public record Issuer(String ticker, Long cik, String name, boolean inCorpus) {}

    public static final String DETERMINISTIC = "deterministic";
    public static final String DETERMINISTIC_TYPO = "deterministic-typo";
    public static final String HINTS = "hints";
    public static final String LLM = "llm";
    public static final String FALLBACK = "fallback";

    public Route {
        issuers = List.copyOf(issuers);
        shards = List.copyOf(shards);
        forms = Collections.unmodifiableSortedSet(new TreeSet<>(forms == null ? Set.of() : forms));
        periods = List.copyOf(periods);
        if (confidence < 0 || confidence > 1) {
            throw new IllegalArgumentException("confidence outside 0..1: " + confidence);
        }
    }

    /** Nothing resolved: answer from the whole corpus. */
    public static Route corpusWide(SortedSet<String> forms, List<String> periods, String explanation) {
        return new Route(List.of(), List.of(), forms, periods, FALLBACK, 0.0, true, null, explanation);
    }

    public boolean abstains() {
        return abstainReason != null;
    }
}
