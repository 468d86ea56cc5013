package dev.scoperag.core.answer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.chunk.Chunk;
import dev.scoperag.core.chunk.Chunker;
import dev.scoperag.core.extract.ContentType;
import dev.scoperag.core.extract.ExtractedText;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/** Windows over real 10-K text: shared by overlapping chunks text for text, inside their chunk, near their target size. */
class ChunkWindowsTest {

    private static String document() throws IOException {
        try (InputStream in = Objects.requireNonNull(ChunkWindowsTest.class.getResourceAsStream("/filings/KO_2021_10K_excerpt.txt"))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void overlappingChunksCutTheirSharedBlockIntoTheSameWindows() throws IOException {
        String text = document();
        Chunker chunker = new Chunker();
        List<Chunk> chunks = chunker.chunk("KO:2021", "h", new ExtractedText(text, new int[0], ContentType.TEXT), offset -> null);
        assertThat(chunks).hasSizeGreaterThan(3);
        // Document span -> text, over all chunks: a span cut by two chunks must have one text.
        Map<Long, String> seen = new HashMap<>();
        int windowsOverChunks = 0;
        long windowChars = 0;
        for (Chunk chunk : chunks) {
            int[] spans = ChunkWindows.spans(chunk.text(), chunk.charStart(), chunker.stride(), ChunkWindows.DEFAULT_WINDOW_CHARS);
            for (int i = 0; i < spans.length; i += 2) {
                int start = chunk.charStart() + spans[i];
                int end = chunk.charStart() + spans[i + 1];
                assertThat(spans[i]).isLessThan(spans[i + 1]);
                assertThat(spans[i + 1]).isLessThanOrEqualTo(chunk.text().length());
                assertThat(Math.floorDiv(start, chunker.stride())).as("a window never crosses a stride line")
                        .isEqualTo(Math.floorDiv(end - 1, chunker.stride()));
                String window = chunk.text().substring(spans[i], spans[i + 1]);
                String before = seen.putIfAbsent(((long) start << 32) | end, window);
                assertThat(before == null || before.equals(window)).isTrue();
                windowsOverChunks++;
                windowChars += end - start;
            }
        }
        // Every window but those of the first and last block is cut by two chunks, the same way.
        assertThat(seen.size()).isLessThan(windowsOverChunks * 6 / 10);
        // The windows of one block do not overlap, and each chunk's windows hold most of its text.
        long distinctChars = seen.keySet().stream().mapToLong(k -> (k & 0xffffffffL) - (k >>> 32)).sum();
        assertThat(distinctChars).isGreaterThan(text.strip().length() * 85L / 100).isLessThanOrEqualTo(text.length());
        double mean = (double) windowChars / windowsOverChunks;
        assertThat(mean).isBetween(250.0, 550.0);
    }

    @Test
    void aBlankChunkHasNoWindowsAndAnOverlongSentenceIsCutAtSpaces() {
        assertThat(ChunkWindows.spans("   \n\n  ", 0, 1_250, 400)).isEmpty();
        String sentence = "word ".repeat(200).strip();
        int[] spans = ChunkWindows.spans(sentence, 0, 1_250, 400);
        assertThat(spans.length / 2).isGreaterThanOrEqualTo(3);
        for (int i = 0; i < spans.length; i += 2) {
            assertThat(spans[i + 1] - spans[i]).isLessThanOrEqualTo(400);
            assertThat(sentence.charAt(spans[i])).isNotEqualTo(' ');
        }
    }
}
