package dev.scoperag.core.embed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CachingEmbedderTest {

    private static OnnxEmbedder model;

    @TempDir
    Path dir;

    @BeforeAll
    static void loadModel() {
        model = OnnxEmbedder.bgeSmallEnV15Quantized();
    }

    @AfterAll
    static void closeModel() {
        model.close();
    }

    @Test
    void repeatedTextIsEmbeddedByTheModelOnlyOnce() {
        CountingEmbedder counting = new CountingEmbedder(model);
        try (EmbeddingCache cache = EmbeddingCache.open(dir, model.modelId())) {
            CachingEmbedder caching = new CachingEmbedder(counting, cache);

            float[] first = caching.embedPassage("Total revenue was $23.6 billion.");
            float[] second = caching.embedPassage("Total revenue was $23.6 billion.");
            List<float[]> batch = caching.embedPassages(List.of(
                    "Total revenue was $23.6 billion.", "Gross margin was 45%.", "Gross margin was 45%."));

            assertThat(counting.texts.get()).isEqualTo(2);
            assertThat(second).containsExactly(first);
            assertThat(batch.get(0)).containsExactly(first);
            assertThat(batch.get(2)).containsExactly(batch.get(1));
            assertThat(batch.get(1)).containsExactly(model.embedPassage("Gross margin was 45%."));
        }
    }

    @Test
    void aReopenedCacheServesVectorsWithoutTheModel() {
        String text = "The Company repurchased 10 million shares.";
        try (EmbeddingCache cache = EmbeddingCache.open(dir, model.modelId())) {
            new CachingEmbedder(new CountingEmbedder(model), cache).embedPassage(text);
        }
        CountingEmbedder counting = new CountingEmbedder(model);
        try (EmbeddingCache cache = EmbeddingCache.open(dir, model.modelId())) {
            float[] vector = new CachingEmbedder(counting, cache).embedPassage(text);

            assertThat(counting.texts.get()).isZero();
            assertThat(vector).containsExactly(model.embedPassage(text));
        }
    }

    @Test
    void aQueryIsCachedApartFromTheSamePassageText() {
        String text = "What was the total revenue in fiscal 2018?";
        CountingEmbedder counting = new CountingEmbedder(model);
        try (EmbeddingCache cache = EmbeddingCache.open(dir, model.modelId())) {
            CachingEmbedder caching = new CachingEmbedder(counting, cache);

            float[] passage = caching.embedPassage(text);
            float[] query = caching.embedQuery(text);
            caching.embedQuery(text);

            assertThat(counting.texts.get()).isEqualTo(2);
            assertThat(query).containsExactly(model.embedQuery(text)).isNotEqualTo(passage);
        }
    }

    /** Delegates to the real model and counts the texts it was asked to embed. */
    private static final class CountingEmbedder implements Embedder {
        private final Embedder delegate;
        private final AtomicInteger texts = new AtomicInteger();

        CountingEmbedder(Embedder delegate) {
            this.delegate = delegate;
        }

        @Override
        public String modelId() {
            return delegate.modelId();
        }

        @Override
        public int dimensions() {
            return delegate.dimensions();
        }

        @Override
        public float[] embedPassage(String text) {
            texts.incrementAndGet();
            return delegate.embedPassage(text);
        }

        @Override
        public List<float[]> embedPassages(List<String> batch) {
            texts.addAndGet(batch.size());
            return delegate.embedPassages(batch);
        }

        @Override
        public float[] embedQuery(String question) {
            texts.incrementAndGet();
            return delegate.embedQuery(question);
        }

        @Override
        public void close() {
            // The shared model is closed once, after all tests.
        }
    }
}
