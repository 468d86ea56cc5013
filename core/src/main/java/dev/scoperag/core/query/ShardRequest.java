package dev.scoperag.core.query;

import dev.scoperag.core.search.SearchRequest;

/** One routed shard's part of a query: the search to run inside that shard. */
public record ShardRequest(String queryId, String shard, SearchRequest search) {}
