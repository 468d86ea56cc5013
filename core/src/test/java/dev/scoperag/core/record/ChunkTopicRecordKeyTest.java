package dev.scoperag.core.record;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ChunkTopicRecordKeyTest {

    @Test
    void theKeysRecordsAreWrittenUnderParseBackIntoTheirParts() {
        assertThat(ChunkTopicRecord.Key.parse(ChunkTopicRecord.documentKey("KO:2022", "10-K")))
                .contains(new ChunkTopicRecord.Key("KO:2022", ChunkTopicRecord.Key.Kind.DOCUMENT, "10-K"));
        assertThat(ChunkTopicRecord.Key.parse(ChunkTopicRecord.chunkKey("BRK-B:2023", "10-K@2023/0007")))
                .contains(new ChunkTopicRecord.Key("BRK-B:2023", ChunkTopicRecord.Key.Kind.CHUNK, "10-K@2023/0007"));
        assertThat(ChunkTopicRecord.Key.parse(ChunkTopicRecord.documentKey("KO:2022", "10-K")).orElseThrow().isDocument()).isTrue();
    }

    @Test
    void theKindIsTheMarkerRightAfterTheShardWhateverTheIdHolds() {
        // An id may hold the other kind's marker: only the first slash, after the shard, says what the key names.
        assertThat(ChunkTopicRecord.Key.parse("KO:2022/doc/notes/chunk/1").orElseThrow().kind()).isEqualTo(ChunkTopicRecord.Key.Kind.DOCUMENT);
        assertThat(ChunkTopicRecord.Key.parse("KO:2022/chunk/x/doc/y").orElseThrow().id()).isEqualTo("x/doc/y");
    }

    @Test
    void aKeyOfNeitherFormHasNoParts() {
        assertThat(ChunkTopicRecord.Key.parse(null)).isEmpty();
        assertThat(ChunkTopicRecord.Key.parse("")).isEmpty();
        assertThat(ChunkTopicRecord.Key.parse("/doc/10-K")).as("no shard").isEmpty();
        assertThat(ChunkTopicRecord.Key.parse("KO:2022")).isEmpty();
        assertThat(ChunkTopicRecord.Key.parse("KO:2022/page/3")).isEmpty();
    }
}
