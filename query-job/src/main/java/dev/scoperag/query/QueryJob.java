package dev.scoperag.query;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.answer.AnswerStageSpec;
import dev.scoperag.core.answer.ContextPolicy;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.llm.LlmSettings;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.query.RetrievalSettings;
import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.route.CatalogSource;
import dev.scoperag.query.functions.AnswerMetrics;
import dev.scoperag.query.functions.AnswerQuery;
import dev.scoperag.query.functions.DecodeQuery;
import dev.scoperag.query.functions.EarlyAnswers;
import dev.scoperag.query.functions.FanOut;
import dev.scoperag.query.functions.GatherResults;
import dev.scoperag.query.functions.RouteQuery;
import dev.scoperag.query.functions.RouteWithLlm;
import dev.scoperag.query.functions.ShardStore;
import dev.scoperag.query.kafka.IncomingQueryDeserializer;
import dev.scoperag.query.types.GatheredQuery;
import dev.scoperag.query.types.IncomingQuery;
import dev.scoperag.query.types.RoutedQuery;
import dev.scoperag.query.types.ShardInput;
import dev.scoperag.stream.EmbeddingModelOptions;
import dev.scoperag.stream.JobConfiguration;
import dev.scoperag.stream.SharedOptions;
import dev.scoperag.stream.kafka.ChunkRecordDeserializer;
import dev.scoperag.stream.kafka.ExactlyOnceSink;
import dev.scoperag.stream.kafka.JsonRecordSerializer;
import dev.scoperag.stream.kafka.KafkaClientProperties;
import dev.scoperag.stream.kafka.Topics;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.BroadcastStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;

/**
 * The query job: questions are routed to their (ticker, fiscal year) shards with a catalog of the
 * committed documents, searched inside those shards (or corpus-wide when routing resolves nothing),
 * gathered per query under a timer, reranked and answered with citations, exactly once.
 *
 * <pre>
 * chunks ──► keyBy(shard) ──────────────────────────────────────► ShardStore ◄── corpus-wide searches (broadcast)
 * chunks (commits) ─► catalog (broadcast) ─┐                          │
 * queries ─► decode ─► route ──────────────┴─► llm route ─► fan out ──┘ results ─► keyBy(query) gather ─► answer ─► answers
 * </pre>
 */
public final class QueryJob {

    public static final String NAME = "scoperag-query";

    /**
     * How long a record may wait in a network buffer before it is sent on, unless {@code execution.buffer-timeout.interval}
     * is configured. Flink's default, 100 ms, is made for throughput: a question crosses three such edges (fan-out to
     * the shard stores, results to the gather step, and on to the answer), and at a few questions a second each waits
     * for the timeout, not for a full buffer. Measured with bench-query before this default: 87 ms of a routed
     * question's 187 ms in-job median was between the plan and the gathered results. The operators of the question
     * path (fan-out, shard store results, gather, answer) send each record at once ({@link #QUESTION_PATH_BUFFER_TIMEOUT});
     * this default is left to the edges that carry the chunks.
     */
    static final Duration QUERY_BUFFER_TIMEOUT = Duration.ofMillis(5);

    /**
     * The question path's buffer timeout, unless {@code execution.buffer-timeout.interval} is configured: 0, each record
     * flushed as it is written. Its records are few (a plan, a search per shard, a result per shard, an answer per
     * question), so no buffer fills; with 5 ms bench-query measured 18 ms p50 for a routed question's retrieval in the job
     * against 5-7 ms in process.
     */
    static final long QUESTION_PATH_BUFFER_TIMEOUT = 0;

    private QueryJob() {}

    public static void main(String[] args) throws Exception {
        JobConfiguration.run(args, NAME, QueryJob::build);
    }

    /** RocksDB state and exactly-once checkpoints, unless the configuration says otherwise. */
    public static Configuration environmentConfig(Configuration config) {
        return JobConfiguration.withStreamingDefaults(config);
    }

    public static void build(StreamExecutionEnvironment env, Configuration config) {
        Optional<Duration> bufferTimeout = config.getOptional(ExecutionOptions.BUFFER_TIMEOUT);
        env.setBufferTimeout(bufferTimeout.orElse(QUERY_BUFFER_TIMEOUT).toMillis());
        long questionPathTimeout = bufferTimeout.map(Duration::toMillis).orElse(QUESTION_PATH_BUFFER_TIMEOUT);
        String bootstrap = config.get(SharedOptions.BOOTSTRAP_SERVERS);
        if (config.get(SharedOptions.CREATE_TOPICS)) {
            Topics.ensure(bootstrap, KafkaClientProperties.from(config), List.of(
                    Topics.plain(config.get(QueryOptions.QUERIES_TOPIC), 1),
                    Topics.plain(config.get(QueryOptions.ANSWERS_TOPIC), 1),
                    Topics.chunks(config.get(SharedOptions.CHUNKS_TOPIC), config.get(SharedOptions.CHUNKS_PARTITIONS))));
        }
        EmbedderSpec embedding = EmbeddingModelOptions.querySpec(config);

        DataStream<ChunkTopicRecord> chunks = env.fromSource(chunksSource(config), WatermarkStrategy.noWatermarks(), "chunks")
                .uid("chunks-source");
        BroadcastStream<ChunkTopicRecord> catalogUpdates = chunks
                .filter(r -> r instanceof DocumentCommitted || r instanceof DocumentRetracted).name("commits").uid("commits")
                .broadcast(RouteQuery.COMMITTED_DOCUMENTS);

        DataStream<IncomingQuery> incoming = env.fromSource(queriesSource(config), WatermarkStrategy.noWatermarks(), "queries")
                .uid("queries-source");
        SingleOutputStreamOperator<QueryEvent> decoded = incoming
                .process(new DecodeQuery(), JsonTypeInformation.of(QueryEvent.class)).name("decode").uid("decode");
        LlmSettings llm = llmSettings(config);
        SingleOutputStreamOperator<RoutedQuery> routed = decoded.connect(catalogUpdates)
                .process(new RouteQuery(catalogSource(config), embedding, retrieval(config), llm),
                        JsonTypeInformation.of(RoutedQuery.class))
                .name("route").uid("route");
        // A question the deterministic router cannot place waits here for the LLM router, off the task thread and in
        // no particular order (gather and answer go by query id), so the questions behind it go on; the others pass
        // straight through, chained, as before. The client's deadline ends a call; this timeout is only a backstop.
        long llmRouteTimeout = llm == null ? 0 : llm.deadline().toMillis() + 10_000;
        SingleOutputStreamOperator<QueryPlan> plans = AsyncDataStream
                .unorderedWait(routed, new RouteWithLlm(retrieval(config), llm), llmRouteTimeout, TimeUnit.MILLISECONDS, 128)
                .returns(JsonTypeInformation.of(QueryPlan.class))
                .name("llm-route").uid("llm-route");
        SingleOutputStreamOperator<ShardInput> searches = plans
                .process(new FanOut(), JsonTypeInformation.of(ShardInput.class)).name("fan-out").uid("fan-out")
                .setBufferTimeout(questionPathTimeout);
        BroadcastStream<ShardRequest> corpusSearches = searches.getSideOutput(FanOut.CORPUS_SEARCHES)
                .broadcast(ShardStore.NO_BROADCAST_STATE);

        DataStream<ShardInput> published = chunks
                .map(ShardInput.Published::new, JsonTypeInformation.of(ShardInput.class)).name("to-store").uid("to-store");
        SingleOutputStreamOperator<ShardResult> results = published.union(searches)
                .keyBy(ShardInput::shard, Types.STRING)
                .connect(corpusSearches)
                .process(new ShardStore(EmbeddingModelOptions.vectorsId(config)), JsonTypeInformation.of(ShardResult.class))
                .name("shard-store").uid("shard-store")
                .setBufferTimeout(questionPathTimeout);

        // Only plans whose searches went out are gathered: a query that failed before is answered already.
        SingleOutputStreamOperator<GatheredQuery> gathered = searches.getSideOutput(FanOut.DISPATCHED)
                .connect(results)
                .keyBy(QueryPlan::queryId, ShardResult::queryId, Types.STRING)
                .process(new GatherResults(config.get(QueryOptions.GATHER_TIMEOUT).toMillis()),
                        JsonTypeInformation.of(GatheredQuery.class))
                .name("gather").uid("gather")
                .setBufferTimeout(questionPathTimeout);
        // LLM answers wait on the network: the answer step is asynchronous, and its own timeout falls
        // back to the extractive answer. A query's clock starts when it enters the step, and it may wait
        // there behind up to 63 others answered one at a time, so the margin is wide; the LLM client's
        // own deadline (one call's timeout per try) bounds the call itself.
        long answerTimeout = (llm == null ? 0 : llm.deadline().toMillis()) + 300_000;
        SingleOutputStreamOperator<AnswerEvent> answers = AsyncDataStream
                .orderedWait(gathered, new AnswerQuery(answerStage(config), llm), answerTimeout, TimeUnit.MILLISECONDS, 64)
                .returns(JsonTypeInformation.of(AnswerEvent.class))
                .name("answer").uid("answer")
                .setBufferTimeout(questionPathTimeout);

        answers.union(decoded.getSideOutput(EarlyAnswers.TAG), routed.getSideOutput(EarlyAnswers.TAG),
                        searches.getSideOutput(EarlyAnswers.TAG), gathered.getSideOutput(EarlyAnswers.TAG))
                .map(new AnswerMetrics(), JsonTypeInformation.of(AnswerEvent.class)).name("answer-metrics").uid("answer-metrics")
                .sinkTo(answersSink(config)).name("answers-sink").uid("answers-sink");
    }

    /**
     * The LLM endpoint from configuration, else from OPENAI_BASE_URL; null when there is none. Its key stays where it is
     * (a file, or the environment of each TaskManager) until the functions open their clients.
     */
    public static LlmSettings llmSettings(Configuration config) {
        String baseUrl = config.getOptional(QueryOptions.LLM_BASE_URL).orElse(null);
        String keyFile = config.getOptional(QueryOptions.LLM_API_KEY_FILE).orElse(null);
        if (baseUrl != null) {
            return new LlmSettings(baseUrl, config.get(QueryOptions.LLM_MODEL), config.get(QueryOptions.LLM_TIMEOUT),
                    LlmSettings.DEFAULT_MAX_RETRIES, keyFile);
        }
        return LlmSettings.fromEnvironment(config.get(QueryOptions.LLM_MODEL), config.get(QueryOptions.LLM_TIMEOUT))
                .map(settings -> settings.withApiKeyFile(keyFile)).orElse(null);
    }

    static RetrievalSettings retrieval(Configuration config) {
        return new RetrievalSettings(config.get(QueryOptions.RETRIEVAL_DEPTH), config.get(QueryOptions.CANDIDATES_PER_SHARD),
                config.get(QueryOptions.RRF_K), config.get(QueryOptions.RETRIEVAL_MODE));
    }

    static CatalogSource catalogSource(Configuration config) {
        return new CatalogSource(config.getOptional(QueryOptions.ISSUER_DIRECTORY).orElse(null),
                config.getOptional(QueryOptions.TICKER_CHANGES).orElse(null),
                config.getOptional(QueryOptions.PRODUCT_ALIASES).orElse(null));
    }

    static AnswerStageSpec answerStage(Configuration config) {
        return new AnswerStageSpec(EmbeddingModelOptions.querySpec(config),
                config.getOptional(QueryOptions.RERANKER_MODEL_PATH).orElse(null),
                config.getOptional(QueryOptions.RERANKER_TOKENIZER_PATH).orElse(null),
                config.get(QueryOptions.RERANK),
                new ContextPolicy(config.get(QueryOptions.DROP_OVERLAPPING), config.get(QueryOptions.ADAPTIVE_CUTOFF),
                        config.get(QueryOptions.STATEMENT_SLOT)),
                AnswerStageSpec.Windows.parse(config.get(QueryOptions.RERANK_WINDOWS)), config.get(QueryOptions.NUMERIC_ROUTE));
    }

    /**
     * The consumer group of the chunks source. Its offsets are committed when a checkpoint completes,
     * so they show which {@code chunks} records every shard store and the catalog have taken in.
     */
    public static String chunksGroupId(Configuration config) {
        return config.get(QueryOptions.GROUP_ID) + "-chunks";
    }

    private static KafkaSource<ChunkTopicRecord> chunksSource(Configuration config) {
        // Always from the beginning when the job starts without state: the stores are rebuilt from the
        // compacted topic. On restore, the checkpointed offsets win.
        return KafkaSource.<ChunkTopicRecord>builder()
                .setProperties(KafkaClientProperties.from(config))
                .setBootstrapServers(config.get(SharedOptions.BOOTSTRAP_SERVERS))
                .setTopics(config.get(SharedOptions.CHUNKS_TOPIC))
                .setGroupId(chunksGroupId(config))
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setDeserializer(new ChunkRecordDeserializer())
                .setProperty("isolation.level", "read_committed")
                .build();
    }

    private static KafkaSource<IncomingQuery> queriesSource(Configuration config) {
        return KafkaSource.<IncomingQuery>builder()
                .setProperties(KafkaClientProperties.from(config))
                .setBootstrapServers(config.get(SharedOptions.BOOTSTRAP_SERVERS))
                .setTopics(config.get(QueryOptions.QUERIES_TOPIC))
                .setGroupId(config.get(QueryOptions.GROUP_ID))
                .setStartingOffsets(OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST))
                .setDeserializer(new IncomingQueryDeserializer())
                .setProperty("isolation.level", "read_committed")
                .build();
    }

    private static KafkaSink<AnswerEvent> answersSink(Configuration config) {
        return ExactlyOnceSink.of(config.get(SharedOptions.BOOTSTRAP_SERVERS), KafkaClientProperties.from(config),
                new JsonRecordSerializer<>(config.get(QueryOptions.ANSWERS_TOPIC), AnswerEvent::queryId),
                config.get(QueryOptions.TRANSACTIONAL_ID_PREFIX) + "-answers");
    }
}
