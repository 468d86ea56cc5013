package dev.scoperag.stream.metrics;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;

/**
 * One counter per combination of label values (a reason, a status and a reason, a method and an
 * outcome), registered on first use under key-value metric groups, which the Prometheus reporter
 * exports as labels: {@code flink_taskmanager_job_task_operator_filingsRejected{reason="PDF_CORRUPT",stage="extract",...}}.
 */
public final class LabeledCounters {

    private final MetricGroup group;
    private final String name;
    private final List<String> labels;
    private final Map<List<String>, Counter> counters = new HashMap<>();

    public LabeledCounters(MetricGroup group, String name, String... labels) {
        this.group = group;
        this.name = name;
        this.labels = List.of(labels);
    }

    /** Adds {@code n} to the counter of these label values, in the order the labels were given. */
    public void inc(long n, String... values) {
        if (values.length != labels.size()) {
            throw new IllegalArgumentException(name + " takes labels " + labels + ", got " + values.length + " values");
        }
        counters.computeIfAbsent(List.of(values), v -> {
            MetricGroup g = group;
            for (int i = 0; i < labels.size(); i++) {
                g = g.addGroup(labels.get(i), v.get(i));
            }
            return g.counter(name);
        }).inc(n);
    }

    public void inc(String... values) {
        inc(1, values);
    }
}
