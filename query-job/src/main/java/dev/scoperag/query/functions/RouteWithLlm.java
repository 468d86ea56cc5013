package dev.scoperag.query.functions;

import dev.scoperag.core.engine.QueryRouting;
import dev.scoperag.core.llm.LlmClient;
import dev.scoperag.core.llm.LlmRouter;
import dev.scoperag.core.llm.LlmSettings;
import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.query.RetrievalSettings;
import dev.scoperag.core.route.Route;
import dev.scoperag.query.types.RoutedQuery;
import dev.scoperag.stream.isolation.RecordIsolation;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * Asks the LLM router where a question goes when the deterministic router could not place it, without holding up
 * the questions behind it: the call runs on the LLM client's threads, and the plan on the LLM's route is made when the
 * reply comes. A plan that asks no LLM passes straight through. When the call fails, times out, or resolves no shard,
 * the query keeps its deterministic plan, as does a failure of this step's own work (counted as
 * {@code recordFailures{llm-route}}).
 */
public final class RouteWithLlm extends RichAsyncFunction<RoutedQuery, QueryPlan> {

    private static final long serialVersionUID = 1L;
    static final String STAGE = "llm-route";

    private final RetrievalSettings retrieval;
    private final LlmSettings llm;

    private transient QueryRouting routing;
    private transient LlmClient client;
    private transient LlmRouter router;
    private transient RecordIsolation isolation;

    /** @param llm the endpoint of the LLM router, or null for none (then every plan passes through) */
    public RouteWithLlm(RetrievalSettings retrieval, LlmSettings llm) {
        this.retrieval = retrieval;
        this.llm = llm;
    }

    @Override
    public void open(OpenContext openContext) {
        routing = new QueryRouting(retrieval, null);
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
        if (llm != null) {
            client = LlmClient.fromEnvironment(llm).meteredBy(new LlmMetrics(getRuntimeContext().getMetricGroup(), "route"));
            router = new LlmRouter(client);
        }
    }

    @Override
    public void close() {
        if (client != null) {
            client.close();
        }
    }

    @Override
    public void asyncInvoke(RoutedQuery routed, ResultFuture<QueryPlan> result) {
        if (!routed.asksLlm() || router == null) {
            result.complete(List.of(routed.plan()));
            return;
        }
        long start = System.nanoTime();
        CompletableFuture<Route> call;
        try {
            call = router.route(routed.plan().query().question(), routed.llmCatalog());
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        call.whenComplete((route, error) -> {
            try {
                result.complete(List.of(finish(routed, route, error, (System.nanoTime() - start) / 1e6)));
            } catch (Throwable fault) {
                // An infrastructure fault, which isolation rethrows: it fails the job, as on any task thread.
                result.completeExceptionally(fault instanceof Exception e ? e : new RuntimeException(fault));
            }
        });
    }

    /** {@link QueryRouting#afterLlm}; on a failure of the call or of the plan, the deterministic plan. */
    private QueryPlan finish(RoutedQuery routed, Route route, Throwable error, double llmMs) {
        QueryRouting.Routed deterministic = new QueryRouting.Routed(routed.plan(), routed.questionVector(), routed.windowVector(), true);
        if (error != null) {
            isolation.failureOf(STAGE, routed.plan().queryId(), error);
            return QueryRouting.withRouteTime(routed.plan(), llmMs);
        }
        return isolation.call(STAGE, routed.plan().queryId(), () -> routing.afterLlm(deterministic, route, llmMs), failure -> { })
                .orElseGet(() -> QueryRouting.withRouteTime(routed.plan(), llmMs));
    }

    @Override
    public void timeout(RoutedQuery routed, ResultFuture<QueryPlan> result) {
        // The client's own deadline ends the call first; this is the backstop, and a reply after it is ignored.
        result.complete(List.of(routed.plan()));
    }
}
