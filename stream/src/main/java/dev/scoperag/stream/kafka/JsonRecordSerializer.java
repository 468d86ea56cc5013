package dev.scoperag.stream.kafka;

import dev.scoperag.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.kafka.clients.producer.ProducerRecord;

/** Writes a record as JSON under a key taken from the record (the DLQ keeps the original key). */
public final class JsonRecordSerializer<T> implements KafkaRecordSerializationSchema<T> {

    private static final long serialVersionUID = 1L;

    /** The record key; serializable because the sink ships it to the task managers. */
    public interface KeyOf<T> extends Function<T, String>, java.io.Serializable {}

    private final String topic;
    private final KeyOf<T> keyOf;

    public JsonRecordSerializer(String topic, KeyOf<T> keyOf) {
        this.topic = topic;
        this.keyOf = keyOf;
    }

    @Override
    public ProducerRecord<byte[], byte[]> serialize(T record, KafkaSinkContext context, Long timestamp) {
        String key = keyOf.apply(record);
        return new ProducerRecord<>(topic, key == null ? null : key.getBytes(StandardCharsets.UTF_8), Json.toBytes(record));
    }
}
