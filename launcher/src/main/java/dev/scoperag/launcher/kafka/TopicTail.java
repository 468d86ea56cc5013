package dev.scoperag.launcher.kafka;

import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Follows a topic from its end at the time of opening, as a read_committed reader: what a command
 * sees is only what was committed after it started looking, so it opens the tail before it sends.
 * {@link #fromBeginning} follows topics from their first record instead.
 */
public final class TopicTail implements AutoCloseable {

    private final KafkaConsumer<byte[], byte[]> consumer;

    public TopicTail(KafkaClients clients, String topic) {
        this(clients, topic, true);
    }

    /** A tail that also sees records of open transactions when {@code committedOnly} is false: for progress, never for results. */
    public TopicTail(KafkaClients clients, String topic, boolean committedOnly) {
        consumer = clients.reader(committedOnly);
        List<TopicPartition> partitions = partitions(clients, List.of(topic));
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        // Resolve the end offsets now: a lazy seek would be resolved at the first poll, after our sends.
        partitions.forEach(consumer::position);
    }

    private TopicTail(KafkaClients clients, List<String> topics) {
        consumer = clients.reader();
        List<TopicPartition> partitions = partitions(clients, topics);
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
    }

    /** Follows the topics from their first committed record: for a reader that takes in all a job has published. */
    public static TopicTail fromBeginning(KafkaClients clients, String... topics) {
        return new TopicTail(clients, List.of(topics));
    }

    private List<TopicPartition> partitions(KafkaClients clients, List<String> topics) {
        return topics.stream().flatMap(topic -> consumer.partitionsFor(topic, clients.connectTimeout()).stream()
                .map(p -> new TopicPartition(topic, p.partition()))).toList();
    }

    /**
     * The records committed since the last call, waiting up to {@code wait} for some. A read_committed
     * fetch returns at once while a transaction is open, so an empty poll is followed by a pause rather
     * than an immediate retry that would spin a core the jobs need.
     */
    public ConsumerRecords<byte[], byte[]> poll(Duration wait) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(wait);
        if (records.isEmpty()) {
            try {
                Thread.sleep(Math.min(200, wait.toMillis()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return records;
    }

    public static String key(ConsumerRecord<byte[], byte[]> record) {
        return record.key() == null ? null : new String(record.key(), java.nio.charset.StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(2));
    }
}
