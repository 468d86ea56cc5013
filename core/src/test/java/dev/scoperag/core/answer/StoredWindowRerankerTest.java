package dev.scoperag.core.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.record.WindowVectors;
import dev.scoperag.core.search.Candidate;
import dev.scoperag.core.search.FilingAnalyzer;
import dev.scoperag.core.search.IndexedChunk;
import dev.scoperag.core.search.SearchRequest;
import dev.scoperag.core.search.ShardIndex;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The reranker on stored window vectors, with the real bundled model at "ingest" (the windows) and for the question,
 * through a shard index that scores the windows: the same judgement as the offline reranker's, with no model call in
 * the reranker.
 */
class StoredWindowRerankerTest {

    private static final String QUESTION = "What is the FY2018 capital expenditure amount (in USD millions) for 3M?";
    private static final String WORD_SHARER = "Risk Factors\n"
            + "3M may need to raise additional capital in 2018 and later years. Any expenditure on litigation, "
            + "environmental remediation or product recalls could adversely affect the Company's results, and the "
            + "Company cannot assure that capital will be available on acceptable terms.\n";

    private static Embedder model;

    @BeforeAll
    static void open() {
        model = EmbedderSpec.bundled().open();
    }

    @AfterAll
    static void close() {
        model.close();
    }

    /** The chunk with its windows embedded as the ingest job embeds them, and their mean as its vector. */
    private static IndexedChunk withWindows(IndexedChunk chunk) {
        int[] spans = ChunkWindows.spans(chunk.text(), chunk.charStart(), 1_250, ChunkWindows.DEFAULT_WINDOW_CHARS);
        List<float[]> vectors = model.embedPassages(ChunkWindows.texts(chunk.text(), spans));
        float[] mean = new float[vectors.get(0).length];
        vectors.forEach(v -> {
            for (int d = 0; d < mean.length; d++) {
                mean[d] += v[d] / vectors.size();
            }
        });
        return new IndexedChunk(chunk.chunkId(), chunk.shard(), chunk.ticker(), chunk.fiscalYear(), chunk.docId(), chunk.docHash(),
                chunk.formType(), chunk.period(), chunk.seq(), chunk.charStart(), chunk.charEnd(), chunk.pageStart(), chunk.pageEnd(),
                chunk.section(), chunk.text(), mean, WindowVectors.of("m/w400", vectors, spans));
    }

    @Test
    void storedWindowsScoreTheCandidatesWithNoModelCallInTheReranker() {
        List<IndexedChunk> chunks = List.of(
                withWindows(TestContext.chunk("risk", "MMM", 2018, WORD_SHARER)),
                withWindows(TestContext.chunk("board", "MMM", 2018, ExtractiveAnswererTest.BOARD)),
                withWindows(ExtractiveAnswererTest.mmmCashFlowChunk()));
        String windowQuestion;
        try (FilingAnalyzer analyzer = new FilingAnalyzer()) {
            windowQuestion = StoredWindowReranker.windowQuestion(QUESTION, analyzer);
        }
        assertThat(windowQuestion).startsWith(QUESTION).hasSizeGreaterThan(QUESTION.length());
        List<Candidate> candidates;
        try (ShardIndex index = ShardIndex.build(chunks)) {
            candidates = index.search(SearchRequest.of(QUESTION, model.embedQuery(QUESTION))
                    .withWindowVector(model.embedQuery(windowQuestion)));
        }
        assertThat(candidates).hasSize(3).allSatisfy(c -> assertThat(c.windowScore()).isNotNull());

        // The word-sharer leads both retrieval lists here, its best window included; the statement leads the lexical
        // feature. The blend, whose semantic feature is scaled over the list, puts the statement first.
        try (StoredWindowReranker blend = new StoredWindowReranker(0, StoredWindowReranker.Combination.BLEND)) {
            List<Scored> reranked = blend.rerank(QUESTION, candidates);
            assertThat(reranked.get(0).candidate().chunk().chunkId()).isEqualTo("mmm-cf");
            assertThat(reranked.get(0).score()).isGreaterThan(reranked.get(1).score());
        }
        // Rank fusion counts the retrieval order, the best window and the lexical feature once each: two of the three
        // put the word-sharer first, and the statement comes second, above the board's prose.
        try (StoredWindowReranker fusion = new StoredWindowReranker()) {
            List<Scored> reranked = fusion.rerank(QUESTION, candidates);
            assertThat(reranked).extracting(r -> r.candidate().chunk().chunkId()).containsExactly("risk", "mmm-cf", "board");
        }
    }

    @Test
    void countsTheLexicallyBestWindowsOrAllOfThem() {
        // Two chunks of four windows each; a's best-scoring window shares no word with the question.
        String text = "Capital expenditure was $1,577 million in 2018. Nothing here. Nothing more. The weather was fine.";
        int[] spans = {0, 47, 48, 61, 62, 75, 76, 97};
        IndexedChunk a = TestContext.chunk("a", "MMM", 2018, text);
        IndexedChunk b = TestContext.chunk("b", "MMM", 2018, text);
        List<Candidate> candidates = List.of(
                new Candidate(a, 1, 1f, 1, 1f, 0.02, new float[] {0.50f, 0.10f, 0.10f, 0.90f}, spans),
                new Candidate(b, 2, 1f, 2, 1f, 0.01, new float[] {0.80f, 0.10f, 0.10f, 0.10f}, spans));
        String question = "What was the capital expenditure in 2018?";
        // The blend, where the semantic feature alone can reorder two candidates the lexical feature ties.
        try (StoredWindowReranker best = new StoredWindowReranker(1, StoredWindowReranker.Combination.BLEND);
                StoredWindowReranker all = new StoredWindowReranker(0, StoredWindowReranker.Combination.BLEND)) {
            assertThat(best.rerank(question, candidates).get(0).candidate().chunk().chunkId()).isEqualTo("b");
            assertThat(all.rerank(question, candidates).get(0).candidate().chunk().chunkId()).isEqualTo("a");
            assertThat(best.id()).isEqualTo("stored-windows/best-1/blend");
            assertThat(all.id()).isEqualTo("stored-windows/all/blend");
        }
        try (StoredWindowReranker reranker = new StoredWindowReranker()) {
            assertThat(reranker.id()).isEqualTo("stored-windows/all/rank-fusion");
        }
    }

    /**
     * c's semantic score is an outlier; a leads the retrieval order and the lexical feature and is second on the
     * semantic one. The blend's min-max scaling lets the outlier win; rank fusion counts it as one first place.
     */
    @Test
    void rankFusionCountsEachFeatureAsOneRankingNotByItsScale() {
        List<Candidate> candidates = TestContext.candidates(TestContext.chunk("a", "MMM", 2018, "a"),
                TestContext.chunk("b", "MMM", 2018, "b"), TestContext.chunk("c", "MMM", 2018, "c"));
        double[] semantic = {0.50, 0.45, 0.95};
        double[] lexical = {0.60, 0.50, 0.10};

        List<Scored> fused = StoredWindowReranker.fuseRanks(candidates, semantic, lexical);
        List<Scored> blended = OfflineReranker.blend(candidates, semantic, lexical);

        assertThat(fused).extracting(s -> s.candidate().chunk().chunkId()).containsExactly("a", "c", "b");
        assertThat(fused.get(0).score()).isCloseTo(1.0 / 61 + 1.0 / 61 + 1.0 / 62, within(1e-12));
        assertThat(blended.get(0).candidate().chunk().chunkId()).isEqualTo("c");
    }

    @Test
    void withoutWindowScoresTheLexicalAndPriorFeaturesStillOrder() {
        IndexedChunk sharer = TestContext.chunk("risk", "MMM", 2018, WORD_SHARER);
        IndexedChunk cashFlow = ExtractiveAnswererTest.mmmCashFlowChunk();
        try (StoredWindowReranker reranker = new StoredWindowReranker()) {
            List<Scored> reranked = reranker.rerank(QUESTION, TestContext.candidates(sharer, cashFlow));
            assertThat(reranked).hasSize(2);
            assertThat(reranked).allSatisfy(s -> assertThat(s.candidate().windowScore()).isNull());
        }
    }
}
