package dev.scoperag.core.answer;

import static dev.scoperag.core.answer.TestContext.candidates;
import static dev.scoperag.core.answer.TestContext.chunk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CrossEncoderRerankerTest {

    /** The bundled bge tokenizer is a BERT WordPiece tokenizer, as MiniLM cross-encoders use. */
    private static InputStream bertTokenizerJson() {
        return CrossEncoderRerankerTest.class.getResourceAsStream("/bge-small-en-v1.5-q-tokenizer.json");
    }

    private static Path modelDirectory(Path dir, boolean twoClasses) throws IOException {
        Files.write(dir.resolve("model.onnx"), TinyCrossEncoder.model(twoClasses));
        try (InputStream json = bertTokenizerJson()) {
            Files.copy(json, dir.resolve("tokenizer.json"));
        }
        return dir;
    }

    @Test
    void aMissingModelFailsNamingTheFileItLookedFor(@TempDir Path dir) {
        assertThatThrownBy(() -> CrossEncoderReranker.open(dir.resolve("ms-marco-MiniLM-L-6-v2")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cross-encoder file not found")
                .hasMessageContaining(dir.resolve("ms-marco-MiniLM-L-6-v2").resolve("model.onnx").toString());
    }

    @Test
    void aModelWithoutItsTokenizerFailsNamingTheTokenizer(@TempDir Path dir) throws IOException {
        Files.write(dir.resolve("model.onnx"), TinyCrossEncoder.model(false));

        assertThatThrownBy(() -> CrossEncoderReranker.open(dir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tokenizer.json");
    }

    @Test
    void pairsAreEncodedQuestionFirstWithTokenTypesAndThePassageTruncated() throws IOException {
        String passage = "Purchases of property, plant and equipment were 1,577 million dollars in 2018. ".repeat(20);
        try (HuggingFaceTokenizer tokenizer = CrossEncoderReranker.pairTokenizer(bertTokenizerJson(), 32)) {
            Encoding[] encodings = CrossEncoderReranker.encodePairs(tokenizer, "What was capex in 2018?",
                    List.of("Capex was 1,577.", passage));

            String[] shortPair = encodings[0].getTokens();
            assertThat(shortPair).startsWith("[CLS]", "what", "was", "cape", "##x", "in", "2018", "?", "[SEP]");
            assertThat(shortPair[shortPair.length - 1]).isEqualTo("[SEP]");
            long[] types = encodings[0].getTypeIds();
            assertThat(Arrays.copyOfRange(types, 0, 9)).containsOnly(0L);
            assertThat(Arrays.copyOfRange(types, 9, types.length)).containsOnly(1L);

            // The long passage is cut to the window; the question survives whole.
            assertThat(encodings[1].getIds()).hasSize(32);
            assertThat(encodings[1].getTokens()).startsWith("[CLS]", "what", "was", "cape", "##x", "in", "2018", "?", "[SEP]");
            assertThat(encodings[1].getTokens()[31]).isEqualTo("[SEP]");
        }
    }

    @Test
    void theRelevanceLogitIsTheSingleColumnOrThePositiveClass() {
        assertThat(CrossEncoderReranker.relevanceLogits(new float[] {0.5f, -2f}, new long[] {2, 1}))
                .containsExactly(0.5, -2.0);
        assertThat(CrossEncoderReranker.relevanceLogits(new float[] {3f, -1f, -4f, 2f}, new long[] {2, 2}))
                .containsExactly(-1.0, 2.0);
        assertThat(CrossEncoderReranker.relevanceLogits(new float[] {7f}, new long[] {1})).containsExactly(7.0);
        assertThatThrownBy(() -> CrossEncoderReranker.relevanceLogits(new float[6], new long[] {2, 3}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("[2, 3]");
    }

    @Test
    void anOnnxCrossEncoderOrdersCandidatesByItsLogit(@TempDir Path dir) throws IOException {
        try (CrossEncoderReranker reranker = CrossEncoderReranker.open(modelDirectory(dir, false))) {
            List<Scored> reranked = reranker.rerank("capex?", candidates(
                    chunk("short", "MMM", 2018, "Capex."),
                    chunk("long", "MMM", 2018, "Purchases of property, plant and equipment were 1,577."),
                    chunk("middle", "MMM", 2018, "Capital spending rose.")));

            assertThat(reranked).extracting(s -> s.candidate().chunk().chunkId()).containsExactly("long", "middle", "short");
            // "Capex." as passage: "cape", "##x", "." and [SEP] have token type 1; a fed type of 0 would score 0.
            assertThat(reranked.get(2).score()).isEqualTo(4.0);
            assertThat(reranker.id()).startsWith("cross-encoder/").endsWith("@512");
        }
    }

    @Test
    void aTwoClassModelIsScoredByItsPositiveClass(@TempDir Path dir) throws IOException {
        try (CrossEncoderReranker reranker = CrossEncoderReranker.open(modelDirectory(dir, true))) {
            List<Scored> reranked = reranker.rerank("capex?", candidates(
                    chunk("short", "MMM", 2018, "Capex."),
                    chunk("long", "MMM", 2018, "Purchases of property, plant and equipment were 1,577.")));

            assertThat(reranked).extracting(s -> s.candidate().chunk().chunkId()).containsExactly("long", "short");
            assertThat(reranked.get(1).score()).isEqualTo(4.0);
        }
    }
}
