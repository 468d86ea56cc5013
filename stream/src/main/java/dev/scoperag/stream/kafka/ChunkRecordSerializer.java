package dev.scoperag.stream.kafka;

import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.ChunkTopicRecord;
import java.nio.charset.StandardCharsets;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.kafka.clients.producer.ProducerRecord;

/** Writes {@code chunks} records: key {@code <shard>/<record id>}, partition by shard, tombstones for removed chunks. */
public final class ChunkRecordSerializer implements KafkaRecordSerializationSchema<ChunkTopicRecord> {

    private static final long serialVersionUID = 1L;

    private final String topic;

    public ChunkRecordSerializer(String topic) {
        this.topic = topic;
    }

    @Override
    public ProducerRecord<byte[], byte[]> serialize(ChunkTopicRecord record, KafkaSinkContext context, Long timestamp) {
        int partition = ShardPartitioning.partitionOf(record.shard(), context.getPartitionsForTopic(topic));
        byte[] key = record.key().getBytes(StandardCharsets.UTF_8);
        byte[] value = record.isTombstone() ? null : Json.toBytes(record);
        return new ProducerRecord<>(topic, partition, key, value);
    }
}
