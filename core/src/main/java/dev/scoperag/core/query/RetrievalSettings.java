package dev.scoperag.core.query;

import dev.scoperag.core.search.SearchMode;
import dev.scoperag.core.search.SearchRequest;
import java.io.Serializable;

/**
 * How shards are searched: the depth of each ranked list, how many fused candidates each shard
 * returns, the RRF constant and which lists are used (hybrid by default; the others are ablations).
 */
public record RetrievalSettings(int depth, int candidatesPerShard, int rrfK, SearchMode mode) implements Serializable {

    public static RetrievalSettings defaults() {
        return new RetrievalSettings(SearchRequest.DEFAULT_DEPTH, SearchRequest.DEFAULT_LIMIT, SearchRequest.DEFAULT_RRF_K, SearchMode.HYBRID);
    }
}
