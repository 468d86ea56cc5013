package dev.scoperag.core.search;

import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.WindowVectors;
import java.util.Objects;

/**
 * One searchable chunk of a committed document: the text and vector retrieval needs and the
 * document metadata a citation needs.
 *
 * <p>{@code windows} are the embeddings of the chunk's windows, null for a chunk published without them.
 *
 * <p>The vector is copied in and out, so an instance stays immutable; equality of the vector is by
 * reference, as for any record holding an array. A chunk a search returns has none ({@link #withoutVector()}):
 * its index has scored it, and nothing after the search reads a vector.
 */
public record IndexedChunk(
        String chunkId,
        String shard,
        String ticker,
        int fiscalYear,
        String docId,
        String docHash,
        String formType,
        String period,
        int seq,
        int charStart,
        int charEnd,
        Integer pageStart,
        Integer pageEnd,
        String section,
        String text,
        float[] vector,
        WindowVectors windows) {

    public IndexedChunk {
        Objects.requireNonNull(chunkId, "chunkId");
        Objects.requireNonNull(shard, "shard");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(vector, "vector");
        vector = vector.clone();
    }

    /** A chunk without window vectors. */
    public IndexedChunk(String chunkId, String shard, String ticker, int fiscalYear, String docId, String docHash, String formType,
            String period, int seq, int charStart, int charEnd, Integer pageStart, Integer pageEnd, String section, String text,
            float[] vector) {
        this(chunkId, shard, ticker, fiscalYear, docId, docHash, formType, period, seq, charStart, charEnd, pageStart, pageEnd,
                section, text, vector, null);
    }

    /**
     * Joins a chunk with the commit of its document version; the form and period come from the
     * commit because a chunk record does not carry them.
     *
     * @throws IllegalArgumentException if the commit is for another shard, document or version
     */
    public static IndexedChunk of(ChunkUpserted chunk, DocumentCommitted commit) {
        if (!chunk.shard().equals(commit.shard())
                || !chunk.docId().equals(commit.docId())
                || !chunk.docHash().equals(commit.docHash())) {
            throw new IllegalArgumentException("chunk " + chunk.chunkId() + " of " + chunk.shard() + "/"
                    + chunk.docId() + "@" + chunk.docHash() + " does not belong to the commit of "
                    + commit.shard() + "/" + commit.docId() + "@" + commit.docHash());
        }
        return new IndexedChunk(chunk.chunkId(), chunk.shard(), chunk.ticker(), chunk.fiscalYear(),
                chunk.docId(), chunk.docHash(), commit.formType(), commit.period(), chunk.seq(),
                chunk.charStart(), chunk.charEnd(), chunk.pageStart(), chunk.pageEnd(), chunk.section(),
                chunk.text(), chunk.embedding().vector(), chunk.windows());
    }

    @Override
    public float[] vector() {
        return vector.clone();
    }

    /** This chunk without its vector (an empty one) and window vectors, for what no longer needs them once the chunk is scored. */
    public IndexedChunk withoutVector() {
        return new IndexedChunk(chunkId, shard, ticker, fiscalYear, docId, docHash, formType, period, seq, charStart, charEnd,
                pageStart, pageEnd, section, text, new float[0]);
    }

    /** The vector's length, without copying it. */
    public int dimensions() {
        return vector.length;
    }

    /** Copies the vector into {@code target} at {@code offset}; lets an index pack vectors without an extra copy. */
    void copyVectorInto(float[] target, int offset) {
        System.arraycopy(vector, 0, target, offset, vector.length);
    }
}
