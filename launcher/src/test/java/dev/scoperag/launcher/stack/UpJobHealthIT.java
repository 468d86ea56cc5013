package dev.scoperag.launcher.stack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.stream.SharedOptions;
import dev.scoperag.stream.testing.PrometheusEndpoint;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.executiongraph.AccessExecutionVertex;
import org.apache.flink.runtime.execution.ExecutionState;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code ./scoperag up} prints when its jobs are hurt, on the embedded stack it runs: the
 * TaskManager both jobs run on is lost (an infrastructure fault, as a crashed or killed TaskManager
 * process would be) and another one takes its place. With one restart allowed, the first loss is a
 * restart and a recovery of each job; the second fails them for good, and {@code up} ends with
 * exit status 5.
 */
class UpJobHealthIT {

    private static final Duration PATIENCE = Duration.ofMinutes(3);
    private static final PrometheusEndpoint METRICS = new PrometheusEndpoint();

    @TempDir Path work;

    @Test
    void aLostTaskManagerIsPrintedAsARestartThenARecoveryAndAJobThatFailsForGoodEndsUpWithStatus5() throws Exception {
        Configuration config = EmbeddedDefaults.apply(new Configuration());
        config.set(SharedOptions.CHECKPOINT_INTERVAL, Duration.ofSeconds(1));
        config.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        config.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 1);
        config.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofSeconds(1));
        config.addAll(METRICS.reporterConfiguration());
        Output out = new Output();
        try (EmbeddedStack stack = EmbeddedStack.start(new EmbeddedStack.Settings(DataDirectory.persistent(work.resolve("data")), 0, null,
                config, true))) {
            List<EmbeddedStack.RunningJob> jobs = List.of(stack.ingestJob().orElseThrow(), stack.queryJob().orElseThrow());
            CompletableFuture<Integer> up = CompletableFuture.supplyAsync(() -> {
                try {
                    return UpCommand.serve(stack, out.stream);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            MiniCluster cluster = stack.cluster();
            for (EmbeddedStack.RunningJob job : jobs) {
                awaitAllTasksRunning(cluster, job);
            }

            loseTheTaskManager(cluster, 0);
            for (EmbeddedStack.RunningJob job : jobs) {
                awaitOutput(out, text -> text.contains("recovered  " + job.name()));
            }
            String afterRestart = out.text();
            System.out.print("--- up after one lost TaskManager ---\n" + afterRestart);
            for (EmbeddedStack.RunningJob job : jobs) {
                assertThat(afterRestart).containsPattern("\\d\\d:\\d\\d:\\d\\d  restarting " + job.name() + ": \\w+(Exception|Error)\\b");
                assertThat(afterRestart).containsPattern("\\d\\d:\\d\\d:\\d\\d  recovered  " + job.name()
                        + ": RUNNING again after \\d+ s down; 1 restart so far \\(numRestarts\\)");
                assertThat(afterRestart.indexOf("restarting " + job.name())).isLessThan(afterRestart.indexOf("recovered  " + job.name()));
            }
            assertThat(up).as("up keeps running while its jobs recover").isNotDone();
            // The count up prints is Flink's job metric, exported as any reporter exports it (Prometheus writes - as _).
            String scrape = METRICS.scrape();
            for (EmbeddedStack.RunningJob job : jobs) {
                assertThat(scrape).containsPattern("(?m)^flink_jobmanager_job_numRestarts\\{[^}]*job_name=\"" + job.name().replace('-', '_') + "\"[^}]*\\} 1\\.0$");
            }

            for (EmbeddedStack.RunningJob job : jobs) {
                awaitAllTasksRunning(cluster, job);
            }
            loseTheTaskManager(cluster, 1);
            int status = up.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            String afterFailure = out.text();
            System.out.print("--- up after a second lost TaskManager ---\n" + afterFailure.substring(afterRestart.length()));
            assertThat(status).isEqualTo(5);
            Matcher last = Pattern.compile("the stack is no longer whole: (scoperag-\\w+) FAILED; stopping \\(exit status 5\\)").matcher(afterFailure);
            assertThat(last.find()).as(afterFailure).isTrue();
            // The job that ended has its own line first: what failed, and that Flink gave up after the one restart allowed.
            assertThat(afterFailure.substring(0, last.start())).containsPattern("\\d\\d:\\d\\d:\\d\\d  failed     " + last.group(1)
                    + ": FAILED after 1 restart, no more allowed - \\w+(Exception|Error)\\b");
            assertThat(afterFailure.strip()).endsWith("stopping (exit status 5)");
        }
    }

    /** The TaskManager at {@code index} of the MiniCluster's list (lost ones stay in it) goes, and a new one starts. */
    private static void loseTheTaskManager(MiniCluster cluster, int index) throws Exception {
        cluster.terminateTaskManager(index).get(1, TimeUnit.MINUTES);
        cluster.startTaskManager();
    }

    private static void awaitAllTasksRunning(MiniCluster cluster, EmbeddedStack.RunningJob job) throws Exception {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            AccessExecutionGraph graph = cluster.getExecutionGraph(job.id()).get(1, TimeUnit.MINUTES);
            // A job not yet scheduled shows no vertices at all.
            boolean running = graph.getState() == JobStatus.RUNNING && graph.getAllExecutionVertices().iterator().hasNext();
            for (AccessExecutionVertex vertex : graph.getAllExecutionVertices()) {
                running &= vertex.getExecutionState() == ExecutionState.RUNNING;
            }
            if (running) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(job.name() + " did not run all its tasks within " + PATIENCE);
    }

    private static void awaitOutput(Output out, Predicate<String> done) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!done.test(out.text())) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not printed within " + PATIENCE + "; up printed:\n" + out.text());
            }
            Thread.sleep(200);
        }
    }

    /** What up printed. */
    private static final class Output {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8);

        String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }
}
