package dev.scoperag.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.json.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Follows the {@code chunks} topic as a read_committed reader and counts what the ingest job has published. */
final class ChunksWatcher implements AutoCloseable {

    /** What has been read so far. */
    record Progress(int chunks, int commits, long elapsedMillis) {}

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final List<JsonNode> commits = new ArrayList<>();
    private final List<JsonNode> chunks = new ArrayList<>();

    ChunksWatcher(String bootstrapServers, String topic) {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrapServers);
        p.put("isolation.level", "read_committed");
        p.put("enable.auto.commit", "false");
        consumer = new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                .map(i -> new TopicPartition(topic, i.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position);
    }

    List<JsonNode> commits() {
        return commits;
    }

    List<JsonNode> chunks() {
        return chunks;
    }

    /** Reads until {@code count} more commits have arrived, reporting progress about every second. */
    void awaitCommits(int count, Duration timeout, Consumer<Progress> progress) {
        int target = commits.size() + count;
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        long nextReport = start;
        while (commits.size() < target) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out after " + timeout + " waiting for " + count + " commits");
            }
            var records = consumer.poll(Duration.ofMillis(100));
            if (records.isEmpty()) {
                // A read_committed fetch returns at once while a transaction is open: without a pause
                // this loop would spin a core that the job being measured needs.
                pause();
            }
            for (ConsumerRecord<byte[], byte[]> r : records) {
                if (r.value() == null) {
                    continue;
                }
                JsonNode value = Json.tree(r.value());
                switch (value.get("type").asText()) {
                    case "document_committed" -> commits.add(value);
                    case "chunk_upserted" -> chunks.add(value);
                    default -> { }
                }
            }
            if (System.nanoTime() >= nextReport) {
                progress.accept(new Progress(chunks.size(), commits.size(), (System.nanoTime() - start) / 1_000_000));
                nextReport = System.nanoTime() + 1_000_000_000L;
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public void close() {
        consumer.close();
    }
}
