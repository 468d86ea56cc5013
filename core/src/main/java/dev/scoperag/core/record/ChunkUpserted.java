package dev.scoperag.core.record;

/** One chunk of one document version, with its text, position, section and embedding. */
public record ChunkUpserted(
        String shard,
        String ticker,
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
        Embedding embedding)
        implements ChunkTopicRecord {

    @Override
    public String key() {
        return ChunkTopicRecord.chunkKey(shard, chunkId);
    }

    public ChunkUpserted withEmbedding(Embedding newEmbedding) {
        return new ChunkUpserted(shard, ticker, fiscalYear, docId, docHash, chunkId, textHash, seq, charStart, charEnd,
                pageStart, pageEnd, section, text, newEmbedding);
    }
}
