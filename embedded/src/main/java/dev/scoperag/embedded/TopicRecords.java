package dev.scoperag.embedded;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Reads a whole topic as a read_committed consumer would see it: for tests, benchmarks and the CLI. */
public final class TopicRecords {

    private TopicRecords() {}

    /**
     * Reads {@code topic} from the start until every partition is read to its end and {@code done}
     * holds for the records read so far.
     *
     * @throws IllegalStateException if that does not happen within {@code timeout}
     */
    public static List<ConsumerRecord<byte[], byte[]>> readUntil(
            String bootstrapServers, String topic, Predicate<List<ConsumerRecord<byte[], byte[]>>> done, Duration timeout) {
        return readUntil(bootstrapServers, Map.of(), topic, done, timeout);
    }

    /**
     * The same, for a broker that needs client settings to connect (TLS, SASL): e.g. {@link EmbeddedKafka#clientProperties()}.
     */
    public static List<ConsumerRecord<byte[], byte[]>> readUntil(String bootstrapServers, Map<String, String> clientProperties,
            String topic, Predicate<List<ConsumerRecord<byte[], byte[]>>> done, Duration timeout) {
        Properties p = new Properties();
        p.putAll(clientProperties);
        p.put("bootstrap.servers", bootstrapServers);
        p.put("isolation.level", "read_committed");
        p.put("enable.auto.commit", "false");
        p.put("max.partition.fetch.bytes", Integer.toString(64 * 1024 * 1024));
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, timeout).stream()
                    .map(info -> new TopicPartition(topic, info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                var batch = consumer.poll(Duration.ofMillis(100));
                batch.forEach(records::add);
                if (batch.isEmpty()) {
                    // read_committed fetches return at once while a transaction is open; do not spin.
                    sleep(100);
                }
                boolean caughtUp = consumer.endOffsets(partitions).entrySet().stream()
                        .allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
                if (caughtUp && done.test(records)) {
                    return records;
                }
            }
            throw new IllegalStateException("timed out after " + timeout + " reading " + topic + " (" + records.size() + " records read)");
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
