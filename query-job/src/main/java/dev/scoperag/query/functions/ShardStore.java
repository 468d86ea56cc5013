package dev.scoperag.query.functions;

import dev.scoperag.core.failure.InternalFailure;
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
import dev.scoperag.stream.isolation.RecordIsolation;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
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
 *
 * <p>A shard holding documents embedded by another model than the one this job embeds questions
 * with is not searched: its result says EMBEDDING_MODEL_MISMATCH. A search that fails answers with
 * its failure, and a chunks record that cannot be stored is skipped; neither stops the job.
 */
public final class ShardStore extends KeyedBroadcastProcessFunction<String, ShardInput, ShardRequest, ShardResult> {

    private static final long serialVersionUID = 1L;

    /** The broadcast side carries requests only; nothing is kept in broadcast state. */
    public static final MapStateDescriptor<String, String> NO_BROADCAST_STATE =
            new MapStateDescriptor<>("corpusSearches", Types.STRING, Types.STRING);

    static final MapStateDescriptor<String, IndexedChunk> VISIBLE_CHUNKS =
            new MapStateDescriptor<>("visibleChunks", Types.STRING, JsonTypeInformation.of(IndexedChunk.class));

    /** The reason a shard of another embedding model is not searched. */
    public static final String EMBEDDING_MODEL_MISMATCH = "EMBEDDING_MODEL_MISMATCH";
    static final String STAGE = "shard-store";
    static final String SEARCH_STAGE = "search";

    static final MapStateDescriptor<String, DocumentCommitted> DOCUMENTS =
            new MapStateDescriptor<>("documents", Types.STRING, JsonTypeInformation.of(DocumentCommitted.class));

    private final String embeddingModel;

    private transient MapState<String, ChunkUpserted> pendingChunks;
    private transient MapState<String, IndexedChunk> visibleChunks;
    private transient MapState<String, DocumentCommitted> documents;

    /** In-memory copy of visible chunks by shard, then chunk id; only shards loaded since start. */
    private transient Map<String, Map<String, IndexedChunk>> loaded;
    private transient Map<String, ShardIndex> shardIndexes;
    private transient boolean allLoaded;
    /** Per loaded shard, why it cannot be searched with this job's model (null: it can); dropped with its index. */
    private transient Map<String, Optional<String>> modelMismatches;
    private transient RecordIsolation isolation;

    /** @param embeddingModel the id of the model questions are embedded with; shards of other models are not searched */
    public ShardStore(String embeddingModel) {
        this.embeddingModel = embeddingModel;
    }

    @Override
    public void open(OpenContext openContext) {
        pendingChunks = getRuntimeContext().getMapState(new MapStateDescriptor<>(
                "pendingChunks", Types.STRING, JsonTypeInformation.of(ChunkUpserted.class)));
        visibleChunks = getRuntimeContext().getMapState(VISIBLE_CHUNKS);
        documents = getRuntimeContext().getMapState(DOCUMENTS);
        loaded = new HashMap<>();
        shardIndexes = new HashMap<>();
        modelMismatches = new HashMap<>();
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
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
        if (input instanceof ShardInput.Search search) {
            ShardRequest request = search.request();
            ShardResult result = isolation.call(SEARCH_STAGE, request.queryId(), () -> search(shard, request), failure -> { })
                    .orElseGet(() -> ShardResult.failed(request.queryId(), shard, InternalFailure.REASON, "search in " + shard + " failed"));
            out.collect(result);
            return;
        }
        ChunkTopicRecord record = ((ShardInput.Published) input).record();
        // A record that cannot be stored is skipped, counted and logged: its shard keeps what it had.
        isolation.run(STAGE, record.key(), () -> store(shard, record), failure -> { });
    }

    private ShardResult search(String shard, ShardRequest request) throws Exception {
        Map<String, IndexedChunk> chunks = loadShard(shard);
        Optional<String> mismatch = modelMismatch(shard);
        if (mismatch.isPresent()) {
            return ShardResult.failed(request.queryId(), shard, EMBEDDING_MODEL_MISMATCH, mismatch.get());
        }
        return new ShardResult(request.queryId(), shard, index(shard, chunks).search(request.search()));
    }

    private void store(String shard, ChunkTopicRecord record) throws Exception {
        Map<String, IndexedChunk> chunks = loadShard(shard);
        boolean changed = false;
        if (record instanceof ChunkUpserted chunk) {
            pendingChunks.put(chunk.chunkId(), chunk);
        } else if (record instanceof DocumentCommitted commit) {
            changed = commit(shard, commit, chunks);
        } else if (record instanceof DocumentRetracted retraction) {
            documents.remove(retraction.docId());
            changed = removeDocument(retraction.docId(), null, chunks);
            modelMismatches.put(shard, mismatchOf(shard, documents.values()));
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
        String store = "store-" + getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
        ShardResult result = isolation.call(SEARCH_STAGE, request.queryId(), () -> searchAll(request, store, ctx), failure -> { })
                .orElseGet(() -> ShardResult.failed(request.queryId(), store, InternalFailure.REASON, "corpus-wide search in " + store + " failed"));
        out.collect(result);
    }

    private ShardResult searchAll(ShardRequest request, String store, Context ctx) throws Exception {
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
            ctx.applyToKeyedState(DOCUMENTS, (shard, state) -> {
                if (!modelMismatches.containsKey(shard)) {
                    modelMismatches.put(shard, mismatchOf(shard, state.values()));
                }
            });
            allLoaded = true;
        }
        List<ShardIndex> indexes = new ArrayList<>(loaded.size());
        List<String> skipped = new ArrayList<>();
        loaded.forEach((shard, chunks) -> {
            if (hasOtherModel(shard)) {
                skipped.add(shard);
            } else {
                indexes.add(index(shard, chunks));
            }
        });
        if (indexes.isEmpty() && !skipped.isEmpty()) {
            return ShardResult.failed(request.queryId(), store, EMBEDDING_MODEL_MISMATCH,
                    "every shard of " + store + " holds vectors of another model than " + embeddingModel + ": " + skipped);
        }
        return ShardResult.corpusWide(request.queryId(), store, RankedLists.search(indexes, request.search()));
    }

    /** Why the current shard cannot be searched with this job's model, from its documents' commits; empty when it can. */
    private Optional<String> modelMismatch(String shard) throws Exception {
        Optional<String> known = modelMismatches.get(shard);
        if (known == null) {
            known = mismatchOf(shard, documents.values());
            modelMismatches.put(shard, known);
        }
        return known;
    }

    private Optional<String> mismatchOf(String shard, Iterable<DocumentCommitted> commits) {
        Set<String> others = new TreeSet<>();
        for (DocumentCommitted commit : commits) {
            if (commit.embeddingModel() != null && !commit.embeddingModel().equals(embeddingModel)) {
                others.add(commit.embeddingModel());
            }
        }
        return others.isEmpty() ? Optional.empty() : Optional.of(shard + " holds vectors of " + others
                + " and this query job embeds questions with " + embeddingModel
                + "; re-embed the corpus into a new chunks topic with this model (scoperag.embedding.model-path), or run the "
                + "query job with the model the shard was embedded with");
    }

    private boolean hasOtherModel(String shard) {
        Optional<String> mismatch = modelMismatches.get(shard);
        return mismatch != null && mismatch.isPresent();
    }

    private boolean commit(String shard, DocumentCommitted commit, Map<String, IndexedChunk> chunks) throws Exception {
        // Every arrived chunk is made searchable before anything changes: a commit that cannot be taken
        // leaves the shard as it was, its previous version searchable.
        List<IndexedChunk> arrived = new ArrayList<>();
        for (Map.Entry<String, ChunkUpserted> e : pendingChunks.entries()) {
            ChunkUpserted chunk = e.getValue();
            if (chunk.docId().equals(commit.docId()) && chunk.docHash().equals(commit.docHash())) {
                arrived.add(IndexedChunk.of(chunk, commit));
            }
        }
        removeDocument(commit.docId(), commit.docHash(), chunks);
        for (IndexedChunk chunk : arrived) {
            visibleChunks.put(chunk.chunkId(), chunk);
            chunks.put(chunk.chunkId(), chunk);
            pendingChunks.remove(chunk.chunkId());
        }
        documents.put(commit.docId(), commit);
        modelMismatches.put(shard, mismatchOf(shard, documents.values()));
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
