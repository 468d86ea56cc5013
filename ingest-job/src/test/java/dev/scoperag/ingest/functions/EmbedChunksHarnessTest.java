package dev.scoperag.ingest.functions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.ident.Hashes;
import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.stream.testing.KeyedHarness;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;

/** EmbedChunks with the real bundled model, counting the texts it actually embeds. */
class EmbedChunksHarnessTest {

    static final AtomicInteger EMBEDDED_TEXTS = new AtomicInteger();

    /** The real model, counting every passage it is asked to embed. */
    static Embedder countingEmbedder() {
        Embedder real = EmbedderSpec.bundled().open();
        return new Embedder() {
            @Override public String modelId() { return real.modelId(); }
            @Override public int dimensions() { return real.dimensions(); }
            @Override public float[] embedPassage(String text) { EMBEDDED_TEXTS.incrementAndGet(); return real.embedPassage(text); }
            @Override public List<float[]> embedPassages(List<String> texts) { EMBEDDED_TEXTS.addAndGet(texts.size()); return real.embedPassages(texts); }
            @Override public float[] embedQuery(String q) { return real.embedQuery(q); }
            @Override public void close() { real.close(); }
        };
    }

    private static KeyedOneInputStreamOperatorTestHarness<String, ChunkTopicRecord, ChunkTopicRecord> harness(int batchSize) throws Exception {
        return KeyedHarness.of(new EmbedChunks(EmbedChunksHarnessTest::countingEmbedder, batchSize), ChunkTopicRecord::shard,
                ChunkTopicRecord.class);
    }

    private static KeyedOneInputStreamOperatorTestHarness<String, ChunkTopicRecord, ChunkTopicRecord> rocksDbHarness(int batchSize) throws Exception {
        return KeyedHarness.onRocksDb(new EmbedChunks(EmbedChunksHarnessTest::countingEmbedder, batchSize), ChunkTopicRecord::shard,
                ChunkTopicRecord.class);
    }

    static ChunkUpserted chunk(String docHash, int seq, String text) {
        return new ChunkUpserted("MMM:2018", "MMM", 2018, "10-K", docHash, Hashes.sha256(docHash, "" + seq), Hashes.sha256(text),
                seq, seq * 1250, seq * 1250 + text.length(), null, null, null, text, null);
    }

    static DocumentCommitted commit(String docHash, int chunks) {
        return new DocumentCommitted("MMM:2018", "MMM", 66740L, "3M", 2018, "10-K", null, null, null, "10-K", docHash, docHash,
                1, chunks, 100, 0, null, "2026-12-02T00:00:00Z", "m", "0.1.0");
    }

    private static void feed(KeyedOneInputStreamOperatorTestHarness<String, ChunkTopicRecord, ChunkTopicRecord> h, ChunkTopicRecord... records)
            throws Exception {
        for (ChunkTopicRecord r : records) {
            h.processElement(new StreamRecord<>(r));
        }
    }

    @Test
    void chunksGetEmbeddingsAndRecordsKeepTheirOrder() throws Exception {
        EMBEDDED_TEXTS.set(0);
        try (var h = harness(1)) {
            h.open();
            feed(h, chunk("v1", 0, "Net sales were $32.8 billion."), chunk("v1", 1, "The board of directors met."), commit("v1", 2));

            List<ChunkTopicRecord> out = h.extractOutputValues();
            assertThat(out).extracting(r -> r.getClass().getSimpleName()).containsExactly("ChunkUpserted", "ChunkUpserted", "DocumentCommitted");
            ChunkUpserted first = (ChunkUpserted) out.get(0);
            assertThat(first.embedding().dims()).isEqualTo(384);
            assertThat(first.embedding().model()).isEqualTo(EmbedderSpec.bundled().modelId());
            assertThat(EMBEDDED_TEXTS.get()).isEqualTo(2);
        }
    }

    @Test
    void aNewVersionEmbedsOnlyTheTextsItChanged() throws Exception {
        EMBEDDED_TEXTS.set(0);
        try (var h = harness(1)) {
            h.open();
            feed(h, chunk("v1", 0, "Unchanged risk factors."), chunk("v1", 1, "Net sales were $32.8 billion."), commit("v1", 2));
            feed(h, chunk("v2", 0, "Unchanged risk factors."), chunk("v2", 1, "Net sales were $32.9 billion (corrected)."), commit("v2", 2));

            assertThat(EMBEDDED_TEXTS.get()).as("three distinct texts").isEqualTo(3);
            List<ChunkTopicRecord> out = h.extractOutputValues();
            assertThat(((ChunkUpserted) out.get(3)).embedding()).isEqualTo(((ChunkUpserted) out.get(0)).embedding());

            // v1's changed text was dropped with v2's commit; v2's texts are kept.
            EMBEDDED_TEXTS.set(0);
            feed(h, chunk("v3", 0, "Net sales were $32.8 billion."), chunk("v3", 1, "Net sales were $32.9 billion (corrected)."), commit("v3", 2));
            assertThat(EMBEDDED_TEXTS.get()).as("only the text of the superseded version is embedded again").isEqualTo(1);
        }
    }

    @Test
    void aRetractionDropsEveryKeptEmbeddingOfTheDocument() throws Exception {
        try (var h = harness(1)) {
            h.open();
            feed(h, chunk("v1", 0, "Some text."), commit("v1", 1));
            feed(h, new DocumentRetracted("MMM:2018", "MMM", 2018, "10-K", "v1", "2026-12-02T00:00:00Z", null),
                    new ChunkRemoved("MMM:2018", "c"));

            assertThat(h.numKeyedStateEntries()).isZero();
            assertThat(h.extractOutputValues()).hasSize(4);
        }
    }

    @Test
    void batchedChunksWaitInStateAcrossASnapshotAndFlushOnCommit() throws Exception {
        EMBEDDED_TEXTS.set(0);
        OperatorSubtaskState snapshot;
        try (var h = harness(4)) {
            h.open();
            feed(h, chunk("v1", 0, "First chunk."), chunk("v1", 1, "Second chunk."));
            assertThat(h.extractOutputValues()).isEmpty();
            snapshot = h.snapshot(1L, 1L);
        }
        try (var restored = harness(4)) {
            restored.initializeState(snapshot);
            restored.open();
            feed(restored, chunk("v1", 2, "Third chunk."), commit("v1", 3));

            List<ChunkTopicRecord> out = restored.extractOutputValues();
            assertThat(out).hasSize(4);
            assertThat(out.subList(0, 3)).extracting(r -> ((ChunkUpserted) r).seq()).containsExactly(0, 1, 2);
            assertThat(out.get(3)).isInstanceOf(DocumentCommitted.class);
            assertThat(EMBEDDED_TEXTS.get()).isEqualTo(3);
            assertThat(restored.numKeyedStateEntries()).as("the kept embeddings and no pending chunks").isEqualTo(1);
        }
    }

    @Test
    void theCountOfWaitingChunksSurvivesASnapshotSoAFullCallGoesOutBeforeTheCommit() throws Exception {
        EMBEDDED_TEXTS.set(0);
        OperatorSubtaskState snapshot;
        try (var h = rocksDbHarness(3)) {
            h.open();
            feed(h, chunk("v1", 0, "First chunk."), chunk("v1", 1, "Second chunk."));
            snapshot = h.snapshot(1L, 1L);
        }
        try (var restored = rocksDbHarness(3)) {
            restored.initializeState(snapshot);
            restored.open();
            feed(restored, chunk("v1", 2, "Third chunk."));

            assertThat(restored.extractOutputValues()).extracting(r -> ((ChunkUpserted) r).seq()).containsExactly(0, 1, 2);
            feed(restored, chunk("v1", 3, "Fourth chunk."), commit("v1", 4));
            assertThat(restored.extractOutputValues()).hasSize(5);
            assertThat(EMBEDDED_TEXTS.get()).isEqualTo(4);
        }
    }

    @Test
    void keptEmbeddingsSurviveARocksDbSnapshotAndAreReusedAfterRestore() throws Exception {
        OperatorSubtaskState snapshot;
        try (var h = rocksDbHarness(1)) {
            h.open();
            feed(h, chunk("v1", 0, "Unchanged text survives a restart."), commit("v1", 1));
            snapshot = h.snapshot(1L, 1L);
        }
        EMBEDDED_TEXTS.set(0);
        try (var restored = rocksDbHarness(1)) {
            restored.initializeState(snapshot);
            restored.open();
            feed(restored, chunk("v2", 0, "Unchanged text survives a restart."), commit("v2", 1));

            assertThat(EMBEDDED_TEXTS.get()).isZero();
            assertThat(restored.extractOutputValues()).hasSize(2);
        }
    }
}
