package dev.scoperag.launcher.stats;

import java.util.Collection;
import org.HdrHistogram.Histogram;

/**
 * Percentiles of a set of latencies in milliseconds, from an HdrHistogram of microseconds with three
 * significant digits: each figure is the value at its nearest rank, to within 0.1%.
 */
public record Percentiles(int count, double p50, double p95, double p99, double max) {

    public static final Percentiles NONE = new Percentiles(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    private static final int SIGNIFICANT_DIGITS = 3;
    private static final double MICROS_PER_MILLI = 1000.0;

    /** The percentiles of {@code millis}; a value that is not a number (a stage an answer did not time) is left out. */
    public static Percentiles of(Collection<Double> millis) {
        Histogram histogram = new Histogram(SIGNIFICANT_DIGITS);
        for (Double ms : millis) {
            if (ms != null && !ms.isNaN()) {
                histogram.recordValue(Math.max(0, Math.round(ms * MICROS_PER_MILLI)));
            }
        }
        if (histogram.getTotalCount() == 0) {
            return NONE;
        }
        return new Percentiles((int) histogram.getTotalCount(), ms(histogram.getValueAtPercentile(50)), ms(histogram.getValueAtPercentile(95)),
                ms(histogram.getValueAtPercentile(99)), ms(histogram.getMaxValue()));
    }

    private static double ms(long micros) {
        return micros / MICROS_PER_MILLI;
    }
}
