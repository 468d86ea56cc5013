package dev.scoperag.query.kafka;

import dev.scoperag.query.types.IncomingQuery;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.nio.charset.StandardCharsets;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Reads a {@code queries} record without interpreting it: a bad query becomes a rejected answer in the job. */
public final class IncomingQueryDeserializer implements KafkaRecordDeserializationSchema<IncomingQuery> {

    private static final long serialVersionUID = 1L;

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<IncomingQuery> out) {
        out.collect(new IncomingQuery(record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8), record.value()));
    }

    @Override
    public TypeInformation<IncomingQuery> getProducedType() {
        return JsonTypeInformation.of(IncomingQuery.class);
    }
}
