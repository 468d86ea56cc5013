package dev.scoperag.launcher.bench;

import java.util.Properties;
import org.apache.flink.metrics.reporter.MetricReporterFactory;

/**
 * Creates the {@link LiveCounterReporter} that {@link LiveCounters#enable} configures; Flink's
 * ReporterSetup finds it on the classpath through {@code META-INF/services}.
 */
public final class LiveCounterReporterFactory implements MetricReporterFactory {

    @Override
    public LiveCounterReporter createMetricReporter(Properties properties) {
        String id = properties.getProperty(LiveCounters.ID_KEY);
        LiveCounters counters = LiveCounters.withId(id);
        if (counters == null) {
            // Flink logs this and starts the cluster without the reporter.
            throw new IllegalStateException("no open LiveCounters with id " + id + ": configure the reporter with LiveCounters.enable");
        }
        return new LiveCounterReporter(counters);
    }
}
