package dev.scoperag.query.functions;

import dev.scoperag.core.llm.LlmFailure;
import dev.scoperag.core.llm.LlmMeter;
import dev.scoperag.stream.metrics.LabeledCounters;
import dev.scoperag.stream.metrics.LabeledHistograms;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.metrics.MetricGroup;

/**
 * An operator's LLM calls as metrics, under a {@code purpose} label ({@code route} or
 * {@code answer}): {@code llmCalls}, {@code llmErrors{reason}}, {@code llmPromptTokens},
 * {@code llmCompletionTokens} and {@code llmLatencyMs}. The client reports from its own threads,
 * so updates are synchronized.
 */
final class LlmMetrics implements LlmMeter {

    private final Counter calls;
    private final LabeledCounters errors;
    private final Counter promptTokens;
    private final Counter completionTokens;
    private final Histogram latency;

    LlmMetrics(MetricGroup operator, String purpose) {
        MetricGroup group = operator.addGroup("purpose", purpose);
        calls = group.counter("llmCalls");
        errors = new LabeledCounters(group, "llmErrors", "reason");
        promptTokens = group.counter("llmPromptTokens");
        completionTokens = group.counter("llmCompletionTokens");
        latency = LabeledHistograms.of(group, "llmLatencyMs");
    }

    @Override
    public synchronized void replied(long latencyNanos, long prompt, long completion) {
        calls.inc();
        promptTokens.inc(prompt);
        completionTokens.inc(completion);
        latency.update(latencyNanos / 1_000_000);
    }

    @Override
    public synchronized void failed(long latencyNanos, LlmFailure.Reason reason) {
        calls.inc();
        errors.inc(reason.name());
        latency.update(latencyNanos / 1_000_000);
    }
}
