package dev.scoperag.system;

import dev.scoperag.embedded.EmbeddedKafka;
import dev.scoperag.ingest.IngestJob;
import dev.scoperag.ingest.IngestOptions;
import dev.scoperag.query.QueryJob;
import dev.scoperag.query.QueryOptions;
import dev.scoperag.stream.JobConfiguration;
import dev.scoperag.stream.SharedOptions;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.checkpoint.RestoredCheckpointStats;
import org.apache.flink.runtime.clusterframework.types.ResourceID;
import org.apache.flink.runtime.execution.ExecutionState;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.executiongraph.AccessExecutionVertex;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.taskexecutor.TaskExecutor;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.TopicPartition;

/**
 * Starts the two jobs the way a deployment does ({@code environmentConfig}, {@code build}), at a
 * given parallelism and optionally from a savepoint, and tells what the cluster did with them:
 * restarts after a failure, the savepoint a job was restored from.
 */
final class Jobs {

    private Jobs() {}

    /** The ingest job's settings: 1 s checkpoints, four chunks partitions, restarts after a failure. */
    static Configuration ingestConfig(EmbeddedKafka kafka, Path work, Path fileRoot) {
        Configuration config = new Configuration();
        config.set(SharedOptions.BOOTSTRAP_SERVERS, kafka.bootstrapServers());
        config.set(IngestOptions.FILE_ROOT, fileRoot.toString());
        config.set(SharedOptions.CHECKPOINT_INTERVAL, Duration.ofSeconds(1));
        config.set(SharedOptions.CHUNKS_PARTITIONS, 4);
        config.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, work.resolve("checkpoints-ingest").toUri().toString());
        restartAfterFailure(config);
        return config;
    }

    /** The query job's settings: 1 s checkpoints, restarts after a failure, no LLM. */
    static Configuration queryConfig(EmbeddedKafka kafka, Path work, String groupId) {
        Configuration config = new Configuration();
        config.set(SharedOptions.BOOTSTRAP_SERVERS, kafka.bootstrapServers());
        config.set(SharedOptions.CHECKPOINT_INTERVAL, Duration.ofSeconds(1));
        config.set(QueryOptions.GROUP_ID, groupId);
        config.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, work.resolve("checkpoints-" + groupId).toUri().toString());
        restartAfterFailure(config);
        return config;
    }

    private static void restartAfterFailure(Configuration config) {
        config.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        config.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 20);
        config.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofSeconds(1));
    }

    static JobClient startIngest(Configuration config, int parallelism, String savepoint) throws Exception {
        return start(IngestJob.NAME, IngestJob::build, config, parallelism, savepoint);
    }

    static JobClient startQuery(Configuration config, int parallelism, String savepoint) throws Exception {
        return start(QueryJob.NAME, QueryJob::build, config, parallelism, savepoint);
    }

    /** Starts a job as its main method would (the streaming defaults), from {@code savepoint} unless it is null. */
    private static JobClient start(String name, BiConsumer<StreamExecutionEnvironment, Configuration> topology, Configuration config,
            int parallelism, String savepoint) throws Exception {
        Configuration effective = new Configuration(config);
        if (savepoint != null) {
            effective.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(JobConfiguration.withStreamingDefaults(effective));
        env.setParallelism(parallelism);
        topology.accept(env, effective);
        return env.executeAsync(name);
    }

    /** Stops the job with a canonical savepoint under {@code dir} and returns its path. */
    static String stopWithSavepoint(JobClient job, Path dir) throws Exception {
        return job.stopWithSavepoint(false, dir.toUri().toString(), SavepointFormatType.CANONICAL).get(3, TimeUnit.MINUTES);
    }

    /** The highest execution attempt number of any task: above 0 once the job was restarted after a failure. */
    static int restarts(MiniCluster cluster, JobID job) throws Exception {
        AccessExecutionGraph graph = cluster.getExecutionGraph(job).get(1, TimeUnit.MINUTES);
        int attempts = 0;
        for (AccessExecutionVertex vertex : graph.getAllExecutionVertices()) {
            attempts = Math.max(attempts, vertex.getCurrentExecutionAttempt().getAttemptNumber());
        }
        return attempts;
    }

    /**
     * The savepoint or checkpoint the job's state was restored from, or null when it started without
     * state. The job's statistics show the restore a moment after its tasks run: wait up to {@code patience}.
     */
    static String restoredFrom(MiniCluster cluster, JobID job, Duration patience) throws Exception {
        long deadline = System.nanoTime() + patience.toNanos();
        do {
            AccessExecutionGraph graph = cluster.getExecutionGraph(job).get(1, TimeUnit.MINUTES);
            RestoredCheckpointStats restored = graph.getCheckpointStatsSnapshot().getLatestRestoredCheckpoint();
            if (restored != null) {
                return restored.getExternalPath();
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        return null;
    }

    /** Waits until every task of the job is running (sources included), so records sent next are read. */
    static void awaitRunning(MiniCluster cluster, JobID job) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline) {
            AccessExecutionGraph graph = cluster.getExecutionGraph(job).get(1, TimeUnit.MINUTES);
            boolean running = true;
            for (AccessExecutionVertex vertex : graph.getAllExecutionVertices()) {
                running &= vertex.getExecutionState() == ExecutionState.RUNNING;
            }
            if (running) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("job " + job + " did not reach RUNNING in every task");
    }

    /**
     * Waits until the query job's chunks consumer group has committed, on a completed checkpoint,
     * an offset past every record of {@code log}: every shard store and the catalog have taken them in.
     */
    static void awaitTakenIn(EmbeddedKafka kafka, Configuration queryConfig, ChunkLog log) throws Exception {
        String group = QueryJob.chunksGroupId(queryConfig);
        Properties props = new Properties();
        props.put("bootstrap.servers", kafka.bootstrapServers());
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        try (Admin admin = Admin.create(props)) {
            while (System.nanoTime() < deadline) {
                var committed = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
                boolean caughtUp = log.nextOffsetByPartition.entrySet().stream().allMatch(e -> {
                    var offset = committed.get(new TopicPartition("chunks", e.getKey()));
                    return offset != null && offset.offset() >= e.getValue();
                });
                if (caughtUp) {
                    return;
                }
                Thread.sleep(300);
            }
        }
        throw new AssertionError("the query job's group " + group + " never took in the whole chunks topic");
    }

    /**
     * Terminates a TaskManager that runs tasks of {@code job} and starts a new one in its place.
     *
     * @return the terminated TaskManager's index in the MiniCluster's list
     */
    static int killATaskManagerOf(MiniCluster cluster, JobID job) throws Exception {
        Set<ResourceID> hosts = new HashSet<>();
        for (AccessExecutionVertex vertex : cluster.getExecutionGraph(job).get(1, TimeUnit.MINUTES).getAllExecutionVertices()) {
            if (vertex.getCurrentAssignedResourceLocation() != null) {
                hosts.add(vertex.getCurrentAssignedResourceLocation().getResourceID());
            }
        }
        // MiniCluster keeps its TaskManagers in a list (terminated ones stay in it) and does not expose their ids.
        Field field = MiniCluster.class.getDeclaredField("taskManagers");
        field.setAccessible(true);
        List<?> taskManagers = List.copyOf((List<?>) field.get(cluster));
        for (int i = 0; i < taskManagers.size(); i++) {
            if (hosts.contains(((TaskExecutor) taskManagers.get(i)).getResourceID())) {
                cluster.terminateTaskManager(i).get(1, TimeUnit.MINUTES);
                cluster.startTaskManager();
                return i;
            }
        }
        throw new AssertionError("no TaskManager runs a task of " + job + " (hosts " + hosts + ")");
    }
}
