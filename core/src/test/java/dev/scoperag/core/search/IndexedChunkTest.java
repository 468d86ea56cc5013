package dev.scoperag.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.Embedding;
import org.junit.jupiter.api.Test;

class IndexedChunkTest {

    private static final float[] VECTOR = {0.6f, 0.8f};

    private static ChunkUpserted chunk(String docHash) {
        return new ChunkUpserted("AMD:2023", "AMD", 2023, "10-Q-2023Q2", docHash, "chunk-1", "text-hash", 3, 3750, 6250,
                4, 5, "Item 2. Management's Discussion", "Revenue was $5.4 billion.", Embedding.of("bge@512", VECTOR));
    }

    private static DocumentCommitted commit() {
        return TestRecords.commit("AMD:2023", "10-Q-2023Q2", "doc-hash").issuer(null, 2488L, "Advanced Micro Devices")
                .form("10-Q", "2023Q2").filing("0000002488-23-000121", "2023-08-02").sourceHash("source-hash").counts(12, 30000, 40)
                .committedAt("2023-08-02T12:00:00Z").model("bge@512").pipeline("test").build();
    }

    @Test
    void joinsChunkPositionAndVectorWithFormAndPeriodOfTheCommit() {
        IndexedChunk indexed = IndexedChunk.of(chunk("doc-hash"), commit());

        assertThat(indexed.chunkId()).isEqualTo("chunk-1");
        assertThat(indexed.shard()).isEqualTo("AMD:2023");
        assertThat(indexed.docId()).isEqualTo("10-Q-2023Q2");
        assertThat(indexed.docHash()).isEqualTo("doc-hash");
        assertThat(indexed.seq()).isEqualTo(3);
        assertThat(indexed.text()).isEqualTo("Revenue was $5.4 billion.");
        assertThat(indexed.formType()).isEqualTo("10-Q");
        assertThat(indexed.period()).isEqualTo("2023Q2");
        assertThat(indexed.charStart()).isEqualTo(3750);
        assertThat(indexed.pageEnd()).isEqualTo(5);
        assertThat(indexed.vector()).containsExactly(VECTOR);
    }

    @Test
    void chunkOfAnotherDocumentVersionIsRejected() {
        assertThatThrownBy(() -> IndexedChunk.of(chunk("older-hash"), commit()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("chunk-1");
    }

    @Test
    void vectorCannotBeChangedFromOutside() {
        float[] vector = {1f, 0f};
        IndexedChunk indexed = TestChunks.chunk("x", "text", vector);
        vector[0] = 0f;
        indexed.vector()[1] = 5f;

        assertThat(indexed.vector()).containsExactly(1f, 0f);
    }
}
