package dev.scoperag.core.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.scoperag.core.ident.Hashes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddingCacheTest {

    private static final String MODEL = "test-model@512";

    @TempDir
    Path dir;

    @Test
    void aStoredVectorComesBackBitForBit() {
        float[] vector = {0.25f, -1.5f, Float.MIN_VALUE, 3.0e-8f};
        try (EmbeddingCache cache = EmbeddingCache.open(dir, MODEL)) {
            cache.put(Hashes.sha256("a"), vector);

            assertThat(cache.get(Hashes.sha256("a"))).hasValueSatisfying(v -> assertThat(v).containsExactly(vector));
            assertThat(cache.get(Hashes.sha256("b"))).isEmpty();
        }
    }

    @Test
    void vectorsSurviveReopening() {
        try (EmbeddingCache cache = EmbeddingCache.open(dir, MODEL)) {
            for (int i = 0; i < 100; i++) {
                cache.put(Hashes.sha256("text " + i), new float[] {i, -i, i / 3f});
            }
        }
        try (EmbeddingCache cache = EmbeddingCache.open(dir, MODEL)) {
            assertThat(cache.size()).isEqualTo(100);
            assertThat(cache.get(Hashes.sha256("text 42"))).hasValueSatisfying(
                    v -> assertThat(v).containsExactly(42f, -42f, 42 / 3f));
        }
    }

    @Test
    void aTornLastRecordIsDroppedAndAppendsResumeAfterTheLastWholeOne() throws IOException {
        try (EmbeddingCache cache = EmbeddingCache.open(dir, MODEL)) {
            cache.put(Hashes.sha256("kept"), new float[] {1, 2, 3});
            cache.put(Hashes.sha256("torn"), new float[] {4, 5, 6});
        }
        Path log = dir.resolve("vectors.log");
        long whole = Files.size(log);
        try (var channel = Files.newByteChannel(log, StandardOpenOption.WRITE)) {
            channel.truncate(whole - 5);
        }

        try (EmbeddingCache cache = EmbeddingCache.open(dir, MODEL)) {
            assertThat(cache.get(Hashes.sha256("torn"))).isEmpty();
            cache.put(Hashes.sha256("after"), new float[] {7, 8, 9});
        }
        try (EmbeddingCache cache = EmbeddingCache.open(dir, MODEL)) {
            assertThat(cache.size()).isEqualTo(2);
            assertThat(cache.get(Hashes.sha256("kept"))).hasValueSatisfying(v -> assertThat(v).containsExactly(1, 2, 3));
            assertThat(cache.get(Hashes.sha256("after"))).hasValueSatisfying(v -> assertThat(v).containsExactly(7, 8, 9));
        }
    }

    @Test
    void aCorruptedRecordIsNotServed() throws IOException {
        try (EmbeddingCache cache = EmbeddingCache.open(dir, MODEL)) {
            cache.put(Hashes.sha256("x"), new float[] {1, 2, 3});
        }
        Path log = dir.resolve("vectors.log");
        byte[] bytes = Files.readAllBytes(log);
        bytes[40] ^= 0x01;
        Files.write(log, bytes);

        try (EmbeddingCache cache = EmbeddingCache.open(dir, MODEL)) {
            assertThat(cache.get(Hashes.sha256("x"))).isEmpty();
        }
    }

    @Test
    void aCacheOfOneModelRefusesAnother() {
        EmbeddingCache.open(dir, MODEL).close();

        assertThatThrownBy(() -> EmbeddingCache.open(dir, "other-model@512"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining(MODEL);
    }

    @Test
    void aSecondOpenOfTheSameDirectoryIsRefused() {
        try (EmbeddingCache cache = EmbeddingCache.open(dir, MODEL)) {
            assertThatThrownBy(() -> EmbeddingCache.open(dir, MODEL))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("open");
        }
    }

    @Test
    void keysMustBeSha256Digests() {
        try (EmbeddingCache cache = EmbeddingCache.open(dir, MODEL)) {
            assertThatThrownBy(() -> cache.put("not-a-hash", new float[] {1}))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void theDefaultDirectoryIsUnderTheUserCacheNamedByModel() {
        assertThat(EmbeddingCache.defaultDirectory("bge-small-en-v1.5-q@512"))
                .isEqualTo(Path.of(System.getProperty("user.home"), ".cache/scoperag/embeddings/bge-small-en-v1.5-q@512"));
    }
}
