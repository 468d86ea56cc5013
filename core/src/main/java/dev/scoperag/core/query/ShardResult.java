package dev.scoperag.core.query;

import dev.scoperag.core.search.Candidate;
import dev.scoperag.core.search.RankedLists;
import java.util.List;

/**
 * What one shard found for a routed query (fused candidates, best first), or what one store subtask
 * found over all its shards for a corpus-wide query (the unfused lists, which the answer stage
 * merges across stores).
 *
 * @param lists the corpus-wide lists, or null for a routed shard's result
 */
public record ShardResult(String queryId, String source, List<Candidate> candidates, RankedLists lists) {

    public ShardResult {
        candidates = candidates == null ? List.of() : List.copyOf(candidates);
    }

    /** A routed shard's fused candidates. */
    public ShardResult(String queryId, String source, List<Candidate> candidates) {
        this(queryId, source, candidates, null);
    }

    /** A store's part of a corpus-wide search. */
    public static ShardResult corpusWide(String queryId, String store, RankedLists lists) {
        return new ShardResult(queryId, store, List.of(), lists);
    }
}
