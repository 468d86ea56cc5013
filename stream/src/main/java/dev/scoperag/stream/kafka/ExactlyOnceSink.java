package dev.scoperag.stream.kafka;

import java.util.Properties;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;

/** The transactional Kafka sink every ScopeRAG topic is written with, committed on Flink checkpoints. */
public final class ExactlyOnceSink {

    private ExactlyOnceSink() {}

    /**
     * @param clientProperties the security and other client settings ({@link KafkaClientProperties#from}); the sink's
     *     own transaction and size settings win over them
     */
    public static <T> KafkaSink<T> of(String bootstrapServers, Properties clientProperties, KafkaRecordSerializationSchema<T> serializer,
            String transactionalIdPrefix) {
        Properties props = new Properties();
        props.putAll(clientProperties);
        // Brokers cap transactions at 15 minutes by default; Flink's default of one hour is refused.
        props.setProperty("transaction.timeout.ms", "900000");
        props.setProperty("max.request.size", Integer.toString(Topics.MAX_RECORD_BYTES + 1024 * 1024));
        props.setProperty("compression.type", "lz4");
        return KafkaSink.<T>builder()
                .setBootstrapServers(bootstrapServers)
                .setRecordSerializer(serializer)
                .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                .setTransactionalIdPrefix(transactionalIdPrefix)
                .setKafkaProducerConfig(props)
                .build();
    }
}
