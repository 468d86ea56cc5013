package dev.scoperag.core.record;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * A record of the compacted {@code chunks} topic, keyed {@code <shard>/<record id>}. Replaying the
 * topic from the start rebuilds every shard: chunks become visible with their document's commit,
 * and a {@link ChunkRemoved} is written as a tombstone so compaction drops superseded chunks.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = ChunkUpserted.class, name = "chunk_upserted"),
    @JsonSubTypes.Type(value = DocumentCommitted.class, name = "document_committed"),
    @JsonSubTypes.Type(value = DocumentRetracted.class, name = "document_retracted"),
    @JsonSubTypes.Type(value = ChunkRemoved.class, name = "chunk_removed")
})
public sealed interface ChunkTopicRecord
        permits ChunkUpserted, DocumentCommitted, DocumentRetracted, ChunkRemoved {

    String shard();

    /** The Kafka record key. */
    @JsonIgnore
    String key();

    /** True when the record is written as a tombstone (key with a null value). */
    @JsonIgnore
    default boolean isTombstone() {
        return false;
    }

    static String chunkKey(String shard, String chunkId) {
        return shard + "/chunk/" + chunkId;
    }

    static String documentKey(String shard, String docId) {
        return shard + "/doc/" + docId;
    }
}
