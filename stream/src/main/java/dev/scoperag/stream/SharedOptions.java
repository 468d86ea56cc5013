package dev.scoperag.stream;

import static org.apache.flink.configuration.ConfigOptions.key;

import dev.scoperag.stream.kafka.KafkaClientProperties;
import java.time.Duration;
import java.util.List;
import org.apache.flink.configuration.ConfigOption;

/**
 * The settings both jobs read, declared once with one default each; the embedding model, also read
 * by both, is {@link EmbeddingModelOptions}, and the Kafka client settings file
 * {@link KafkaClientProperties#PROPERTIES_FILE}.
 */
public final class SharedOptions {

    private SharedOptions() {}

    public static final ConfigOption<String> BOOTSTRAP_SERVERS = key("scoperag.kafka.bootstrap-servers")
            .stringType().defaultValue("localhost:9092")
            .withDescription("Kafka bootstrap servers for every topic the jobs read and write.");

    public static final ConfigOption<String> CHUNKS_TOPIC = key("scoperag.topics.chunks")
            .stringType().defaultValue("chunks")
            .withDescription("Compacted topic of ChunkUpserted, DocumentCommitted and DocumentRetracted records: the ingest "
                    + "job writes it, the query job reads it from the beginning into its shard stores.");

    public static final ConfigOption<Integer> CHUNKS_PARTITIONS = key("scoperag.topics.chunks.partitions")
            .intType().defaultValue(4)
            .withDescription("Partitions of the chunks topic when a job creates it (whichever job starts first); all of "
                    + "a shard's records go to one partition.");

    public static final ConfigOption<Boolean> CREATE_TOPICS = key("scoperag.topics.create")
            .booleanType().defaultValue(true)
            .withDescription("Create missing topics at start: the compacted chunks topic (either job), the large-record "
                    + "filings and DLQ topics (ingest job), the queries and answers topics (query job).");

    // One default for both jobs. Every deployment file sets it (10 s in conf/ and the compose file, 30 s on
    // Kubernetes) and the embedded stack and bench-query run both jobs at 2 s, so this default only serves a
    // job started with no configuration: 10 s, the interval the cluster configuration runs both jobs at.
    public static final ConfigOption<Duration> CHECKPOINT_INTERVAL = key("scoperag.checkpoint.interval")
            .durationType().defaultValue(Duration.ofSeconds(10))
            .withDescription("Checkpoint interval of each job; chunks (ingest) and answers (query) become visible to "
                    + "read_committed readers when a checkpoint completes. The embedded stack (up, demo) runs both jobs "
                    + "at 2 s where its configuration says nothing.");

    public static final ConfigOption<String> STATE_DIR = key("scoperag.state.dir")
            .stringType().noDefaultValue()
            .withDescription("Checkpoint directory (a file:// or other Flink file-system URI); Flink's own setting when unset.");

    /** Every setting both jobs read, for the generated configuration reference and the checks of a command's settings. */
    public static List<ConfigOption<?>> all() {
        return List.of(BOOTSTRAP_SERVERS, KafkaClientProperties.PROPERTIES_FILE, CHUNKS_TOPIC, CHUNKS_PARTITIONS, CREATE_TOPICS,
                EmbeddingModelOptions.MODEL_PATH, EmbeddingModelOptions.TOKENIZER_PATH, EmbeddingModelOptions.MAX_TOKENS,
                EmbeddingModelOptions.CHUNK_VECTOR,                 CHECKPOINT_INTERVAL, STATE_DIR);
    }
}
