package dev.scoperag.launcher.bench;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.Counter;

/**
 * The live counters of the jobs on a Flink cluster in this JVM, as the {@link LiveCounterReporter}
 * configured into that cluster registers them: reading one reads the very object a task
 * increments, with no heartbeat, REST refresh or reporting interval in between.
 */
public final class LiveCounters implements AutoCloseable {

    /** The reporter's name in the cluster's configuration ({@code metrics.reporter.<name>.*}). */
    static final String REPORTER_NAME = "scoperag-live-counters";
    /** Which {@code LiveCounters} a reporter hands its counters to: the cluster's configuration names it. */
    static final String ID_KEY = "counters-id";
    private static final Duration POLL_STEP = Duration.ofNanos(100_000);
    private static final Map<String, LiveCounters> OPEN = new ConcurrentHashMap<>();

    private final String id;
    /** Counters by metric name (the name a function registered, without its group's scope), of every subtask. */
    private final Map<String, Set<Counter>> byName = new ConcurrentHashMap<>();

    private LiveCounters(String id) {
        this.id = id;
    }

    /**
     * Configures the reporter into {@code clusterConfig}; the counters of the cluster started with it
     * are then read here, until this is closed.
     */
    public static LiveCounters enable(Configuration clusterConfig) {
        LiveCounters counters = new LiveCounters(UUID.randomUUID().toString());
        OPEN.put(counters.id, counters);
        clusterConfig.set(reporterOption("factory.class"), LiveCounterReporterFactory.class.getName());
        clusterConfig.set(reporterOption(ID_KEY), counters.id);
        return counters;
    }

    private static ConfigOption<String> reporterOption(String key) {
        return ConfigOptions.key("metrics.reporter." + REPORTER_NAME + "." + key).stringType().noDefaultValue();
    }

    /** The counters a reporter configured with {@code id} registers to, or null when they were closed (or never enabled). */
    static LiveCounters withId(String id) {
        return id == null ? null : OPEN.get(id);
    }

    void added(String name, Counter counter) {
        byName.computeIfAbsent(name, n -> ConcurrentHashMap.newKeySet()).add(counter);
    }

    void removed(String name, Counter counter) {
        Set<Counter> counters = byName.get(name);
        if (counters != null) {
            counters.remove(counter);
        }
    }

    /**
     * The sum of the counters registered under {@code name} now, over every subtask and job of the
     * cluster; a counter leaves the sum when its task stops (a cancelled job, a restart).
     */
    public long sum(String name) {
        // A counter's count is a plain field its task writes; each call reads it afresh, as Flink's own reporters do.
        long sum = 0;
        for (Counter c : byName.getOrDefault(name, Set.of())) {
            sum += c.getCount();
        }
        return sum;
    }

    /**
     * Waits until {@link #sum} of {@code name} reaches {@code target}, reading it about every 0.1 ms.
     *
     * @return {@link System#nanoTime()} when it was first seen there
     * @throws TimeoutException when it has not within {@code timeout}
     */
    public long awaitSum(String name, long target, Duration timeout) throws TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            // Parked rather than spinning: on two cores a spinning reader would take CPU from the job it measures.
            long now = System.nanoTime();
            if (sum(name) >= target) {
                return now;
            }
            if (now > deadline) {
                throw new TimeoutException(name + " is at " + sum(name) + " after " + timeout + ", not at " + target);
            }
            LockSupport.parkNanos(POLL_STEP.toNanos());
        }
    }

    /** Stops handing the cluster's counters here; a cluster started later with the same configuration reports none. */
    @Override
    public void close() {
        OPEN.remove(id);
        byName.clear();
    }
}
