package dev.scoperag.launcher.kafka;

import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.route.Catalog;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * The documents published on {@code chunks}: the latest {@link DocumentCommitted} of every document
 * not retracted since, read from the beginning of the compacted topic. Only document records are
 * parsed (their keys say so); chunk records, the bulk of the topic, are skipped unread.
 */
public final class CommittedDocuments {

    private final Map<String, DocumentCommitted> byKey;

    private CommittedDocuments(Map<String, DocumentCommitted> byKey) {
        this.byKey = byKey;
    }

    public static CommittedDocuments empty() {
        return new CommittedDocuments(Map.of());
    }

    /** Reads the topic up to its current end. */
    public static CommittedDocuments read(KafkaClients clients, String chunksTopic) {
        Map<String, DocumentCommitted> documents = new LinkedHashMap<>();
        try (KafkaConsumer<byte[], byte[]> consumer = clients.reader()) {
            List<TopicPartition> partitions = consumer.partitionsFor(chunksTopic, clients.connectTimeout()).stream()
                    .map(p -> new TopicPartition(chunksTopic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500))) {
                    String key = TopicTail.key(r);
                    if (r.value() == null || !ChunkTopicRecord.Key.parse(key).map(ChunkTopicRecord.Key::isDocument).orElse(false)) {
                        continue;
                    }
                    ChunkTopicRecord record = readable(r.value());
                    if (record instanceof DocumentCommitted committed) {
                        documents.put(key, committed);
                    } else if (record instanceof DocumentRetracted) {
                        documents.remove(key);
                    }
                }
            }
        }
        return new CommittedDocuments(documents);
    }

    /** The record, or null when no reader can parse it: such a record published no document. */
    private static ChunkTopicRecord readable(byte[] value) {
        try {
            return Json.fromBytes(value, ChunkTopicRecord.class);
        } catch (UncheckedIOException e) {
            return null;
        }
    }

    /** The published version of one document of one shard, or null. */
    public DocumentCommitted get(String shard, String docId) {
        return byKey.get(ChunkTopicRecord.documentKey(shard, docId));
    }

    public Collection<DocumentCommitted> all() {
        return Collections.unmodifiableCollection(byKey.values());
    }

    /** {@code catalog} with every published document added: the corpus as the query job's router sees it. */
    public Catalog addTo(Catalog catalog) {
        byKey.values().forEach(catalog::add);
        return catalog;
    }
}
