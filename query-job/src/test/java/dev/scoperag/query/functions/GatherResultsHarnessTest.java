package dev.scoperag.query.functions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.route.Route;
import dev.scoperag.core.search.IndexedChunk;
import dev.scoperag.core.search.RankedLists;
import dev.scoperag.core.search.SearchRequest;
import dev.scoperag.query.types.GatheredQuery;
import dev.scoperag.stream.testing.KeyedHarness;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;

class GatherResultsHarnessTest {

    private static final long TIMEOUT = 1_000;

    private static KeyedTwoInputStreamOperatorTestHarness<String, QueryPlan, ShardResult, GatheredQuery> harness() throws Exception {
        return KeyedHarness.twoInput(new GatherResults(TIMEOUT), QueryPlan::queryId, ShardResult::queryId, GatheredQuery.class);
    }

    static QueryPlan routed(String queryId, String... shards) {
        Route route = new Route(List.of(), List.of(shards).stream().map(Shard::parse).toList(), new TreeSet<>(), List.of(),
                Route.DETERMINISTIC, 0.95, false, null, "test");
        SearchRequest search = SearchRequest.of("q", null);
        return new QueryPlan(new QueryEvent(queryId, "q", null, null, null), route,
                List.of(shards).stream().map(s -> new ShardRequest(queryId, s, search)).toList(), null, null, 0L, Map.of());
    }

    static QueryPlan corpusWide(String queryId) {
        return new QueryPlan(new QueryEvent(queryId, "q", null, null, null), Route.corpusWide(new TreeSet<>(), List.of(), "test"),
                List.of(), SearchRequest.of("q", null), null, 0L, Map.of());
    }

    static ShardResult result(String queryId, String source) {
        return new ShardResult(queryId, source, List.of());
    }

    /** A store's part of a corpus-wide search: one BM25 hit, a chunk of its own; one of two stores. */
    static ShardResult storeResult(String queryId, String store) {
        return storeResult(queryId, store, 2);
    }

    static ShardResult storeResult(String queryId, String store, int stores) {
        IndexedChunk chunk = TestRecords.indexedChunk(store + "/c0", "MMM:2018", "revenue of " + store).document("d-" + store, "h-" + store)
                .chars(0, 10).pages(1, 1).vector(1f, 0f).build();
        return ShardResult.corpusWide(queryId, store, stores, new RankedLists(List.of(new RankedLists.Hit(chunk, 2.5f)), List.of(), List.of()));
    }

    /** Fires the query's timer and asserts the query was passed on naming {@code missing}, and nothing of it is left. */
    private static void assertPassedOnAtItsTimerWithout(KeyedTwoInputStreamOperatorTestHarness<String, QueryPlan, ShardResult, GatheredQuery> h,
            String... missing) throws Exception {
        h.setProcessingTime(TIMEOUT + 1);
        assertThat(h.extractOutputValues()).singleElement().satisfies(g -> assertThat(g.missing()).containsExactly(missing));
        assertThat(h.numKeyedStateEntries()).isZero();
        assertThat(h.numProcessingTimeTimers()).isZero();
    }

    @Test
    void aQueryIsPassedOnWhenEveryShardHasAnsweredAndLeavesNothingBehind() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement2(result("q1", "MMM:2018"), 1);
            h.processElement1(routed("q1", "MMM:2018", "MMM:2019"), 1);
            assertThat(h.extractOutputValues()).isEmpty();
            h.processElement2(result("q1", "MMM:2019"), 1);

            assertThat(h.extractOutputValues()).singleElement().satisfies(g -> {
                assertThat(g.results()).hasSize(2);
                assertThat(g.missing()).isEmpty();
            });
            assertThat(h.numKeyedStateEntries()).isZero();
            assertThat(h.numProcessingTimeTimers()).isZero();
        }
    }

    @Test
    void aShardThatDoesNotAnswerCannotHoldTheQueryPastItsTimer() throws Exception {
        try (var h = harness()) {
            h.open();
            h.setProcessingTime(0);
            h.processElement1(routed("q1", "MMM:2018", "MMM:2019"), 1);
            h.processElement2(result("q1", "MMM:2018"), 1);

            assertPassedOnAtItsTimerWithout(h, "MMM:2019");
        }
    }

    @Test
    void aCorpusWideQueryWaitsForEveryStoreSubtask() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement1(corpusWide("q1"), 1);
            h.processElement2(storeResult("q1", "store-1"), 1);
            assertThat(h.extractOutputValues()).isEmpty();
            h.processElement2(storeResult("q1", "store-0"), 1);

            assertThat(h.extractOutputValues()).singleElement().satisfies(g -> assertThat(g.results()).hasSize(2));
        }
    }

    @Test
    void aCorpusWideQueryWaitsForAsManyStoresAsTheirResultsSayAndNamesEveryStoreWhenNoneAnswered() throws Exception {
        try (var h = harness()) {
            h.open();
            h.setProcessingTime(0);
            h.processElement1(corpusWide("q1"), 1);
            h.processElement2(storeResult("q1", "store-2", 3), 1);
            h.processElement2(storeResult("q1", "store-0", 3), 1);
            h.processElement1(corpusWide("q2"), 1);
            assertThat(h.extractOutputValues()).as("store-1 of 3 has not answered q1, no store q2").isEmpty();
            h.setProcessingTime(TIMEOUT + 1);

            assertThat(h.extractOutputValues()).extracting(g -> g.plan().queryId() + ":" + g.missing())
                    .containsExactlyInAnyOrder("q1:[store-1]", "q2:[" + GatherResults.NO_STORE + "]");
            assertThat(h.numKeyedStateEntries()).isZero();
            assertThat(h.numProcessingTimeTimers()).isZero();
        }
    }

    @Test
    void aLateResultAfterTheAnswerIsDroppedAndCleanedUp() throws Exception {
        try (var h = harness()) {
            h.open();
            h.setProcessingTime(0);
            h.processElement1(routed("q1", "MMM:2018"), 1);
            h.processElement2(result("q1", "MMM:2018"), 1);
            h.processElement2(result("q1", "MMM:2018"), 1);
            h.setProcessingTime(TIMEOUT + 1);

            assertThat(h.extractOutputValues()).hasSize(1);
            assertThat(h.numKeyedStateEntries()).isZero();
            assertThat(h.numProcessingTimeTimers()).isZero();
        }
    }

    @Test
    void aHalfGatheredQuerySurvivesSnapshotAndRestore() throws Exception {
        OperatorSubtaskState snapshot;
        try (var h = harness()) {
            h.open();
            h.processElement1(routed("q1", "MMM:2018", "MMM:2019"), 1);
            h.processElement2(result("q1", "MMM:2018"), 1);
            snapshot = h.snapshot(1L, 1L);
        }
        try (var restored = harness()) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement2(result("q1", "MMM:2019"), 1);

            assertThat(restored.extractOutputValues()).singleElement().satisfies(g -> assertThat(g.results()).hasSize(2));
            assertThat(restored.numKeyedStateEntries()).isZero();
        }
    }

    @Test
    void aHalfGatheredCorpusWideQueryKeepsItsStoresListsThroughSnapshotAndRestore() throws Exception {
        OperatorSubtaskState snapshot;
        try (var h = harness()) {
            h.open();
            h.processElement1(corpusWide("q1"), 1);
            h.processElement2(storeResult("q1", "store-1"), 1);
            snapshot = h.snapshot(1L, 1L);
        }
        try (var restored = harness()) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement2(storeResult("q1", "store-0"), 1);

            assertThat(restored.extractOutputValues()).singleElement().satisfies(g -> assertThat(g.results())
                    .extracting(r -> r.source() + ":" + r.lists().bm25().get(0).chunk().text() + "@" + r.lists().bm25().get(0).score())
                    .containsExactlyInAnyOrder("store-1:revenue of store-1@2.5", "store-0:revenue of store-0@2.5"));
            assertThat(restored.numKeyedStateEntries()).isZero();
        }
    }
}
