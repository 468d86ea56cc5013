package dev.scoperag.core.shard;

import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.search.IndexedChunk;
import dev.scoperag.core.search.RankedLists;
import dev.scoperag.core.search.SearchRequest;
import dev.scoperag.core.search.ShardIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The shards one store holds, each a {@link ShardContents} made on first use, and the store's part of a
 * corpus-wide search: every shard searched in its own index, the lists returned unfused, so that the answer stage
 * merges them across stores and the answer does not depend on which shards a store holds.
 */
public final class ShardSet implements AutoCloseable {

    private final String embeddingModel;
    private final Function<String, ShardState> stateOf;
    private final Map<String, ShardContents> shards = new LinkedHashMap<>();

    /**
     * @param embeddingModel the id of the model questions are embedded with; shards of other models are not searched
     * @param stateOf the state of a shard: in the job, the same key-scoped state for every shard (so a shard's
     *     contents are only changed while its key is current); in process, a new state per shard
     */
    public ShardSet(String embeddingModel, Function<String, ShardState> stateOf) {
        this.embeddingModel = embeddingModel;
        this.stateOf = stateOf;
    }

    /** Shards with their state in this process's memory. */
    public static ShardSet inMemory(String embeddingModel) {
        return new ShardSet(embeddingModel, shard -> ShardState.inMemory());
    }

    /**
     * The shard a chunks-topic record's shard id names, by its canonical id: a record written before tickers were
     * canonicalized ({@code BRK.B:2023}) belongs to the shard the router routes to ({@code BRK-B:2023}).
     */
    public static String canonical(String shardId) {
        return Shard.fromId(shardId).map(Shard::id).orElse(shardId);
    }

    /** The contents of {@code shard}, read from its state on first use (in the job: while its key is current). */
    public ShardContents shard(String shard) throws Exception {
        ShardContents contents = shards.get(shard);
        if (contents == null) {
            contents = ShardContents.load(shard, embeddingModel, stateOf.apply(shard));
            shards.put(shard, contents);
        }
        return contents;
    }

    /** Takes in a shard whose state was read elsewhere, unless it is held already (its copy is as new then). */
    public void restore(String shard, Iterable<IndexedChunk> visible, Iterable<DocumentCommitted> documents) {
        shards.computeIfAbsent(shard, s -> ShardContents.of(s, embeddingModel, stateOf.apply(s), visible, documents));
    }

    /**
     * This store's part of a corpus-wide search over every shard it holds, skipping those of another embedding
     * model; failed when every shard it holds is of another model.
     *
     * @param store the store's name, as the gather step counts stores ({@code store-<subtask>})
     * @param stores how many stores answer a corpus-wide search
     */
    public ShardResult searchAll(String queryId, String store, int stores, SearchRequest request) {
        List<ShardIndex> indexes = new ArrayList<>(shards.size());
        List<String> skipped = new ArrayList<>();
        for (ShardContents contents : shards.values()) {
            if (contents.modelMismatch().isPresent()) {
                skipped.add(contents.shard());
            } else {
                indexes.add(contents.index());
            }
        }
        if (indexes.isEmpty() && !skipped.isEmpty()) {
            return ShardResult.storeFailed(queryId, store, stores, ShardContents.EMBEDDING_MODEL_MISMATCH,
                    "every shard of " + store + " holds vectors of another model than " + embeddingModel + ": " + skipped);
        }
        return ShardResult.corpusWide(queryId, store, stores, RankedLists.search(indexes, request));
    }

    /** Builds every held shard's index now rather than on its first search. */
    public void buildIndexes() {
        shards.values().forEach(ShardContents::index);
    }

    @Override
    public void close() {
        shards.values().forEach(ShardContents::close);
    }
}
