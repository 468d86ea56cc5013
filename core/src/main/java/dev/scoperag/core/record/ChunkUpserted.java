package dev.scoperag.core.record;

/**
 * One chunk of one document version, with its text, position, section, embedding and the embeddings of its windows
 * ({@link WindowVectors}, null on a topic written before windows).
 *
 * <p>{@code ticker} is the shard's canonical spelling; {@code tickerAsFiled} is what the filer
 * wrote when it differs ({@code BRK.B}), else null.
 */
public record ChunkUpserted(
        String shard,
        String ticker,
        String tickerAsFiled,
        int fiscalYear,
        String docId,
        String docHash,
        String chunkId,
        String textHash,
        int seq,
        int charStart,
        int charEnd,
        Integer pageStart,
        Integer pageEnd,
        String section,
        String text,
        Embedding embedding,
        WindowVectors windows)
        implements ChunkTopicRecord {

    /** A chunk without window vectors (not embedded yet, or embedded whole as before windows). */
    public ChunkUpserted(String shard, String ticker, String tickerAsFiled, int fiscalYear, String docId, String docHash,
            String chunkId, String textHash, int seq, int charStart, int charEnd, Integer pageStart, Integer pageEnd,
            String section, String text, Embedding embedding) {
        this(shard, ticker, tickerAsFiled, fiscalYear, docId, docHash, chunkId, textHash, seq, charStart, charEnd, pageStart,
                pageEnd, section, text, embedding, null);
    }

    /** A chunk of a document filed under its canonical ticker spelling. */
    public ChunkUpserted(String shard, String ticker, int fiscalYear, String docId, String docHash, String chunkId,
            String textHash, int seq, int charStart, int charEnd, Integer pageStart, Integer pageEnd, String section,
            String text, Embedding embedding) {
        this(shard, ticker, null, fiscalYear, docId, docHash, chunkId, textHash, seq, charStart, charEnd, pageStart,
                pageEnd, section, text, embedding);
    }

    @Override
    public String key() {
        return ChunkTopicRecord.chunkKey(shard, chunkId);
    }

    public ChunkUpserted withEmbedding(Embedding newEmbedding) {
        return new ChunkUpserted(shard, ticker, tickerAsFiled, fiscalYear, docId, docHash, chunkId, textHash, seq, charStart, charEnd,
                pageStart, pageEnd, section, text, newEmbedding, windows);
    }

    public ChunkUpserted withVectors(Embedding newEmbedding, WindowVectors newWindows) {
        return new ChunkUpserted(shard, ticker, tickerAsFiled, fiscalYear, docId, docHash, chunkId, textHash, seq, charStart, charEnd,
                pageStart, pageEnd, section, text, newEmbedding, newWindows);
    }
}
