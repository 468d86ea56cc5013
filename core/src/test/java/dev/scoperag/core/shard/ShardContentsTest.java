package dev.scoperag.core.shard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.record.Embedding;
import dev.scoperag.core.search.Candidate;
import dev.scoperag.core.search.IndexedChunk;
import dev.scoperag.core.search.SearchMode;
import dev.scoperag.core.search.SearchRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shard state machine over in-memory state, as the in-process engine runs it; the job's harness test runs it over Flink state. */
class ShardContentsTest {

    private static final SearchRequest REVENUE = SearchRequest.of("revenue", new float[] {1f, 0f}).withMode(SearchMode.BM25);

    private static ChunkUpserted chunk(String shard, String docHash, int seq, String text) {
        return new ChunkUpserted(shard, shard.substring(0, shard.indexOf(':')), Integer.parseInt(shard.substring(shard.indexOf(':') + 1)),
                "10-K", docHash, shard + "/" + docHash + "/" + seq, "t" + seq, seq, seq * 100, seq * 100 + text.length(), 1, 1, "Item 7",
                text, Embedding.of("m", new float[] {1f, 0f}));
    }

    private static List<String> texts(ShardResult result) {
        return result.candidates().stream().map(Candidate::chunk).map(IndexedChunk::text).toList();
    }

    private static ShardResult search(ShardSet shards, String shard) throws Exception {
        return shards.shard(shard).search(new ShardRequest("q", shard, REVENUE));
    }

    @Test
    void aVersionIsSearchableOnlyOnceCommittedAndSupersedesTheOldOneThen() throws Exception {
        try (ShardSet shards = ShardSet.inMemory("m")) {
            ShardContents shard = shards.shard("MMM:2018");
            shard.apply(chunk("MMM:2018", "v1", 0, "Revenue was 32.8 billion."));
            assertThat(texts(search(shards, "MMM:2018"))).as("pending until the commit").isEmpty();

            assertThat(shard.apply(TestRecords.commit("MMM:2018", "10-K", "v1").build())).isTrue();
            shard.apply(chunk("MMM:2018", "v2", 0, "Revenue was 32.7 billion (restated)."));
            assertThat(texts(search(shards, "MMM:2018"))).as("the old version until the new commit").containsExactly("Revenue was 32.8 billion.");

            shard.apply(TestRecords.commit("MMM:2018", "10-K", "v2").supersedes("v1").build());
            assertThat(texts(search(shards, "MMM:2018"))).containsExactly("Revenue was 32.7 billion (restated).");
        }
    }

    @Test
    void aTombstoneRemovesItsChunkAndARetractionTheWholeDocument() throws Exception {
        try (ShardSet shards = ShardSet.inMemory("m")) {
            ShardContents shard = shards.shard("MMM:2018");
            shard.apply(chunk("MMM:2018", "v1", 0, "Revenue grew in 2018."));
            shard.apply(chunk("MMM:2018", "v1", 1, "Revenue fell in Asia."));
            shard.apply(TestRecords.commit("MMM:2018", "10-K", "v1").counts(2, 100, 1).build());

            assertThat(shard.apply(new ChunkRemoved("MMM:2018", chunk("MMM:2018", "v1", 1, "x").chunkId()))).isTrue();
            assertThat(texts(search(shards, "MMM:2018"))).containsExactly("Revenue grew in 2018.");

            assertThat(shard.apply(new DocumentRetracted("MMM:2018", "MMM", 2018, "10-K", "v1", "2026-12-02T00:00:00Z", null))).isTrue();
            assertThat(texts(search(shards, "MMM:2018"))).isEmpty();
        }
    }

    @Test
    void whatASearchReturnsCarriesNoVectors() throws Exception {
        try (ShardSet shards = ShardSet.inMemory("m")) {
            ShardContents shard = shards.shard("MMM:2018");
            shard.apply(chunk("MMM:2018", "v1", 0, "Revenue was 32.8 billion."));
            shard.apply(TestRecords.commit("MMM:2018", "10-K", "v1").build());

            ShardResult routed = search(shards, "MMM:2018");
            ShardResult corpusWide = shards.searchAll("q", ShardResult.storeName(0), 1, REVENUE);

            assertThat(routed.candidates()).singleElement().satisfies(c -> assertThat(c.chunk().dimensions()).isZero());
            assertThat(corpusWide.lists().bm25()).singleElement().satisfies(hit -> assertThat(hit.chunk().dimensions()).isZero());
            assertThat(corpusWide.stores()).isEqualTo(1);
        }
    }

    @Test
    void aShardOfAnotherEmbeddingModelIsNotSearchedAndTheCorpusSearchSkipsIt() throws Exception {
        try (ShardSet shards = ShardSet.inMemory("m")) {
            shards.shard("MMM:2018").apply(chunk("MMM:2018", "v1", 0, "Revenue of 3M."));
            shards.shard("MMM:2018").apply(TestRecords.commit("MMM:2018", "10-K", "v1").build());
            shards.shard("KO:2022").apply(chunk("KO:2022", "k1", 0, "Revenue of Coca-Cola."));
            shards.shard("KO:2022").apply(TestRecords.commit("KO:2022", "10-K", "k1").model("other").build());

            ShardResult ko = search(shards, "KO:2022");
            assertThat(ko.failure().reason()).isEqualTo(ShardContents.EMBEDDING_MODEL_MISMATCH);
            assertThat(ko.failure().detail()).contains("[other]");
            assertThat(shards.searchAll("q", "store-0", 1, REVENUE).lists().bm25())
                    .extracting(hit -> hit.chunk().text()).containsExactly("Revenue of 3M.");
        }
    }

    @Test
    void aShardReadBackFromItsStateSearchesAsBefore() throws Exception {
        ShardState state = ShardState.inMemory();
        try (ShardSet before = new ShardSet("m", shard -> state)) {
            before.shard("MMM:2018").apply(chunk("MMM:2018", "v1", 0, "Revenue was 32.8 billion."));
            before.shard("MMM:2018").apply(TestRecords.commit("MMM:2018", "10-K", "v1").build());
            before.shard("MMM:2018").apply(chunk("MMM:2018", "v2", 0, "Revenue pending."));
        }
        try (ShardSet after = new ShardSet("m", shard -> state)) {
            assertThat(texts(search(after, "MMM:2018"))).containsExactly("Revenue was 32.8 billion.");
            after.shard("MMM:2018").apply(TestRecords.commit("MMM:2018", "10-K", "v2").build());
            assertThat(texts(search(after, "MMM:2018"))).as("the pending chunk kept in state").containsExactly("Revenue pending.");
        }
    }
}
