package dev.scoperag.launcher.kafka;

import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.stream.kafka.KafkaClientProperties;
import dev.scoperag.stream.kafka.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Kafka clients for the commands: the user's security and client settings ({@code --kafka-properties},
 * {@code scoperag.kafka.client.*}) on every one, short timeouts so that a missing broker is reported in
 * seconds, not after minutes of retries, and sizes that let an inline PDF through.
 */
public final class KafkaClients {

    /** How long a command waits for a broker to answer at all, unless it says otherwise. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(15);

    private final String bootstrapServers;
    private final Properties clientProperties;
    private final Duration connectTimeout;

    /**
     * @param clientProperties security and other client settings ({@link KafkaClientProperties#from}); each client's
     *     own settings below win over them
     */
    public KafkaClients(String bootstrapServers, Properties clientProperties, Duration connectTimeout) {
        this.bootstrapServers = bootstrapServers;
        this.clientProperties = clientProperties;
        this.connectTimeout = connectTimeout;
    }

    /** Clients of the Kafka {@code settings} names, with its client settings. */
    public static KafkaClients of(ClientSettings settings) {
        return of(settings, CONNECT_TIMEOUT);
    }

    public static KafkaClients of(ClientSettings settings, Duration connectTimeout) {
        return new KafkaClients(settings.bootstrapServers(), settings.kafkaClientProperties(), connectTimeout);
    }

    public Duration connectTimeout() {
        return connectTimeout;
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    public Admin admin() {
        Properties p = KafkaClientProperties.withBootstrap(bootstrapServers, clientProperties);
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) connectTimeout.toMillis());
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) connectTimeout.toMillis());
        return Admin.create(p);
    }

    public KafkaProducer<String, String> producer() {
        Properties p = KafkaClientProperties.withBootstrap(bootstrapServers, clientProperties);
        p.put("acks", "all");
        p.put("enable.idempotence", "true");
        p.put("max.request.size", Integer.toString(Topics.MAX_RECORD_BYTES + 1024 * 1024));
        p.put("compression.type", "zstd");
        p.put("max.block.ms", Long.toString(connectTimeout.toMillis()));
        p.put("delivery.timeout.ms", "120000");
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    /** A read_committed consumer that is assigned partitions by hand; it never joins a group. */
    public KafkaConsumer<byte[], byte[]> reader() {
        return reader(true);
    }

    /**
     * A consumer assigned partitions by hand. Only committed records are results; an uncommitted
     * reader sees what a job writes before its checkpoint commits it, which is good for progress only.
     */
    public KafkaConsumer<byte[], byte[]> reader(boolean committedOnly) {
        Properties p = KafkaClientProperties.withBootstrap(bootstrapServers, clientProperties);
        p.put("isolation.level", committedOnly ? "read_committed" : "read_uncommitted");
        p.put("enable.auto.commit", "false");
        p.put("max.partition.fetch.bytes", Integer.toString(Topics.MAX_RECORD_BYTES + 1024 * 1024));
        p.put("fetch.max.bytes", Integer.toString(Topics.MAX_RECORD_BYTES + 1024 * 1024));
        p.put("default.api.timeout.ms", Long.toString(connectTimeout.toMillis()));
        return new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    /**
     * Checks that a broker answers and that the topics exist.
     *
     * @throws CommandFailure {@code BROKER_UNREACHABLE} or {@code TOPIC_MISSING}, saying which job creates the topic
     */
    public void requireTopics(Map<String, String> topicsAndCreators) {
        Set<String> existing = topicNames();
        List<String> missing = new ArrayList<>();
        topicsAndCreators.forEach((topic, creator) -> {
            if (!existing.contains(topic)) {
                missing.add(topic + " (created by " + creator + ")");
            }
        });
        if (!missing.isEmpty()) {
            throw new CommandFailure(CommandFailure.Reason.TOPIC_MISSING, "Kafka at " + bootstrapServers + " has no topic "
                    + String.join(", ", missing) + ": start ./scoperag up, or the jobs against this cluster");
        }
    }

    /** The topics of the cluster; fails with {@code BROKER_UNREACHABLE} when no broker answers. */
    public Set<String> topicNames() {
        try (Admin admin = admin()) {
            return admin.listTopics().names().get(connectTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw unreachable(e instanceof ExecutionException ? e.getCause() : e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unreachable(e);
        } catch (org.apache.kafka.common.KafkaException e) {
            throw unreachable(e);
        }
    }

    /** The offsets a consumer group has committed, by partition; empty when it has committed none. */
    public Map<TopicPartition, OffsetAndMetadata> committedOffsets(Admin admin, String group) {
        try {
            return admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata()
                    .get(connectTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw unreachable(e instanceof ExecutionException ? e.getCause() : e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unreachable(e);
        }
    }

    public CommandFailure unreachable(Throwable cause) {
        String detail = cause == null || cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")";
        return new CommandFailure(CommandFailure.Reason.BROKER_UNREACHABLE, "no Kafka broker answered at " + bootstrapServers
                + " within " + connectTimeout.toSeconds() + " s" + detail
                + ": start ./scoperag up, or pass --bootstrap-servers (and --kafka-properties for a secured listener)", cause);
    }
}
