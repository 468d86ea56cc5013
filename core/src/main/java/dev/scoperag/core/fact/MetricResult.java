package dev.scoperag.core.fact;

import java.util.List;

/**
 * What a shard's numeric route made of a question asking for a metric: the computation, or what was missing or
 * ambiguous, so that the answer can fall back to retrieval and say why.
 *
 * @param metric the metric asked for; null when the shard's facts could not be read
 * @param computation the computed figure, or null
 * @param missing what kept it from being computed, one line each; empty when computed
 */
public record MetricResult(String metric, Computation computation, List<String> missing) {

    public MetricResult {
        missing = missing == null ? List.of() : List.copyOf(missing);
    }

    public static MetricResult of(MetricQuestion question, FactCalculator.Result result) {
        if (result instanceof FactCalculator.Computed computed) {
            return new MetricResult(question.metric().name(), computed.computation(), List.of());
        }
        return new MetricResult(question.metric().name(), null, ((FactCalculator.Missing) result).reasons());
    }

    public boolean computed() {
        return computation != null;
    }
}
