package dev.scoperag.core.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.extract.ContentType;
import dev.scoperag.core.extract.ExtractedText;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChunkerTest {

    private final Chunker chunker = new Chunker();

    private static String text(int length, long seed) {
        Random random = new Random(seed);
        StringBuilder sb = new StringBuilder(length);
        while (sb.length() < length) {
            sb.append(random.nextInt(10) == 0 ? '\n' : (char) ('a' + random.nextInt(26)));
        }
        return sb.toString();
    }

    private static ExtractedText doc(String text) {
        return new ExtractedText(text, new int[0], ContentType.TEXT);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 1249, 1250, 2499, 2500, 2501, 3749, 3750, 3751, 10_000, 601_234})
    void everyCharacterIsCoveredAndNeighboursOverlapByExactlyHalf(int length) {
        String text = text(length, length);
        List<Chunk> chunks = chunker.chunk("MMM:2018", "h", doc(text), offset -> null);

        assertThat(chunks).hasSize(chunker.count(length));
        assertThat(chunks.get(0).charStart()).isZero();
        assertThat(chunks.get(chunks.size() - 1).charEnd()).isEqualTo(length);
        for (int i = 0; i < chunks.size(); i++) {
            Chunk c = chunks.get(i);
            assertThat(c.seq()).isEqualTo(i);
            assertThat(c.text()).isEqualTo(text.substring(c.charStart(), c.charEnd()));
            assertThat(c.text().length()).isLessThanOrEqualTo(2_500);
            if (i > 0) {
                Chunk previous = chunks.get(i - 1);
                assertThat(previous.charEnd() - c.charStart()).as("overlap of chunk %d", i).isEqualTo(1_250);
                assertThat(c.charStart() - previous.charStart()).isEqualTo(1_250);
            }
        }
        // No chunk is wholly inside its neighbours: the last one adds text the previous one lacks.
        if (chunks.size() > 1) {
            assertThat(chunks.get(chunks.size() - 1).charEnd()).isGreaterThan(chunks.get(chunks.size() - 2).charEnd());
        }
    }

    @Test
    void emptyTextHasNoChunks() {
        assertThat(chunker.chunk("MMM:2018", "h", doc(""), o -> null)).isEmpty();
    }

    @Test
    void idsAreStableAndDependOnShardDocumentAndOffset() {
        String text = text(7_000, 1);
        List<Chunk> first = chunker.chunk("MMM:2018", "hash-a", doc(text), o -> null);
        List<Chunk> again = chunker.chunk("MMM:2018", "hash-a", doc(text), o -> null);
        List<Chunk> otherShard = chunker.chunk("MMM:2019", "hash-a", doc(text), o -> null);
        List<Chunk> otherVersion = chunker.chunk("MMM:2018", "hash-b", doc(text), o -> null);

        assertThat(again).isEqualTo(first);
        assertThat(first).extracting(Chunk::chunkId).doesNotHaveDuplicates();
        assertThat(otherShard.get(0).chunkId()).isNotEqualTo(first.get(0).chunkId());
        assertThat(otherVersion.get(0).chunkId()).isNotEqualTo(first.get(0).chunkId());
        assertThat(otherVersion.get(0).textHash()).isEqualTo(first.get(0).textHash());
        assertThat(chunker.chunkIds("MMM:2018", "hash-a", text.length())).containsExactlyElementsOf(
                first.stream().map(Chunk::chunkId).toList());
    }

    @Test
    void repeatedBoilerplateGetsDistinctIdsButTheSameTextHash() {
        String block = text(1_250, 7);
        String text = block + block + block + block;
        List<Chunk> chunks = chunker.chunk("MMM:2018", "h", doc(text), o -> null);

        assertThat(chunks.get(0).textHash()).isEqualTo(chunks.get(1).textHash());
        assertThat(chunks.get(0).chunkId()).isNotEqualTo(chunks.get(1).chunkId());
    }

    @Test
    void pageSpanAndSectionComeFromTheDocument() {
        String text = text(6_000, 3);
        ExtractedText paged = new ExtractedText(text, new int[] {0, 2_000, 4_000}, ContentType.PDF);
        List<Chunk> chunks = chunker.chunk("MMM:2018", "h", paged, offset -> offset < 3_000 ? "Item 1" : "Item 7");

        assertThat(chunks.get(0)).extracting(Chunk::pageStart, Chunk::pageEnd, Chunk::section).containsExactly(0, 1, "Item 1");
        assertThat(chunks.get(1)).extracting(Chunk::pageStart, Chunk::pageEnd, Chunk::section).containsExactly(0, 1, "Item 1");
        assertThat(chunks.get(2)).extracting(Chunk::pageStart, Chunk::pageEnd, Chunk::section).containsExactly(1, 2, "Item 7");
        assertThat(chunks.get(3).pageStart()).isEqualTo(1);
        assertThat(chunker.chunk("X:2020", "h", doc(text), o -> null).get(0).pageStart()).isNull();
    }
}
