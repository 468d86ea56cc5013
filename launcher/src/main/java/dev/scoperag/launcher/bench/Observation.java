package dev.scoperag.launcher.bench;

import dev.scoperag.core.answer.AnswerEvent;
import java.util.List;
import java.util.Map;

/**
 * One question of the stream and its answer as the benchmark saw it.
 *
 * @param questionId the benchmark question (several queries ask the same one)
 * @param path how the query job searched: routed to shards, corpus-wide, or neither
 * @param visibleMs from sending the query to reading its answer as a read_committed consumer
 * @param timingsMs the answer's own per-stage timings
 * @param shards the shards the question was routed to, {@code TICKER:YEAR}
 * @param status the answer's status
 */
public record Observation(String questionId, Path path, double visibleMs, Map<String, Double> timingsMs, List<String> shards,
        String status) {

    /** How the query job searched for a question. */
    public enum Path {
        ROUTED("routed"),
        CORPUS_WIDE("corpus-wide (fallback)"),
        NOT_SEARCHED("not searched (rejected or abstained before retrieval)");

        private final String label;

        Path(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public Observation {
        timingsMs = timingsMs == null ? Map.of() : Map.copyOf(timingsMs);
        shards = List.copyOf(shards);
    }

    public static Observation of(String questionId, double visibleMs, AnswerEvent answer) {
        AnswerEvent.RouteSummary route = answer.route();
        List<String> shards = route == null || route.shards() == null ? List.of()
                : route.shards().stream().map(s -> s.ticker() + ":" + s.fiscalYear()).toList();
        Object corpusWide = answer.retrieval() == null ? null : answer.retrieval().get("corpus_wide");
        Path path;
        if (Boolean.TRUE.equals(corpusWide)) {
            path = Path.CORPUS_WIDE;
        } else if (Boolean.FALSE.equals(corpusWide) && !shards.isEmpty()) {
            path = Path.ROUTED;
        } else {
            path = Path.NOT_SEARCHED;
        }
        return new Observation(questionId, path, visibleMs, answer.timingsMs(), shards, answer.status());
    }
}
