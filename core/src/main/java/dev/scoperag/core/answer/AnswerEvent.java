package dev.scoperag.core.answer;

import dev.scoperag.core.fact.Computation;
import dev.scoperag.core.failure.BoundedText;
import java.util.List;
import java.util.Map;

/**
 * The answer to one query on the {@code answers} topic (schemas/AnswerEvent.schema.json). {@code computation} is set
 * when the answer is a metric computed from the filing's facts (the numeric route), else null.
 */
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
        String answeredAt,
        Computation computation) {

    public static final String ANSWERED = "answered";
    public static final String ABSTAINED = "abstained";
    public static final String REJECTED = "rejected";
    public static final String ERROR = "error";

    /** Query ids longer than the schema allows are cut, named by their hash, so the answer record stays small. */
    public static final int MAX_QUERY_ID_CHARS = 200;
    /** Questions are cut to the schema's limit when echoed (a rejected question may be longer). */
    public static final int MAX_QUESTION_CHARS = 4_000;
    public static final int MAX_DETAIL_CHARS = 2_000;

    public AnswerEvent {
        queryId = BoundedText.of(queryId, MAX_QUERY_ID_CHARS);
        question = BoundedText.of(question, MAX_QUESTION_CHARS);
        detail = BoundedText.of(detail, MAX_DETAIL_CHARS);
    }

    /** An answer not computed from facts. */
    public AnswerEvent(String queryId, String question, String status, String reason, String detail, String answer,
            List<Citation> citations, RouteSummary route, Map<String, Object> retrieval, Map<String, Double> timingsMs,
            Map<String, String> versions, String answeredAt) {
        this(queryId, question, status, reason, detail, answer, citations, route, retrieval, timingsMs, versions, answeredAt,
                null);
    }

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
