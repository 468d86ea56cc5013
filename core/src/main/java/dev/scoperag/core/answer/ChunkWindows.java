package dev.scoperag.core.answer;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a chunk into the windows its vectors are made of: whole sentences and table rows, about {@code windowChars}
 * characters each, that never cross a multiple of the chunker's stride in the document.
 *
 * <p>Chunks start at multiples of the stride and are two strides long, so the document falls into stride-long blocks
 * and each chunk holds whole blocks (the last one ends at the document's end, as every chunk over it does). Windows are
 * cut within a block from that block's text alone, so the two chunks that share a block have the same windows there,
 * text for text: a document's windows are embedded once however its chunks overlap, and each is read whole by the
 * chunk it belongs to.
 */
public final class ChunkWindows {

    /** The reranker's window: one table block or a few sentences, so the figure asked for is not diluted. */
    public static final int DEFAULT_WINDOW_CHARS = 400;

    private ChunkWindows() {
    }

    /**
     * The windows of a chunk, as {@code [start, end)} pairs in the chunk's text, in text order.
     *
     * @param charStart the chunk's offset in its document
     * @param stride the chunker's stride; chunk starts are its multiples
     */
    public static int[] spans(String text, int charStart, int stride, int windowChars) {
        if (stride < 1 || windowChars < 1) {
            throw new IllegalArgumentException("stride and windowChars must be positive: " + stride + ", " + windowChars);
        }
        List<int[]> spans = new ArrayList<>();
        int blockStart = 0;
        while (blockStart < text.length()) {
            int next = Math.floorDiv(charStart + blockStart, stride) * stride + stride - charStart;
            int blockEnd = Math.min(text.length(), next);
            block(text, blockStart, blockEnd, windowChars, spans);
            blockStart = blockEnd;
        }
        int[] flat = new int[spans.size() * 2];
        for (int i = 0; i < spans.size(); i++) {
            flat[2 * i] = spans.get(i)[0];
            flat[2 * i + 1] = spans.get(i)[1];
        }
        return flat;
    }

    /** The texts of {@code spans} over {@code text}. */
    public static List<String> texts(String text, int[] spans) {
        List<String> texts = new ArrayList<>(spans.length / 2);
        for (int i = 0; i < spans.length; i += 2) {
            texts.add(text.substring(spans[i], spans[i + 1]));
        }
        return texts;
    }

    /**
     * Groups a block's sentences and rows into about {@code round(length / windowChars)} windows by where each starts,
     * so that windows keep near the target length; a sentence longer than a window is cut at spaces.
     */
    private static void block(String text, int from, int to, int windowChars, List<int[]> out) {
        String block = text.substring(from, to);
        int length = block.length();
        int windows = Math.max(1, Math.round((float) length / windowChars));
        int[] current = null;
        int currentBucket = -1;
        for (EvidenceSegmenter.Segment segment : EvidenceSegmenter.segments(block)) {
            if (segment.end() - segment.start() > windowChars) {
                if (current != null) {
                    out.add(current);
                    current = null;
                    currentBucket = -1;
                }
                pieces(block, segment.start(), segment.end(), windowChars, from, out);
                continue;
            }
            int bucket = (int) ((long) segment.start() * windows / length);
            if (current != null && bucket == currentBucket) {
                current[1] = from + segment.end();
            } else {
                if (current != null) {
                    out.add(current);
                }
                current = new int[] {from + segment.start(), from + segment.end()};
                currentBucket = bucket;
            }
        }
        if (current != null) {
            out.add(current);
        }
    }

    private static void pieces(String block, int start, int end, int windowChars, int offset, List<int[]> out) {
        int from = start;
        while (from < end) {
            int to = Math.min(end, from + windowChars);
            if (to < end) {
                int space = block.lastIndexOf(' ', to);
                to = space > from + windowChars / 2 ? space : to;
            }
            int s = from;
            int e = to;
            while (s < e && Character.isWhitespace(block.charAt(s))) {
                s++;
            }
            while (e > s && Character.isWhitespace(block.charAt(e - 1))) {
                e--;
            }
            if (s < e) {
                out.add(new int[] {offset + s, offset + e});
            }
            from = to;
        }
    }
}
