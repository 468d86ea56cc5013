package dev.scoperag.query.functions;

import dev.scoperag.core.answer.Answers;
import dev.scoperag.core.failure.InternalFailure;
import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.query.types.GatheredQuery;
import dev.scoperag.stream.isolation.RecordIsolation;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.util.Collector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Collects, per query, the results of the shards it was sent to (or of every store subtask for a
 * corpus-wide search) and passes the query on when all have answered or its timer fires, naming
 * the ones that did not answer. Nothing of a query is kept after it is passed on.
 */
public final class GatherResults extends KeyedCoProcessFunction<String, QueryPlan, ShardResult, GatheredQuery> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(GatherResults.class);
    static final String STAGE = "gather";

    private final long timeoutMillis;
    private final int storeParallelism;

    private transient ValueState<QueryPlan> pendingPlan;
    private transient ListState<ShardResult> arrivedResults;
    private transient ValueState<Long> deadline;
    private transient RecordIsolation isolation;

    public GatherResults(long timeoutMillis, int storeParallelism) {
        this.timeoutMillis = timeoutMillis;
        this.storeParallelism = storeParallelism;
    }

    @Override
    public void open(OpenContext openContext) {
        pendingPlan = getRuntimeContext().getState(new ValueStateDescriptor<>("pendingPlan", JsonTypeInformation.of(QueryPlan.class)));
        arrivedResults = getRuntimeContext().getListState(new ListStateDescriptor<>("arrivedResults", JsonTypeInformation.of(ShardResult.class)));
        deadline = getRuntimeContext().getState(new ValueStateDescriptor<>("deadline", Types.LONG));
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
    }

    @Override
    public void processElement1(QueryPlan plan, Context ctx, Collector<GatheredQuery> out) throws Exception {
        isolated(ctx, out, () -> {
            pendingPlan.update(plan);
            armTimer(ctx);
            emitIfComplete(ctx, out);
        });
    }

    @Override
    public void processElement2(ShardResult result, Context ctx, Collector<GatheredQuery> out) throws Exception {
        isolated(ctx, out, () -> {
            arrivedResults.add(result);
            armTimer(ctx);
            emitIfComplete(ctx, out);
        });
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<GatheredQuery> out) throws Exception {
        isolated(ctx, out, () -> {
            QueryPlan plan = pendingPlan.value();
            if (plan == null) {
                LOG.warn("results for query {} arrived without its plan; dropped", ctx.getCurrentKey());
            } else {
                emit(plan, ctx.timerService().currentProcessingTime(), out);
            }
            clear();
        });
    }

    /**
     * Runs a step of the query keyed now; if it fails, the query is answered with the failure and
     * everything kept for it goes, so it is neither answered twice nor left waiting.
     */
    private void isolated(Context ctx, Collector<GatheredQuery> out, RecordIsolation.Action step) throws Exception {
        String queryId = ctx.getCurrentKey();
        isolation.run(STAGE, queryId, step, failure -> {
            try {
                QueryPlan plan = pendingPlan.value();
                ctx.output(EarlyAnswers.TAG, plan != null
                        ? Answers.error(plan, InternalFailure.REASON, failure.detail(), System.currentTimeMillis())
                        : Answers.error(queryId, null, InternalFailure.REASON, failure.detail(), System.currentTimeMillis()));
                Long at = deadline.value();
                if (at != null) {
                    ctx.timerService().deleteProcessingTimeTimer(at);
                }
                clear();
            } catch (Exception e) {
                throw new IllegalStateException("cannot clear the state of query " + queryId, e);
            }
        });
    }

    private void emitIfComplete(Context ctx, Collector<GatheredQuery> out) throws Exception {
        QueryPlan plan = pendingPlan.value();
        if (plan == null) {
            return;
        }
        int arrived = 0;
        for (ShardResult ignored : arrivedResults.get()) {
            arrived++;
        }
        if (arrived >= expected(plan)) {
            ctx.timerService().deleteProcessingTimeTimer(deadline.value());
            emit(plan, ctx.timerService().currentProcessingTime(), out);
            clear();
        }
    }

    private void emit(QueryPlan plan, long now, Collector<GatheredQuery> out) throws Exception {
        List<ShardResult> results = new ArrayList<>();
        arrivedResults.get().forEach(results::add);
        Set<String> answered = new HashSet<>();
        results.forEach(r -> answered.add(r.source()));
        List<String> missing = new ArrayList<>();
        if (plan.isCorpusWide()) {
            for (int i = 0; i < storeParallelism; i++) {
                if (!answered.contains("store-" + i)) {
                    missing.add("store-" + i);
                }
            }
        } else {
            plan.shardRequests().stream().map(r -> r.shard()).filter(s -> !answered.contains(s)).forEach(missing::add);
        }
        out.collect(new GatheredQuery(plan, results, missing, now));
    }

    private int expected(QueryPlan plan) {
        return plan.isCorpusWide() ? storeParallelism : plan.shardRequests().size();
    }

    private void armTimer(Context ctx) throws Exception {
        if (deadline.value() == null) {
            long at = ctx.timerService().currentProcessingTime() + timeoutMillis;
            ctx.timerService().registerProcessingTimeTimer(at);
            deadline.update(at);
        }
    }

    private void clear() {
        pendingPlan.clear();
        arrivedResults.clear();
        deadline.clear();
    }
}
