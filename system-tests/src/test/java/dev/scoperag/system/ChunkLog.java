package dev.scoperag.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.json.Json;
import dev.scoperag.embedded.TopicRecords;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** The {@code chunks} topic as a read_committed consumer sees it, and the exactly-once checks made on it. */
final class ChunkLog {

    final List<ConsumerRecord<byte[], byte[]>> records;
    /** Commits by {@code shard/docId}, in topic order. */
    final Map<String, List<JsonNode>> commitsByDoc = new LinkedHashMap<>();
    /** How often each chunk_upserted key was written. */
    final Map<String, Integer> upsertsByKey = new HashMap<>();
    /** Upserts by {@code shard/doc_hash}. */
    final Map<String, Integer> upsertsByVersion = new HashMap<>();
    /** How often each key was written as a tombstone. */
    final Map<String, Integer> tombstonesByKey = new HashMap<>();
    /** The offset after the last record of each partition (markers not counted). */
    final Map<Integer, Long> nextOffsetByPartition = new HashMap<>();

    private ChunkLog(List<ConsumerRecord<byte[], byte[]>> records) {
        this.records = records;
        for (ConsumerRecord<byte[], byte[]> r : records) {
            String key = new String(r.key(), StandardCharsets.UTF_8);
            nextOffsetByPartition.merge(r.partition(), r.offset() + 1, Math::max);
            if (r.value() == null) {
                tombstonesByKey.merge(key, 1, Integer::sum);
                continue;
            }
            JsonNode value = Json.tree(r.value());
            String shard = value.get("shard").asText();
            switch (value.get("type").asText()) {
                case "chunk_upserted" -> {
                    upsertsByKey.merge(key, 1, Integer::sum);
                    upsertsByVersion.merge(shard + "/" + value.get("doc_hash").asText(), 1, Integer::sum);
                }
                case "document_committed" -> commitsByDoc.computeIfAbsent(shard + "/" + value.get("doc_id").asText(), k -> new ArrayList<>()).add(value);
                default -> { }
            }
        }
    }

    /** Reads the whole topic until {@code done} holds. */
    static ChunkLog readUntil(String bootstrapServers, Predicate<ChunkLog> done) {
        ChunkLog[] last = new ChunkLog[1];
        TopicRecords.readUntil(bootstrapServers, "chunks", records -> {
            last[0] = new ChunkLog(records);
            return done.test(last[0]);
        }, Duration.ofMinutes(4));
        return last[0];
    }

    int commits() {
        return commitsByDoc.values().stream().mapToInt(List::size).sum();
    }

    /**
     * Every chunk written once, every document version committed once and only after all its
     * chunks, no chunk without a commit of its version.
     */
    void assertExactlyOnce() {
        assertThat(upsertsByKey).as("chunk_upserted keys written more than once")
                .allSatisfy((key, count) -> assertThat(count).as(key).isEqualTo(1));
        Map<String, Integer> committedChunkCounts = new HashMap<>();
        for (Map.Entry<String, List<JsonNode>> doc : commitsByDoc.entrySet()) {
            List<String> versions = doc.getValue().stream().map(c -> c.get("doc_hash").asText()).toList();
            assertThat(versions).as("versions committed for %s", doc.getKey()).doesNotHaveDuplicates();
            for (JsonNode commit : doc.getValue()) {
                committedChunkCounts.put(commit.get("shard").asText() + "/" + commit.get("doc_hash").asText(), commit.get("chunk_count").asInt());
            }
        }
        assertThat(upsertsByVersion).as("chunks per committed version (shard/doc_hash)").isEqualTo(committedChunkCounts);
    }
}
