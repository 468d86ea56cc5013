package dev.scoperag.core.record;

/** A chunk of a superseded or retracted version; written to the topic as a tombstone of its key. */
public record ChunkRemoved(String shard, String chunkId) implements ChunkTopicRecord {

    @Override
    public String key() {
        return ChunkTopicRecord.chunkKey(shard, chunkId);
    }

    @Override
    public boolean isTombstone() {
        return true;
    }
}
