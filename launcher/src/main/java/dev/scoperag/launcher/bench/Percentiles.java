package dev.scoperag.launcher.bench;

import java.util.Collection;

/**
 * Nearest-rank percentiles of a set of measurements (the value at rank ceil(p/100 * n) in
 * ascending order), so every figure printed is one that was measured.
 */
public record Percentiles(int count, double p50, double p95, double p99, double max) {

    public static final Percentiles NONE = new Percentiles(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    public static Percentiles of(Collection<Double> values) {
        if (values.isEmpty()) {
            return NONE;
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return new Percentiles(sorted.length, rank(sorted, 50), rank(sorted, 95), rank(sorted, 99), sorted[sorted.length - 1]);
    }

    static double rank(double[] sorted, double percentile) {
        int rank = (int) Math.ceil(percentile / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
