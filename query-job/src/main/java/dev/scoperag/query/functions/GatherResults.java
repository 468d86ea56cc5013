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
 * corpus-wide search, whose results say how many stores there are) and passes the query on when all
 * have answered or its timer fires, naming the ones that did not answer. Nothing of a query is kept
 * after it is passed on.
 */
public final class GatherResults extends KeyedCoProcessFunction<String, QueryPlan, ShardResult, GatheredQuery> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(GatherResults.class);
    static final String STAGE = "gather";
    /** What a corpus-wide query names as missing when no store answered, so their number is not known. */
    static final String NO_STORE = "every store";

    private final long timeoutMillis;

    private transient ValueState<QueryPlan> pendingPlan;
    private transient ListState<ShardResult> arrivedResults;
    private transient ValueState<Long> deadline;
    private transient RecordIsolation isolation;

    public GatherResults(long timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
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
                // Results of a query answered already (they came after its gather timeout) or whose plan never came.
                List<String> sources = new ArrayList<>();
                arrivedResults.get().forEach(r -> sources.add(r.source()));
                LOG.warn("results of query {} from {} came after the query was answered at its gather timeout ({} ms), "
                        + "or without its plan; dropped", ctx.getCurrentKey(), sources, timeoutMillis);
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
        List<ShardResult> arrived = new ArrayList<>();
        arrivedResults.get().forEach(arrived::add);
        if (arrived.size() >= expected(plan, arrived)) {
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
            int stores = stores(results);
            if (stores == 0) {
                missing.add(NO_STORE);
            }
            for (int i = 0; i < stores; i++) {
                if (!answered.contains(ShardResult.storeName(i))) {
                    missing.add(ShardResult.storeName(i));
                }
            }
        } else {
            plan.shardRequests().stream().map(r -> r.shard()).filter(s -> !answered.contains(s)).forEach(missing::add);
        }
        out.collect(new GatheredQuery(plan, results, missing, now));
    }

    private static int expected(QueryPlan plan, List<ShardResult> arrived) {
        if (!plan.isCorpusWide()) {
            return plan.shardRequests().size();
        }
        // Until a store answers, how many there are is not known: wait.
        return arrived.isEmpty() ? Integer.MAX_VALUE : stores(arrived);
    }

    /** How many stores answer a corpus-wide search, as their results say; 0 before any has answered. */
    private static int stores(List<ShardResult> results) {
        return results.stream().mapToInt(ShardResult::stores).max().orElse(0);
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
