package dev.scoperag.embedded;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kafka.server.BrokerServer;
import kafka.server.ControllerServer;
import kafka.server.FaultHandlerFactory;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.server.SharedServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.bootstrap.BootstrapMetadata;
import org.apache.kafka.metadata.properties.MetaPropertiesEnsemble;
import org.apache.kafka.raft.QuorumConfig;
import org.apache.kafka.server.fault.LoggingFaultHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Tuple2;

/**
 * A real single-node Kafka cluster (one KRaft broker and controller) running in this JVM and
 * listening on 127.0.0.1 only, for the embedded default and for tests.
 *
 * <p>The broker is configured so that exactly-once sinks work on one node (internal topics at
 * replication factor 1) and so that records up to {@link #MAX_RECORD_BYTES} are accepted.
 * Topics are never created implicitly: create them with {@link #createTopic}.
 *
 * <p>Clients connect in plaintext unless the builder is given a secured {@link ClientListener}
 * (SASL_SSL, or mutual TLS); the broker then also listens in plaintext on another loopback port for
 * its own inter-broker traffic and {@link #createTopic}, which clients are never told about.
 *
 * <pre>{@code
 * try (EmbeddedKafka kafka = EmbeddedKafka.builder().logDirectory(dataDir).start()) {
 *     kafka.createTopic("chunks", 4, Map.of("cleanup.policy", "compact"));
 *     String bootstrap = kafka.bootstrapServers();
 * }
 * }</pre>
 */
public final class EmbeddedKafka implements AutoCloseable {

    /**
     * The largest record the broker accepts, sized for inline PDFs. Producers must also raise
     * {@code max.request.size} (and consumers {@code max.partition.fetch.bytes}) to move one.
     */
    public static final int MAX_RECORD_BYTES = 32 * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafka.class);

    private static final int NODE_ID = 1;
    private static final String BROKER_LISTENER = "PLAINTEXT";
    private static final String SECURED_LISTENER = "CLIENT";
    private static final String INTERNAL_LISTENER = "INTERNAL";
    private static final String CONTROLLER_LISTENER = "CONTROLLER";
    // Room for the record batch header, key and headers around a maximal value.
    private static final int MAX_BATCH_BYTES = MAX_RECORD_BYTES + 1024 * 1024;
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);

    private final ControllerServer controller;
    private final BrokerServer broker;
    private final LoopbackSockets sockets;
    private final KafkaLogDirectory logDirectory;
    private final String bootstrapServers;
    private final String internalBootstrapServers;
    private final ClientListener clientListener;
    private final Duration startupTime;
    private Admin admin;
    private boolean closed;

    private EmbeddedKafka(
            ControllerServer controller,
            BrokerServer broker,
            LoopbackSockets sockets,
            KafkaLogDirectory logDirectory,
            ClientListener clientListener,
            Duration startupTime) {
        this.controller = controller;
        this.broker = broker;
        this.sockets = sockets;
        this.logDirectory = logDirectory;
        this.clientListener = clientListener;
        this.bootstrapServers = LoopbackSockets.LOOPBACK + ":" + sockets.port(clientListenerName(clientListener));
        this.internalBootstrapServers = LoopbackSockets.LOOPBACK + ":" + sockets.port(internalListenerName(clientListener));
        this.startupTime = startupTime;
    }

    /** Starts a broker on a free port with a temporary log directory deleted on close. */
    public static EmbeddedKafka start() {
        return builder().start();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The address clients connect to, {@code 127.0.0.1:<port>}. */
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /**
     * What a client needs besides {@code bootstrap.servers} to connect to {@link #bootstrapServers()}:
     * security protocol, trust store, credentials; empty for a plaintext broker.
     */
    public Map<String, String> clientProperties() {
        return clientListener.clientProperties();
    }

    /** The port clients connect to (the one requested, or the free one picked for 0). */
    public int port() {
        return sockets.port(clientListenerName(clientListener));
    }

    private static String clientListenerName(ClientListener listener) {
        return listener.isPlaintext() ? BROKER_LISTENER : SECURED_LISTENER;
    }

    // A plaintext broker's one listener serves clients and the broker alike.
    private static String internalListenerName(ClientListener listener) {
        return listener.isPlaintext() ? BROKER_LISTENER : INTERNAL_LISTENER;
    }

    /** The directory holding the metadata log and the topic data. */
    public Path logDirectory() {
        return logDirectory.path();
    }

    /** The cluster id written when the log directory was formatted; stable across restarts. */
    public String clusterId() {
        return broker.sharedServer().metaPropsEnsemble().clusterId().get();
    }

    /** How long {@link Builder#start()} took, from binding the sockets to an unfenced broker. */
    public Duration startupTime() {
        return startupTime;
    }

    /**
     * Creates a topic (replication factor 1) and waits until this broker serves it. A topic that
     * already exists with the same partition count is left as it is, so a resumed log directory
     * can be set up with the same calls as a new one.
     *
     * @throws EmbeddedKafkaException with {@code TOPIC_CONFLICT} if it exists with another
     *     partition count, or {@code TOPIC_CREATION_FAILED} if the broker refuses it
     */
    public void createTopic(String name, int partitions, Map<String, String> configs) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(configs, "configs");
        NewTopic topic = new NewTopic(name, partitions, (short) 1).configs(configs);
        try {
            admin().createTopics(List.of(topic)).all().get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw topicCreationFailed(name, e.getCause());
            }
            int existing = existingPartitionCount(name);
            if (existing != partitions) {
                throw new EmbeddedKafkaException(
                        EmbeddedKafkaException.Reason.TOPIC_CONFLICT,
                        "topic " + name + " exists with " + existing + " partitions, not " + partitions);
            }
        } catch (TimeoutException e) {
            throw topicCreationFailed(name, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw topicCreationFailed(name, e);
        }
        awaitServed(name, partitions);
    }

    private int existingPartitionCount(String name) {
        try {
            TopicDescription description =
                    admin().describeTopics(List.of(name))
                            .allTopicNames()
                            .get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                            .get(name);
            return description.partitions().size();
        } catch (ExecutionException e) {
            throw topicCreationFailed(name, e.getCause());
        } catch (TimeoutException e) {
            throw topicCreationFailed(name, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw topicCreationFailed(name, e);
        }
    }

    // The controller acknowledges a new topic before the broker has applied it to its metadata
    // cache; waiting here spares every caller a burst of UNKNOWN_TOPIC_OR_PARTITION retries.
    private void awaitServed(String name, int partitions) {
        long deadline = System.nanoTime() + ADMIN_TIMEOUT.toNanos();
        while (true) {
            Optional<Integer> served = broker.metadataCache().numPartitions(name);
            if (served.isPresent() && served.get() == partitions) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new EmbeddedKafkaException(
                        EmbeddedKafkaException.Reason.TOPIC_CREATION_FAILED,
                        "topic " + name + " was created but the broker did not serve it within "
                                + ADMIN_TIMEOUT);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw topicCreationFailed(name, e);
            }
        }
    }

    private static EmbeddedKafkaException topicCreationFailed(String name, Throwable cause) {
        return new EmbeddedKafkaException(
                EmbeddedKafkaException.Reason.TOPIC_CREATION_FAILED,
                "cannot create topic " + name + ": " + cause.getMessage(),
                cause);
    }

    private synchronized Admin admin() {
        if (closed) {
            throw new IllegalStateException("the embedded broker is closed");
        }
        if (admin == null) {
            admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, internalBootstrapServers));
        }
        return admin;
    }

    /**
     * Stops the broker, then the controller, and deletes the log directory if it was a temporary
     * one. A persistent log directory is left complete for the next start.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        long started = System.nanoTime();
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
        }
        try {
            // Broker first: its controlled shutdown still needs the controller.
            broker.shutdown(SHUTDOWN_TIMEOUT);
            broker.awaitShutdown();
        } finally {
            try {
                controller.shutdown();
                controller.awaitShutdown();
            } finally {
                sockets.close();
                logDirectory.close();
            }
        }
        LOG.info(
                "Embedded Kafka at {} stopped in {} ms",
                bootstrapServers,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }

    /** Settings for an {@link EmbeddedKafka}; every one has a default that suits a test. */
    public static final class Builder {

        private int port = 0;
        private int controllerPort = 0;
        private Path logDirectory;
        private ClientListener clientListener = ClientListener.plaintext();
        private final Map<String, String> overrides = new LinkedHashMap<>();

        private Builder() {}

        /** The broker port on 127.0.0.1; 0 (the default) picks a free one. */
        public Builder port(int port) {
            this.port = checkPort(port);
            return this;
        }

        /** The KRaft controller port on 127.0.0.1; 0 (the default) picks a free one. */
        public Builder controllerPort(int controllerPort) {
            this.controllerPort = checkPort(controllerPort);
            return this;
        }

        /**
         * A persistent log directory: formatted if empty or missing, resumed if a previous run
         * created it, never deleted. Without one, a temporary directory is used and deleted on
         * close.
         */
        public Builder logDirectory(Path logDirectory) {
            this.logDirectory = Objects.requireNonNull(logDirectory, "logDirectory");
            return this;
        }

        /**
         * How clients connect on {@link #port(int)}: plaintext (the default), SASL_SSL or mutual TLS.
         * A secured broker adds a plaintext listener on a free loopback port for its own use.
         */
        public Builder clientListener(ClientListener clientListener) {
            this.clientListener = Objects.requireNonNull(clientListener, "clientListener");
            return this;
        }

        /** Sets or overrides one broker setting, e.g. {@code log.retention.ms}. */
        public Builder brokerConfig(String key, String value) {
            overrides.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
            return this;
        }

        private static int checkPort(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be 0..65535, got " + port);
            }
            return port;
        }

        /**
         * Formats the log directory if it is new, starts the controller and the broker, and
         * returns once the broker is registered, unfenced and serving.
         */
        public EmbeddedKafka start() {
            long started = System.nanoTime();
            KafkaLogDirectory dir =
                    logDirectory == null
                            ? KafkaLogDirectory.temporary()
                            : KafkaLogDirectory.persistent(logDirectory);
            LoopbackSockets sockets;
            try {
                Map<String, Integer> ports = new LinkedHashMap<>();
                ports.put(clientListenerName(clientListener), port);
                ports.putIfAbsent(internalListenerName(clientListener), 0);
                ports.put(CONTROLLER_LISTENER, controllerPort);
                sockets = LoopbackSockets.bind(ports);
            } catch (RuntimeException e) {
                dir.close();
                throw e;
            }
            ControllerServer controller = null;
            BrokerServer broker = null;
            try {
                boolean formatted = dir.formatIfNew(NODE_ID, CONTROLLER_LISTENER);
                KafkaConfig config = brokerConfig(dir.path(), sockets);
                Tuple2<MetaPropertiesEnsemble, BootstrapMetadata> layout =
                        KafkaRaftServer.initializeLogDirs(config, LOG, "[EmbeddedKafka] ");
                SharedServer shared =
                        new SharedServer(
                                config,
                                layout._1(),
                                Time.SYSTEM,
                                new Metrics(),
                                CompletableFuture.completedFuture(
                                        QuorumConfig.parseVoterConnections(config.quorumConfig().voters())),
                                QuorumConfig.parseBootstrapServers(config.quorumConfig().bootstrapServers()),
                                loggingFaultHandlers(),
                                sockets);
                controller = new ControllerServer(shared, KafkaRaftServer.configSchema(), layout._2());
                broker = new BrokerServer(shared);
                long prepared = System.nanoTime();
                // Same order as KafkaRaftServer: the broker finds the controller through it.
                controller.startup();
                long controllerStarted = System.nanoTime();
                broker.startup();
                long brokerStarted = System.nanoTime();
                Duration startupTime = Duration.ofNanos(brokerStarted - started);
                EmbeddedKafka kafka =
                        new EmbeddedKafka(controller, broker, sockets, dir, clientListener, startupTime);
                LOG.info(
                        "Embedded Kafka at {} ({}) started in {} ms (prepare {} ms, controller {} ms,"
                                + " broker {} ms; {} log directory {})",
                        kafka.bootstrapServers(),
                        clientListener.securityProtocol(),
                        startupTime.toMillis(),
                        TimeUnit.NANOSECONDS.toMillis(prepared - started),
                        TimeUnit.NANOSECONDS.toMillis(controllerStarted - prepared),
                        TimeUnit.NANOSECONDS.toMillis(brokerStarted - controllerStarted),
                        formatted ? "new" : "resumed",
                        dir.path());
                return kafka;
            } catch (RuntimeException e) {
                stopQuietly(controller, broker);
                sockets.close();
                dir.close();
                if (e instanceof EmbeddedKafkaException) {
                    throw e;
                }
                throw new EmbeddedKafkaException(
                        EmbeddedKafkaException.Reason.STARTUP_FAILED,
                        "embedded Kafka in " + dir.path() + " did not start: " + e.getMessage(),
                        e);
            }
        }

        private KafkaConfig brokerConfig(Path dir, LoopbackSockets sockets) {
            String host = LoopbackSockets.LOOPBACK;
            String clientName = clientListenerName(clientListener);
            String internalName = internalListenerName(clientListener);
            int quorumPort = sockets.port(CONTROLLER_LISTENER);
            String brokerListeners = clientName + "://" + host + ":" + sockets.port(clientName);
            String protocols = clientName + ":" + clientListener.securityProtocol();
            if (!internalName.equals(clientName)) {
                brokerListeners += "," + internalName + "://" + host + ":" + sockets.port(internalName);
                protocols += "," + internalName + ":PLAINTEXT";
            }
            Map<String, Object> props = new LinkedHashMap<>();
            props.put("process.roles", "broker,controller");
            props.put("node.id", Integer.toString(NODE_ID));
            // A static one-voter quorum: the voter set is configuration, not stored in the metadata
            // log, so a resumed directory accepts a different (free) controller port.
            props.put("controller.quorum.voters", NODE_ID + "@" + host + ":" + quorumPort);
            props.put("controller.listener.names", CONTROLLER_LISTENER);
            props.put("listeners", brokerListeners + "," + CONTROLLER_LISTENER + "://" + host + ":" + quorumPort);
            props.put("advertised.listeners", brokerListeners);
            props.put("listener.security.protocol.map", protocols + "," + CONTROLLER_LISTENER + ":PLAINTEXT");
            props.put("inter.broker.listener.name", internalName);
            props.putAll(clientListener.brokerConfigs(clientName));
            props.put("log.dirs", dir.toString());
            props.put("metadata.log.dir", dir.toString());

            props.put("auto.create.topics.enable", "false");
            props.put("num.partitions", "1");
            props.put("default.replication.factor", "1");
            props.put("min.insync.replicas", "1");
            // Transactions and consumer offsets live in internal topics that default to three
            // replicas; on one node they could never be created, and exactly-once sinks would hang.
            props.put("offsets.topic.replication.factor", "1");
            props.put("offsets.topic.num.partitions", "1");
            props.put("transaction.state.log.replication.factor", "1");
            props.put("transaction.state.log.min.isr", "1");
            props.put("transaction.state.log.num.partitions", "1");
            props.put("share.coordinator.state.topic.replication.factor", "1");
            props.put("share.coordinator.state.topic.min.isr", "1");
            // Flink's KafkaSink asks for one-hour transactions by default; the broker's 15-minute
            // cap would make every exactly-once producer fail at initTransactions().
            props.put("transaction.max.timeout.ms", Long.toString(Duration.ofHours(1).toMillis()));
            props.put("group.initial.rebalance.delay.ms", "0");
            props.put("message.max.bytes", Integer.toString(MAX_BATCH_BYTES));
            props.put("replica.fetch.max.bytes", Integer.toString(MAX_BATCH_BYTES));
            // The default 128 MiB compaction offset map is far more than a few compacted topics
            // need, and it is allocated up front.
            props.put("log.cleaner.dedupe.buffer.size", Integer.toString(16 * 1024 * 1024));
            props.putAll(overrides);
            return new KafkaConfig(props, false);
        }

        private static FaultHandlerFactory loggingFaultHandlers() {
            // Kafka's standard handler halts the JVM on a fatal fault; here the JVM also runs the
            // Flink jobs and the CLI, so a fault is logged and surfaces as a failing broker instead.
            return (name, fatal, action) ->
                    new LoggingFaultHandler(fatal ? "fatal " + name : name, action);
        }

        private static void stopQuietly(ControllerServer controller, BrokerServer broker) {
            if (broker != null) {
                try {
                    broker.shutdown(SHUTDOWN_TIMEOUT);
                } catch (RuntimeException e) {
                    LOG.warn("Embedded Kafka broker did not stop cleanly", e);
                }
            }
            if (controller != null) {
                try {
                    controller.shutdown();
                } catch (RuntimeException e) {
                    LOG.warn("Embedded Kafka controller did not stop cleanly", e);
                }
            }
        }
    }
}
