package dev.scoperag.core.answer;

import java.util.List;
import java.util.Map;

/** The answer to one query on the {@code answers} topic (schemas/AnswerEvent.schema.json). */
public record AnswerEvent(
        String queryId,
        String question,
        String status,
        String reason,
        String detail,
        String answer,
        List<Citation> citations,
        RouteSummary route,
        Map<String, Object> retrieval,
        Map<String, Double> timingsMs,
        Map<String, String> versions,
        String answeredAt) {

    public static final String ANSWERED = "answered";
    public static final String ABSTAINED = "abstained";
    public static final String REJECTED = "rejected";
    public static final String ERROR = "error";

    /** The routing decision as the answer record carries it. */
    public record RouteSummary(String method, double confidence, boolean fallback, List<Issuer> issuers, List<ShardRef> shards) {}

    /** A company the question names, and whether its filings are in the corpus. */
    public record Issuer(String ticker, Long cik, String name, boolean inCorpus) {}

    /** A routed shard. */
    public record ShardRef(String ticker, int fiscalYear) {}

    public static AnswerEvent rejected(String queryId, String question, String reason, String detail, String now) {
        return new AnswerEvent(queryId, question, REJECTED, reason, detail, null, List.of(), null, null, null, null, now);
    }
}
