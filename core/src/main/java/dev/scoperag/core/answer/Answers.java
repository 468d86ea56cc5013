package dev.scoperag.core.answer;

import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.record.PipelineVersion;
import dev.scoperag.core.route.Route;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds answer records from a query plan: the route summary, the versions, abstentions. */
public final class Answers {

    private Answers() {}

    public static AnswerEvent.RouteSummary summary(Route route) {
        return new AnswerEvent.RouteSummary(route.method(), route.confidence(), route.fallback(),
                route.issuers().stream().map(i -> new AnswerEvent.Issuer(i.ticker(), i.cik(), i.name(), i.inCorpus())).toList(),
                route.shards().stream().map(s -> new AnswerEvent.ShardRef(s.ticker(), s.fiscalYear())).toList());
    }

    /** A query answered before retrieval because it must not be answered from the corpus. */
    public static AnswerEvent abstention(QueryPlan plan, long nowMillis) {
        String reason = plan.abstainReason();
        int colon = reason.indexOf(':');
        Map<String, Double> timings = new LinkedHashMap<>(plan.timingsMs());
        timings.put("total", (double) (nowMillis - plan.receivedAtMillis()));
        return new AnswerEvent(plan.queryId(), plan.query().question(), AnswerEvent.ABSTAINED,
                colon > 0 ? reason.substring(0, colon) : reason, colon > 0 ? reason.substring(colon + 1).trim() : null,
                null, List.of(), summary(plan.route()), null, timings, Map.of("pipeline", PipelineVersion.CURRENT),
                Instant.ofEpochMilli(nowMillis).toString());
    }

    /**
     * A query whose processing failed: status {@code error} with the failure's reason and detail, and
     * the route when the query got that far.
     */
    public static AnswerEvent error(QueryPlan plan, String reason, String detail, long nowMillis) {
        Map<String, Double> timings = new LinkedHashMap<>(plan.timingsMs());
        timings.put("total", (double) (nowMillis - plan.receivedAtMillis()));
        return new AnswerEvent(plan.queryId(), plan.query().question(), AnswerEvent.ERROR, reason, detail, null, List.of(),
                summary(plan.route()), null, timings, Map.of("pipeline", PipelineVersion.CURRENT), Instant.ofEpochMilli(nowMillis).toString());
    }

    /** A query whose processing failed before it was routed. */
    public static AnswerEvent error(String queryId, String question, String reason, String detail, long nowMillis) {
        return new AnswerEvent(queryId, question, AnswerEvent.ERROR, reason, detail, null, List.of(), null, null, null,
                Map.of("pipeline", PipelineVersion.CURRENT), Instant.ofEpochMilli(nowMillis).toString());
    }

    /** The shard ids a plan searches, for diagnostics. */
    public static List<String> shardIds(QueryPlan plan) {
        return plan.route().shards().stream().map(Shard::id).toList();
    }
}
