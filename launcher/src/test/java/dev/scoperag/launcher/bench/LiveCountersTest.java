package dev.scoperag.launcher.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.metrics.Counter;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.junit.jupiter.api.Test;

class LiveCountersTest {

    private static final String COUNTER = "recordsCounted";
    /** Holds the counting tasks open (their counters registered) until the test has read them. */
    private static final CountDownLatch RELEASE = new CountDownLatch(1);

    @Test
    void aClusterConfiguredWithThemHandsOverTheLiveCountersOfEverySubtaskUntilTheirTasksEnd() throws Exception {
        Configuration config = new Configuration();
        config.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
        config.set(RestOptions.ADDRESS, "127.0.0.1");
        config.set(RestOptions.BIND_PORT, "0");
        try (LiveCounters counters = LiveCounters.enable(config);
                MiniCluster cluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                        .setConfiguration(config).setNumTaskManagers(1).setNumSlotsPerTaskManager(2).build())) {
            cluster.start();
            StreamExecutionEnvironment env = new StreamExecutionEnvironment(new Configuration());
            env.fromData(1, 2, 3, 4, 5).setParallelism(1)
                    .rebalance().map(new CountEachThenHold()).setParallelism(2)
                    .sinkTo(new DiscardingSink<>()).setParallelism(2);
            JobID job = cluster.submitJob(env.getStreamGraph()).get(1, TimeUnit.MINUTES).getJobID();

            counters.awaitSum(COUNTER, 5, Duration.ofMinutes(1));
            assertThat(counters.sum(COUNTER)).as("both subtasks' counts, each record once").isEqualTo(5);
            assertThat(counters.sum("noSuchCounter")).isZero();

            RELEASE.countDown();
            cluster.requestJobResult(job).get(1, TimeUnit.MINUTES);
            assertThat(counters.sum(COUNTER)).as("the counters of tasks that have ended").isZero();
        }
    }

    @Test
    void aReporterConfiguredForCountersThatWereClosedIsRefused() {
        Configuration config = new Configuration();
        LiveCounters counters = LiveCounters.enable(config);
        Properties reporterSettings = new Properties();
        reporterSettings.setProperty(LiveCounters.ID_KEY, config.toMap()
                .get("metrics.reporter." + LiveCounters.REPORTER_NAME + "." + LiveCounters.ID_KEY));
        assertThat(new LiveCounterReporterFactory().createMetricReporter(reporterSettings)).isNotNull();

        counters.close();
        assertThatThrownBy(() -> new LiveCounterReporterFactory().createMetricReporter(reporterSettings))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no open LiveCounters");
    }

    @Test
    void awaitingASumThatIsNeverReachedTimesOut() {
        try (LiveCounters counters = LiveCounters.enable(new Configuration())) {
            assertThatThrownBy(() -> counters.awaitSum(COUNTER, 1, Duration.ofMillis(20)))
                    .isInstanceOf(TimeoutException.class).hasMessageContaining(COUNTER + " is at 0");
        }
    }

    /** Counts each record; then, at the end of its input, keeps its task (and so its counter) alive until released. */
    private static final class CountEachThenHold extends RichMapFunction<Integer, Integer> {

        private transient Counter counted;

        @Override
        public void open(OpenContext openContext) {
            counted = getRuntimeContext().getMetricGroup().counter(COUNTER);
        }

        @Override
        public Integer map(Integer value) {
            counted.inc();
            return value;
        }

        @Override
        public void close() throws Exception {
            RELEASE.await(1, TimeUnit.MINUTES);
        }
    }
}
