package dev.scoperag.core.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class OnnxEmbedderTest {

    private static final String REVENUE = "Net revenue for fiscal 2018 was $6.5 billion, an increase of 23% compared "
            + "to $5.3 billion in 2017, primarily driven by higher sales of graphics and computing products.";
    private static final String BOARD = "The Board of Directors has three standing committees: the Audit and Finance "
            + "Committee, the Compensation and Leadership Resources Committee and the Nominating Committee.";
    private static final String RISK = "We rely on third parties to manufacture our products, and if they are unable "
            + "to do so on a timely basis in sufficient quantities, our business could be materially harmed.";

    private static OnnxEmbedder embedder;

    @BeforeAll
    static void loadModel() {
        embedder = OnnxEmbedder.bgeSmallEnV15Quantized();
    }

    @AfterAll
    static void closeModel() {
        embedder.close();
    }

    @Test
    void bundledModelGives384DimensionalUnitVectors() {
        float[] vector = embedder.embedPassage(REVENUE);

        assertThat(embedder.dimensions()).isEqualTo(384);
        assertThat(vector).hasSize(384);
        assertThat(norm(vector)).isCloseTo(1.0, within(1e-5));
        assertThat(embedder.modelId()).isEqualTo("bge-small-en-v1.5-q@512");
    }

    @Test
    void theWindowIsPartOfTheModelId() {
        try (OnnxEmbedder narrow = OnnxEmbedder.open(EncoderModel.bgeSmallEnV15Quantized(),
                EmbedderSettings.defaults().withMaxTokens(256))) {
            assertThat(narrow.modelId()).isEqualTo("bge-small-en-v1.5-q@256");
        }
    }

    @Test
    void embeddingTheSameTextTwiceGivesIdenticalFloats() {
        assertThat(embedder.embedPassage(BOARD)).containsExactly(embedder.embedPassage(BOARD));
    }

    @Test
    void aPaddedBatchGivesTheSameVectorsAsOneAtATimeUpToQuantizationNoise() {
        List<String> texts = List.of(REVENUE, "Revenue.", BOARD, RISK + " " + RISK, "Net income.");
        try (OnnxEmbedder batched = OnnxEmbedder.open(EncoderModel.bgeSmallEnV15Quantized(),
                EmbedderSettings.defaults().withBatchSize(4))) {
            List<float[]> together = batched.embedPassages(texts);

            assertThat(together).hasSize(texts.size());
            for (int i = 0; i < texts.size(); i++) {
                // The int8 model quantizes activations with one scale per tensor, so batch-mates and padding move
                // a vector by about 0.003 in cosine (measured 0.9956-0.9975); attending to the padding (a wrong
                // mask) moves a short text to about 0.72-0.78, and a row mix-up further still.
                assertThat(cosine(together.get(i), embedder.embedPassage(texts.get(i))))
                        .as("text %d", i).isGreaterThan(0.99);
            }
        }
    }

    @Test
    void aBatchWithoutPaddingOrOtherTextsGivesExactlyTheSingleVector() {
        try (OnnxEmbedder batched = OnnxEmbedder.open(EncoderModel.bgeSmallEnV15Quantized(),
                EmbedderSettings.defaults().withBatchSize(3))) {
            List<float[]> together = batched.embedPassages(List.of(REVENUE, REVENUE, REVENUE));

            // Same text in every row: same quantization scales, so any difference would be a batching bug.
            float[] single = embedder.embedPassage(REVENUE);
            for (float[] vector : together) {
                assertThat(cosine(vector, single)).isGreaterThan(1 - 1e-6);
            }
        }
    }

    @Test
    void parallelRunsGiveExactlyTheVectorsOfOneRunAtATimeInInputOrder() {
        List<String> texts = List.of(REVENUE, "Revenue.", BOARD, RISK + " " + RISK, "Net income.", RISK, BOARD + " " + REVENUE);
        try (OnnxEmbedder parallel = OnnxEmbedder.open(EncoderModel.bgeSmallEnV15Quantized(),
                        EmbedderSettings.defaults().withIntraOpThreads(1).withParallelRuns(3));
                OnnxEmbedder batchedParallel = OnnxEmbedder.open(EncoderModel.bgeSmallEnV15Quantized(),
                        EmbedderSettings.defaults().withBatchSize(2).withParallelRuns(2));
                OnnxEmbedder batched = OnnxEmbedder.open(EncoderModel.bgeSmallEnV15Quantized(),
                        EmbedderSettings.defaults().withBatchSize(2))) {
            List<float[]> vectors = parallel.embedPassages(texts);
            List<float[]> batchVectors = batchedParallel.embedPassages(texts);
            List<float[]> sequentialBatchVectors = batched.embedPassages(texts);

            assertThat(vectors).hasSize(texts.size());
            for (int i = 0; i < texts.size(); i++) {
                // One intra-op thread or two give the same floats, so any difference is a mix-up of positions.
                assertThat(vectors.get(i)).as("text %d", i).containsExactly(embedder.embedPassage(texts.get(i)));
                // Batches are formed before they are shared out, so batch-mates are those of a sequential run.
                assertThat(batchVectors.get(i)).as("batched text %d", i).containsExactly(sequentialBatchVectors.get(i));
            }
        }
    }

    @Test
    void closingStopsTheThreadsOfParallelRuns() throws InterruptedException {
        OnnxEmbedder parallel = OnnxEmbedder.open(EncoderModel.bgeSmallEnV15Quantized(),
                EmbedderSettings.defaults().withIntraOpThreads(1).withParallelRuns(2));
        parallel.embedPassages(List.of(REVENUE, BOARD, RISK));
        List<Thread> threads = runThreads();
        assertThat(threads).isNotEmpty();

        parallel.close();

        // A task manager opens a new embedder at every restart of the job: the old one's threads must not stay.
        for (Thread t : threads) {
            t.join(10_000);  // the pool has terminated; its threads are on their way out
        }
        assertThat(runThreads()).isEmpty();
    }

    @Test
    void aCallOfManyTextsStopsBetweenBatchesWhenItsThreadIsInterrupted() throws Exception {
        // A cancelled ingest task interrupts its model thread: a long call must not run to its end.
        List<String> texts = Collections.nCopies(2_000, RISK + " " + BOARD + " " + REVENUE);
        try (OnnxEmbedder parallel = OnnxEmbedder.open(EncoderModel.bgeSmallEnV15Quantized(),
                EmbedderSettings.defaults().withIntraOpThreads(1).withParallelRuns(2))) {
            AtomicReference<Throwable> outcome = new AtomicReference<>();
            Thread caller = new Thread(() -> {
                try {
                    parallel.embedPassages(texts);
                } catch (Throwable t) {
                    outcome.set(t);
                }
            });
            caller.start();
            caller.interrupt();
            caller.join();

            assertThat(outcome.get()).isInstanceOf(CancellationException.class)
                    .hasMessageContaining("interrupted");
            // The model is still usable by its next caller, and then closes without error (the other run's batch
            // in flight has ended).
            assertThat(parallel.embedPassage(REVENUE)).containsExactly(embedder.embedPassage(REVENUE));
        }
        assertThat(runThreads()).allSatisfy(t -> t.join(10_000));
        assertThat(runThreads()).isEmpty();
    }

    private static List<Thread> runThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith(OnnxEmbedder.RUN_THREAD_PREFIX)).toList();
    }

    @Test
    void aRevenueQueryPrefersTheRevenuePassageOverTheBoardPassage() {
        float[] query = embedder.embedQuery("What was the total revenue in fiscal 2018?");

        double revenue = cosine(query, embedder.embedPassage(REVENUE));
        double board = cosine(query, embedder.embedPassage(BOARD));
        double risk = cosine(query, embedder.embedPassage(RISK));

        // A broken pooling or tokenization scores unrelated texts about equally; the model separates them widely.
        assertThat(revenue).isGreaterThan(board + 0.1).isGreaterThan(risk + 0.1);
    }

    @Test
    void theQueryInstructionChangesTheVector() {
        String question = "What was the total revenue in fiscal 2018?";

        assertThat(cosine(embedder.embedQuery(question), embedder.embedPassage(question))).isLessThan(0.999);
    }

    @Test
    void aTextFarLongerThanTheWindowEmbedsAsItsTruncatedPrefix() {
        String longText = (RISK + " " + BOARD + " " + REVENUE + " ").repeat(40);

        int covered = embedder.coveredChars(longText);
        float[] whole = embedder.embedPassage(longText);
        float[] prefix = embedder.embedPassage(longText.substring(0, covered));

        assertThat(covered).isBetween(1000, longText.length() / 4);
        assertThat(cosine(whole, prefix)).isGreaterThan(1 - 1e-5);
        // ...and the cut is really at the window: one more token's worth of text changes the vector.
        assertThat(cosine(whole, embedder.embedPassage(longText.substring(0, covered - 40)))).isLessThan(1 - 1e-5);
    }

    @Test
    void aTextInsideTheWindowIsCoveredWhole() {
        assertThat(embedder.coveredChars(REVENUE)).isEqualTo(REVENUE.length());
    }

    static double cosine(float[] a, float[] b) {
        double dot = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
        }
        return dot / (norm(a) * norm(b));
    }

    private static double norm(float[] v) {
        double squares = 0;
        for (float x : v) {
            squares += (double) x * x;
        }
        return Math.sqrt(squares);
    }
}
