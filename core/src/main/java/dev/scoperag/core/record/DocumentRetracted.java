package dev.scoperag.core.record;

/** A document removed from its shard; its chunks follow as tombstones. */
public record DocumentRetracted(
        String shard, String ticker, int fiscalYear, String docId, String docHash, String retractedAt, String reason)
        implements ChunkTopicRecord {

    @Override
    public String key() {
        return ChunkTopicRecord.documentKey(shard, docId);
    }
}
