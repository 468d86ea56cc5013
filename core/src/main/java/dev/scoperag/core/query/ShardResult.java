package dev.scoperag.core.query;

import dev.scoperag.core.search.Candidate;
import java.util.List;

/** What one shard (or, corpus-wide, one store subtask) found for a query, best first. */
public record ShardResult(String queryId, String source, List<Candidate> candidates) {

    public ShardResult {
        candidates = List.copyOf(candidates);
    }
}
