package dev.scoperag.core.answer;

import static dev.scoperag.core.answer.TestContext.candidates;
import static dev.scoperag.core.answer.TestContext.chunk;
import static dev.scoperag.core.answer.TestContext.scored;
import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.search.IndexedChunk;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The offline reranker and the embedding-aided answerer with the real bundled bge-small model. */
class OfflineRerankerTest {

    /** Shares "capital", "expenditure", "2018" and "3M" with the question, but says nothing of the amount. */
    private static final String WORD_SHARER = "Risk Factors\n"
            + "3M may need to raise additional capital in 2018 and later years. Any expenditure on litigation, "
            + "environmental remediation or product recalls could adversely affect the Company's results, and the "
            + "Company cannot assure that capital will be available on acceptable terms.\n";

    private static Embedder embedder;
    private static OfflineReranker reranker;

    @BeforeAll
    static void loadModel() {
        embedder = EmbedderSpec.bundled().open();
        reranker = new OfflineReranker(embedder);
    }

    @AfterAll
    static void closeModel() {
        reranker.close();
        embedder.close();
    }

    private static List<String> ids(List<Scored> scored) {
        return scored.stream().map(s -> s.candidate().chunk().chunkId()).toList();
    }

    @Test
    void aPassageThatAnswersOutranksOneThatMerelySharesWords() {
        IndexedChunk sharer = chunk("risk", "MMM", 2018, WORD_SHARER);
        IndexedChunk board = chunk("board", "MMM", 2018, ExtractiveAnswererTest.BOARD);
        IndexedChunk cashFlow = ExtractiveAnswererTest.mmmCashFlowChunk();

        List<Scored> reranked = reranker.rerank("What is the FY2018 capital expenditure amount (in USD millions) for 3M?",
                candidates(sharer, board, cashFlow));

        assertThat(ids(reranked)).containsExactly("mmm-cf", "risk", "board");
        assertThat(reranked.get(0).score()).isGreaterThan(reranked.get(1).score());
    }

    @Test
    void onlyTheConfiguredDepthIsScored() {
        try (OfflineReranker shallow = new OfflineReranker(embedder, new OfflineReranker.Settings(2, 400, 8))) {
            List<Scored> reranked = shallow.rerank("capital expenditure", candidates(
                    chunk("a", "MMM", 2018, ExtractiveAnswererTest.BOARD), chunk("b", "MMM", 2018, WORD_SHARER),
                    ExtractiveAnswererTest.mmmCashFlowChunk()));

            assertThat(ids(reranked)).containsExactlyInAnyOrder("a", "b");
        }
    }

    @Test
    void overlappingChunksShareTheirWindowsOverTheOverlap() {
        StringBuilder document = new StringBuilder();
        for (int i = 0; document.length() < 4_000; i++) {
            document.append("Sentence number ").append(i).append(" describes one more fact about the business. ");
        }
        String text = document.toString();
        List<String> first = OfflineReranker.windows(text.substring(0, 2_500), 0, 400);
        List<String> second = OfflineReranker.windows(text.substring(1_250, 3_750), 1_250, 400);

        List<String> shared = new ArrayList<>(first);
        shared.retainAll(second);
        // The overlap is 1,250 chars: the buckets at 1,600 and 2,000 lie wholly inside it (and the one at 1,200
        // only partly), so at least two windows are the same text and are embedded once per call.
        assertThat(shared).hasSizeGreaterThanOrEqualTo(2);
        assertThat(first).allMatch(window -> window.length() <= 400 + 80);
    }

    @Test
    void theEmbeddingAidedAnswererStillQuotesTheAskedRow() {
        try (ExtractiveAnswerer answerer = new ExtractiveAnswerer(ExtractiveAnswerer.Settings.defaults(), embedder)) {
            Answer answer = answerer.answer("What is the FY2018 capital expenditure amount (in USD millions) for 3M?",
                    List.of(scored(ExtractiveAnswererTest.mmmCashFlowChunk(), 0.9),
                            scored(chunk("risk", "MMM", 2018, WORD_SHARER), 0.8)),
                    List.of("3M CO"));

            assertThat(answer.citations().get(0).quote()).isEqualTo(ExtractiveAnswererTest.CAPEX_ROW);
            assertThat(answerer.id()).isEqualTo("extractive/1+bge-small-en-v1.5-q@512");
        }
    }

    @Test
    void theIdNamesTheEmbeddingModel() {
        assertThat(reranker.id()).isEqualTo("offline-windows/bge-small-en-v1.5-q@512");
    }
}
