package dev.scoperag.launcher.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.chunk.Chunker;
import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.Embedding;
import java.util.List;
import org.junit.jupiter.api.Test;

class CorpusReplicasTest {

    static final Embedding VECTOR = Embedding.of("bge-small-en-v1.5-q@512", new float[] {0.5f, -0.25f});

    static ChunkUpserted chunk(String shard, String docHash, int seq, int charStart, String text) {
        String ticker = shard.substring(0, shard.indexOf(':'));
        return new ChunkUpserted(shard, ticker, 2019, "10-K", docHash, Chunker.chunkId(shard, docHash, charStart), "th-" + seq, seq,
                charStart, charStart + text.length(), 3, 4, "Item 7", text, VECTOR);
    }

    static DocumentCommitted commit(String shard, String docHash, int chunks) {
        return TestRecords.commit(shard, "10-K", docHash).issuer(null, 1018724L, "Amazon.com, Inc.").fiscalYear(2019)
                .filing("0001018724-20-000004", "2020-01-31").sourceHash("source-hash").counts(chunks, 5000, 80)
                .committedAt("2026-12-02T21:00:00Z").model("bge-small-en-v1.5-q@512").build();
    }

    @Test
    void aReplicaIsTheSameDocumentInAnotherIssuersShardWithItsOwnChunkIds() {
        List<ChunkTopicRecord> published = List.of(
                chunk("AMZN:2019", "dh", 0, 0, "Amazon's net sales grew."),
                chunk("AMZN:2019", "dh", 1, 1250, "Operating income rose."),
                commit("AMZN:2019", "dh", 2));

        List<ChunkTopicRecord> replica = CorpusReplicas.replicate(published, 3);

        assertThat(replica).hasSize(3);
        ChunkUpserted first = (ChunkUpserted) replica.get(0);
        ChunkUpserted original = (ChunkUpserted) published.get(0);
        assertThat(first.shard()).isEqualTo("AMZNR3:2019");
        assertThat(first.ticker()).isEqualTo("AMZNR3");
        assertThat(first.chunkId()).isEqualTo(Chunker.chunkId("AMZNR3:2019", "dh", 0)).isNotEqualTo(original.chunkId());
        assertThat(first.key()).isEqualTo("AMZNR3:2019/chunk/" + first.chunkId());
        assertThat(first.text()).isEqualTo(original.text());
        assertThat(first.embedding()).isEqualTo(original.embedding());
        assertThat(first.textHash()).isEqualTo(original.textHash());
        assertThat(List.of(first.docId(), first.docHash(), first.seq(), first.charStart(), first.charEnd(), first.pageStart(), first.section()))
                .isEqualTo(List.of(original.docId(), original.docHash(), original.seq(), original.charStart(), original.charEnd(),
                        original.pageStart(), original.section()));

        DocumentCommitted commit = (DocumentCommitted) replica.get(2);
        assertThat(commit.shard()).isEqualTo("AMZNR3:2019");
        assertThat(commit.ticker()).isEqualTo("AMZNR3");
        assertThat(commit.company()).isEqualTo("Bench Replica AMZNR3").doesNotContainIgnoringCase("amazon");
        assertThat(commit.cik()).as("the original's CIK would make the replica the same issuer").isNull();
        assertThat(commit.accession()).isNull();
        assertThat(List.of(commit.docId(), commit.docHash(), commit.chunkCount(), commit.fiscalYear(), commit.formType()))
                .isEqualTo(List.of("10-K", "dh", 2, 2019, "10-K"));
    }

    @Test
    void replicasOfOneDocumentDifferFromEachOtherAndKeepTheYear() {
        List<ChunkTopicRecord> published = List.of(chunk("MMM:2018", "d", 0, 0, "text"), commit("MMM:2018", "d", 1));
        ChunkUpserted one = (ChunkUpserted) CorpusReplicas.replicate(published, 1).get(0);
        ChunkUpserted nine = (ChunkUpserted) CorpusReplicas.replicate(published, 9).get(0);
        assertThat(one.shard()).isEqualTo("MMMR1:2018");
        assertThat(nine.shard()).isEqualTo("MMMR9:2018");
        assertThat(one.chunkId()).isNotEqualTo(nine.chunkId());
    }

    @Test
    void chunksOfUncommittedVersionsAndOtherRecordsAreNotReplicated() {
        List<ChunkTopicRecord> published = List.of(
                chunk("AMZN:2019", "old", 0, 0, "never committed"),
                chunk("AMZN:2019", "new", 0, 0, "committed"),
                new ChunkRemoved("AMZN:2019", "x"),
                commit("AMZN:2019", "new", 1));

        List<ChunkTopicRecord> replica = CorpusReplicas.replicate(published, 1);

        assertThat(replica).hasSize(2);
        assertThat(((ChunkUpserted) replica.get(0)).text()).isEqualTo("committed");
        assertThat(replica.get(1)).isInstanceOf(DocumentCommitted.class);
    }

    @Test
    void replicaTickersAreRecognisedAndNumberedFromOne() {
        assertThat(CorpusReplicas.ticker("SQ", 2)).isEqualTo("SQR2");
        assertThat(CorpusReplicas.isReplica("SQR2")).isTrue();
        assertThat(CorpusReplicas.isReplica("AMZN")).isFalse();
        assertThat(CorpusReplicas.isReplica("MMM")).isFalse();
        assertThatThrownBy(() -> CorpusReplicas.ticker("SQ", 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
