package dev.scoperag.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.embedded.testing.EmbeddedKafkaExtension;
import dev.scoperag.stream.SharedOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The topics the query job creates when they are missing, on a real broker; the network buffer timeouts of its graph. */
class QueryJobTopicsTest {

    @RegisterExtension
    static final EmbeddedKafkaExtension KAFKA = new EmbeddedKafkaExtension();

    @Test
    void aMissingChunksTopicIsCreatedWithTheConfiguredPartitions() throws Exception {
        // Started before the ingest job, the query job creates chunks: with the partitions the ingest job would
        // give it (3 here, not the default 4), so the deployment's setting holds whichever job starts first.
        Configuration config = new Configuration();
        config.set(SharedOptions.BOOTSTRAP_SERVERS, KAFKA.bootstrapServers());
        config.set(SharedOptions.CHUNKS_TOPIC, "chunks-3");
        config.set(SharedOptions.CHUNKS_PARTITIONS, 3);
        config.set(QueryOptions.QUERIES_TOPIC, "queries-3");
        config.set(QueryOptions.ANSWERS_TOPIC, "answers-3");

        QueryJob.build(StreamExecutionEnvironment.getExecutionEnvironment(), config);

        try (Admin admin = Admin.create(Map.of("bootstrap.servers", KAFKA.bootstrapServers()))) {
            Map<String, TopicDescription> topics = admin.describeTopics(List.of("chunks-3", "queries-3", "answers-3")).allTopicNames().get();
            assertThat(topics.get("chunks-3").partitions()).hasSize(3);
            assertThat(topics.get("queries-3").partitions()).hasSize(1);
            assertThat(topics.get("answers-3").partitions()).hasSize(1);
        }
    }

    @Test
    void theQuestionPathSendsEachRecordAtOnceAndTheChunksWaitAtMostFiveMilliseconds() throws Exception {
        Map<String, Long> timeouts = bufferTimeouts(new Configuration());
        assertThat(timeouts).containsEntry("fan-out", 0L).containsEntry("shard-store", 0L).containsEntry("gather", 0L)
                .containsEntry("answer", 0L).containsEntry("Source: chunks", QueryJob.QUERY_BUFFER_TIMEOUT.toMillis())
                .containsEntry("to-store", QueryJob.QUERY_BUFFER_TIMEOUT.toMillis());
    }

    @Test
    void aConfiguredBufferTimeoutHoldsForEveryEdge() throws Exception {
        Configuration config = new Configuration();
        config.set(ExecutionOptions.BUFFER_TIMEOUT, Duration.ofMillis(40));
        assertThat(bufferTimeouts(config)).containsEntry("fan-out", 40L).containsEntry("shard-store", 40L).containsEntry("gather", 40L)
                .containsEntry("answer", 40L).containsEntry("Source: chunks", 40L);
    }

    /** The buffer timeout of each operator of the job's stream graph, by operator name. */
    private static Map<String, Long> bufferTimeouts(Configuration settings) throws Exception {
        Configuration config = new Configuration(settings);
        config.set(SharedOptions.BOOTSTRAP_SERVERS, KAFKA.bootstrapServers());
        config.set(SharedOptions.CHUNKS_TOPIC, "chunks-graph");
        config.set(QueryOptions.QUERIES_TOPIC, "queries-graph");
        config.set(QueryOptions.ANSWERS_TOPIC, "answers-graph");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        QueryJob.build(env, config);
        return env.getStreamGraph().getStreamNodes().stream()
                .collect(Collectors.toMap(StreamNode::getOperatorName, StreamNode::getBufferTimeout, (a, b) -> a));
    }
}
