package dev.scoperag.core.query;

import dev.scoperag.core.fact.MetricResult;
import dev.scoperag.core.search.Candidate;
import dev.scoperag.core.search.RankedLists;
import java.util.List;

/**
 * What one shard found for a routed query (fused candidates, best first), or what one store subtask
 * found over all its shards for a corpus-wide query (the unfused lists, which the answer stage
 * merges across stores); or why the shard could not be searched.
 *
 * @param lists the corpus-wide lists, or null for a routed shard's result
 * @param failure why the search failed, or null when it ran
 * @param stores for a store's part of a corpus-wide search, how many stores answer it (the store's name is
 *     {@code store-<subtask index>}), so the gather step knows whom to wait for; 0 for a shard's result
 * @param metric for a routed shard's result, the metric the question asks for computed from the shard's facts (or
 *     what was missing); null when the question asks for none
 */
public record ShardResult(String queryId, String source, List<Candidate> candidates, RankedLists lists, Failure failure, int stores,
        MetricResult metric) {

    /** Why a shard or store could not search: a reason code (EMBEDDING_MODEL_MISMATCH, INTERNAL_ERROR) and what happened. */
    public record Failure(String reason, String detail) {}

    public ShardResult {
        candidates = candidates == null ? List.of() : List.copyOf(candidates);
    }

    /** A result without a metric. */
    public ShardResult(String queryId, String source, List<Candidate> candidates, RankedLists lists, Failure failure, int stores) {
        this(queryId, source, candidates, lists, failure, stores, null);
    }

    /** This result with the shard's numeric-route result. */
    public ShardResult withMetric(MetricResult newMetric) {
        return new ShardResult(queryId, source, candidates, lists, failure, stores, newMetric);
    }

    /** A routed shard's fused candidates. */
    public ShardResult(String queryId, String source, List<Candidate> candidates) {
        this(queryId, source, candidates, null, null, 0);
    }

    /** The name of a store subtask, as its corpus-wide results carry it. */
    public static String storeName(int subtaskIndex) {
        return "store-" + subtaskIndex;
    }

    /** A store's part of a corpus-wide search, one of {@code stores}. */
    public static ShardResult corpusWide(String queryId, String store, int stores, RankedLists lists) {
        return new ShardResult(queryId, store, List.of(), lists, null, stores);
    }

    /** A shard that could not search, and why. */
    public static ShardResult failed(String queryId, String shard, String reason, String detail) {
        return new ShardResult(queryId, shard, List.of(), null, new Failure(reason, detail), 0);
    }

    /** A store, one of {@code stores}, that could not run its part of a corpus-wide search, and why. */
    public static ShardResult storeFailed(String queryId, String store, int stores, String reason, String detail) {
        return new ShardResult(queryId, store, List.of(), null, new Failure(reason, detail), stores);
    }
}
