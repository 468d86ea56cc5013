package dev.scoperag.core.query;

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
 */
public record ShardResult(String queryId, String source, List<Candidate> candidates, RankedLists lists, Failure failure) {

    /** Why a shard or store could not search: a reason code (EMBEDDING_MODEL_MISMATCH, INTERNAL_ERROR) and what happened. */
    public record Failure(String reason, String detail) {}

    public ShardResult {
        candidates = candidates == null ? List.of() : List.copyOf(candidates);
    }

    /** A routed shard's fused candidates. */
    public ShardResult(String queryId, String source, List<Candidate> candidates) {
        this(queryId, source, candidates, null, null);
    }

    /** A store's part of a corpus-wide search. */
    public static ShardResult corpusWide(String queryId, String store, RankedLists lists) {
        return new ShardResult(queryId, store, List.of(), lists, null);
    }

    /** A shard or store that could not search, and why. */
    public static ShardResult failed(String queryId, String source, String reason, String detail) {
        return new ShardResult(queryId, source, List.of(), null, new Failure(reason, detail));
    }
}
