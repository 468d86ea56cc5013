package dev.scoperag.stream.kafka;

import dev.scoperag.core.ingest.IncomingFiling;
import dev.scoperag.core.record.RejectedFiling;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.nio.charset.StandardCharsets;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Reads a {@code filings} record without interpreting it, so that no record can fail in the source:
 * decoding happens in the job, where a bad record becomes a dead-letter record, not a restart loop.
 */
public final class IncomingRecordDeserializer implements KafkaRecordDeserializationSchema<IncomingFiling> {

    private static final long serialVersionUID = 1L;

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<IncomingFiling> out) {
        String key = record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
        out.collect(new IncomingFiling(
                new RejectedFiling.Source(record.topic(), record.partition(), record.offset(), key), record.value()));
    }

    @Override
    public TypeInformation<IncomingFiling> getProducedType() {
        return JsonTypeInformation.of(IncomingFiling.class);
    }
}
