package dev.scoperag.core.engine;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.answer.AnswerStage;
import dev.scoperag.core.answer.Answers;
import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.ingest.ChunkVectors;
import dev.scoperag.core.llm.CatalogExcerpt;
import dev.scoperag.core.llm.LlmClient;
import dev.scoperag.core.llm.LlmRouter;
import dev.scoperag.core.llm.LlmSettings;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.query.RetrievalSettings;
import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.route.Catalog;
import dev.scoperag.core.route.CatalogSource;
import dev.scoperag.core.route.Route;
import dev.scoperag.core.shard.ShardContents;
import dev.scoperag.core.shard.ShardSet;
import java.util.ArrayList;
import java.util.List;

/**
 * The query path in one process, without Flink: the catalog, the routing step ({@link QueryRouting}, with the LLM
 * router when one is configured), the shards' contents ({@link ShardSet}, in memory) and the answer stage, the same
 * pieces the query job's functions adapt, over chunks records applied in topic order. All of a store's shards are
 * one store here, so a corpus-wide search is the merge of every shard's lists, as the job's stores give it.
 */
public final class QueryEngine implements AutoCloseable {

    private final Catalog catalog;
    private final QueryRouting routing;
    private final Embedder embedder;
    private final ShardSet shards;
    private final AnswerStage answerStage;
    private final LlmClient llmClient;
    private final LlmRouter llmRouter;
    /** What the LLM router lists, made from the catalog when a question first needs it after a change. */
    private CatalogExcerpt llmCatalog;

    /** An engine without an LLM router. */
    public QueryEngine(CatalogSource catalogSource, Embedder embedder, RetrievalSettings retrieval, AnswerStage answerStage) {
        this(catalogSource, embedder, retrieval, answerStage, null);
    }

    /** @param llm the endpoint of the LLM router for questions the deterministic router cannot place, or null for none */
    public QueryEngine(CatalogSource catalogSource, Embedder embedder, RetrievalSettings retrieval, AnswerStage answerStage,
            LlmSettings llm) {
        this(catalogSource, embedder, ChunkVectors.id(embedder.modelId(), ChunkVectors.ChunkVector.WINDOW_MEAN), retrieval,
                answerStage, llm);
    }

    /** @param vectorsId the identity of the chunk vectors searched ({@link ChunkVectors#id}); shards of others are not */
    public QueryEngine(CatalogSource catalogSource, Embedder embedder, String vectorsId, RetrievalSettings retrieval,
            AnswerStage answerStage, LlmSettings llm) {
        this.catalog = catalogSource.emptyCatalog();
        this.routing = new QueryRouting(retrieval, embedder);
        this.embedder = embedder;
        this.shards = ShardSet.inMemory(vectorsId);
        this.answerStage = answerStage;
        this.llmClient = llm == null ? null : LlmClient.fromEnvironment(llm);
        this.llmRouter = llmClient == null ? null : new LlmRouter(llmClient);
    }

    /** Applies a chunks-topic record to its shard and, when it is a commit or retraction, to the catalog. */
    public void apply(ChunkTopicRecord record) {
        try {
            shard(ShardSet.canonical(record.shard())).apply(record);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("cannot apply " + record.key(), e);
        }
        if (record instanceof DocumentCommitted commit) {
            catalog.add(commit);
            llmCatalog = null;
        } else if (record instanceof DocumentRetracted retraction) {
            catalog.remove(retraction);
            llmCatalog = null;
        }
    }

    public Catalog catalog() {
        return catalog;
    }

    /** Answers a question the way the query job does, given the same records. */
    public AnswerEvent ask(QueryEvent query) {
        QueryPlan plan = plan(query);
        if (plan.abstains()) {
            return Answers.abstention(plan, System.currentTimeMillis());
        }
        List<ShardResult> results = new ArrayList<>();
        if (plan.isCorpusWide()) {
            results.add(shards.searchAll(plan.queryId(), ShardResult.storeName(0), 1, plan.corpusSearch()));
        } else {
            for (ShardRequest request : plan.shardRequests()) {
                results.add(shard(request.shard()).search(request));
            }
        }
        return answerStage.answer(plan, results, List.of(), System.currentTimeMillis());
    }

    /** A shard's contents; its state is in memory, which throws nothing a caller could act on. */
    private ShardContents shard(String shard) {
        try {
            return shards.shard(shard);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read shard " + shard, e);
        }
    }

    private QueryPlan plan(QueryEvent query) {
        QueryRouting.Routed routed = routing.route(query, catalog, System.currentTimeMillis());
        if (llmRouter == null || !routed.asksLlm()) {
            return routed.plan();
        }
        if (llmCatalog == null) {
            llmCatalog = CatalogExcerpt.of(catalog);
        }
        long start = System.nanoTime();
        // The LLM router's future never fails: a failed call is a fallback route, which keeps the deterministic plan.
        Route llmRoute = llmRouter.route(query.question(), llmCatalog).join();
        return routing.afterLlm(routed, llmRoute, (System.nanoTime() - start) / 1e6);
    }

    /**
     * Builds every shard's index now rather than on its first query, so that query latencies are
     * those of a warm service.
     */
    public void warmUp() {
        shards.buildIndexes();
        routing.warmUp(catalog);
    }

    @Override
    public void close() {
        shards.close();
        answerStage.close();
        embedder.close();
        if (llmClient != null) {
            llmClient.close();
        }
    }
}
