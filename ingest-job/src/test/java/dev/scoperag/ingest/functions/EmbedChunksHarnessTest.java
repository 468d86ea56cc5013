package dev.scoperag.ingest.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.filing.RejectReason;
import dev.scoperag.core.ident.Hashes;
import dev.scoperag.core.ingest.ChunkVectors;
import dev.scoperag.core.ingest.DocumentPlan;
import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.record.RejectedFiling;
import dev.scoperag.stream.testing.KeyedHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;

/** EmbedChunks with the real bundled model, counting the texts it actually embeds. */
class EmbedChunksHarnessTest {

    static final AtomicInteger EMBEDDED_TEXTS = new AtomicInteger();
    /** The most texts the model was handed in one call, and the thread it was called on. */
    static final AtomicInteger LARGEST_CALL = new AtomicInteger();
    static volatile String modelCallThread;
    /** A text the embedder fails on as a bug in the model's code would, and one it fails on as the JVM would. */
    static final String POISON = "poison: the model fails on this text";
    static final String OUT_OF_MEMORY = "oom: the JVM runs out of memory on this text";

    /** The real model, counting every passage it is asked to embed, and failing on the poison texts. */
    static Embedder countingEmbedder() {
        Embedder real = EmbedderSpec.bundled().open();
        return new Embedder() {
            @Override public String modelId() { return real.modelId(); }
            @Override public int dimensions() { return real.dimensions(); }
            @Override public float[] embedPassage(String text) { return embedPassages(List.of(text)).get(0); }
            @Override public List<float[]> embedPassages(List<String> texts) {
                if (texts.contains(POISON)) {
                    throw new IllegalArgumentException("token id out of range");
                }
                if (texts.contains(OUT_OF_MEMORY)) {
                    throw new OutOfMemoryError("Java heap space");
                }
                EMBEDDED_TEXTS.addAndGet(texts.size());
                LARGEST_CALL.accumulateAndGet(texts.size(), Math::max);
                modelCallThread = Thread.currentThread().getName();
                return real.embedPassages(texts);
            }
            @Override public float[] embedQuery(String q) { return real.embedQuery(q); }
            @Override public void close() { real.close(); }
        };
    }

    private static KeyedOneInputStreamOperatorTestHarness<String, DocumentPlan, ChunkTopicRecord> harness(int perStep, int maxQueued)
            throws Exception {
        return KeyedHarness.of(new EmbedChunks(EmbedChunksHarnessTest::countingEmbedder, perStep, maxQueued), DocumentPlan::shard,
                ChunkTopicRecord.class);
    }

    private static KeyedOneInputStreamOperatorTestHarness<String, DocumentPlan, ChunkTopicRecord> rocksDbHarness(int perStep)
            throws Exception {
        return KeyedHarness.onRocksDb(new EmbedChunks(EmbedChunksHarnessTest::countingEmbedder, perStep, 10_000), DocumentPlan::shard,
                ChunkTopicRecord.class);
    }

    static ChunkUpserted chunk(String docHash, int seq, String text) {
        return new ChunkUpserted("MMM:2018", "MMM", 2018, "10-K", docHash, Hashes.sha256(docHash, "" + seq), Hashes.sha256(text),
                seq, seq * 1250, seq * 1250 + text.length(), null, null, null, text, null);
    }

    static DocumentCommitted commit(String docHash, int chunks) {
        return TestRecords.commit("MMM:2018", "10-K", docHash).issuer(null, 66740L, "3M").counts(chunks, 100, 0).build();
    }

    /** A document version's plan: its chunks of {@code texts}, then its commit. */
    static DocumentPlan version(String docHash, String... texts) {
        List<ChunkTopicRecord> records = new ArrayList<>();
        for (int i = 0; i < texts.length; i++) {
            records.add(chunk(docHash, i, texts[i]));
        }
        records.add(commit(docHash, texts.length));
        return plan(docHash, records);
    }

    static DocumentPlan plan(String docHash, List<ChunkTopicRecord> records) {
        FilingEvent event = new FilingEvent(null, null, "MMM", 66740L, "3M", 2018, "10-K", null, null, null, null, null);
        return new DocumentPlan("MMM:2018", "10-K", docHash, new RejectedFiling.Source("filings", 0, 7L, "mmm-2018"), event, records);
    }

    private static void feed(KeyedOneInputStreamOperatorTestHarness<String, DocumentPlan, ChunkTopicRecord> h, DocumentPlan... plans)
            throws Exception {
        for (DocumentPlan p : plans) {
            h.processElement(new StreamRecord<>(p));
        }
    }

    /** Lets the poll timers fire, while the model works on its own thread, until nothing is left with it. */
    private static void drain(KeyedOneInputStreamOperatorTestHarness<String, DocumentPlan, ChunkTopicRecord> h) throws Exception {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (h.numProcessingTimeTimers() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
            h.setProcessingTime(h.getProcessingTime() + EmbedChunks.POLL_MILLIS);
        }
    }

    /** Polls until at least {@code n} records are out. */
    private static void awaitOutput(KeyedOneInputStreamOperatorTestHarness<String, DocumentPlan, ChunkTopicRecord> h, int n)
            throws Exception {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (h.extractOutputValues().size() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
            h.setProcessingTime(h.getProcessingTime() + EmbedChunks.POLL_MILLIS);
        }
    }

    @Test
    void chunksGetEmbeddingsAndRecordsKeepTheirOrder() throws Exception {
        EMBEDDED_TEXTS.set(0);
        try (var h = harness(1, 10_000)) {
            h.open();
            feed(h, version("v1", "Net sales were $32.8 billion.", "The board of directors met."));
            assertThat(h.extractOutputValues()).as("the record is taken without waiting for the model").isEmpty();
            drain(h);
            assertThat(modelCallThread).as("the model runs off the task thread").isEqualTo(EmbedChunks.MODEL_THREAD);

            List<ChunkTopicRecord> out = h.extractOutputValues();
            assertThat(out).extracting(r -> r.getClass().getSimpleName()).containsExactly("ChunkUpserted", "ChunkUpserted", "DocumentCommitted");
            ChunkUpserted first = (ChunkUpserted) out.get(0);
            assertThat(first.embedding().dims()).isEqualTo(384);
            assertThat(first.embedding().model())
                    .isEqualTo(ChunkVectors.id(EmbedderSpec.bundled().modelId(), ChunkVectors.ChunkVector.WINDOW_MEAN));
            assertThat(first.windows().count()).as("a one-sentence chunk is one window").isEqualTo(1);
            assertThat(first.windows().model()).isEqualTo(first.embedding().model());
            assertThat(EMBEDDED_TEXTS.get()).isEqualTo(2);
            assertThat(h.numKeyedStateEntries()).as("only the shard's kept embeddings are left").isEqualTo(1);
            assertThat(h.numProcessingTimeTimers()).isZero();
        }
    }

    @Test
    void theModelIsHandedAtMostOneCallsChunksAtATime() throws Exception {
        LARGEST_CALL.set(0);
        try (var h = harness(2, 10_000)) {
            h.open();
            feed(h, version("v1", "One.", "Two.", "Three.", "Four.", "Five."));
            drain(h);
            assertThat(h.extractOutputValues()).hasSize(6).last().isInstanceOf(DocumentCommitted.class);
            assertThat(LARGEST_CALL.get()).isEqualTo(2);
        }
    }

    @Test
    void aNewVersionEmbedsOnlyTheTextsItChanged() throws Exception {
        EMBEDDED_TEXTS.set(0);
        try (var h = harness(1, 10_000)) {
            h.open();
            feed(h, version("v1", "Unchanged risk factors.", "Net sales were $32.8 billion."));
            feed(h, version("v2", "Unchanged risk factors.", "Net sales were $32.9 billion (corrected)."));
            drain(h);

            assertThat(EMBEDDED_TEXTS.get()).as("three distinct texts").isEqualTo(3);
            List<ChunkTopicRecord> out = h.extractOutputValues();
            assertThat(((ChunkUpserted) out.get(3)).embedding()).isEqualTo(((ChunkUpserted) out.get(0)).embedding());

            // v2's texts are kept: a v3 that changes one of them embeds only that one.
            EMBEDDED_TEXTS.set(0);
            feed(h, version("v3", "Net sales were $33.0 billion.", "Net sales were $32.9 billion (corrected)."));
            drain(h);
            assertThat(EMBEDDED_TEXTS.get()).as("only the text v3 changed is embedded").isEqualTo(1);
        }
    }

    @Test
    void aRetractionDropsEveryKeptEmbeddingOfTheDocument() throws Exception {
        try (var h = harness(1, 10_000)) {
            h.open();
            feed(h, version("v1", "Some text."));
            feed(h, plan("v1", List.of(new DocumentRetracted("MMM:2018", "MMM", 2018, "10-K", "v1", "2026-12-02T00:00:00Z", null),
                    new ChunkRemoved("MMM:2018", "c"))));
            drain(h);

            assertThat(h.numKeyedStateEntries()).isZero();
            assertThat(h.extractOutputValues()).hasSize(4);
        }
    }

    @Test
    void aDocumentHalfEmbeddedAtACheckpointIsFinishedAfterRestoreWithEachRecordOnce() throws Exception {
        OperatorSubtaskState snapshot;
        List<ChunkTopicRecord> before;
        DocumentPlan plan = version("v1", "First chunk.", "Second chunk.", "Third chunk.", "Fourth chunk.", "Fifth chunk.");
        try (var h = rocksDbHarness(2)) {
            h.open();
            feed(h, plan);
            awaitOutput(h, 1);
            before = h.extractOutputValues();
            snapshot = h.snapshot(1L, h.getProcessingTime());
            assertThat(before.size()).as("part of the document out, the rest queued").isBetween(1, 5);
        }
        try (var restored = rocksDbHarness(2)) {
            restored.initializeState(snapshot);
            restored.open();
            drain(restored);

            List<ChunkTopicRecord> all = new ArrayList<>(before);
            all.addAll(restored.extractOutputValues());
            assertThat(all).as("every record once, in order, across the restore").hasSize(6);
            assertThat(all.subList(0, 5)).extracting(r -> ((ChunkUpserted) r).seq()).containsExactly(0, 1, 2, 3, 4);
            assertThat(all.get(5)).isInstanceOf(DocumentCommitted.class);
            assertThat(restored.numProcessingTimeTimers()).isZero();
        }
    }

    @Test
    void pastTheQueueBoundADocumentIsEmbeddedBeforeTheNextRecordIsTaken() throws Exception {
        try (var h = harness(2, 3)) {
            h.open();
            feed(h, version("v1", "One.", "Two.", "Three."));
            assertThat(h.extractOutputValues()).as("within the bound: queued").isEmpty();
            feed(h, plan("v2", List.of(chunk("w2", 0, "Other document."), commit("w2", 1))));
            assertThat(h.extractOutputValues()).as("over the bound: waited for down to it before returning").hasSizeGreaterThanOrEqualTo(2);
            drain(h);
            assertThat(h.extractOutputValues()).hasSize(6);
        }
    }

    @Test
    void aVersionThatFailsToEmbedIsWithdrawnAndDeadLetteredAndTheNextOneIsPublished() throws Exception {
        try (var h = harness(1, 10_000)) {
            h.open();
            DocumentPlan poisoned = version("v1", "A good first chunk.", POISON, "A third chunk never reached.");
            feed(h, poisoned, version("v2", "The corrected filing."));
            drain(h);

            List<ChunkTopicRecord> out = h.extractOutputValues();
            assertThat(out).noneMatch(r -> r instanceof DocumentCommitted c && c.docHash().equals("v1"));
            assertThat(out).filteredOn(r -> r instanceof ChunkRemoved).extracting(r -> ((ChunkRemoved) r).chunkId())
                    .as("every chunk of the failed version is withdrawn")
                    .containsExactlyElementsOf(poisoned.chunkIds());
            assertThat(out).last().isInstanceOf(DocumentCommitted.class).extracting(r -> ((DocumentCommitted) r).docHash()).isEqualTo("v2");

            List<RejectedFiling> dead = h.getSideOutput(DeadLetters.TAG).stream().map(StreamRecord::getValue).toList();
            assertThat(dead).singleElement().satisfies(r -> {
                assertThat(r.reason()).isEqualTo(RejectReason.INTERNAL_ERROR);
                assertThat(r.stage()).isEqualTo("embed");
                assertThat(r.detail()).contains("IllegalArgumentException").contains("token id out of range");
                assertThat(r.source().key()).isEqualTo("mmm-2018");
            });
            assertThat(h.numKeyedStateEntries()).as("no queue or open plan left, only the kept embeddings").isEqualTo(1);
        }
    }

    @Test
    void anOutOfMemoryErrorFailsTheTaskInsteadOfTheRecord() throws Exception {
        try (var h = harness(1, 10_000)) {
            h.open();
            feed(h, version("v1", OUT_OF_MEMORY));
            assertThatThrownBy(() -> drain(h)).isInstanceOf(OutOfMemoryError.class);
            assertThat(h.getSideOutput(DeadLetters.TAG)).isNullOrEmpty();
        }
    }
}
