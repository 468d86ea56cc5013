package dev.scoperag.core.shard;

import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.FactsPublished;
import dev.scoperag.core.search.IndexedChunk;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where one shard's contents are kept: Flink {@code MapState} scoped to the shard's key in the query job,
 * hash maps in process ({@link #inMemory()}). {@link ShardContents} is the only writer.
 */
public interface ShardState {

    /** Chunks of document versions not committed yet, by chunk id. */
    Entries<ChunkUpserted> pendingChunks();

    /** The searchable chunks, by chunk id. */
    Entries<IndexedChunk> visibleChunks();

    /** The commit of each document's searchable version, by document id. */
    Entries<DocumentCommitted> documents();

    /** Facts of document versions not committed yet, by {@code <doc id>@<doc hash>}. */
    Entries<FactsPublished> pendingFacts();

    /** The facts of each document's searchable version, by document id. */
    Entries<FactsPublished> facts();

    /** One map of the shard's state. */
    interface Entries<V> {

        void put(String key, V value) throws Exception;

        void remove(String key) throws Exception;

        Iterable<V> values() throws Exception;
    }

    /** State held in this process's memory: what the in-process query engine keeps per shard. */
    static ShardState inMemory() {
        return new InMemory();
    }

    /** {@link ShardState#inMemory()}. */
    final class InMemory implements ShardState {

        private final Entries<ChunkUpserted> pending = new HashMapEntries<>();
        private final Entries<IndexedChunk> visible = new HashMapEntries<>();
        private final Entries<DocumentCommitted> documents = new HashMapEntries<>();
        private final Entries<FactsPublished> pendingFacts = new HashMapEntries<>();
        private final Entries<FactsPublished> facts = new HashMapEntries<>();

        private InMemory() {}

        @Override
        public Entries<ChunkUpserted> pendingChunks() {
            return pending;
        }

        @Override
        public Entries<IndexedChunk> visibleChunks() {
            return visible;
        }

        @Override
        public Entries<DocumentCommitted> documents() {
            return documents;
        }

        @Override
        public Entries<FactsPublished> pendingFacts() {
            return pendingFacts;
        }

        @Override
        public Entries<FactsPublished> facts() {
            return facts;
        }
    }

    /** Entries in a {@link LinkedHashMap}. */
    final class HashMapEntries<V> implements Entries<V> {

        private final Map<String, V> map = new LinkedHashMap<>();

        @Override
        public void put(String key, V value) {
            map.put(key, value);
        }

        @Override
        public void remove(String key) {
            map.remove(key);
        }

        @Override
        public Iterable<V> values() {
            // A copy, so that a caller may change the map while it goes through the values, as with MapState.
            return List.copyOf(map.values());
        }
    }
}
