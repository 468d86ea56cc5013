package dev.scoperag.query.functions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.llm.CatalogExcerpt;
import dev.scoperag.core.llm.FakeChatServer;
import dev.scoperag.core.llm.LlmSettings;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.query.QueryPlanner;
import dev.scoperag.core.query.RetrievalSettings;
import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.route.Catalog;
import dev.scoperag.core.route.Route;
import dev.scoperag.query.types.RoutedQuery;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.functions.DefaultOpenContext;
import org.apache.flink.streaming.api.functions.async.CollectionSupplier;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.util.MockStreamingRuntimeContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The LLM routing step never waits on the network on the caller's thread, and keeps the deterministic plan on any failure. */
class RouteWithLlmTest {

    /** Completes a future with the step's output. */
    private static final class Plans implements ResultFuture<QueryPlan> {
        final CompletableFuture<List<QueryPlan>> plans = new CompletableFuture<>();

        @Override
        public void complete(Collection<QueryPlan> result) {
            plans.complete(List.copyOf(result));
        }

        @Override
        public void completeExceptionally(Throwable error) {
            plans.completeExceptionally(error);
        }

        @Override
        public void complete(CollectionSupplier<QueryPlan> supplier) {
            throw new UnsupportedOperationException();
        }

        QueryPlan only() throws Exception {
            List<QueryPlan> all = plans.get(30, TimeUnit.SECONDS);
            assertThat(all).hasSize(1);
            return all.get(0);
        }
    }

    private static final RetrievalSettings RETRIEVAL = RetrievalSettings.defaults();
    private static final float[] VECTOR = {0.5f, 0.5f};

    private final FakeChatServer server = new FakeChatServer();
    @TempDir Path work;
    private RouteWithLlm step;

    @AfterEach
    void close() {
        if (step != null) {
            step.close();
        }
        server.close();
    }

    private RouteWithLlm opened(Duration timeout) throws Exception {
        Path key = Files.writeString(work.resolve("key"), "dummy-key");
        step = new RouteWithLlm(RETRIEVAL, new LlmSettings(server.baseUrl(), "test-model", timeout, 0, key.toString()));
        step.setRuntimeContext(new MockStreamingRuntimeContext(1, 0));
        step.open(DefaultOpenContext.INSTANCE);
        return step;
    }

    private static CatalogExcerpt excerpt() {
        Catalog catalog = new Catalog();
        catalog.add(commit("KO", 21344, "The Coca-Cola Company", 2021));
        catalog.add(commit("KO", 21344, "The Coca-Cola Company", 2022));
        return CatalogExcerpt.of(catalog);
    }

    private static DocumentCommitted commit(String ticker, long cik, String company, int year) {
        String docId = ticker + "_" + year + "_10K";
        return TestRecords.commit(ticker + ":" + year, docId, "hash-" + docId).issuer(null, cik, company)
                .filing("acc-" + docId, "2024-01-01T00:00:00Z").sourceHash("src-" + docId).counts(10, 1000, 5)
                .committedAt("2024-01-01T00:00:00Z").model("bge-small-en-v1.5-q").pipeline("test").build();
    }

    /** A question the deterministic router could not place, planned corpus-wide, which asks the LLM. */
    private static RoutedQuery askingLlm(String queryId) {
        QueryEvent query = new QueryEvent(queryId, "Net operating revenues of the largest soft-drink maker in 2021?", null, null, null);
        Route fallback = Route.corpusWide(new TreeSet<>(), List.of(), "nothing named");
        QueryPlan plan = new QueryPlanner(RETRIEVAL).plan(query, fallback, VECTOR, new Catalog(), 1_000L, Map.of("route", 2.0));
        return RoutedQuery.askingLlm(plan, VECTOR, VECTOR, excerpt());
    }

    @Test
    void aQuestionWaitingOnTheLlmHoldsUpNoOtherAndThenGetsTheLlmsRoute() throws Exception {
        server.delaying(Duration.ofSeconds(2)).replying("{\"tickers\": [\"KO\"], \"fiscal_years\": [2021]}");
        RouteWithLlm step = opened(Duration.ofSeconds(10));
        Plans slow = new Plans();
        Plans next = new Plans();
        QueryPlan deterministic = GatherResultsHarnessTest.routed("next", "KO:2022");

        long start = System.nanoTime();
        step.asyncInvoke(askingLlm("slow"), slow);
        step.asyncInvoke(RoutedQuery.planned(deterministic), next);
        long returnedMs = (System.nanoTime() - start) / 1_000_000;

        assertThat(next.plans).isCompletedWithValue(List.of(deterministic));
        assertThat(slow.plans).isNotDone();
        assertThat(returnedMs).as("the calls returned without waiting for the reply").isLessThan(1_000);
        QueryPlan routed = slow.only();
        assertThat(routed.route().method()).isEqualTo(Route.LLM);
        assertThat(routed.route().shards()).containsExactly(new Shard("KO", 2021));
        assertThat(routed.shardRequests()).extracting(ShardRequest::shard).containsExactly("KO:2021");
        assertThat(routed.shardRequests().get(0).search().queryVector()).containsExactly(VECTOR);
        assertThat(routed.receivedAtMillis()).isEqualTo(1_000L);
        assertThat(routed.timingsMs().get("route")).isGreaterThanOrEqualTo(2_002.0);
        assertThat(server.onlyRequest().body().toString()).contains("KO | The Coca-Cola Company | 2021, 2022");
    }

    /** The deterministic plan, with the wait for the LLM added to its routing time. */
    private static void assertKeptDeterministic(QueryPlan plan, QueryPlan deterministic, double waitedMs) {
        assertThat(plan.route()).isEqualTo(deterministic.route());
        assertThat(plan.corpusSearch()).isSameAs(deterministic.corpusSearch());
        assertThat(plan.shardRequests()).isEqualTo(deterministic.shardRequests());
        assertThat(plan.timingsMs().get("route")).isGreaterThanOrEqualTo(deterministic.timingsMs().get("route") + waitedMs);
    }

    @Test
    void aFailingCallKeepsTheDeterministicPlan() throws Exception {
        server.delaying(Duration.ofMillis(300)).failing(500);
        RoutedQuery routed = askingLlm("q");
        Plans result = new Plans();

        opened(Duration.ofSeconds(10)).asyncInvoke(routed, result);

        assertKeptDeterministic(result.only(), routed.plan(), 300);
    }

    @Test
    void aReplyResolvingNoShardKeepsTheDeterministicPlan() throws Exception {
        server.replying("{\"tickers\": [\"AAPL\"], \"fiscal_years\": [2021]}");
        RoutedQuery routed = askingLlm("q");
        Plans result = new Plans();

        opened(Duration.ofSeconds(10)).asyncInvoke(routed, result);

        assertKeptDeterministic(result.only(), routed.plan(), 0);
    }

    @Test
    void theOperatorsTimeoutKeepsTheDeterministicPlan() throws Exception {
        server.delaying(Duration.ofSeconds(1)).replying("{\"tickers\": [\"KO\"], \"fiscal_years\": [2021]}");
        RouteWithLlm step = opened(Duration.ofSeconds(10));
        RoutedQuery routed = askingLlm("q");
        Plans result = new Plans();

        step.asyncInvoke(routed, result);
        step.timeout(routed, result);

        assertThat(result.only()).isSameAs(routed.plan());
    }

    @Test
    void withoutAnEndpointEveryPlanPassesThrough() throws Exception {
        step = new RouteWithLlm(RETRIEVAL, null);
        step.setRuntimeContext(new MockStreamingRuntimeContext(1, 0));
        step.open(DefaultOpenContext.INSTANCE);
        RoutedQuery routed = askingLlm("q");
        Plans result = new Plans();

        step.asyncInvoke(routed, result);

        assertThat(result.plans).isCompletedWithValue(List.of(routed.plan()));
        assertThat(server.requests()).isEmpty();
    }
}
