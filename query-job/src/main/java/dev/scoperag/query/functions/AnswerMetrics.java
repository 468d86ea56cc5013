package dev.scoperag.query.functions;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.stream.isolation.RecordIsolation;
import dev.scoperag.stream.metrics.LabeledCounters;
import dev.scoperag.stream.metrics.LabeledHistograms;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;

/**
 * Counts every answer on its way to {@code answers}, and passes it on unchanged:
 * <ul>
 *   <li>{@code answers{status}}; {@code answerReasons{status,reason}}: abstentions, rejections and
 *       errors by their reason;
 *   <li>{@code routes{method,outcome}}, outcome {@code routed} (to shards), {@code fallback}
 *       (corpus-wide search) or {@code none}; {@code fallbackRate}, the share of routed questions
 *       that fell back;
 *   <li>{@code stageLatencyMs{stage}}: each stage's time from the answer's timings (route,
 *       embed_query, retrieve, rerank, answer, total ...);
 *   <li>{@code answerFallbacks{reason}}: LLM answers replaced by the extractive one, and why.
 * </ul>
 */
public final class AnswerMetrics extends RichMapFunction<AnswerEvent, AnswerEvent> {

    private static final long serialVersionUID = 1L;

    private transient LabeledCounters answers;
    private transient LabeledCounters reasons;
    private transient LabeledCounters routes;
    private transient LabeledCounters answerFallbacks;
    private transient LabeledHistograms stageLatency;
    private transient long routed;
    private transient long fellBack;
    private transient RecordIsolation isolation;
    static final String STAGE = "answer-metrics";

    @Override
    public void open(OpenContext openContext) {
        MetricGroup group = getRuntimeContext().getMetricGroup();
        isolation = new RecordIsolation(group);
        answers = new LabeledCounters(group, "answers", "status");
        reasons = new LabeledCounters(group, "answerReasons", "status", "reason");
        routes = new LabeledCounters(group, "routes", "method", "outcome");
        answerFallbacks = new LabeledCounters(group, "answerFallbacks", "reason");
        stageLatency = new LabeledHistograms(group, "stageLatencyMs", "stage");
        group.gauge("fallbackRate", (Gauge<Double>) () -> routed == 0 ? 0.0 : (double) fellBack / routed);
    }

    @Override
    public AnswerEvent map(AnswerEvent answer) {
        // Counting never holds an answer back.
        isolation.run(STAGE, answer.queryId(), () -> count(answer), failure -> { });
        return answer;
    }

    private void count(AnswerEvent answer) {
        answers.inc(answer.status());
        if (answer.reason() != null) {
            reasons.inc(answer.status(), answer.reason());
        }
        AnswerEvent.RouteSummary route = answer.route();
        if (route != null) {
            String outcome = route.fallback() ? "fallback" : route.shards() == null || route.shards().isEmpty() ? "none" : "routed";
            routes.inc(String.valueOf(route.method()), outcome);
            routed++;
            if (route.fallback()) {
                fellBack++;
            }
        }
        if (answer.timingsMs() != null) {
            for (Map.Entry<String, Double> stage : answer.timingsMs().entrySet()) {
                if (stage.getValue() != null) {
                    stageLatency.update(stage.getKey(), Math.round(stage.getValue()));
                }
            }
        }
        if (answer.retrieval() != null && answer.retrieval().get("fallback_reason") instanceof String reason) {
            answerFallbacks.inc(reason);
        }
    }
}
