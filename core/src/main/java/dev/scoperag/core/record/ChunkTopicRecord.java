package dev.scoperag.core.record;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Optional;

/**
 * A record of the compacted {@code chunks} topic, keyed {@code <shard>/<record id>}. Replaying the
 * topic from the start rebuilds every shard: chunks become visible with their document's commit,
 * and a {@link ChunkRemoved} is written as a tombstone so compaction drops superseded chunks. A document's
 * {@link FactsPublished} travels with its chunks and becomes the shard's with the same commit.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = ChunkUpserted.class, name = "chunk_upserted"),
    @JsonSubTypes.Type(value = DocumentCommitted.class, name = "document_committed"),
    @JsonSubTypes.Type(value = DocumentRetracted.class, name = "document_retracted"),
    @JsonSubTypes.Type(value = ChunkRemoved.class, name = "chunk_removed"),
    @JsonSubTypes.Type(value = FactsPublished.class, name = "facts_published")
})
public sealed interface ChunkTopicRecord
        permits ChunkUpserted, DocumentCommitted, DocumentRetracted, ChunkRemoved, FactsPublished {

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
        return shard + Key.Kind.CHUNK.marker + chunkId;
    }

    static String documentKey(String shard, String docId) {
        return shard + Key.Kind.DOCUMENT.marker + docId;
    }

    static String factsKey(String shard, String docId) {
        return shard + Key.Kind.FACTS.marker + docId;
    }

    /**
     * A key taken apart, so that a reader knows a record's shard and kind before (or without) reading its
     * value: a tombstone has none, and a document record is found among the far more numerous chunks.
     *
     * @param id the document id or the chunk id
     */
    record Key(String shard, Kind kind, String id) {

        /** What a key names: a document (commit, retraction), one of its chunks (upsert, removal) or its facts. */
        public enum Kind {
            DOCUMENT("/doc/"),
            CHUNK("/chunk/"),
            FACTS("/facts/");

            private final String marker;

            Kind(String marker) {
                this.marker = marker;
            }
        }

        /** The key's parts, or empty for a key of neither form (no shard, or no kind marker after it). */
        public static Optional<Key> parse(String key) {
            // A shard (TICKER:YEAR) has no slash: the first one starts the kind marker.
            int at = key == null ? -1 : key.indexOf('/');
            if (at <= 0) {
                return Optional.empty();
            }
            for (Kind kind : Kind.values()) {
                if (key.startsWith(kind.marker, at)) {
                    return Optional.of(new Key(key.substring(0, at), kind, key.substring(at + kind.marker.length())));
                }
            }
            return Optional.empty();
        }

        public boolean isDocument() {
            return kind == Kind.DOCUMENT;
        }
    }
}
