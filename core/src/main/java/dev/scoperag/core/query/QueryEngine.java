package dev.scoperag.core.query;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.answer.AnswerStage;
import dev.scoperag.core.answer.Answers;
import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.route.Catalog;
import dev.scoperag.core.route.CatalogSource;
import dev.scoperag.core.route.DeterministicRouter;
import dev.scoperag.core.route.Route;
import dev.scoperag.core.search.IndexedChunk;
import dev.scoperag.core.search.RankedLists;
import dev.scoperag.core.search.ShardIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The query job's logic in one process, without Flink: the same catalog, router, planner, shard
 * search and answer stage, over chunks records applied in topic order. The evaluator drives it,
 * and the parity test holds the job to it.
 */
public final class QueryEngine implements AutoCloseable {

    private final Catalog catalog;
    private final DeterministicRouter router = new DeterministicRouter();
    private final QueryPlanner planner;
    private final Embedder embedder;
    private final AnswerStage answerStage;
    private final Map<String, ChunkUpserted> pending = new HashMap<>();
    private final Map<String, Map<String, IndexedChunk>> visible = new LinkedHashMap<>();
    private final Map<String, ShardIndex> indexes = new HashMap<>();

    public QueryEngine(CatalogSource catalogSource, Embedder embedder, RetrievalSettings retrieval, AnswerStage answerStage) {
        this.catalog = catalogSource.emptyCatalog();
        this.planner = new QueryPlanner(retrieval);
        this.embedder = embedder;
        this.answerStage = answerStage;
    }

    /** Applies a chunks-topic record with the shard store's visibility rules. */
    public void apply(ChunkTopicRecord record) {
        if (record instanceof ChunkUpserted chunk) {
            pending.put(chunk.chunkId(), chunk);
            return;
        }
        String shard = record.shard();
        Map<String, IndexedChunk> chunks = visible.computeIfAbsent(shard, s -> new LinkedHashMap<>());
        if (record instanceof DocumentCommitted commit) {
            chunks.values().removeIf(c -> c.docId().equals(commit.docId()) && !c.docHash().equals(commit.docHash()));
            List<String> arrived = new ArrayList<>();
            pending.forEach((id, c) -> {
                if (c.shard().equals(shard) && c.docId().equals(commit.docId()) && c.docHash().equals(commit.docHash())) {
                    arrived.add(id);
                }
            });
            for (String id : arrived) {
                chunks.put(id, IndexedChunk.of(pending.remove(id), commit));
            }
            catalog.add(commit);
        } else if (record instanceof DocumentRetracted retraction) {
            chunks.values().removeIf(c -> c.docId().equals(retraction.docId()));
            catalog.remove(retraction);
        } else if (record instanceof ChunkRemoved removed) {
            pending.remove(removed.chunkId());
            chunks.remove(removed.chunkId());
        }
        invalidate(shard);
    }

    public Catalog catalog() {
        return catalog;
    }

    /** Answers a question the way the query job does, given the same records. */
    public AnswerEvent ask(QueryEvent query) {
        long received = System.currentTimeMillis();
        long routeStart = System.nanoTime();
        Route route = router.route(query.question(), query.hints().routeHints(), catalog);
        double routeMs = (System.nanoTime() - routeStart) / 1e6;
        long embedStart = System.nanoTime();
        float[] vector = QueryPlanner.searches(query, route) ? embedder.embedQuery(query.question()) : null;
        double embedMs = (System.nanoTime() - embedStart) / 1e6;
        QueryPlan plan = planner.plan(query, route, vector, catalog, received, Map.of("route", routeMs, "embed_query", embedMs));
        if (plan.abstains()) {
            return Answers.abstention(plan, System.currentTimeMillis());
        }
        List<ShardResult> results = new ArrayList<>();
        if (plan.isCorpusWide()) {
            // One store holding every shard: the same lists as the job's stores give, merged.
            List<ShardIndex> shards = visible.keySet().stream().map(this::index).toList();
            results.add(ShardResult.corpusWide(plan.queryId(), "store-0", RankedLists.search(shards, plan.corpusSearch())));
        } else {
            for (ShardRequest request : plan.shardRequests()) {
                results.add(new ShardResult(plan.queryId(), request.shard(), index(request.shard()).search(request.search())));
            }
        }
        return answerStage.answer(plan, results, List.of(), System.currentTimeMillis());
    }

    /**
     * Builds every shard's index now rather than on its first query, so that query latencies are
     * those of a warm service.
     */
    public void warmUp() {
        visible.keySet().forEach(this::index);
        // The router builds the catalog's name indexes on first use.
        router.route("", null, catalog);
    }

    private ShardIndex index(String shard) {
        return indexes.computeIfAbsent(shard, s -> ShardIndex.build(visible.getOrDefault(s, Map.of()).values()));
    }

    private void invalidate(String shard) {
        ShardIndex index = indexes.remove(shard);
        if (index != null) {
            index.close();
        }
    }

    @Override
    public void close() {
        indexes.values().forEach(ShardIndex::close);
        answerStage.close();
        embedder.close();
    }
}
