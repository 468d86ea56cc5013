package dev.scoperag.launcher.eval;

import dev.scoperag.core.answer.AnswerStageSpec;
import dev.scoperag.core.answer.ContextPolicy;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.core.query.RetrievalSettings;
import dev.scoperag.core.search.SearchMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A way of answering the benchmark's questions, set up through the query code's own settings and
 * query options: the product, its baselines and its ablations.
 */
public enum Arm {

    /** Routed, scoped hybrid retrieval, reranked: the product with its defaults. */
    HDRR("hdrr", SearchMode.HYBRID, true, "routed, scoped hybrid retrieval, reranked (the product)"),
    /** Corpus-wide hybrid retrieval with the same reranker: the strongest plain chunk retrieval. */
    CBR("cbr", SearchMode.HYBRID, true, "corpus-wide hybrid retrieval, same reranker"),
    /** Retrieval scoped to the gold document through query hints: the upper bound of routing. */
    ORACLE_DOC("oracle-doc", SearchMode.HYBRID, true, "retrieval scoped to the gold document (upper bound)"),
    HDRR_DENSE("hdrr-dense", SearchMode.DENSE, true, "hdrr with dense retrieval only"),
    HDRR_BM25("hdrr-bm25", SearchMode.BM25, true, "hdrr with BM25 only"),
    HDRR_NORERANK("hdrr-norerank", SearchMode.HYBRID, false, "hdrr without reranking (fused retrieval order)"),
    /** The reranker before stored windows: the model embeds each candidate's three lexically best windows per question. */
    HDRR_MODEL_WINDOWS("hdrr-model-windows", SearchMode.HYBRID, true,
            "hdrr reranking with windows embedded at query time (the reranker before stored window vectors)",
            ContextPolicy.defaults(), AnswerStageSpec.Windows.MODEL),
    /** Stored window vectors, the three lexically best of each candidate counted (the default counts all of them). */
    HDRR_BEST3_WINDOWS("hdrr-best3-windows", SearchMode.HYBRID, true,
            "hdrr counting the three lexically best stored windows of each candidate, as the reranker before",
            ContextPolicy.defaults(), AnswerStageSpec.Windows.STORED_BEST3),
    /** Stored window vectors with the reranker's features in the offline reranker's fixed blend, not fused by rank. */
    HDRR_BLEND("hdrr-blend", SearchMode.HYBRID, true,
            "hdrr with the reranker's features in the fixed blend of the reranker before (the default fuses them by rank)",
            ContextPolicy.defaults(), AnswerStageSpec.Windows.STORED_BLEND),
    /** The dense list by each chunk's own vector (its windows' mean), not by its best window. */
    HDRR_CHUNK_DENSE("hdrr-chunk-dense", SearchMode.HYBRID_CHUNK_VECTORS, true,
            "hdrr with the dense list scoring each chunk's own vector, not its best window"),
    HDRR_OVERLAPPING("hdrr-overlapping", SearchMode.HYBRID, true, "hdrr keeping overlapping neighbour chunks in context",
            ContextPolicy.defaults().withDropOverlapping(false)),
    HDRR_CUTOFF("hdrr-cutoff", SearchMode.HYBRID, true, "hdrr with the adaptive context cutoff (off by default)",
            ContextPolicy.defaults().withAdaptiveCutoff(true)),
    HDRR_NOSTATEMENT("hdrr-nostatement", SearchMode.HYBRID, true, "hdrr without the financial-statement slot",
            ContextPolicy.defaults().withStatementSlot(false)),
    /** With hdrr-norerank, the candidate lists themselves: run them with a large --k to see what fusion hands the reranker. */
    /** The answers before the numeric route: retrieval answers every question, metrics included. */
    HDRR_NONUMERIC("hdrr-nonumeric", SearchMode.HYBRID, true, "hdrr without the numeric route (retrieval answers metric questions too)",
            ContextPolicy.defaults(), AnswerStageSpec.Windows.STORED, false),
    HDRR_DENSE_NORERANK("hdrr-dense-norerank", SearchMode.DENSE, false, "dense retrieval order, no reranking (candidate recall)"),
    HDRR_BM25_NORERANK("hdrr-bm25-norerank", SearchMode.BM25, false, "BM25 retrieval order, no reranking (candidate recall)");

    private final String id;
    private final SearchMode mode;
    private final boolean rerank;
    private final String description;
    private final ContextPolicy context;
    private final AnswerStageSpec.Windows windows;
    private final boolean numericRoute;

    Arm(String id, SearchMode mode, boolean rerank, String description) {
        this(id, mode, rerank, description, ContextPolicy.defaults());
    }

    Arm(String id, SearchMode mode, boolean rerank, String description, ContextPolicy context) {
        this(id, mode, rerank, description, context, AnswerStageSpec.Windows.STORED);
    }

    Arm(String id, SearchMode mode, boolean rerank, String description, ContextPolicy context, AnswerStageSpec.Windows windows) {
        this(id, mode, rerank, description, context, windows, true);
    }

    Arm(String id, SearchMode mode, boolean rerank, String description, ContextPolicy context, AnswerStageSpec.Windows windows,
            boolean numericRoute) {
        this.id = id;
        this.mode = mode;
        this.rerank = rerank;
        this.description = description;
        this.context = context;
        this.windows = windows;
        this.numericRoute = numericRoute;
    }

    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    public static Arm byId(String id) {
        return Arrays.stream(values()).filter(a -> a.id.equals(id.trim().toLowerCase(Locale.ROOT))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown arm " + id + "; arms: " + ids()));
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(Arm::id).toList();
    }

    /** What a query engine or job needs to serve an arm; arms with equal setups share one. */
    public record Setup(RetrievalSettings retrieval, boolean rerank, ContextPolicy context, AnswerStageSpec.Windows windows,
            boolean numericRoute) {}

    public Setup setup() {
        return new Setup(retrieval(), rerank, context, windows, numericRoute);
    }

    /** The arms grouped by setup, in order of first appearance. */
    public static Map<Setup, List<Arm>> bySetup(List<Arm> arms) {
        Map<Setup, List<Arm>> groups = new LinkedHashMap<>();
        for (Arm arm : arms) {
            groups.computeIfAbsent(arm.setup(), s -> new ArrayList<>()).add(arm);
        }
        return groups;
    }

    public RetrievalSettings retrieval() {
        RetrievalSettings defaults = RetrievalSettings.defaults();
        return new RetrievalSettings(defaults.depth(), defaults.candidatesPerShard(), defaults.rrfK(), mode);
    }

    public boolean reranks() {
        return rerank;
    }

    /** Whether the arm's context comes from the router's shards, so routing accuracy applies to it. */
    public boolean routes() {
        return this != CBR;
    }

    /** The query this arm sends for a question: only the oracle knows the gold document, as hints. */
    public QueryEvent query(String queryId, EvalQuestion question, EvalCorpus.Document gold, int k) {
        QueryEvent.Hints hints = this == ORACLE_DOC
                ? new QueryEvent.Hints(List.of(gold.ticker()), List.of(gold.fiscalYear()), List.of(gold.formType()),
                        gold.period() == null ? List.of() : List.of(gold.period()))
                : QueryEvent.Hints.none();
        String scope = this == CBR ? "corpus" : "auto";
        return new QueryEvent(queryId, question.question(), null, hints, new QueryEvent.Options(k, scope, "extractive"));
    }
}
