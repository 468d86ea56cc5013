package dev.scoperag.core.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.scoperag.core.answer.ChunkWindows;
import dev.scoperag.core.chunk.Chunk;
import dev.scoperag.core.chunk.Chunker;
import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.extract.ContentType;
import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.WindowVectors;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Window vectors with the real bundled model: each distinct window embedded once, the chunk vector their mean. */
class ChunkVectorsTest {

    private static Embedder model;

    @BeforeAll
    static void open() {
        model = EmbedderSpec.bundled().open();
    }

    @AfterAll
    static void close() {
        model.close();
    }

    private static List<ChunkUpserted> chunks(int count) throws IOException {
        String text;
        try (InputStream in = Objects.requireNonNull(ChunkVectorsTest.class.getResourceAsStream("/filings/KO_2021_10K_excerpt.txt"))) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Chunk> chunks = new Chunker().chunk("KO:2021", "h", new ExtractedText(text, new int[0], ContentType.TEXT), offset -> null);
        List<ChunkUpserted> records = new ArrayList<>();
        for (Chunk c : chunks.subList(0, count)) {
            records.add(new ChunkUpserted("KO:2021", "KO", 2021, "doc", "h", c.chunkId(), c.textHash(), c.seq(), c.charStart(),
                    c.charEnd(), null, null, null, c.text(), null));
        }
        return records;
    }

    @Test
    void embedsEachDistinctWindowOnceAndMakesTheChunkVectorTheirMean() throws IOException {
        List<ChunkUpserted> chunks = chunks(3);
        Set<String> distinct = new HashSet<>();
        int perChunk = 0;
        for (ChunkUpserted c : chunks) {
            List<String> windows = ChunkWindows.texts(c.text(), ChunkWindows.spans(c.text(), c.charStart(), 1_250, 400));
            distinct.addAll(windows);
            perChunk += windows.size();
        }
        ChunkVectors vectors = new ChunkVectors(model, 1_250);

        List<ChunkUpserted> embedded = vectors.embed(chunks);

        assertThat(vectors.textsEmbedded()).isEqualTo(distinct.size()).isLessThan(perChunk);
        assertThat(vectors.id()).isEqualTo(model.modelId() + "/w400");
        for (ChunkUpserted chunk : embedded) {
            WindowVectors windows = chunk.windows();
            assertThat(chunk.embedding().model()).isEqualTo(vectors.id());
            assertThat(windows.model()).isEqualTo(vectors.id());
            assertThat(windows.count()).isGreaterThan(3);
            float[] own = chunk.embedding().vector();
            assertThat(dot(own, own)).isCloseTo(1.0, within(1e-4));
            // The stored int8 window vectors keep the model's: cosine with a fresh embedding of the window's text.
            byte[] bytes = windows.bytes();
            float[] scales = windows.scales();
            int first = windows.spans().get(0);
            int end = windows.spans().get(1);
            float[] fresh = model.embedPassage(chunk.text().substring(first, end));
            float[] stored = new float[windows.dims()];
            for (int d = 0; d < stored.length; d++) {
                stored[d] = bytes[d] * scales[0];
            }
            assertThat(dot(fresh, stored)).isGreaterThan(0.995);
        }
        // The next call (the next batch of the same document) finds the windows it shares with this one.
        long before = vectors.textsEmbedded();
        vectors.embed(chunks.subList(1, 3));
        assertThat(vectors.textsEmbedded()).isEqualTo(before);
    }

    @Test
    void theWholeChunkAblationEmbedsTheChunkAsWellUnderItsOwnIdentity() throws IOException {
        ChunkVectors vectors = new ChunkVectors(model, 1_250, 400, ChunkVectors.ChunkVector.FULL_CHUNK);
        ChunkUpserted chunk = vectors.embed(chunks(1)).get(0);
        assertThat(vectors.id()).isEqualTo(model.modelId() + "/w400+chunk");
        assertThat(dot(chunk.embedding().vector(), model.embedPassage(chunk.text()))).isGreaterThan(0.9999);
        assertThat(chunk.windows().count()).isGreaterThan(3);
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += (double) a[i] * b[i];
        }
        return sum;
    }
}
