package dev.scoperag.core.chunk;

import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.ident.Hashes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Fixed windows over a document's text: {@code size} characters every {@code stride} characters
 * (2,500 and 1,250 by default, so each character outside the first and last stride is in two
 * chunks). Windows start at multiples of the stride and the last one ends at the end of the text;
 * together they cover every character, and neighbours overlap by exactly {@code size - stride}.
 */
public final class Chunker {

    public static final int DEFAULT_SIZE = 2_500;
    public static final int DEFAULT_STRIDE = 1_250;

    private final int size;
    private final int stride;

    public Chunker(int size, int stride) {
        if (size <= 0 || stride <= 0 || stride > size) {
            throw new IllegalArgumentException("need 0 < stride <= size, got size " + size + ", stride " + stride);
        }
        this.size = size;
        this.stride = stride;
    }

    public Chunker() {
        this(DEFAULT_SIZE, DEFAULT_STRIDE);
    }

    public int size() {
        return size;
    }

    public int stride() {
        return stride;
    }

    /** The number of windows over a text of {@code length} characters (0 for an empty text). */
    public int count(int length) {
        if (length == 0) {
            return 0;
        }
        return length <= size ? 1 : (length - size + stride - 1) / stride + 1;
    }

    /** The start offset of window {@code seq}. */
    public int start(int seq) {
        return seq * stride;
    }

    /**
     * The chunk ids of a document version, derivable from its hash and length alone, so a superseded
     * version's chunks can be removed without keeping their text.
     */
    public List<String> chunkIds(String shard, String docHash, int length) {
        int n = count(length);
        List<String> ids = new ArrayList<>(n);
        for (int seq = 0; seq < n; seq++) {
            ids.add(chunkId(shard, docHash, start(seq)));
        }
        return ids;
    }

    public List<Chunk> chunk(String shard, String docHash, ExtractedText document, IntFunction<String> sectionAt) {
        String text = document.text();
        int n = count(text.length());
        List<Chunk> chunks = new ArrayList<>(n);
        for (int seq = 0; seq < n; seq++) {
            int start = start(seq);
            int end = Math.min(start + size, text.length());
            String window = text.substring(start, end);
            chunks.add(new Chunk(
                    chunkId(shard, docHash, start),
                    Hashes.sha256(window),
                    seq,
                    start,
                    end,
                    document.pageAt(start),
                    document.pageAt(Math.max(start, end - 1)),
                    sectionAt.apply(start + (end - start) / 2),
                    window));
        }
        return chunks;
    }

    /** {@code chunk_id} = SHA-256 of (shard, doc_hash, char_start): unique even where boilerplate repeats. */
    public static String chunkId(String shard, String docHash, int charStart) {
        return Hashes.sha256(shard, docHash, Integer.toString(charStart));
    }
}
