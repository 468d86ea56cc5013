package dev.scoperag.query.functions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.fact.Fact;
import dev.scoperag.core.fact.PublishedFacts;
import dev.scoperag.core.ident.Hashes;
import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.record.Embedding;
import dev.scoperag.core.record.FactsPublished;
import dev.scoperag.core.search.Candidate;
import dev.scoperag.core.search.SearchMode;
import dev.scoperag.core.search.SearchRequest;
import dev.scoperag.core.shard.ShardContents;
import dev.scoperag.query.types.ShardInput;
import dev.scoperag.stream.testing.KeyedHarness;
import java.util.List;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.junit.jupiter.api.Test;

class ShardStoreHarnessTest {

    private static KeyedBroadcastOperatorTestHarness<String, ShardInput, ShardRequest, ShardResult> harness() throws Exception {
        return KeyedHarness.broadcast(new ShardStore("m"), ShardInput::shard, ShardResult.class, ShardStore.NO_BROADCAST_STATE);
    }

    static ChunkUpserted chunk(String shard, String docHash, int seq, String text) {
        float[] v = new float[] {1f, 0f, 0f, 0f};
        return new ChunkUpserted(shard, shard.substring(0, shard.indexOf(':')), Integer.parseInt(shard.substring(shard.indexOf(':') + 1)),
                "10-K", docHash, Hashes.sha256(shard, docHash, "" + seq), Hashes.sha256(text), seq, seq * 1250, seq * 1250 + text.length(),
                seq, seq, "Item 7", text, Embedding.of("m", v));
    }

    static DocumentCommitted commit(String shard, String docHash, int chunks) {
        return commit(shard, docHash, chunks, "m");
    }

    static DocumentCommitted commit(String shard, String docHash, int chunks, String model) {
        return TestRecords.commit(shard, "10-K", docHash).counts(chunks, 100, 1).model(model).build();
    }

    static ShardInput published(Object record) {
        return new ShardInput.Published((dev.scoperag.core.record.ChunkTopicRecord) record);
    }

    static ShardInput search(String queryId, String shard, String question) {
        return new ShardInput.Search(new ShardRequest(queryId, shard,
                SearchRequest.of(question, new float[] {1f, 0f, 0f, 0f}).withMode(SearchMode.BM25)));
    }

    private static List<String> texts(ShardResult result) {
        return result.candidates().stream().map(Candidate::chunk).map(c -> c.text()).toList();
    }

    /** The BM25 list a store returns for a corpus-wide search; its other lists stay empty in these BM25 searches. */
    private static List<String> corpusTexts(ShardResult result) {
        assertThat(result.candidates()).as("a store returns lists, not fused candidates").isEmpty();
        assertThat(result.lists().dense()).isEmpty();
        return result.lists().bm25().stream().map(hit -> hit.chunk().text()).toList();
    }

    private static List<ShardResult> drain(KeyedBroadcastOperatorTestHarness<String, ShardInput, ShardRequest, ShardResult> h) {
        List<ShardResult> out = h.extractOutputValues();
        h.getOutput().clear();
        return out;
    }

    @Test
    void aVersionIsSearchableOnlyOnceCommittedAndTheOldOneUntilThen() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement(published(chunk("MMM:2018", "v1", 0, "Capital expenditure was 1,577 million.")), 1);
            h.processElement(search("q1", "MMM:2018", "capital expenditure"), 1);
            h.processElement(published(commit("MMM:2018", "v1", 1)), 1);
            h.processElement(search("q2", "MMM:2018", "capital expenditure"), 1);
            h.processElement(published(chunk("MMM:2018", "v2", 0, "Capital expenditure was 1,600 million (restated).")), 1);
            h.processElement(search("q3", "MMM:2018", "capital expenditure"), 1);
            h.processElement(published(commit("MMM:2018", "v2", 1)), 1);
            h.processElement(search("q4", "MMM:2018", "capital expenditure"), 1);

            List<ShardResult> out = drain(h);
            assertThat(out).extracting(ShardResult::queryId).containsExactly("q1", "q2", "q3", "q4");
            assertThat(texts(out.get(0))).as("nothing before the commit").isEmpty();
            assertThat(texts(out.get(1))).containsExactly("Capital expenditure was 1,577 million.");
            assertThat(texts(out.get(2))).as("old version until the new commit").containsExactly("Capital expenditure was 1,577 million.");
            assertThat(texts(out.get(3))).containsExactly("Capital expenditure was 1,600 million (restated).");
        }
    }

    /** After a backfill the first corpus-wide search would otherwise build every changed shard's index while it waits. */
    @Test
    void aChangedShardsIndexIsBuiltByATimerAfterTheChangeNotByTheFirstSearch() throws Exception {
        ShardStore store = new ShardStore("m");
        try (var h = KeyedHarness.broadcast(store, ShardInput::shard, ShardResult.class, ShardStore.NO_BROADCAST_STATE)) {
            h.open();
            h.setProcessingTime(1_500);
            h.processElement(published(chunk("MMM:2018", "v1", 0, "Capital expenditure was 1,577 million.")), 1);
            assertThat(h.numProcessingTimeTimers()).as("a pending chunk changes nothing searchable").isZero();
            h.processElement(published(commit("MMM:2018", "v1", 1)), 1);
            h.processElement(published(chunk("MMM:2018", "v2", 0, "Capital expenditure was 1,600 million.")), 1);
            h.processElement(published(commit("MMM:2018", "v2", 1)), 1);
            h.processElement(published(chunk("MMM:2019", "w1", 0, "Capital expenditure was 1,699 million.")), 1);
            h.processElement(published(commit("MMM:2019", "w1", 1)), 1);

            assertThat(h.numProcessingTimeTimers()).as("one per changed shard and second").isEqualTo(2);
            assertThat(store.shards().shard("MMM:2018").indexed()).isFalse();

            h.setProcessingTime(2_000);

            assertThat(store.shards().shard("MMM:2018").indexed()).isTrue();
            assertThat(store.shards().shard("MMM:2019").indexed()).isTrue();
            h.processElement(search("q1", "MMM:2018", "capital expenditure"), 1);
            assertThat(texts(drain(h).get(0))).containsExactly("Capital expenditure was 1,600 million.");
        }
    }

    @Test
    void aRetractionAndTombstonesRemoveChunks() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement(published(chunk("MMM:2018", "v1", 0, "Revenue grew in 2018.")), 1);
            h.processElement(published(chunk("MMM:2018", "v1", 1, "Revenue fell in Asia.")), 1);
            h.processElement(published(commit("MMM:2018", "v1", 2)), 1);
            h.processElement(published(new ChunkRemoved("MMM:2018", chunk("MMM:2018", "v1", 1, "x").chunkId())), 1);
            h.processElement(search("q1", "MMM:2018", "revenue"), 1);
            h.processElement(published(new DocumentRetracted("MMM:2018", "MMM", 2018, "10-K", "v1", "2026-12-02T00:00:00Z", null)), 1);
            h.processElement(search("q2", "MMM:2018", "revenue"), 1);

            List<ShardResult> out = drain(h);
            assertThat(texts(out.get(0))).containsExactly("Revenue grew in 2018.");
            assertThat(texts(out.get(1))).isEmpty();
        }
    }

    @Test
    void searchesStayInsideTheirShardAndTheCorpusSearchSpansAllShards() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement(published(chunk("MMM:2018", "a", 0, "3M revenue 2018.")), 1);
            h.processElement(published(commit("MMM:2018", "a", 1)), 1);
            h.processElement(published(chunk("MMM:2019", "b", 0, "3M revenue 2019.")), 1);
            h.processElement(published(commit("MMM:2019", "b", 1)), 1);
            h.processElement(search("q1", "MMM:2019", "revenue"), 1);
            h.processBroadcastElement(new ShardRequest("q2", FanOut.ALL_SHARDS,
                    SearchRequest.of("revenue", new float[] {1f, 0f, 0f, 0f}).withMode(SearchMode.BM25)), 1);

            List<ShardResult> out = drain(h);
            assertThat(texts(out.get(0))).containsExactly("3M revenue 2019.");
            assertThat(out.get(1).source()).isEqualTo("store-0");
            assertThat(out.get(1).stores()).as("how many stores answer, for the gather step").isEqualTo(1);
            assertThat(corpusTexts(out.get(1))).containsExactlyInAnyOrder("3M revenue 2018.", "3M revenue 2019.");
        }
    }

    @Test
    void committedChunksSurviveSnapshotAndRestoreForShardAndCorpusSearches() throws Exception {
        OperatorSubtaskState snapshot;
        try (var h = harness()) {
            h.open();
            h.processElement(published(chunk("MMM:2018", "a", 0, "Dividends paid 3.3 billion.")), 1);
            h.processElement(published(commit("MMM:2018", "a", 1)), 1);
            h.processElement(published(chunk("KO:2022", "k", 0, "Coca-Cola dividends paid 7.6 billion.")), 1);
            h.processElement(published(chunk("KO:2022", "pending", 0, "not committed")), 1);
            h.processElement(published(commit("KO:2022", "k", 1)), 1);
            snapshot = h.snapshot(1L, 1L);
        }
        try (var restored = harness()) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processBroadcastElement(new ShardRequest("q1", FanOut.ALL_SHARDS,
                    SearchRequest.of("dividends paid", new float[] {1f, 0f, 0f, 0f}).withMode(SearchMode.BM25)), 1);
            restored.processElement(search("q2", "KO:2022", "dividends"), 1);

            List<ShardResult> out = drain(restored);
            assertThat(corpusTexts(out.get(0))).containsExactlyInAnyOrder("Dividends paid 3.3 billion.", "Coca-Cola dividends paid 7.6 billion.");
            assertThat(texts(out.get(1))).containsExactly("Coca-Cola dividends paid 7.6 billion.");
        }
    }

    @Test
    void aShardOfAnotherEmbeddingModelAnswersWithTheMismatchAndIsLeftOutOfCorpusSearches() throws Exception {
        try (var h = harness()) {
            h.open();
            ChunkUpserted other = chunk("KO:2022", "k", 0, "Coca-Cola revenue 43 billion.");
            h.processElement(published(new ChunkUpserted(other.shard(), other.ticker(), other.fiscalYear(), other.docId(), other.docHash(),
                    other.chunkId(), other.textHash(), other.seq(), other.charStart(), other.charEnd(), other.pageStart(), other.pageEnd(),
                    other.section(), other.text(), Embedding.of("e5-large@512", new float[] {1f, 0f, 0f, 0f, 0f, 0f}))), 1);
            h.processElement(published(commit("KO:2022", "k", 1, "e5-large@512")), 1);
            h.processElement(published(chunk("MMM:2018", "a", 0, "3M revenue 2018.")), 1);
            h.processElement(published(commit("MMM:2018", "a", 1)), 1);
            h.processElement(search("q1", "KO:2022", "revenue"), 1);
            h.processBroadcastElement(new ShardRequest("q2", FanOut.ALL_SHARDS,
                    SearchRequest.of("revenue", new float[] {1f, 0f, 0f, 0f}).withMode(SearchMode.BM25)), 1);

            List<ShardResult> out = drain(h);
            assertThat(out.get(0).failure()).isNotNull();
            assertThat(out.get(0).failure().reason()).isEqualTo(ShardContents.EMBEDDING_MODEL_MISMATCH);
            assertThat(out.get(0).failure().detail()).contains("e5-large@512").contains("new chunks topic");
            assertThat(corpusTexts(out.get(1))).as("the other model's shard is left out").containsExactly("3M revenue 2018.");
        }
    }

    @Test
    void aChunksRecordThatCannotBeStoredIsSkippedAndTheShardKeepsAnswering() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement(published(chunk("MMM:2018", "v1", 0, "Capital expenditure was 1,577 million.")), 1);
            h.processElement(published(commit("MMM:2018", "v1", 1)), 1);
            // A chunk another producer wrote without its vector: its version's commit cannot make it searchable.
            ChunkUpserted bare = chunk("MMM:2018", "v2", 0, "Capital expenditure was 9 million.").withEmbedding(null);
            h.processElement(published(bare), 1);
            h.processElement(published(commit("MMM:2018", "v2", 1)), 1);
            h.processElement(search("q1", "MMM:2018", "capital expenditure"), 1);

            List<ShardResult> out = drain(h);
            assertThat(out).singleElement().satisfies(r -> {
                assertThat(r.failure()).isNull();
                assertThat(texts(r)).containsExactly("Capital expenditure was 1,577 million.");
            });
        }
    }

    @Test
    void aSearchThatFailsAnswersWithItsFailureInsteadOfStoppingTheJob() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement(published(chunk("MMM:2018", "v1", 0, "Revenue grew.")), 1);
            ChunkUpserted odd = chunk("MMM:2018", "v1", 1, "Revenue fell.");
            // Same model id, another length: vectors the index cannot hold together.
            h.processElement(published(odd.withEmbedding(Embedding.of("m", new float[] {1f, 0f}))), 1);
            h.processElement(published(commit("MMM:2018", "v1", 2)), 1);
            h.processElement(search("q1", "MMM:2018", "revenue"), 1);

            assertThat(drain(h)).singleElement().satisfies(r -> {
                assertThat(r.queryId()).isEqualTo("q1");
                assertThat(r.failure().reason()).isEqualTo("INTERNAL_ERROR");
            });
        }
    }

    private static FactsPublished revenueFacts(String shard, String docHash, long revenue, long operatingIncome) {
        Fact.Period fy = Fact.Period.duration(java.time.LocalDate.of(2022, 1, 1), java.time.LocalDate.of(2022, 12, 31));
        List<Fact> facts = List.of(
                new Fact("us-gaap:Revenues", null, fy, java.util.Map.of(), "USD", java.math.BigDecimal.valueOf(revenue), -6,
                        Fact.Source.xbrl("c-1")),
                new Fact("us-gaap:OperatingIncomeLoss", null, fy, java.util.Map.of(), "USD",
                        java.math.BigDecimal.valueOf(operatingIncome), -6, Fact.Source.xbrl("c-1")));
        return new FactsPublished(shard, "KO", 2022, "10-K", "10-K", docHash,
                facts.stream().map(PublishedFacts::published).toList());
    }

    @Test
    void committedFactsAnswerTheMetricAfterSnapshotAndRestoreAndPendingOnesWaitForTheirCommit() throws Exception {
        OperatorSubtaskState snapshot;
        try (var h = harness()) {
            h.open();
            h.processElement(published(chunk("KO:2022", "k", 0, "Operating income grew.")), 1);
            h.processElement(published(revenueFacts("KO:2022", "k", 43_004_000_000L, 10_909_000_000L)), 1);
            h.processElement(published(commit("KO:2022", "k", 1)), 1);
            h.processElement(published(revenueFacts("KO:2022", "pending", 1, 1)), 1);
            snapshot = h.snapshot(1L, 1L);
        }
        try (var restored = harness()) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement(search("q1", "KO:2022", "What was Coca-Cola's operating margin in 2022?"), 1);

            ShardResult result = drain(restored).get(0);
            assertThat(result.metric().computation().display()).isEqualTo("25.37%");
            assertThat(texts(result)).containsExactly("Operating income grew.");
        }
    }
}
