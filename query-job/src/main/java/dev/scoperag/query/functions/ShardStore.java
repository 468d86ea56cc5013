package dev.scoperag.query.functions;

import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.search.IndexedChunk;
import dev.scoperag.core.search.RankedLists;
import dev.scoperag.core.search.ShardIndex;
import dev.scoperag.query.types.ShardInput;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.util.Collector;

/**
 * The shards a subtask owns: their committed chunks in keyed state (RocksDB), and, for searching,
 * an in-memory copy of them with a search index per shard. A routed search runs in its shard's
 * index; a corpus-wide search runs in every shard's index and returns the unfused lists, which the
 * answer stage merges across stores, so the answer does not depend on which shards a store holds.
 * The copy is loaded from state once per shard after a start or restore (all at once for the first
 * corpus-wide search) and then kept up to date; no query scans RocksDB.
 *
 * <p>A document version's chunks wait in {@code pendingChunks} until its DocumentCommitted
 * arrives, so a half-published version is never searched; the commit makes them visible and drops
 * the version it supersedes, which stayed searchable until then.
 */
public final class ShardStore extends KeyedBroadcastProcessFunction<String, ShardInput, ShardRequest, ShardResult> {

    private static final long serialVersionUID = 1L;

    /** The broadcast side carries requests only; nothing is kept in broadcast state. */
    public static final MapStateDescriptor<String, String> NO_BROADCAST_STATE =
            new MapStateDescriptor<>("corpusSearches", Types.STRING, Types.STRING);

    static final MapStateDescriptor<String, IndexedChunk> VISIBLE_CHUNKS =
            new MapStateDescriptor<>("visibleChunks", Types.STRING, JsonTypeInformation.of(IndexedChunk.class));

    private transient MapState<String, ChunkUpserted> pendingChunks;
    private transient MapState<String, IndexedChunk> visibleChunks;
    private transient MapState<String, DocumentCommitted> documents;

    /** In-memory copy of visible chunks by shard, then chunk id; only shards loaded since start. */
    private transient Map<String, Map<String, IndexedChunk>> loaded;
    private transient Map<String, ShardIndex> shardIndexes;
    private transient boolean allLoaded;

    @Override
    public void open(OpenContext openContext) {
        pendingChunks = getRuntimeContext().getMapState(new MapStateDescriptor<>(
                "pendingChunks", Types.STRING, JsonTypeInformation.of(ChunkUpserted.class)));
        visibleChunks = getRuntimeContext().getMapState(VISIBLE_CHUNKS);
        documents = getRuntimeContext().getMapState(new MapStateDescriptor<>(
                "documents", Types.STRING, JsonTypeInformation.of(DocumentCommitted.class)));
        loaded = new HashMap<>();
        shardIndexes = new HashMap<>();
    }

    @Override
    public void close() {
        if (shardIndexes != null) {
            shardIndexes.values().forEach(ShardIndex::close);
        }
    }

    @Override
    public void processElement(ShardInput input, ReadOnlyContext ctx, Collector<ShardResult> out) throws Exception {
        String shard = ctx.getCurrentKey();
        Map<String, IndexedChunk> chunks = loadShard(shard);
        if (input instanceof ShardInput.Search search) {
            ShardRequest request = search.request();
            out.collect(new ShardResult(request.queryId(), shard, index(shard, chunks).search(request.search())));
            return;
        }
        ChunkTopicRecord record = ((ShardInput.Published) input).record();
        boolean changed = false;
        if (record instanceof ChunkUpserted chunk) {
            pendingChunks.put(chunk.chunkId(), chunk);
        } else if (record instanceof DocumentCommitted commit) {
            changed = commit(commit, chunks);
        } else if (record instanceof DocumentRetracted retraction) {
            documents.remove(retraction.docId());
            changed = removeDocument(retraction.docId(), null, chunks);
        } else if (record instanceof ChunkRemoved removed) {
            pendingChunks.remove(removed.chunkId());
            if (chunks.remove(removed.chunkId()) != null) {
                visibleChunks.remove(removed.chunkId());
                changed = true;
            }
        }
        if (changed) {
            invalidate(shard);
        }
    }

    @Override
    public void processBroadcastElement(ShardRequest request, Context ctx, Collector<ShardResult> out) throws Exception {
        if (!allLoaded) {
            // Once per start or restore: every shard this subtask owns, into memory.
            ctx.applyToKeyedState(VISIBLE_CHUNKS, (shard, state) -> {
                if (!loaded.containsKey(shard)) {
                    Map<String, IndexedChunk> chunks = new LinkedHashMap<>();
                    for (Map.Entry<String, IndexedChunk> e : state.entries()) {
                        chunks.put(e.getKey(), e.getValue());
                    }
                    loaded.put(shard, chunks);
                }
            });
            allLoaded = true;
        }
        List<ShardIndex> indexes = new ArrayList<>(loaded.size());
        loaded.forEach((shard, chunks) -> indexes.add(index(shard, chunks)));
        out.collect(ShardResult.corpusWide(request.queryId(), "store-" + getRuntimeContext().getTaskInfo().getIndexOfThisSubtask(),
                RankedLists.search(indexes, request.search())));
    }

    private boolean commit(DocumentCommitted commit, Map<String, IndexedChunk> chunks) throws Exception {
        List<String> arrived = new ArrayList<>();
        for (Map.Entry<String, ChunkUpserted> e : pendingChunks.entries()) {
            ChunkUpserted chunk = e.getValue();
            if (chunk.docId().equals(commit.docId()) && chunk.docHash().equals(commit.docHash())) {
                arrived.add(e.getKey());
            }
        }
        removeDocument(commit.docId(), commit.docHash(), chunks);
        for (String chunkId : arrived) {
            IndexedChunk chunk = IndexedChunk.of(pendingChunks.get(chunkId), commit);
            visibleChunks.put(chunkId, chunk);
            chunks.put(chunkId, chunk);
            pendingChunks.remove(chunkId);
        }
        documents.put(commit.docId(), commit);
        return true;
    }

    /** Removes the visible chunks of {@code docId} other than those of {@code keptDocHash} (all when null). */
    private boolean removeDocument(String docId, String keptDocHash, Map<String, IndexedChunk> chunks) throws Exception {
        Set<String> stale = new HashSet<>();
        for (IndexedChunk c : chunks.values()) {
            if (c.docId().equals(docId) && !c.docHash().equals(keptDocHash)) {
                stale.add(c.chunkId());
            }
        }
        for (String chunkId : stale) {
            chunks.remove(chunkId);
            visibleChunks.remove(chunkId);
        }
        return !stale.isEmpty();
    }

    private Map<String, IndexedChunk> loadShard(String shard) throws Exception {
        Map<String, IndexedChunk> chunks = loaded.get(shard);
        if (chunks == null) {
            chunks = new LinkedHashMap<>();
            for (Map.Entry<String, IndexedChunk> e : visibleChunks.entries()) {
                chunks.put(e.getKey(), e.getValue());
            }
            loaded.put(shard, chunks);
        }
        return chunks;
    }

    private ShardIndex index(String shard, Map<String, IndexedChunk> chunks) {
        return shardIndexes.computeIfAbsent(shard, s -> ShardIndex.build(chunks.values()));
    }

    private void invalidate(String shard) {
        ShardIndex index = shardIndexes.remove(shard);
        if (index != null) {
            index.close();
        }
    }
}
