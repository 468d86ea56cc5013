package dev.scoperag.embedded;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Producers and consumers for the tests, sized for the largest record the broker accepts. */
final class KafkaClients {

    // A maximal record plus batch overhead must fit in one request and in the producer's buffer.
    private static final int CLIENT_MAX_BYTES = EmbeddedKafka.MAX_RECORD_BYTES + 1024 * 1024;

    private KafkaClients() {}

    static KafkaProducer<String, String> transactionalProducer(EmbeddedKafka kafka) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "test-" + UUID.randomUUID());
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }

    static KafkaProducer<String, byte[]> largeRecordProducer(EmbeddedKafka kafka) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        props.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, CLIENT_MAX_BYTES);
        props.put(ProducerConfig.BUFFER_MEMORY_CONFIG, 2L * CLIENT_MAX_BYTES);
        return new KafkaProducer<>(props, new StringSerializer(), new ByteArraySerializer());
    }

    static KafkaConsumer<String, String> consumer(EmbeddedKafka kafka, String groupId, String isolation) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer());
    }

    static KafkaConsumer<String, byte[]> largeRecordConsumer(EmbeddedKafka kafka) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "large-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, CLIENT_MAX_BYTES);
        props.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, CLIENT_MAX_BYTES);
        return new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer());
    }

    /** Polls until {@code expected} records arrived or the timeout passed; returns what arrived. */
    static <K, V> List<ConsumerRecord<K, V>> pollUntil(
            KafkaConsumer<K, V> consumer, int expected, Duration timeout) {
        List<ConsumerRecord<K, V>> received = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (received.size() < expected && System.nanoTime() < deadline) {
            consumer.poll(Duration.ofMillis(200)).forEach(received::add);
        }
        return received;
    }
}
