package dev.scoperag.core.query;

import dev.scoperag.core.route.Route;
import dev.scoperag.core.search.SearchRequest;
import java.util.List;
import java.util.Map;

/**
 * A routed query: its route, the per-shard searches, or one corpus-wide search when routing
 * resolved nothing, and the timings so far.
 *
 * @param corpusSearch the search every store runs over all its shards, or null for a routed query
 * @param abstainReason set when the query must not be answered from any shard (a known issuer
 *     absent from the corpus); no search runs then
 */
public record QueryPlan(
        QueryEvent query,
        Route route,
        List<ShardRequest> shardRequests,
        SearchRequest corpusSearch,
        String abstainReason,
        long receivedAtMillis,
        Map<String, Double> timingsMs) {

    public QueryPlan {
        shardRequests = List.copyOf(shardRequests);
        timingsMs = Map.copyOf(timingsMs);
    }

    public String queryId() {
        return query.queryId();
    }

    public boolean isCorpusWide() {
        return corpusSearch != null;
    }

    public boolean abstains() {
        return abstainReason != null;
    }
}
