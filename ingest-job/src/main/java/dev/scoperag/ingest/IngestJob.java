package dev.scoperag.ingest;

import dev.scoperag.core.embed.CachingEmbedder;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.embed.EmbeddingCache;
import dev.scoperag.core.fetch.FetchPolicy;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.ingest.Backfill;
import dev.scoperag.core.ingest.DocumentChange;
import dev.scoperag.core.ingest.DocumentPlan;
import dev.scoperag.core.ingest.FetchedFiling;
import dev.scoperag.core.ingest.IncomingFiling;
import dev.scoperag.core.ingest.ReceivedFiling;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.RejectedFiling;
import dev.scoperag.ingest.functions.ChunkDocuments;
import dev.scoperag.ingest.functions.DeadLetters;
import dev.scoperag.ingest.functions.DecodeFiling;
import dev.scoperag.ingest.functions.EmbedChunks;
import dev.scoperag.ingest.functions.FetchContent;
import dev.scoperag.ingest.functions.PublicationMetrics;
import dev.scoperag.ingest.functions.RejectionMetrics;
import dev.scoperag.ingest.functions.VersionDocuments;
import dev.scoperag.stream.EmbeddingModelOptions;
import dev.scoperag.stream.JobConfiguration;
import dev.scoperag.stream.SharedOptions;
import dev.scoperag.stream.kafka.ChunkRecordSerializer;
import dev.scoperag.stream.kafka.ExactlyOnceSink;
import dev.scoperag.stream.kafka.IncomingRecordDeserializer;
import dev.scoperag.stream.kafka.JsonRecordSerializer;
import dev.scoperag.stream.kafka.KafkaClientProperties;
import dev.scoperag.stream.kafka.Topics;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamUtils;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;

/**
 * The ingest job: filings (Kafka, and optionally a backfill directory or manifest) become
 * per-(ticker, year) shards on the compacted {@code chunks} topic, exactly once; every filing that
 * cannot be published goes to {@code filings.dlq} with its reason.
 *
 * <pre>
 * filings -> decode -> fetch -> keyBy(shard) -> version (+extract) -> keyBy(shard) -> chunk -> embed (queued, in steps) -> chunks
 *              \________\______________________\________________________\___ rejected --> filings.dlq
 * </pre>
 */
public final class IngestJob {

    public static final String NAME = "scoperag-ingest";

    private IngestJob() {}

    public static void main(String[] args) throws Exception {
        JobConfiguration.run(args, NAME, IngestJob::build);
    }

    /** RocksDB state and exactly-once checkpoints, unless the configuration says otherwise. */
    public static Configuration environmentConfig(Configuration config) {
        return JobConfiguration.withStreamingDefaults(config);
    }

    /** Adds the ingest topology to {@code env}. */
    public static void build(StreamExecutionEnvironment env, Configuration config) {
        String bootstrap = config.get(SharedOptions.BOOTSTRAP_SERVERS);
        if (config.get(SharedOptions.CREATE_TOPICS)) {
            Topics.ensure(bootstrap, KafkaClientProperties.from(config), List.of(
                    Topics.filings(config.get(IngestOptions.FILINGS_TOPIC), 1),
                    Topics.deadLetters(config.get(IngestOptions.DLQ_TOPIC)),
                    Topics.chunks(config.get(SharedOptions.CHUNKS_TOPIC), config.get(SharedOptions.CHUNKS_PARTITIONS))));
        }
        EmbedderSpec embedderSpec = embedderSpec(config);

        DataStream<IncomingFiling> incoming = incoming(env, config);

        SingleOutputStreamOperator<ReceivedFiling> decoded = incoming
                .process(new DecodeFiling(), JsonTypeInformation.of(ReceivedFiling.class))
                .name("decode").uid("decode");
        SingleOutputStreamOperator<FetchedFiling> fetched = decoded
                .process(new FetchContent(fetchPolicy(config)), JsonTypeInformation.of(FetchedFiling.class))
                .name("fetch").uid("fetch");
        SingleOutputStreamOperator<DocumentChange> changes = fetched
                .keyBy(f -> f.event().shard().id(), org.apache.flink.api.common.typeinfo.Types.STRING)
                .process(new VersionDocuments(limits(config)), JsonTypeInformation.of(DocumentChange.class))
                .name("version").uid("version");
        // Chunking and embedding are a task of their own: the model keeps running while the next filing
        // is fetched and extracted. The edge is keyed as the version step is, so each shard stays on one subtask.
        SingleOutputStreamOperator<DocumentPlan> planned = changes
                .keyBy(DocumentChange::shard, org.apache.flink.api.common.typeinfo.Types.STRING)
                .process(new ChunkDocuments(config.get(IngestOptions.CHUNK_SIZE), config.get(IngestOptions.CHUNK_STRIDE),
                        EmbeddingModelOptions.vectorsId(config)), JsonTypeInformation.of(DocumentPlan.class))
                .name("chunk").uid("chunk");
        SingleOutputStreamOperator<ChunkTopicRecord> embedded = DataStreamUtils
                .reinterpretAsKeyedStream(planned, DocumentPlan::shard, org.apache.flink.api.common.typeinfo.Types.STRING)
                .process(new EmbedChunks(embedderFactory(embedderSpec, config.getOptional(IngestOptions.EMBEDDING_CACHE_DIR).orElse(null)),
                        embedderSpec.chunksPerCall(), config.get(IngestOptions.EMBEDDING_MAX_QUEUED_CHUNKS),
                        config.get(IngestOptions.CHUNK_STRIDE), EmbeddingModelOptions.chunkVector(config)),
                        JsonTypeInformation.of(ChunkTopicRecord.class))
                .name("embed").uid("embed");

        embedded.map(new PublicationMetrics(), JsonTypeInformation.of(ChunkTopicRecord.class)).name("publication-metrics")
                .uid("publication-metrics")
                .sinkTo(chunksSink(config)).name("chunks-sink").uid("chunks-sink");

        DataStream<RejectedFiling> rejected = decoded.getSideOutput(DeadLetters.TAG)
                .union(fetched.getSideOutput(DeadLetters.TAG), changes.getSideOutput(DeadLetters.TAG),
                        planned.getSideOutput(DeadLetters.TAG), embedded.getSideOutput(DeadLetters.TAG));
        rejected.map(new RejectionMetrics(), JsonTypeInformation.of(RejectedFiling.class)).name("rejection-metrics")
                .uid("rejection-metrics")
                .sinkTo(deadLetterSink(config)).name("dlq-sink").uid("dlq-sink");
    }

    static DataStream<IncomingFiling> incoming(StreamExecutionEnvironment env, Configuration config) {
        DataStream<IncomingFiling> stream = null;
        if (config.get(IngestOptions.READ_FILINGS_TOPIC)) {
            KafkaSource<IncomingFiling> source = KafkaSource.<IncomingFiling>builder()
                    .setProperties(KafkaClientProperties.from(config))
                    .setBootstrapServers(config.get(SharedOptions.BOOTSTRAP_SERVERS))
                    .setTopics(config.get(IngestOptions.FILINGS_TOPIC))
                    .setGroupId(config.get(IngestOptions.GROUP_ID))
                    .setStartingOffsets(OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST))
                    .setDeserializer(new IncomingRecordDeserializer())
                    .setProperty("isolation.level", "read_committed")
                    .setProperty("max.partition.fetch.bytes", Integer.toString(Topics.MAX_RECORD_BYTES + 1024 * 1024))
                    .setProperty("fetch.max.bytes", Integer.toString(Topics.MAX_RECORD_BYTES + 1024 * 1024))
                    .build();
            stream = env.fromSource(source, WatermarkStrategy.noWatermarks(), "filings").uid("filings-source");
        }
        String backfill = config.getOptional(IngestOptions.BACKFILL_PATH).orElse(null);
        if (backfill != null) {
            List<IncomingFiling> events = Backfill.list(Path.of(backfill)).stream()
                    .map(e -> backfillRecord(backfill, e))
                    .toList();
            DataStream<IncomingFiling> files = env.fromData(events, JsonTypeInformation.of(IncomingFiling.class))
                    .name("backfill").uid("backfill-source");
            stream = stream == null ? files : stream.union(files);
        }
        if (stream == null) {
            throw new IllegalArgumentException("nothing to read: the filings topic is off and no backfill path is set");
        }
        return stream;
    }

    private static IncomingFiling backfillRecord(String backfill, FilingEvent event) {
        return new IncomingFiling(new RejectedFiling.Source("backfill:" + backfill, null, null, event.eventId()), Json.toBytes(event));
    }

    static VersionDocuments.Limits limits(Configuration config) {
        return new VersionDocuments.Limits(config.get(IngestOptions.MAX_CHARACTERS), config.get(IngestOptions.MAX_CHUNKS),
                config.get(IngestOptions.CHUNK_SIZE), config.get(IngestOptions.CHUNK_STRIDE));
    }

    static FetchPolicy fetchPolicy(Configuration config) {
        Path root = config.getOptional(IngestOptions.FILE_ROOT).map(Path::of)
                .orElseGet(() -> config.getOptional(IngestOptions.BACKFILL_PATH).map(p -> Backfill.root(Path.of(p))).orElse(null));
        return new FetchPolicy(root, new HashSet<>(config.get(IngestOptions.ALLOWED_HOSTS)),
                config.get(IngestOptions.MAX_CONTENT_SIZE).getBytes(), config.get(IngestOptions.FETCH_TIMEOUT));
    }

    /** The model and how the job runs it, as the configuration says. */
    public static EmbedderSpec embedderSpec(Configuration config) {
        return new EmbedderSpec(
                config.getOptional(EmbeddingModelOptions.MODEL_PATH).orElse(null),
                config.getOptional(EmbeddingModelOptions.TOKENIZER_PATH).orElse(null),
                config.get(EmbeddingModelOptions.MAX_TOKENS),
                config.get(IngestOptions.EMBEDDING_BATCH_SIZE),
                config.get(IngestOptions.EMBEDDING_THREADS),
                config.get(IngestOptions.EMBEDDING_PARALLEL_RUNS));
    }

    /** The model, behind the on-disk embedding cache in {@code cacheDir} when one is given. */
    static EmbedChunks.EmbedderFactory embedderFactory(EmbedderSpec spec, String cacheDir) {
        if (cacheDir == null) {
            return spec::open;
        }
        return () -> {
            EmbeddingCache cache = EmbeddingCache.open(Path.of(cacheDir).resolve(spec.modelId()), spec.modelId());
            return new CachingEmbedder(spec.open(), cache);
        };
    }

    private static KafkaSink<ChunkTopicRecord> chunksSink(Configuration config) {
        return ExactlyOnceSink.of(config.get(SharedOptions.BOOTSTRAP_SERVERS), KafkaClientProperties.from(config),
                new ChunkRecordSerializer(config.get(SharedOptions.CHUNKS_TOPIC)),
                config.get(IngestOptions.TRANSACTIONAL_ID_PREFIX) + "-chunks");
    }

    private static KafkaSink<RejectedFiling> deadLetterSink(Configuration config) {
        return ExactlyOnceSink.of(config.get(SharedOptions.BOOTSTRAP_SERVERS), KafkaClientProperties.from(config),
                new JsonRecordSerializer<>(config.get(IngestOptions.DLQ_TOPIC), r -> r.source() == null ? null : r.source().key()),
                config.get(IngestOptions.TRANSACTIONAL_ID_PREFIX) + "-dlq");
    }
}
