package dev.scoperag.launcher.bench;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.reporter.MetricReporter;

/** The Flink metric reporter behind {@link LiveCounters}: hands each counter a task registers, and its removal, to them. */
public final class LiveCounterReporter implements MetricReporter {

    private final LiveCounters counters;

    LiveCounterReporter(LiveCounters counters) {
        this.counters = counters;
    }

    @Override
    public void open(MetricConfig config) {
    }

    @Override
    public void close() {
    }

    @Override
    public void notifyOfAddedMetric(Metric metric, String metricName, MetricGroup group) {
        if (metric instanceof Counter counter) {
            counters.added(metricName, counter);
        }
    }

    @Override
    public void notifyOfRemovedMetric(Metric metric, String metricName, MetricGroup group) {
        if (metric instanceof Counter counter) {
            counters.removed(metricName, counter);
        }
    }
}
