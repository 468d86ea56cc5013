package dev.scoperag.stream.kafka;

import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.nio.charset.StandardCharsets;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the {@code chunks} topic, tombstones included: a null value under a chunk key is that
 * chunk's removal. A record this version cannot read is logged and skipped rather than stopping
 * every shard store.
 */
public final class ChunkRecordDeserializer implements KafkaRecordDeserializationSchema<ChunkTopicRecord> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ChunkRecordDeserializer.class);

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<ChunkTopicRecord> out) {
        String key = record.key() == null ? "" : new String(record.key(), StandardCharsets.UTF_8);
        if (record.value() == null) {
            ChunkTopicRecord.Key.parse(key).filter(k -> k.kind() == ChunkTopicRecord.Key.Kind.CHUNK)
                    .ifPresent(k -> out.collect(new ChunkRemoved(k.shard(), k.id())));
            return;
        }
        ChunkTopicRecord read;
        try {
            read = Json.fromBytes(record.value(), ChunkTopicRecord.class);
        } catch (RuntimeException | StackOverflowError e) {
            // The exception's type only: a parser's message can quote the record, and a chunk record holds filing text.
            LOG.error("skipping unreadable chunks record {} at {}-{}@{}: {}", key, record.topic(), record.partition(), record.offset(),
                    (e.getCause() == null ? e : e.getCause()).getClass().getSimpleName());
            return;
        }
        out.collect(read);
    }

    @Override
    public TypeInformation<ChunkTopicRecord> getProducedType() {
        return JsonTypeInformation.of(ChunkTopicRecord.class);
    }
}
