package dev.scoperag.core.answer;

import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.fact.Computation;
import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.record.PipelineVersion;
import dev.scoperag.core.route.Route;
import dev.scoperag.core.search.Candidate;
import dev.scoperag.core.search.IndexedChunk;
import dev.scoperag.core.search.RankedLists;
import dev.scoperag.core.search.SearchRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The last step of a query: merges the shards' candidates, reranks them, keeps a compact context
 * (with a quota per company when several are asked about) and answers from it.
 */
public final class AnswerStage implements AutoCloseable {

    public static final String NO_EVIDENCE = "NO_EVIDENCE";
    public static final String SHARDS_DID_NOT_ANSWER = "SHARDS_DID_NOT_ANSWER";
    /** Why a metric a shard computed was not the answer: the question is about a part of the company. */
    static final String NUMERIC_SKIPPED = "numeric_skipped";
    /** The retrieval entry saying which facts the numeric route missed, when it could not compute a metric asked for. */
    static final String NUMERIC_MISSING = "numeric_missing";

    private final Reranker reranker;
    private final ExtractiveAnswerer answerer;
    private final Embedder embedder;
    private final String embeddingModel;
    private final ContextPolicy contextPolicy;
    private final boolean numericRoute;

    /**
     * Takes ownership of the reranker, the answerer and the embedder. With {@code numericRoute} off, metrics the shards
     * computed are ignored and retrieval answers every question (an ablation).
     */
    public AnswerStage(Reranker reranker, ExtractiveAnswerer answerer, Embedder embedder, ContextPolicy contextPolicy,
            boolean numericRoute) {
        this.reranker = reranker;
        this.answerer = answerer;
        this.embedder = embedder;
        this.embeddingModel = embedder == null ? null : embedder.modelId();
        this.contextPolicy = contextPolicy;
        this.numericRoute = numericRoute;
    }

    /** With the numeric route. */
    public AnswerStage(Reranker reranker, ExtractiveAnswerer answerer, Embedder embedder, ContextPolicy contextPolicy) {
        this(reranker, answerer, embedder, contextPolicy, true);
    }

    /** With the default context policy. */
    public AnswerStage(Reranker reranker, ExtractiveAnswerer answerer, Embedder embedder) {
        this(reranker, answerer, embedder, ContextPolicy.defaults());
    }

    /** Reranked and cut evidence for a query, ready to be answered from; or the answer already, when there is no evidence. */
    public record Prepared(QueryPlan plan, List<Scored> context, Map<String, Object> retrieval, Map<String, Double> timings,
            AnswerEvent early, ShardResult numeric) {

        /** Prepared without a metric computed by a shard. */
        public Prepared(QueryPlan plan, List<Scored> context, Map<String, Object> retrieval, Map<String, Double> timings,
                AnswerEvent early) {
            this(plan, context, retrieval, timings, early, null);
        }

        public List<String> issuerNames() {
            return plan.route().issuers().stream().map(Route.Issuer::name).filter(n -> n != null).toList();
        }
    }

    /** Answers from the shards' computed metric when there is one, else with the extractive answerer. */
    public AnswerEvent answer(QueryPlan plan, List<ShardResult> results, List<String> missing, long gatheredAtMillis) {
        Prepared prepared = prepare(plan, results, missing, gatheredAtMillis);
        if (prepared.early() != null) {
            return prepared.early();
        }
        return numeric(prepared).orElseGet(() -> complete(prepared, extractive(prepared), "extractive", null));
    }

    /**
     * The answer of the numeric route, when a routed shard computed the metric the question asks for: the figure, the
     * formula and its inputs with their facts, and the computation as a field. The retrieved context stays in the
     * record, so the evidence of the figure can still be read in the filing's text.
     */
    public Optional<AnswerEvent> numeric(Prepared prepared) {
        if (prepared.numeric() == null) {
            return Optional.empty();
        }
        Computation computation = prepared.numeric().metric().computation();
        String shard = prepared.numeric().source();
        prepared.retrieval().put("answer_mode", NumericRoute.MODE);
        return Optional.of(event(prepared.plan(), AnswerEvent.ANSWERED, null, null, NumericRoute.text(computation, shard),
                NumericRoute.citations(computation, shard), prepared.retrieval(), prepared.timings(), computation));
    }

    /** Merges, reranks and cuts the shards' candidates. */
    public Prepared prepare(QueryPlan plan, List<ShardResult> results, List<String> missing, long gatheredAtMillis) {
        Map<String, Double> timings = new LinkedHashMap<>(plan.timingsMs());
        timings.put("retrieve", (double) Math.max(0, gatheredAtMillis - plan.receivedAtMillis()) - timings.values().stream().mapToDouble(d -> d).sum());
        List<ShardResult> failed = results.stream().filter(r -> r.failure() != null).toList();
        List<Candidate> candidates = merge(plan, results.stream().filter(r -> r.failure() == null).toList());
        Map<String, Object> retrieval = new LinkedHashMap<>();
        retrieval.put("corpus_wide", plan.isCorpusWide());
        retrieval.put("candidates", candidates.size());
        if (!missing.isEmpty()) {
            retrieval.put("missing", missing);
        }
        if (!failed.isEmpty()) {
            Map<String, String> failures = new LinkedHashMap<>();
            failed.forEach(r -> failures.put(r.source(), r.failure().reason() + ": " + r.failure().detail()));
            retrieval.put("failed", failures);
        }
        String part = NumericRoute.partNamed(plan.route());
        ShardResult computed = plan.isCorpusWide() || !numericRoute ? null : NumericRoute.computed(results).orElse(null);
        ShardResult numeric = part == null ? computed : null;
        Map<String, Object> numericMissing = numericRoute && part == null ? NumericRoute.missing(results) : Map.of();
        if (numeric == null && !numericMissing.isEmpty()) {
            retrieval.put(NUMERIC_MISSING, numericMissing);
        }
        if (computed != null && part != null) {
            // The company's statements would answer for all of it: "AWS operating margin" is not Amazon's.
            retrieval.put(NUMERIC_SKIPPED, "the question names " + part + ", a part of the company its filings named,"
                    + " not the company: its consolidated figures do not answer it");
        }
        if (candidates.isEmpty() && !failed.isEmpty() && numeric == null) {
            // Nothing searched answers: the answer says why the shards could not be searched.
            ShardResult.Failure first = failed.get(0).failure();
            String detail = failed.size() == 1 ? failed.get(0).source() + ": " + first.detail()
                    : failed.size() + " shards could not be searched; " + failed.get(0).source() + ": " + first.detail();
            AnswerEvent early = event(plan, AnswerEvent.ERROR, first.reason(), detail, null, List.of(), retrieval, timings);
            return new Prepared(plan, List.of(), retrieval, timings, early);
        }
        if (candidates.isEmpty() && numeric != null) {
            return new Prepared(plan, List.of(), retrieval, timings, null, numeric);
        }
        if (candidates.isEmpty()) {
            String reason = missing.isEmpty() ? NO_EVIDENCE : SHARDS_DID_NOT_ANSWER;
            String detail = missing.isEmpty() ? "no passage of the searched filings matches the question" : "no answer in time from " + missing;
            AnswerEvent early = event(plan, missing.isEmpty() ? AnswerEvent.ABSTAINED : AnswerEvent.ERROR, reason, detail, null, List.of(),
                    retrieval, timings);
            return new Prepared(plan, List.of(), retrieval, timings, early);
        }
        long rerankStart = System.nanoTime();
        List<Scored> reranked = contextPolicy.distinct(reranker.rerank(plan.query().question(), candidates));
        timings.put("rerank", (System.nanoTime() - rerankStart) / 1e6);
        int topK = plan.query().options().topKOrDefault();
        AdaptiveCutoff cutoff = contextPolicy.cutoff(topK);
        // The quota shares the context between the companies a question was routed to; the companies
        // of a corpus-wide search's candidates are not ones the question asked about.
        List<Scored> context = !plan.isCorpusWide() && tickers(reranked).size() > 1
                ? EvidenceQuota.perTicker(topK).select(reranked, cutoff)
                : cutoff.cut(reranked);
        context = contextPolicy.withStatements(plan.query().question(), reranked, plan.isCorpusWide() ? List.of() : candidates, context);
        retrieval.put("context", context.stream().map(AnswerStage::describe).toList());
        return new Prepared(plan, context, retrieval, timings, null, numeric);
    }

    /** The extractive answer to a prepared query. */
    public Answer extractive(Prepared prepared) {
        long answerStart = System.nanoTime();
        Answer answer = answerer.answer(prepared.plan().query().question(), prepared.context(), prepared.issuerNames());
        prepared.timings().put("answer", (System.nanoTime() - answerStart) / 1e6);
        return answer;
    }

    /** The answer record of a prepared query, saying which answerer answered and, after a fallback, why. */
    public AnswerEvent complete(Prepared prepared, Answer answer, String mode, String fallbackReason) {
        prepared.retrieval().put("answer_mode", mode);
        if (fallbackReason != null) {
            prepared.retrieval().put("fallback_reason", fallbackReason);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> numericMissing = (Map<String, Object>) prepared.retrieval().get(NUMERIC_MISSING);
        String detail = numericMissing == null ? null : NumericRoute.fallbackDetail(numericMissing);
        return event(prepared.plan(), answer.status(), answer.reason(), detail, answer.text(), answer.citations(),
                prepared.retrieval(), prepared.timings());
    }

    /** The answerer behind the extractive mode, for fallbacks that run elsewhere. */
    public ExtractiveAnswerer extractiveAnswerer() {
        return answerer;
    }

    private AnswerEvent event(QueryPlan plan, String status, String reason, String detail, String text, List<Citation> citations,
            Map<String, Object> retrieval, Map<String, Double> timings) {
        return event(plan, status, reason, detail, text, citations, retrieval, timings, null);
    }

    private AnswerEvent event(QueryPlan plan, String status, String reason, String detail, String text, List<Citation> citations,
            Map<String, Object> retrieval, Map<String, Double> timings, Computation computation) {
        long now = System.currentTimeMillis();
        timings.put("total", (double) (now - plan.receivedAtMillis()));
        Map<String, String> versions = new LinkedHashMap<>();
        versions.put("pipeline", PipelineVersion.CURRENT);
        if (embeddingModel != null) {
            versions.put("embedding_model", embeddingModel);
        }
        versions.put("reranker", reranker.id());
        versions.put("answerer", answerer.id());
        return new AnswerEvent(plan.queryId(), plan.query().question(), status, reason, detail, text, citations,
                Answers.summary(plan.route()), retrieval, timings, versions, Instant.ofEpochMilli(now).toString(), computation);
    }

    /**
     * The candidates the answer is chosen from. Routed: all shards' candidates, each chunk once, best
     * fused score first (ties by chunk id, so the order is stable). Corpus-wide: the stores' lists
     * merged into the lists of one search over every shard, then fused as a shard's search fuses
     * them, so the result does not depend on how shards are spread over stores.
     */
    static List<Candidate> merge(QueryPlan plan, List<ShardResult> results) {
        if (plan.isCorpusWide()) {
            SearchRequest search = plan.corpusSearch();
            List<RankedLists> parts = results.stream().map(ShardResult::lists).filter(Objects::nonNull).toList();
            return RankedLists.merge(parts, search.depth()).fuse(search.rrfK(), search.limit());
        }
        Map<String, Candidate> byChunk = new LinkedHashMap<>();
        for (ShardResult result : results) {
            for (Candidate c : result.candidates()) {
                byChunk.merge(c.chunk().chunkId(), c, (a, b) -> a.fusedScore() >= b.fusedScore() ? a : b);
            }
        }
        List<Candidate> merged = new ArrayList<>(byChunk.values());
        merged.sort(Comparator.comparingDouble(Candidate::fusedScore).reversed().thenComparing(c -> c.chunk().chunkId()));
        return merged;
    }

    private static Set<String> tickers(List<Scored> reranked) {
        Set<String> tickers = new LinkedHashSet<>();
        reranked.forEach(s -> tickers.add(s.candidate().chunk().ticker()));
        return tickers;
    }

    private static Map<String, Object> describe(Scored s) {
        IndexedChunk c = s.candidate().chunk();
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("chunk_id", c.chunkId());
        d.put("shard", c.shard());
        d.put("doc_id", c.docId());
        d.put("form_type", c.formType());
        d.put("char_start", c.charStart());
        d.put("char_end", c.charEnd());
        if (c.pageStart() != null) {
            d.put("page_start", c.pageStart());
            d.put("page_end", c.pageEnd());
        }
        d.put("rerank_score", s.score());
        d.put("fused_score", s.candidate().fusedScore());
        return d;
    }

    @Override
    public void close() {
        reranker.close();
        answerer.close();
        if (embedder != null) {
            embedder.close();
        }
    }
}
