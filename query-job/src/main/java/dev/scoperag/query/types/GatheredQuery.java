package dev.scoperag.query.types;

import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.query.ShardResult;
import java.util.List;

/** A query with every shard result that arrived in time, and the sources that did not answer. */
public record GatheredQuery(QueryPlan plan, List<ShardResult> results, List<String> missing, long gatheredAtMillis) {}
