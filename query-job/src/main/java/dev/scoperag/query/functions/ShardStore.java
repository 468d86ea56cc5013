package dev.scoperag.query.functions;

import dev.scoperag.core.failure.InternalFailure;
import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.FactsPublished;
import dev.scoperag.core.search.IndexedChunk;
import dev.scoperag.core.shard.ShardContents;
import dev.scoperag.core.shard.ShardSet;
import dev.scoperag.core.shard.ShardState;
import dev.scoperag.query.types.ShardInput;
import dev.scoperag.stream.isolation.RecordIsolation;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.util.Collector;

/**
 * The shards a subtask owns, each a {@link ShardContents} over keyed state (RocksDB): the chunks topic's records
 * change them, a routed search runs in its shard, and a corpus-wide search (broadcast) runs in every shard of the
 * subtask, which first reads every shard's state once after a restore. No query scans RocksDB.
 *
 * <p>A shard's index is rebuilt on a processing-time timer about {@value #INDEX_BUILD_DELAY_MS} ms after a commit
 * or removal changed it (one timer per shard and second, however many records changed it), not by the first search
 * after the change: after a backfill the first corpus-wide search would otherwise build every changed shard's index
 * while its gather step waits, past the gather timeout on a large corpus.
 *
 * <p>A search that fails answers with its failure, and a chunks record that cannot be stored is skipped; neither
 * stops the job.
 */
public final class ShardStore extends KeyedBroadcastProcessFunction<String, ShardInput, ShardRequest, ShardResult>
        implements CheckpointedFunction {

    private static final long serialVersionUID = 1L;

    /** The broadcast side carries requests only; nothing is kept in broadcast state. */
    public static final MapStateDescriptor<String, String> NO_BROADCAST_STATE =
            new MapStateDescriptor<>("corpusSearches", Types.STRING, Types.STRING);

    static final MapStateDescriptor<String, ChunkUpserted> PENDING_CHUNKS =
            new MapStateDescriptor<>("pendingChunks", Types.STRING, JsonTypeInformation.of(ChunkUpserted.class));
    static final MapStateDescriptor<String, IndexedChunk> VISIBLE_CHUNKS =
            new MapStateDescriptor<>("visibleChunks", Types.STRING, JsonTypeInformation.of(IndexedChunk.class));
    static final MapStateDescriptor<String, DocumentCommitted> DOCUMENTS =
            new MapStateDescriptor<>("documents", Types.STRING, JsonTypeInformation.of(DocumentCommitted.class));
    static final MapStateDescriptor<String, FactsPublished> PENDING_FACTS =
            new MapStateDescriptor<>("pendingFacts", Types.STRING, JsonTypeInformation.of(FactsPublished.class));
    static final MapStateDescriptor<String, FactsPublished> FACTS =
            new MapStateDescriptor<>("facts", Types.STRING, JsonTypeInformation.of(FactsPublished.class));

    static final String STAGE = "shard-store";
    static final String SEARCH_STAGE = "search";
    static final String INDEX_STAGE = "shard-index";
    /** How long after a change its shard's index is rebuilt, unless a search built it first. */
    static final long INDEX_BUILD_DELAY_MS = 1_000;

    private final String embeddingModel;

    /** The shards loaded since start, all of them once a corpus-wide search has run. */
    private transient ShardSet shards;
    /** Whether {@link #shards} holds every shard this subtask owns: from the start when nothing was restored. */
    private transient boolean allLoaded;
    private transient RecordIsolation isolation;

    /** @param embeddingModel the id of the model questions are embedded with; shards of other models are not searched */
    public ShardStore(String embeddingModel) {
        this.embeddingModel = embeddingModel;
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {
        // Without restored state every shard this subtask owns arrives through processElement, so it is held.
        allLoaded = !context.isRestored();
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        // Everything is in keyed state.
    }

    @Override
    public void open(OpenContext openContext) {
        // Key-scoped: the same state objects serve every shard, each while its key is current.
        ShardState state = new KeyedShardState(getRuntimeContext().getMapState(PENDING_CHUNKS),
                getRuntimeContext().getMapState(VISIBLE_CHUNKS), getRuntimeContext().getMapState(DOCUMENTS),
                getRuntimeContext().getMapState(PENDING_FACTS), getRuntimeContext().getMapState(FACTS));
        shards = new ShardSet(embeddingModel, shard -> state);
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
    }

    @Override
    public void close() {
        if (shards != null) {
            shards.close();
        }
    }

    @Override
    public void processElement(ShardInput input, ReadOnlyContext ctx, Collector<ShardResult> out) throws Exception {
        String shard = ctx.getCurrentKey();
        if (input instanceof ShardInput.Search search) {
            ShardRequest request = search.request();
            ShardResult result = isolation.call(SEARCH_STAGE, request.queryId(), () -> shards.shard(shard).search(request), failure -> { })
                    .orElseGet(() -> ShardResult.failed(request.queryId(), shard, InternalFailure.REASON, "search in " + shard + " failed"));
            out.collect(result);
            return;
        }
        ChunkTopicRecord record = ((ShardInput.Published) input).record();
        // A record that cannot be stored is skipped, counted and logged: its shard keeps what it had.
        isolation.run(STAGE, record.key(), () -> {
            if (shards.shard(shard).apply(record)) {
                // Timers of one key and time are one timer: a second's changes to the shard build its index once.
                long now = ctx.timerService().currentProcessingTime();
                ctx.timerService().registerProcessingTimeTimer((now / INDEX_BUILD_DELAY_MS + 1) * INDEX_BUILD_DELAY_MS);
            }
        }, failure -> { });
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<ShardResult> out) {
        String shard = ctx.getCurrentKey();
        isolation.run(INDEX_STAGE, shard, () -> shards.shard(shard).index(), failure -> { });
    }

    /** The shards this subtask holds in memory; for tests. */
    ShardSet shards() {
        return shards;
    }

    @Override
    public void processBroadcastElement(ShardRequest request, Context ctx, Collector<ShardResult> out) throws Exception {
        int stores = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
        String store = ShardResult.storeName(getRuntimeContext().getTaskInfo().getIndexOfThisSubtask());
        ShardResult result = isolation.call(SEARCH_STAGE, request.queryId(), () -> searchAll(request, store, stores, ctx), failure -> { })
                .orElseGet(() -> ShardResult.storeFailed(request.queryId(), store, stores, InternalFailure.REASON,
                        "corpus-wide search in " + store + " failed"));
        out.collect(result);
    }

    private ShardResult searchAll(ShardRequest request, String store, int stores, Context ctx) throws Exception {
        if (!allLoaded) {
            // Once per start or restore: every shard this subtask owns, into memory.
            Map<String, List<IndexedChunk>> chunks = new HashMap<>();
            Map<String, List<DocumentCommitted>> documents = new HashMap<>();
            ctx.applyToKeyedState(VISIBLE_CHUNKS, (shard, state) -> state.values().forEach(
                    c -> chunks.computeIfAbsent(shard, s -> new ArrayList<>()).add(c)));
            ctx.applyToKeyedState(DOCUMENTS, (shard, state) -> state.values().forEach(
                    d -> documents.computeIfAbsent(shard, s -> new ArrayList<>()).add(d)));
            chunks.forEach((shard, visible) -> shards.restore(shard, visible, documents.getOrDefault(shard, List.of())));
            allLoaded = true;
        }
        return shards.searchAll(request.queryId(), store, stores, request.search());
    }

    /** A shard's state in Flink keyed state: the shard is the current key. */
    private record KeyedShardState(MapState<String, ChunkUpserted> pending, MapState<String, IndexedChunk> visible,
            MapState<String, DocumentCommitted> committed, MapState<String, FactsPublished> pendingFactsState,
            MapState<String, FactsPublished> factsState) implements ShardState {

        @Override
        public Entries<ChunkUpserted> pendingChunks() {
            return entries(pending);
        }

        @Override
        public Entries<IndexedChunk> visibleChunks() {
            return entries(visible);
        }

        @Override
        public Entries<DocumentCommitted> documents() {
            return entries(committed);
        }

        @Override
        public Entries<FactsPublished> pendingFacts() {
            return entries(pendingFactsState);
        }

        @Override
        public Entries<FactsPublished> facts() {
            return entries(factsState);
        }

        private static <V> Entries<V> entries(MapState<String, V> state) {
            return new Entries<>() {
                @Override
                public void put(String key, V value) throws Exception {
                    state.put(key, value);
                }

                @Override
                public void remove(String key) throws Exception {
                    state.remove(key);
                }

                @Override
                public Iterable<V> values() throws Exception {
                    return state.values();
                }
            };
        }
    }
}
