package dev.scoperag.query.functions;

import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.query.types.ShardInput;
import dev.scoperag.stream.types.JsonTypeInformation;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/** Sends a routed query's searches to their shards, and a corpus-wide search to every shard store. */
public final class FanOut extends ProcessFunction<QueryPlan, ShardInput> {

    private static final long serialVersionUID = 1L;

    /** Corpus-wide searches, broadcast to every store subtask. */
    public static final OutputTag<ShardRequest> CORPUS_SEARCHES =
            new OutputTag<>("corpus-searches", JsonTypeInformation.of(ShardRequest.class));

    /** The shard id of a corpus-wide request. */
    public static final String ALL_SHARDS = "*";

    @Override
    public void processElement(QueryPlan plan, Context ctx, Collector<ShardInput> out) {
        if (plan.isCorpusWide()) {
            ctx.output(CORPUS_SEARCHES, new ShardRequest(plan.queryId(), ALL_SHARDS, plan.corpusSearch()));
            return;
        }
        for (ShardRequest request : plan.shardRequests()) {
            out.collect(new ShardInput.Search(request));
        }
    }
}
