package dev.scoperag.query.functions;

import dev.scoperag.core.answer.Answers;
import dev.scoperag.core.failure.InternalFailure;
import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.query.types.ShardInput;
import dev.scoperag.stream.isolation.RecordIsolation;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * Sends a routed query's searches to their shards, and a corpus-wide search to every shard store;
 * then passes the plan on to the gather step ({@link #DISPATCHED}), so only a query whose searches
 * went out is waited for. A plan that abstains searches nothing and is answered here.
 */
public final class FanOut extends ProcessFunction<QueryPlan, ShardInput> {

    private static final long serialVersionUID = 1L;
    static final String STAGE = "fan-out";

    /** Corpus-wide searches, broadcast to every store subtask. */
    public static final OutputTag<ShardRequest> CORPUS_SEARCHES =
            new OutputTag<>("corpus-searches", JsonTypeInformation.of(ShardRequest.class));

    /** The plans whose searches were sent, for the gather step. */
    public static final OutputTag<QueryPlan> DISPATCHED = new OutputTag<>("dispatched-plans", JsonTypeInformation.of(QueryPlan.class));

    /** The shard id of a corpus-wide request. */
    public static final String ALL_SHARDS = "*";

    private transient RecordIsolation isolation;

    @Override
    public void open(OpenContext openContext) {
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
    }

    @Override
    public void processElement(QueryPlan plan, Context ctx, Collector<ShardInput> out) {
        if (plan.abstains()) {
            isolation.call(STAGE, plan.queryId(), () -> Answers.abstention(plan, System.currentTimeMillis()), failure -> ctx.output(EarlyAnswers.TAG,
                            Answers.error(plan, InternalFailure.REASON, failure.detail(), System.currentTimeMillis())))
                    .ifPresent(answer -> ctx.output(EarlyAnswers.TAG, answer));
            return;
        }
        isolation.call(STAGE, plan.queryId(), () -> searches(plan), failure -> ctx.output(EarlyAnswers.TAG,
                        Answers.error(plan, InternalFailure.REASON, failure.detail(), System.currentTimeMillis())))
                .ifPresent(searches -> {
                    if (plan.isCorpusWide()) {
                        ctx.output(CORPUS_SEARCHES, new ShardRequest(plan.queryId(), ALL_SHARDS, plan.corpusSearch()));
                    } else {
                        searches.forEach(out::collect);
                    }
                    ctx.output(DISPATCHED, plan);
                });
    }

    private static List<ShardInput> searches(QueryPlan plan) {
        List<ShardInput> searches = new ArrayList<>();
        if (!plan.isCorpusWide()) {
            for (ShardRequest request : plan.shardRequests()) {
                searches.add(new ShardInput.Search(request));
            }
        }
        return searches;
    }
}
