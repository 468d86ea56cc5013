package dev.scoperag.launcher.eval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One arm's metrics over all questions; the recall metrics, MRR and numeric match are means over
 * questions, the wrong-issuer share is over all context chunks of all questions.
 *
 * <p>An answer whose context is shorter than k (the adaptive cutoff kept fewer, or it abstained) is
 * scored on what it has: a shorter context can only lose recall, never gain it, and the report shows
 * how often it happened ({@code short_contexts}) and the mean context size beside the share.
 *
 * @param routingAccuracy null for an arm that does not route
 * @param evidenceRecall null when no question has evidence text
 * @param numericMatch null when no reference answer states a figure
 */
public record ArmSummary(
        String arm,
        int questions,
        Double routingAccuracy,
        double docRecall,
        double pageRecall,
        Double evidenceRecall,
        double wrongIssuerShare,
        double mrr,
        Double numericMatch,
        int numericQuestions,
        double meanContextSize,
        int shortContexts,
        int emptyContexts,
        Map<String, Integer> statuses,
        Map<String, Percentiles> latencyMs) {

    /** The median and 95th percentile of a latency, in milliseconds. */
    public record Percentiles(double p50, double p95) {

        /** Nearest-rank percentiles, to within 0.1% (as bench-query computes them, from an HdrHistogram); zeros for no values. */
        static Percentiles of(List<Double> values) {
            if (values.isEmpty()) {
                return new Percentiles(0, 0);
            }
            var all = dev.scoperag.launcher.stats.Percentiles.of(values);
            return new Percentiles(all.p50(), all.p95());
        }
    }

    /** Stages of an answer's timings, in pipeline order; {@code total} is the whole query. */
    static final List<String> STAGES = List.of("route", "embed_query", "retrieve", "rerank", "answer");

    public static ArmSummary of(String arm, List<QuestionScore> scores, int k) {
        int n = scores.size();
        List<Boolean> routed = scores.stream().map(QuestionScore::routed).filter(Objects::nonNull).toList();
        List<Double> evidence = scores.stream().map(QuestionScore::evidenceRecall).filter(Objects::nonNull).toList();
        List<Boolean> numeric = scores.stream().map(QuestionScore::numericMatch).filter(Objects::nonNull).toList();
        int chunks = scores.stream().mapToInt(QuestionScore::contextSize).sum();
        int wrong = scores.stream().mapToInt(QuestionScore::wrongIssuer).sum();
        Map<String, Integer> statuses = new LinkedHashMap<>();
        scores.forEach(s -> statuses.merge(s.status(), 1, Integer::sum));
        Map<String, Percentiles> latency = new LinkedHashMap<>();
        latency.put("total", Percentiles.of(timings(scores, "total")));
        for (String stage : STAGES) {
            List<Double> values = timings(scores, stage);
            if (!values.isEmpty()) {
                latency.put(stage, Percentiles.of(values));
            }
        }
        return new ArmSummary(arm, n,
                routed.isEmpty() ? null : share(routed),
                mean(scores.stream().map(s -> s.docHit() ? 1.0 : 0.0).toList()),
                mean(scores.stream().map(s -> s.pageHit() ? 1.0 : 0.0).toList()),
                evidence.isEmpty() ? null : mean(evidence),
                chunks == 0 ? 0 : (double) wrong / chunks,
                mean(scores.stream().map(QuestionScore::reciprocalRank).toList()),
                numeric.isEmpty() ? null : share(numeric),
                numeric.size(),
                n == 0 ? 0 : (double) chunks / n,
                (int) scores.stream().filter(s -> s.contextSize() < k).count(),
                (int) scores.stream().filter(s -> s.contextSize() == 0).count(),
                statuses, latency);
    }

    /** The metrics in the report's JSON shape. */
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("routing_accuracy", round(routingAccuracy));
        json.put("doc_recall", round(docRecall));
        json.put("page_recall", round(pageRecall));
        json.put("evidence_recall", round(evidenceRecall));
        json.put("wrong_issuer_share", round(wrongIssuerShare));
        json.put("mrr", round(mrr));
        json.put("numeric_match", round(numericMatch));
        Map<String, Object> latency = new LinkedHashMap<>();
        Percentiles total = latencyMs.get("total");
        latency.put("p50", round(total.p50()));
        latency.put("p95", round(total.p95()));
        Map<String, Object> stages = new LinkedHashMap<>();
        latencyMs.forEach((stage, p) -> {
            if (!stage.equals("total")) {
                stages.put(stage, Map.of("p50", round(p.p50()), "p95", round(p.p95())));
            }
        });
        latency.put("stages", stages);
        json.put("latency_ms", latency);
        json.put("questions", questions);
        json.put("numeric_questions", numericQuestions);
        json.put("mean_context_chunks", round(meanContextSize));
        json.put("short_contexts", shortContexts);
        json.put("empty_contexts", emptyContexts);
        json.put("statuses", statuses);
        return json;
    }

    /** The metrics a table and a chart compare, by report name; null where not applicable. */
    public Map<String, Double> headlineMetrics() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("routing_accuracy", routingAccuracy);
        m.put("doc_recall", docRecall);
        m.put("page_recall", pageRecall);
        m.put("evidence_recall", evidenceRecall);
        m.put("wrong_issuer_share", wrongIssuerShare);
        m.put("mrr", mrr);
        m.put("numeric_match", numericMatch);
        return m;
    }

    private static List<Double> timings(List<QuestionScore> scores, String stage) {
        List<Double> values = new ArrayList<>();
        for (QuestionScore s : scores) {
            Double v = s.timings().get(stage);
            if (v != null) {
                values.add(v);
            }
        }
        return values;
    }

    private static double share(List<Boolean> values) {
        return values.stream().filter(Boolean::booleanValue).count() / (double) values.size();
    }

    private static double mean(List<Double> values) {
        return values.isEmpty() ? 0 : values.stream().mapToDouble(Double::doubleValue).sum() / values.size();
    }

    static Double round(Double value) {
        return value == null ? null : Math.round(value * 10_000) / 10_000.0;
    }

    static double round(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }
}
