package dev.scoperag.core.search;

import static dev.scoperag.core.search.TestChunks.axis;
import static dev.scoperag.core.search.TestChunks.chunk;
import static dev.scoperag.core.search.TestChunks.unit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.record.WindowVectors;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class ShardIndexTest {

    private static final float[] FAR = axis(7);

    private static List<String> ids(List<Candidate> candidates) {
        return candidates.stream().map(c -> c.chunk().chunkId()).toList();
    }

    private static SearchRequest bm25(String query) {
        return SearchRequest.of(query, null).withMode(SearchMode.BM25);
    }

    private static SearchRequest dense(float[] vector) {
        return SearchRequest.of(null, vector).withMode(SearchMode.DENSE);
    }

    private static List<IndexedChunk> revenueChunks() {
        return List.of(
                chunk("c1", "Net revenue for 2022 was $1,577 million, an increase over the prior year.", axis(0)),
                chunk("c2", "Net revenue for 2021 was $1,432 million, driven by data center demand.", axis(1)),
                chunk("c3", "AMD completed the acquisition of Xilinx in February 2022.", axis(2)),
                chunk("c4", "The Company acquired Pensando Systems for total consideration of $1.9 billion.", axis(3)),
                chunk("c5", "Gross margin was 45% compared with 48% in the prior year.", axis(4)));
    }

    @Test
    void bm25FindsAnExactFigureWrittenWithOrWithoutThousandsSeparator() {
        try (ShardIndex index = ShardIndex.build(revenueChunks())) {
            assertThat(ids(index.search(bm25("What was net revenue of 1,577?")))).first().isEqualTo("c1");
            assertThat(ids(index.search(bm25("1577")))).containsExactly("c1");
        }
    }

    @Test
    void bm25FindsATicker() {
        try (ShardIndex index = ShardIndex.build(revenueChunks())) {
            assertThat(ids(index.search(bm25("AMD")))).containsExactly("c3");
        }
    }

    @Test
    void stemmingMatchesInflectionsButNotDerivations() {
        try (ShardIndex index = ShardIndex.build(revenueChunks())) {
            assertThat(ids(index.search(bm25("acquiring")))).containsExactly("c4");
            assertThat(ids(index.search(bm25("acquisitions")))).containsExactly("c3");
        }
    }

    @Test
    void denseFindsTheNearestVectorFirst() {
        List<IndexedChunk> chunks = List.of(
                chunk("near", "one", unit(1, 0.2f, 0, 0, 0, 0, 0, 0)),
                chunk("nearer", "two", unit(1, 0.1f, 0, 0, 0, 0, 0, 0)),
                chunk("far", "three", unit(0, 1, 0, 0, 0, 0, 0, 0)));
        try (ShardIndex index = ShardIndex.build(chunks)) {
            List<Candidate> found = index.search(dense(axis(0)));

            assertThat(ids(found)).containsExactly("nearer", "near", "far");
            assertThat(found.get(0).denseScore()).isCloseTo(1 / (float) Math.sqrt(1.01), within(1e-6f));
            assertThat(found.get(2).denseScore()).isCloseTo(0f, within(1e-6f));
        }
    }

    /**
     * "focused" has one window on the question's direction and two off it; "diffuse" has two windows half on it. The
     * chunks' own vectors (their windows' means) put diffuse first; the best window puts focused first.
     */
    @Test
    void theDenseListScoresEachChunkByItsBestWindowUnlessAskedForTheChunkVectors() {
        float[] half = unit(1, 1, 0, 0, 0, 0, 0, 0);
        float[] otherHalf = unit(1, 0, 1, 0, 0, 0, 0, 0);
        List<IndexedChunk> chunks = List.of(
                withWindows("focused", List.of(axis(0), axis(3), axis(4))),
                withWindows("diffuse", List.of(half, otherHalf)));
        try (ShardIndex index = ShardIndex.build(chunks)) {
            SearchRequest byWindows = SearchRequest.of("unmatched", axis(0)).withMode(SearchMode.DENSE).withWindowVector(axis(0));
            List<Candidate> found = index.search(byWindows);
            assertThat(ids(found)).containsExactly("focused", "diffuse");
            assertThat(found.get(0).denseScore()).isCloseTo(1f, within(0.01f));

            List<Candidate> byChunkVectors = index.search(byWindows.withMode(SearchMode.HYBRID_CHUNK_VECTORS));
            assertThat(ids(byChunkVectors)).containsExactly("diffuse", "focused");
            assertThat(byChunkVectors.get(1).denseScore()).isCloseTo(1f / 3, within(0.01f));

            // Without a window vector there is nothing to compare the windows with: the chunks' own vectors.
            assertThat(ids(index.search(dense(axis(0))))).containsExactly("diffuse", "focused");
        }
    }

    /** A chunk whose windows have these vectors (one span each) and whose own vector is their mean, as the ingest job makes it. */
    private static IndexedChunk withWindows(String id, List<float[]> windows) {
        float[] mean = new float[TestChunks.DIMENSIONS];
        for (float[] window : windows) {
            for (int d = 0; d < mean.length; d++) {
                mean[d] += window[d] / windows.size();
            }
        }
        int[] spans = new int[2 * windows.size()];
        for (int w = 0; w < windows.size(); w++) {
            spans[2 * w] = w;
            spans[2 * w + 1] = w + 1;
        }
        return TestRecords.indexedChunk(id, "AMD:2022", "x".repeat(windows.size())).document("10-K", "hash-" + id)
                .form("10-K", null).pages(1, 1).vector(mean).windows(WindowVectors.of("m/w400", windows, spans)).build();
    }

    @Test
    void hybridRanksSecondInBothListsAboveFirstInOneListOnly() {
        // BM25 for "ebitda": onlyLexical (twice) then both (once); dense for axis 0: onlyDense then both.
        // With depth 2, both = 1/62 + 1/62 = 0.032258 beats onlyLexical = onlyDense = 1/61 = 0.016393.
        List<IndexedChunk> chunks = List.of(
                chunk("both", "Adjusted EBITDA rose on higher data center sales volume.", unit(1, 0.5f, 0, 0, 0, 0, 0, 0)),
                chunk("onlyLexical", "EBITDA and adjusted EBITDA reconciliation to net income.", axis(2)),
                chunk("onlyDense", "Operating income grew with data center sales.", axis(0)),
                chunk("neither", "The Company leases office space in Santa Clara.", axis(3)));
        try (ShardIndex index = ShardIndex.build(chunks)) {
            List<Candidate> found = index.search(SearchRequest.of("EBITDA", axis(0)).withDepth(2));

            assertThat(ids(found)).containsExactly("both", "onlyDense", "onlyLexical");
            Candidate both = found.get(0);
            assertThat(both.bm25Rank()).isEqualTo(2);
            assertThat(both.denseRank()).isEqualTo(2);
            assertThat(both.fusedScore()).isCloseTo(1.0 / 62 + 1.0 / 62, within(1e-12));
            Candidate onlyLexical = found.get(2);
            assertThat(onlyLexical.bm25Rank()).isEqualTo(1);
            assertThat(onlyLexical.denseRank()).isNull();
            assertThat(onlyLexical.denseScore()).isNull();
            assertThat(onlyLexical.fusedScore()).isCloseTo(1.0 / 61, within(1e-12));
        }
    }

    @Test
    void resultsCarryRanksAndScoresFromBothLists() {
        try (ShardIndex index = ShardIndex.build(revenueChunks())) {
            Candidate top = index.search(SearchRequest.of("net revenue 1,577", axis(0))).get(0);

            assertThat(top.chunk().chunkId()).isEqualTo("c1");
            assertThat(top.bm25Rank()).isEqualTo(1);
            assertThat(top.bm25Score()).isPositive();
            assertThat(top.denseRank()).isEqualTo(1);
            assertThat(top.denseScore()).isCloseTo(1f, within(1e-6f));
            assertThat(top.fusedScore()).isCloseTo(2.0 / 61, within(1e-12));
            assertThat(top.chunk().formType()).isEqualTo("10-K");
            assertThat(top.chunk().section()).isEqualTo("Item 7");
        }
    }

    @Test
    void aQuestionNamingAStatementBringsTheChunksHoldingItIntoTheCandidates() {
        List<IndexedChunk> chunks = List.of(
                chunk("prose", "Net sales increased 31% to $177.9 billion in 2017, compared with $136.0 billion in 2016; "
                        + "revenue growth in North America, International and AWS.", axis(0)),
                chunk("statement", "CONSOLIDATED STATEMENTS OF OPERATIONS (in millions, except per share data) Year Ended "
                        + "December 31, 2015 2016 2017 Net product sales 79,268 94,665 118,573", axis(5)),
                chunk("toc", "Consolidated Statements of Operations 37 Consolidated Balance Sheets 39", axis(6)));
        ShardIndex index = ShardIndex.build(chunks);
        float[] nearProse = axis(0);

        SearchRequest naming = SearchRequest.of("What was revenue growth in 2017? Use the statement of income.", nearProse).withDepth(1).withLimit(2);
        SearchRequest notNaming = SearchRequest.of("What was revenue growth in 2017?", nearProse).withDepth(1).withLimit(2);

        assertThat(ids(index.search(naming))).contains("statement").doesNotContain("toc");
        assertThat(ids(index.search(notNaming))).doesNotContain("statement");
    }

    /** Prose that both lists rank fills the limit; the statement only the statement list ranks still comes, after it. */
    @Test
    void theNamedStatementIsACandidatePastTheLimit() {
        List<IndexedChunk> chunks = List.of(
                chunk("prose1", "Operating income as a percentage of net sales decreased in fiscal 2019.", axis(0)),
                chunk("prose2", "Operating income decreased as a percentage of net sales due to price investments.", axis(0)),
                chunk("statement", "Walmart Inc. Consolidated Statements of Income Fiscal Years Ended January 31, (Amounts in "
                        + "millions) Revenues: Net sales $ 510,329 $ 495,761", axis(5)));
        try (ShardIndex index = ShardIndex.build(chunks)) {
            String question = "Based on the statement of income, what is the change in operating income as a percentage of net sales?";

            List<Candidate> found = index.search(SearchRequest.of(question, axis(0)).withDepth(2).withLimit(2));

            assertThat(ids(found)).containsExactly("prose1", "prose2", "statement");
            assertThat(ids(index.search(SearchRequest.of("What is the change in operating income as a percentage of net sales?",
                    axis(0)).withDepth(2).withLimit(2)))).containsExactly("prose1", "prose2");
        }
    }

    @Test
    void rrfKAndLimitAreHonoured() {
        try (ShardIndex index = ShardIndex.build(revenueChunks())) {
            List<Candidate> found = index.search(SearchRequest.of("revenue 1,432", axis(1)).withRrfK(10).withLimit(1));

            assertThat(found).hasSize(1);
            assertThat(found.get(0).chunk().chunkId()).isEqualTo("c2");
            assertThat(found.get(0).fusedScore()).isCloseTo(1.0 / 11 + 1.0 / 11, within(1e-12));
        }
    }

    private static List<IndexedChunk> filingsOfTwoShards() {
        List<IndexedChunk> chunks = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            // All mention the term and sit near the query, so only the filter can keep them out.
            float[] vector = unit(1, 0.01f * i, 0, 0, 0, 0, 0, 0);
            chunks.add(chunk("k-" + i, "AMD:2022", "10-K", null, "revenue annual " + i, vector));
            chunks.add(chunk("a-" + i, "AMD:2022", "10-K/A", null, "revenue amended " + i, vector));
            chunks.add(chunk("q-" + i, "AMD:2022", "10-Q", i % 2 == 0 ? "2022Q2" : "2022Q3", "revenue quarter " + i, vector));
            chunks.add(chunk("e-" + i, "AMD:2022", "8-K", "2022-07-01", "revenue release " + i, vector));
            chunks.add(chunk("n-" + i, "NVDA:2022", "10-K", null, "revenue nvidia " + i, vector));
        }
        return chunks;
    }

    private static void assertEachListAdmitsOnly(ShardIndex index, SearchRequest request, Set<String> idPrefixes) {
        for (SearchMode mode : List.of(SearchMode.BM25, SearchMode.DENSE, SearchMode.HYBRID)) {
            List<Candidate> found = index.search(request.withMode(mode));
            assertThat(found).as("mode %s", mode).hasSize(request.limit());
            assertThat(found).as("mode %s", mode).allSatisfy(c ->
                    assertThat(idPrefixes).contains(c.chunk().chunkId().substring(0, 1)));
        }
    }

    @Test
    void formFilterAdmitsAmendmentsOfTheBaseFormInBothLists() {
        try (ShardIndex index = ShardIndex.build(filingsOfTwoShards())) {
            SearchRequest request = SearchRequest.of("revenue", axis(0)).withLimit(20)
                    .withFilter(new DocumentFilter(Set.of("AMD:2022"), Set.of("10-K"), Set.of()));
            assertEachListAdmitsOnly(index, request, Set.of("k", "a"));
        }
    }

    @Test
    void namingTheAmendmentAdmitsOnlyTheAmendment() {
        try (ShardIndex index = ShardIndex.build(filingsOfTwoShards())) {
            SearchRequest request = SearchRequest.of("revenue", axis(0)).withFilter(DocumentFilter.forms("10-k/a"));
            assertEachListAdmitsOnly(index, request, Set.of("a"));
        }
    }

    @Test
    void periodFilterAdmitsOnlyThatQuarterOrDate() {
        try (ShardIndex index = ShardIndex.build(filingsOfTwoShards())) {
            SearchRequest quarter = SearchRequest.of("revenue", axis(0)).withLimit(15)
                    .withFilter(DocumentFilter.periods("2022Q2"));
            assertEachListAdmitsOnly(index, quarter, Set.of("q"));
            assertThat(index.search(quarter)).allSatisfy(c -> assertThat(c.chunk().period()).isEqualTo("2022Q2"));

            SearchRequest date = SearchRequest.of("revenue", axis(0)).withFilter(DocumentFilter.periods("2022-07-01"));
            assertEachListAdmitsOnly(index, date, Set.of("e"));
        }
    }

    @Test
    void shardFilterAdmitsOnlyThatShard() {
        try (ShardIndex index = ShardIndex.build(filingsOfTwoShards())) {
            SearchRequest request = SearchRequest.of("revenue", axis(0)).withFilter(DocumentFilter.shards("NVDA:2022"));
            assertEachListAdmitsOnly(index, request, Set.of("n"));
        }
    }

    @Test
    void filteredBm25ListHoldsOnlyChunksWithAQueryTerm() {
        List<IndexedChunk> chunks = List.of(
                chunk("hit", "AMD:2022", "10-Q", "2022Q2", "inventory rose", axis(0)),
                chunk("miss", "AMD:2022", "10-Q", "2022Q2", "cash fell", axis(1)));
        try (ShardIndex index = ShardIndex.build(chunks)) {
            List<Candidate> found = index.search(bm25("inventory").withFilter(DocumentFilter.forms("10-Q")));
            assertThat(ids(found)).containsExactly("hit");
        }
    }

    @Test
    void aFilterNoChunkPassesReturnsNothing() {
        try (ShardIndex index = ShardIndex.build(revenueChunks())) {
            assertThat(index.search(SearchRequest.of("revenue", axis(0)).withFilter(DocumentFilter.forms("20-F")))).isEmpty();
        }
    }

    @Test
    void emptyIndexReturnsNothing() {
        try (ShardIndex index = ShardIndex.build(List.of())) {
            assertThat(index.size()).isZero();
            assertThat(index.search(SearchRequest.of("revenue", axis(0)))).isEmpty();
        }
    }

    @Test
    void emptyQueryReturnsNothing() {
        try (ShardIndex index = ShardIndex.build(revenueChunks())) {
            assertThat(index.search(SearchRequest.of("", null))).isEmpty();
            assertThat(index.search(SearchRequest.of(null, null))).isEmpty();
            assertThat(index.search(bm25("what was the"))).isEmpty();
        }
    }

    @Test
    void questionOfOnlyStopWordsFallsBackToDense() {
        try (ShardIndex index = ShardIndex.build(revenueChunks())) {
            List<Candidate> found = index.search(SearchRequest.of("What was it?", axis(2)));

            assertThat(found).hasSize(5);
            assertThat(found.get(0).chunk().chunkId()).isEqualTo("c3");
            assertThat(found).allSatisfy(c -> assertThat(c.bm25Rank()).isNull());
        }
    }

    @Test
    void queryVectorOfAnotherLengthIsRejected() {
        try (ShardIndex index = ShardIndex.build(revenueChunks())) {
            assertThatThrownBy(() -> index.search(dense(new float[3]))).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void duplicateChunkIdsAreRejected() {
        assertThatThrownBy(() -> ShardIndex.build(List.of(chunk("x", "a", axis(0)), chunk("x", "b", axis(1)))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("x");
    }

    @Test
    void inputOrderDoesNotChangeResults() {
        List<IndexedChunk> chunks = filingsOfTwoShards();
        List<IndexedChunk> reversed = new ArrayList<>(chunks);
        Collections.reverse(reversed);
        try (ShardIndex forward = ShardIndex.build(chunks); ShardIndex backward = ShardIndex.build(reversed)) {
            SearchRequest request = SearchRequest.of("revenue quarter", axis(0));
            assertThat(ids(backward.search(request))).isEqualTo(ids(forward.search(request)));
        }
    }

    @Test
    void concurrentSearchesSeeTheSameResultsAsASingleThread() throws Exception {
        List<IndexedChunk> chunks = filingsOfTwoShards();
        List<SearchRequest> requests = List.of(
                SearchRequest.of("revenue amended", axis(0)),
                SearchRequest.of("quarter 7", unit(1, 0.2f, 0, 0, 0, 0, 0, 0)).withFilter(DocumentFilter.forms("10-Q")),
                SearchRequest.of("nvidia", axis(1)).withMode(SearchMode.BM25));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (ShardIndex index = ShardIndex.build(chunks)) {
            List<List<Candidate>> expected = requests.stream().map(index::search).toList();
            Callable<Boolean> searcher = () -> {
                for (int round = 0; round < 100; round++) {
                    int i = round % requests.size();
                    if (!index.search(requests.get(i)).equals(expected.get(i))) {
                        return false;
                    }
                }
                return true;
            };
            List<Future<Boolean>> results = pool.invokeAll(List.of(searcher, searcher));
            for (Future<Boolean> result : results) {
                assertThat(result.get()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
