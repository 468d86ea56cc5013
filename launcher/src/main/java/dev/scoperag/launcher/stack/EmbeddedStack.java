package dev.scoperag.launcher.stack;

import dev.scoperag.embedded.EmbeddedKafka;
import dev.scoperag.embedded.EmbeddedKafkaException;
import dev.scoperag.ingest.IngestJob;
import dev.scoperag.ingest.IngestOptions;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.kafka.KafkaClients;
import dev.scoperag.query.QueryJob;
import dev.scoperag.query.QueryOptions;
import dev.scoperag.stream.SharedOptions;
import dev.scoperag.stream.kafka.KafkaClientProperties;
import dev.scoperag.stream.kafka.Topics;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.MetricOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.configuration.WebOptions;
import org.apache.flink.runtime.checkpoint.AbstractCheckpointStats;
import org.apache.flink.runtime.checkpoint.CheckpointStatsStatus;
import org.apache.flink.runtime.checkpoint.SubtaskStateStats;
import org.apache.flink.runtime.checkpoint.TaskStateStats;
import org.apache.flink.runtime.jobgraph.SavepointRestoreSettings;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.state.rocksdb.RocksDBOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.util.OptionalFailure;
import org.apache.flink.util.SerializedValue;

/**
 * The embedded default in one JVM: a real KRaft Kafka broker on 127.0.0.1, and the ingest and query
 * jobs on one Flink MiniCluster with RocksDB state and retained checkpoints in a data directory. A
 * stack started on the directory of an earlier one resumes: the broker from its log, each job from
 * its newest retained checkpoint.
 */
public final class EmbeddedStack implements AutoCloseable {

    /** Per-job parallelism when the configuration does not say (two cores: the embedding wants both). */
    private static final int DEFAULT_PARALLELISM = 1;
    private static final int STOP_TIMEOUT_SECONDS = 60;
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(STOP_TIMEOUT_SECONDS);
    private static final Duration REST_REFRESH_INTERVAL = Duration.ofSeconds(1);

    /**
     * What to start.
     *
     * @param data where state lives
     * @param kafkaPort the broker port on 127.0.0.1, 0 for a free one
     * @param externalKafka bootstrap servers of a Kafka to use instead of the embedded broker, or null
     * @param jobConfig the jobs' settings (a config file and -D overrides); state locations are the stack's
     * @param jobs the jobs to start: both (up, demo, bench-query), the ingest job alone (bench-ingest, and eval,
     *     which adds query jobs of its own with {@link #submitQueryJob}), or none, for the broker alone, to run the
     *     jobs elsewhere (a cluster, or their jars)
     */
    public record Settings(DataDirectory data, int kafkaPort, String externalKafka, Configuration jobConfig, Jobs jobs) {

        /** Both jobs, or the broker alone. */
        public Settings(DataDirectory data, int kafkaPort, String externalKafka, Configuration jobConfig, boolean runJobs) {
            this(data, kafkaPort, externalKafka, jobConfig, runJobs ? Jobs.BOTH : Jobs.NONE);
        }
    }

    /** The jobs a stack starts. */
    public enum Jobs {
        NONE,
        INGEST,
        BOTH
    }

    /** A job the stack runs, and the checkpoint it was restored from, if any. */
    public record RunningJob(String name, JobID id, Optional<Path> restoredFrom) {}

    private final Settings settings;
    private final EmbeddedKafka kafka;
    private final MiniCluster cluster;
    private final RunningJob ingest;
    private final RunningJob query;
    private final Configuration ingestConfig;
    private final Configuration queryConfig;
    /** Query jobs submitted after the start, with settings of their own; stopped with the stack. */
    private final List<RunningJob> extraJobs = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile boolean stopping;

    private EmbeddedStack(Settings settings, EmbeddedKafka kafka, MiniCluster cluster, RunningJob ingest, RunningJob query,
            Configuration ingestConfig, Configuration queryConfig) {
        this.settings = settings;
        this.kafka = kafka;
        this.cluster = cluster;
        this.ingest = ingest;
        this.query = query;
        this.ingestConfig = ingestConfig;
        this.queryConfig = queryConfig;
    }

    /**
     * Starts the broker, creates the topics, and submits both jobs, each restored from its newest
     * retained checkpoint when there is one.
     *
     * @throws CommandFailure {@code PORT_IN_USE}, {@code DATA_DIR_IN_USE} or {@code STACK_FAILED}
     */
    public static EmbeddedStack start(Settings settings) {
        Properties clientProperties = ClientSettings.of(settings.jobConfig()).kafkaClientProperties();
        if (settings.externalKafka() != null) {
            new KafkaClients(settings.externalKafka(), clientProperties, KafkaClients.CONNECT_TIMEOUT).topicNames();
        } else if (!clientProperties.isEmpty()) {
            // The embedded broker listens in plaintext on 127.0.0.1; TLS or SASL settings could only make its clients fail.
            settings.data().release();
            throw CommandFailure.usage("Kafka client settings (" + KafkaClientProperties.PROPERTIES_FILE.key() + ", "
                    + KafkaClientProperties.CLIENT_PREFIX + "*) are for an external Kafka: pass --bootstrap-servers too");
        }
        EmbeddedKafka kafka = settings.externalKafka() == null ? startKafka(settings) : null;
        String bootstrap = kafka == null ? settings.externalKafka() : kafka.bootstrapServers();
        MiniCluster cluster = null;
        try {
            Configuration ingestConfig = ingestConfig(settings, bootstrap);
            Configuration queryConfig = queryConfig(settings, bootstrap);
            createTopics(ingestConfig, queryConfig);
            if (settings.jobs() == Jobs.NONE) {
                return new EmbeddedStack(settings, kafka, null, null, null, ingestConfig, queryConfig);
            }
            cluster = startCluster(settings);
            RunningJob ingest = submit(cluster, IngestJob.NAME, ingestConfig, settings.data().checkpoints("ingest"),
                    (env, c) -> IngestJob.build(env, c), IngestJob.environmentConfig(ingestConfig));
            RunningJob query = settings.jobs() == Jobs.BOTH ? submitQuery(cluster, QueryJob.NAME, queryConfig,
                    settings.data().checkpoints("query")) : null;
            return new EmbeddedStack(settings, kafka, cluster, ingest, query, ingestConfig, queryConfig);
        } catch (RuntimeException e) {
            closeQuietly(cluster);
            if (kafka != null) {
                kafka.close();
            }
            settings.data().release();
            if (e instanceof CommandFailure) {
                throw e;
            }
            throw new CommandFailure(CommandFailure.Reason.STACK_FAILED, "the embedded stack did not start: " + e.getMessage(), e);
        }
    }

    private static EmbeddedKafka startKafka(Settings settings) {
        try {
            return EmbeddedKafka.builder().port(settings.kafkaPort()).logDirectory(settings.data().kafka()).start();
        } catch (EmbeddedKafkaException e) {
            settings.data().release();
            switch (e.reason()) {
                case PORT_IN_USE -> throw new CommandFailure(CommandFailure.Reason.PORT_IN_USE, "port " + settings.kafkaPort()
                        + " on 127.0.0.1 is taken (another broker, or ./scoperag up already running?): pass --port", e);
                case LOG_DIR_IN_USE -> throw new CommandFailure(CommandFailure.Reason.DATA_DIR_IN_USE, settings.data().root()
                        + " is in use by another ScopeRAG process: stop it, or pass --data-dir", e);
                default -> throw new CommandFailure(CommandFailure.Reason.STACK_FAILED, e.getMessage(), e);
            }
        }
    }

    private static Configuration ingestConfig(Settings settings, String bootstrap) {
        Configuration c = new Configuration(settings.jobConfig());
        c.set(SharedOptions.BOOTSTRAP_SERVERS, bootstrap);
        stateSettings(c, settings.data().checkpoints("ingest"));
        return c;
    }

    private static Configuration queryConfig(Settings settings, String bootstrap) {
        Configuration c = new Configuration(settings.jobConfig());
        c.set(SharedOptions.BOOTSTRAP_SERVERS, bootstrap);
        stateSettings(c, settings.data().checkpoints("query"));
        return c;
    }

    private static void stateSettings(Configuration c, Path checkpoints) {
        // Each job its own checkpoint directory, so that its newest retained checkpoint is easy to find.
        c.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, checkpoints.toUri().toString());
        c.set(CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION, ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
    }

    private static void createTopics(Configuration ingest, Configuration query) {
        // The jobs create their topics too; creating them here as well lets clients produce to a broker-only stack.
        Topics.ensure(ingest.get(SharedOptions.BOOTSTRAP_SERVERS), KafkaClientProperties.from(ingest), List.of(
                Topics.filings(ingest.get(IngestOptions.FILINGS_TOPIC), 1),
                Topics.deadLetters(ingest.get(IngestOptions.DLQ_TOPIC)),
                Topics.chunks(ingest.get(SharedOptions.CHUNKS_TOPIC), ingest.get(SharedOptions.CHUNKS_PARTITIONS)),
                Topics.plain(query.get(QueryOptions.QUERIES_TOPIC), 1),
                Topics.plain(query.get(QueryOptions.ANSWERS_TOPIC), 1)));
    }

    private static MiniCluster startCluster(Settings settings) {
        Configuration c = new Configuration(settings.jobConfig());
        c.set(RocksDBOptions.LOCAL_DIRECTORIES, settings.data().rocksdb().toString());
        c.set(CoreOptions.TMP_DIRS, settings.data().tmp().toString());
        if (!c.contains(TaskManagerOptions.MANAGED_MEMORY_SIZE)) {
            c.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.ofMebiBytes(256));
        }
        // Flink's other servers (the blob server, the task manager's data port) on loopback too unless configured: they
        // listened on every interface, which a stack for one machine has no use for.
        if (!c.contains(JobManagerOptions.BIND_HOST)) {
            c.set(JobManagerOptions.BIND_HOST, "127.0.0.1");
        }
        if (!c.contains(TaskManagerOptions.BIND_HOST)) {
            c.set(TaskManagerOptions.BIND_HOST, "127.0.0.1");
        }
        // The REST API (job status, checkpoints) on loopback and a free port unless one is configured.
        c.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
        c.set(RestOptions.ADDRESS, "127.0.0.1");
        if (!c.contains(RestOptions.BIND_PORT) && !c.contains(RestOptions.PORT)) {
            c.set(RestOptions.BIND_PORT, "0");
        }
        // up reads its jobs' health from the REST API, which refreshes their metrics (numRestarts) every 10 s and
        // their state and exceptions every 3 s by default: a job down and up again within that would go unseen.
        if (!c.contains(MetricOptions.METRIC_FETCHER_UPDATE_INTERVAL)) {
            c.set(MetricOptions.METRIC_FETCHER_UPDATE_INTERVAL, REST_REFRESH_INTERVAL);
        }
        if (!c.contains(WebOptions.REFRESH_INTERVAL)) {
            c.set(WebOptions.REFRESH_INTERVAL, REST_REFRESH_INTERVAL);
        }
        int parallelism = parallelism(settings.jobConfig());
        MiniCluster cluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(c)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(Math.max(4, 2 * parallelism))
                .build());
        try {
            cluster.start();
        } catch (Exception e) {
            throw new CommandFailure(CommandFailure.Reason.STACK_FAILED, "the Flink MiniCluster did not start: " + e.getMessage(), e);
        }
        return cluster;
    }

    private static RunningJob submitQuery(MiniCluster cluster, String name, Configuration config, Path checkpointDir) {
        return submit(cluster, name, config, checkpointDir, (env, c) -> QueryJob.build(env, c), QueryJob.environmentConfig(config));
    }

    /**
     * Starts one more query job on this stack's cluster, with the stack's query settings and {@code overrides}
     * (its own topics, group and retrieval settings, to compare settings side by side); its checkpoints go to
     * their own directory under the data directory, and it stops with the stack or with {@link #stop}.
     *
     * @param name the job's name, also its checkpoint directory's
     */
    public RunningJob submitQueryJob(String name, Configuration overrides) {
        if (cluster == null) {
            throw new IllegalStateException("the stack runs no jobs");
        }
        Configuration c = new Configuration(queryConfig);
        c.addAll(overrides);
        stateSettings(c, settings.data().checkpoints(name));
        RunningJob job = submitQuery(cluster, name, c, settings.data().checkpoints(name));
        extraJobs.add(job);
        return job;
    }

    /** Cancels a job of this stack and waits until it has stopped (or {@value #STOP_TIMEOUT_SECONDS} s passed). */
    public void stop(RunningJob job) {
        cancel(job);
        extraJobs.remove(job);
    }

    private static int parallelism(Configuration config) {
        return config.getOptional(CoreOptions.DEFAULT_PARALLELISM).orElse(DEFAULT_PARALLELISM);
    }

    private static RunningJob submit(MiniCluster cluster, String name, Configuration config, Path checkpointDir,
            BiConsumer<StreamExecutionEnvironment, Configuration> topology, Configuration environmentConfig) {
        RetainedCheckpoints retained = new RetainedCheckpoints(checkpointDir);
        Optional<Path> restoreFrom = retained.latest();
        retained.pruneAllBut(restoreFrom.orElse(null));
        StreamExecutionEnvironment env = new StreamExecutionEnvironment(environmentConfig);
        env.setParallelism(parallelism(config));
        topology.accept(env, config);
        StreamGraph graph = env.getStreamGraph();
        graph.setJobName(name);
        restoreFrom.ifPresent(chk -> graph.setSavepointRestoreSettings(SavepointRestoreSettings.forPath(chk.toUri().toString(), false)));
        try {
            JobID id = cluster.submitJob(graph).get(2, TimeUnit.MINUTES).getJobID();
            return new RunningJob(name, id, restoreFrom);
        } catch (Exception e) {
            throw new CommandFailure(CommandFailure.Reason.STACK_FAILED, "cannot submit " + name + ": " + rootMessage(e), e);
        }
    }

    public String bootstrapServers() {
        return ingestConfig.get(SharedOptions.BOOTSTRAP_SERVERS);
    }

    /** The embedded broker, unless the stack uses an external Kafka. */
    public Optional<EmbeddedKafka> embeddedKafka() {
        return Optional.ofNullable(kafka);
    }

    public DataDirectory data() {
        return settings.data();
    }

    public Optional<RunningJob> ingestJob() {
        return Optional.ofNullable(ingest);
    }

    public Optional<RunningJob> queryJob() {
        return Optional.ofNullable(query);
    }

    /** The ingest job's configuration as submitted (topics, group, chunking), for clients of this stack. */
    public Configuration ingestConfig() {
        return ingestConfig;
    }

    public Configuration queryConfig() {
        return queryConfig;
    }

    /**
     * A running job's accumulators (summed over its subtasks, as last reported by the task managers),
     * counted from the job's start: they are not part of a checkpoint, so a restored job starts at zero.
     */
    public Map<String, Object> accumulators(RunningJob job) {
        try {
            Map<String, Object> values = new TreeMap<>();
            for (Map.Entry<String, SerializedValue<OptionalFailure<Object>>> e
                    : cluster.getExecutionGraph(job.id()).get(30, TimeUnit.SECONDS).getAccumulatorsSerialized().entrySet()) {
                values.put(e.getKey(), e.getValue().deserializeValue(getClass().getClassLoader()).getUnchecked());
            }
            return values;
        } catch (Exception e) {
            throw new CommandFailure(CommandFailure.Reason.STACK_FAILED, "cannot read the accumulators of " + job.name() + ": "
                    + rootMessage(e), e);
        }
    }

    /**
     * A completed checkpoint of a job: when it was triggered (epoch millis), how long it took from then until
     * every task had acknowledged it, the slowest task's part of that (its synchronous and asynchronous
     * phases), and the job's full and checkpointed (incremental) state size.
     */
    public record CheckpointTiming(long id, long triggeredAtMillis, long durationMillis, long slowestSyncMillis, long slowestAsyncMillis,
            long stateBytes, long checkpointedBytes) {}

    /** A running job's completed checkpoints that Flink still keeps in its history, oldest first. */
    public List<CheckpointTiming> completedCheckpoints(RunningJob job) {
        try {
            List<CheckpointTiming> timings = new ArrayList<>();
            for (AbstractCheckpointStats c : cluster.getExecutionGraph(job.id()).get(30, TimeUnit.SECONDS)
                    .getCheckpointStatsSnapshot().getHistory().getCheckpoints()) {
                if (c.getStatus() != CheckpointStatsStatus.COMPLETED) {
                    continue;
                }
                long sync = 0;
                long async = 0;
                for (TaskStateStats task : c.getAllTaskStateStats()) {
                    for (SubtaskStateStats subtask : task.getSubtaskStats()) {
                        if (subtask != null) {
                            sync = Math.max(sync, subtask.getSyncCheckpointDuration());
                            async = Math.max(async, subtask.getAsyncCheckpointDuration());
                        }
                    }
                }
                timings.add(new CheckpointTiming(c.getCheckpointId(), c.getTriggerTimestamp(), c.getEndToEndDuration(), sync, async,
                        c.getStateSize(), c.getCheckpointedSize()));
            }
            timings.sort(Comparator.comparingLong(CheckpointTiming::id));
            return timings;
        } catch (Exception e) {
            throw new CommandFailure(CommandFailure.Reason.STACK_FAILED, "cannot read the checkpoints of " + job.name() + ": "
                    + rootMessage(e), e);
        }
    }

    /** The cluster the jobs run on, for tests that inject a fault into it (a TaskManager lost); null with the broker alone. */
    MiniCluster cluster() {
        return cluster;
    }

    /** The MiniCluster's REST API, when jobs run. */
    public Optional<URI> restAddress() {
        if (cluster == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(cluster.getRestAddress().get(10, TimeUnit.SECONDS));
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /**
     * A job that stopped while the stack was not stopping.
     *
     * @param status how it ended, as Flink's application status says: {@code FAILED}, {@code CANCELED}, {@code SUCCEEDED}
     * @param outcome the same for people: {@code failed (IOException: what)}, or {@code stopped (CANCELED)}
     */
    public record EndedJob(RunningJob job, String status, String outcome) {}

    /**
     * Completes when a job stops while the stack is not stopping (it failed beyond its restarts, or
     * finished): the stack is then no longer whole.
     */
    public CompletableFuture<EndedJob> jobEnded() {
        CompletableFuture<EndedJob> ended = new CompletableFuture<>();
        for (RunningJob job : new RunningJob[] {ingest, query}) {
            if (job == null) {
                continue;
            }
            cluster.requestJobResult(job.id()).whenComplete((result, error) -> {
                if (!stopping) {
                    ended.complete(new EndedJob(job, error != null ? "UNKNOWN" : result.getApplicationStatus().name(),
                            describe(result, error)));
                }
            });
        }
        return ended;
    }

    private static String describe(JobResult result, Throwable error) {
        if (error != null) {
            return "could not be watched: " + rootMessage(error);
        }
        return result.getSerializedThrowable()
                .map(t -> "failed (" + JobFailure.of(0, t.getFullStringifiedStackTrace()).describe() + ")")
                .orElse("stopped (" + result.getApplicationStatus() + ")");
    }

    /**
     * Cancels the jobs (their newest checkpoints stay, for the next start), stops the MiniCluster,
     * then the broker; deletes a temporary data directory.
     */
    @Override
    public void close() {
        stopping = true;
        try {
            if (cluster != null) {
                for (RunningJob job : extraJobs) {
                    cancel(job);
                }
                for (RunningJob job : new RunningJob[] {ingest, query}) {
                    if (job != null) {
                        cancel(job);
                    }
                }
                closeQuietly(cluster);
            }
        } finally {
            try {
                if (kafka != null) {
                    kafka.close();
                }
            } finally {
                settings.data().release();
            }
        }
    }

    private void cancel(RunningJob job) {
        try {
            cluster.cancelJob(job.id()).get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            cluster.requestJobResult(job.id()).get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            // Already stopped, or it does not stop in time: the MiniCluster's shutdown ends it either way.
        }
    }

    private static void closeQuietly(MiniCluster cluster) {
        if (cluster == null) {
            return;
        }
        try {
            cluster.closeAsync().get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            // Shutting down anyway.
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
