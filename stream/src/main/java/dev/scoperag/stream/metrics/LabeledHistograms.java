package dev.scoperag.stream.metrics;

import java.util.HashMap;
import java.util.Map;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.metrics.DescriptiveStatisticsHistogram;

/**
 * Latency histograms (milliseconds) of one metric name, one per value of a label (a query stage),
 * over the last {@value #WINDOW} observations; the Prometheus reporter exports each as a summary
 * with quantiles.
 */
public final class LabeledHistograms {

    /** Observations each histogram keeps for its quantiles. */
    public static final int WINDOW = 1024;

    private final MetricGroup group;
    private final String name;
    private final String label;
    private final Map<String, Histogram> histograms = new HashMap<>();

    public LabeledHistograms(MetricGroup group, String name, String label) {
        this.group = group;
        this.name = name;
        this.label = label;
    }

    public void update(String value, long millis) {
        histograms.computeIfAbsent(value, v -> group.addGroup(label, v).histogram(name, new DescriptiveStatisticsHistogram(WINDOW)))
                .update(millis);
    }

    /** A histogram without a label. */
    public static Histogram of(MetricGroup group, String name) {
        return group.histogram(name, new DescriptiveStatisticsHistogram(WINDOW));
    }
}
