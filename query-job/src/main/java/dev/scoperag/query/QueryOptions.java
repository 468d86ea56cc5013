package dev.scoperag.query;

import static org.apache.flink.configuration.ConfigOptions.key;

import dev.scoperag.core.answer.ContextPolicy;
import dev.scoperag.core.search.SearchMode;
import dev.scoperag.stream.SharedOptions;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.configuration.ConfigOption;

/**
 * Every setting only the query job reads, with its default and what it does; the ones both jobs read
 * are {@link SharedOptions}.
 */
public final class QueryOptions {

    private QueryOptions() {}

    public static final ConfigOption<String> QUERIES_TOPIC = key("scoperag.topics.queries")
            .stringType().defaultValue("queries")
            .withDescription("Input topic of QueryEvent records.");

    public static final ConfigOption<String> ANSWERS_TOPIC = key("scoperag.topics.answers")
            .stringType().defaultValue("answers")
            .withDescription("Output topic of AnswerEvent records, written exactly once.");

    public static final ConfigOption<String> GROUP_ID = key("scoperag.query.group-id")
            .stringType().defaultValue("scoperag-query")
            .withDescription("Consumer group of the queries and chunks sources (offsets are committed on checkpoints).");

    public static final ConfigOption<String> ISSUER_DIRECTORY = key("scoperag.route.issuer-directory")
            .stringType().noDefaultValue()
            .withDescription("SEC company_tickers.json: lets the router recognise companies that are known but not in the corpus.");

    public static final ConfigOption<String> TICKER_CHANGES = key("scoperag.route.ticker-changes")
            .stringType().noDefaultValue()
            .withDescription("CSV old,new,effective_date,note of renamed tickers (SQ to XYZ, FB to META); built-in names are always known.");

    public static final ConfigOption<String> PRODUCT_ALIASES = key("scoperag.route.product-aliases")
            .stringType().noDefaultValue()
            .withDescription("CSV alias,ticker,note of a deployment's own products, brands, segments and subsidiaries, read beside the built-in list.");

    public static final ConfigOption<Duration> GATHER_TIMEOUT = key("scoperag.query.gather-timeout")
            .durationType().defaultValue(Duration.ofSeconds(10))
            .withDescription("How long a query waits for its shards; the answer then says which shards did not answer.");

    public static final ConfigOption<Integer> RETRIEVAL_DEPTH = key("scoperag.retrieval.depth")
            .intType().defaultValue(50)
            .withDescription("Length of each ranked list (BM25, dense) before fusion.");

    public static final ConfigOption<Integer> CANDIDATES_PER_SHARD = key("scoperag.retrieval.candidates-per-shard")
            .intType().defaultValue(20)
            .withDescription("Fused candidates each shard returns to the reranker.");

    public static final ConfigOption<Integer> RRF_K = key("scoperag.retrieval.rrf-k")
            .intType().defaultValue(60)
            .withDescription("Reciprocal rank fusion constant.");

    public static final ConfigOption<SearchMode> RETRIEVAL_MODE = key("scoperag.retrieval.mode")
            .enumType(SearchMode.class).defaultValue(SearchMode.HYBRID)
            .withDescription("Ranked lists a shard search builds: HYBRID (BM25 and dense, fused; dense scores each chunk by its "
                    + "best stored window), BM25 or DENSE alone, or HYBRID_CHUNK_VECTORS (dense by each chunk's own vector, the "
                    + "mean of its windows) (ablations).");

    public static final ConfigOption<Boolean> RERANK = key("scoperag.rerank.enabled")
            .booleanType().defaultValue(true)
            .withDescription("Rerank the gathered candidates; when false they keep the fused retrieval order (an ablation).");

    public static final ConfigOption<Boolean> DROP_OVERLAPPING = key("scoperag.context.drop-overlapping")
            .booleanType().defaultValue(ContextPolicy.defaults().dropOverlapping())
            .withDescription("Drop a reranked candidate that shares half its text or more with a better one of the same "
                    + "document (overlapping neighbours), so its context slot goes to another passage.");

    public static final ConfigOption<Boolean> ADAPTIVE_CUTOFF = key("scoperag.context.adaptive-cutoff")
            .booleanType().defaultValue(ContextPolicy.defaults().adaptiveCutoff())
            .withDescription("Cut the context at most of the reranked score mass or at a score cliff instead of always "
                    + "taking top_k (measured: no gain at k = 5, so off).");

    public static final ConfigOption<Boolean> STATEMENT_SLOT = key("scoperag.context.statement-slot")
            .booleanType().defaultValue(ContextPolicy.defaults().statementSlot())
            .withDescription("When a question names a financial statement (income statement, balance sheet, cash flows) and "
                    + "no context chunk holds it, the best candidate that does (latest fiscal year first) takes the last slot.");

    public static final ConfigOption<String> RERANK_WINDOWS = key("scoperag.rerank.windows")
            .stringType().defaultValue("stored")
            .withDescription("Where the reranker's window vectors come from: stored, the ones the ingest job embedded once with "
                    + "each chunk, all of a candidate's counted (no model call at query time but the question's); "
                    + "stored-best3, the three lexically best of them; stored-blend, all of them, the features in the fixed blend "
                    + "of the reranker before (the default fuses them by rank); or model, the candidates' three lexically best "
                    + "windows embedded for every question (the reranker before stored windows, for comparison).");

    public static final ConfigOption<Boolean> NUMERIC_ROUTE = key("scoperag.answer.numeric-route")
            .booleanType().defaultValue(true)
            .withDescription("Answer a question that asks for a metric of a routed filing from the filing's facts (the figure, "
                    + "its formula and its inputs with their sources); when false, retrieval answers every question (an ablation).");

    public static final ConfigOption<String> RERANKER_MODEL_PATH = key("scoperag.rerank.model-path")
            .stringType().noDefaultValue()
            .withDescription("A BERT-style cross-encoder exported to ONNX; the window reranker on the bundled model when unset.");

    public static final ConfigOption<String> RERANKER_TOKENIZER_PATH = key("scoperag.rerank.tokenizer-path")
            .stringType().noDefaultValue()
            .withDescription("The tokenizer.json of scoperag.rerank.model-path.");

    public static final ConfigOption<String> LLM_BASE_URL = key("scoperag.llm.base-url")
            .stringType().noDefaultValue()
            .withDescription("An OpenAI-compatible endpoint for routing fallback and llm answers (OPENAI_BASE_URL); the key is read "
                    + "from scoperag.llm.api-key-file, OPENAI_API_KEY_FILE or OPENAI_API_KEY, never from configuration.");

    public static final ConfigOption<String> LLM_API_KEY_FILE = key("scoperag.llm.api-key-file")
            .stringType().noDefaultValue()
            .withDescription("A file holding the LLM API key (e.g. a mounted Kubernetes or Docker secret), read on each "
                    + "TaskManager when the job starts; when unset, the file named by OPENAI_API_KEY_FILE, else OPENAI_API_KEY. "
                    + "The key itself is never a configuration value.");

    public static final ConfigOption<String> LLM_MODEL = key("scoperag.llm.model")
            .stringType().defaultValue("gpt-4.1-mini")
            .withDescription("Model name sent to the LLM endpoint.");

    public static final ConfigOption<Duration> LLM_TIMEOUT = key("scoperag.llm.timeout")
            .durationType().defaultValue(Duration.ofSeconds(30))
            .withDescription("Timeout of one LLM call.");

    public static final ConfigOption<String> TRANSACTIONAL_ID_PREFIX = key("scoperag.query.transactional-id-prefix")
            .stringType().defaultValue("scoperag-query")
            .withDescription("Prefix of the Kafka transactional ids of the answers sink; unique per job on a cluster.");

    /** The settings only this job reads, for the generated configuration reference. */
    public static List<ConfigOption<?>> own() {
        return List.of(QUERIES_TOPIC, ANSWERS_TOPIC, GROUP_ID, ISSUER_DIRECTORY, TICKER_CHANGES, PRODUCT_ALIASES, GATHER_TIMEOUT, RETRIEVAL_DEPTH,
                CANDIDATES_PER_SHARD, RRF_K, RETRIEVAL_MODE, RERANK, RERANK_WINDOWS, DROP_OVERLAPPING, ADAPTIVE_CUTOFF, STATEMENT_SLOT, NUMERIC_ROUTE,
                RERANKER_MODEL_PATH,
                RERANKER_TOKENIZER_PATH, LLM_BASE_URL, LLM_API_KEY_FILE, LLM_MODEL, LLM_TIMEOUT, TRANSACTIONAL_ID_PREFIX);
    }

    /** Every setting this job reads: the ones both jobs read ({@link SharedOptions#all()}) and its own. */
    public static List<ConfigOption<?>> all() {
        return Stream.concat(SharedOptions.all().stream(), own().stream()).toList();
    }
}
