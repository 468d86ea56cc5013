package dev.scoperag.ingest.functions;

import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.record.Embedding;
import dev.scoperag.stream.metrics.LabeledHistograms;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills in the embedding of each chunk, per shard, and passes the other records through in order.
 *
 * <p>The embeddings of a document's published version are kept in {@code reusableEmbeddings}, keyed by
 * document and text hash, so a new version (an amendment, a corrected re-send) embeds only the chunk
 * texts it changed. They are dropped when the version that no longer uses them commits, and all of
 * a document's go with its retraction. With more than one chunk per model call (ONNX batches above
 * 1, or parallel runs), chunks wait in {@code pendingChunks} (keyed state, so a checkpoint keeps them)
 * until there are enough or their document's commit arrives.
 */
public final class EmbedChunks extends KeyedProcessFunction<String, ChunkTopicRecord, ChunkTopicRecord> {

    private static final long serialVersionUID = 1L;
    private static final char SEPARATOR = '\u0000';
    private static final Logger LOG = LoggerFactory.getLogger(EmbedChunks.class);
    /** Accumulator: nanoseconds spent in the model, summed over subtasks (what the throughput benchmark compares). */
    public static final String MODEL_NANOS = "embedding-model-nanos";
    /** Accumulator: chunk texts the model embedded (reused embeddings not counted). */
    public static final String TEXTS_EMBEDDED = "embedding-texts";

    /** Creates the embedder on the task manager; the model is not serializable. */
    public interface EmbedderFactory extends Supplier<Embedder>, Serializable {}

    private final EmbedderFactory embedderFactory;
    private final int chunksPerCall;

    private transient Embedder embedder;
    private transient MapState<String, ReusableEmbedding> reusableEmbeddings;
    private transient ListState<ChunkTopicRecord> pendingChunks;
    /** How many chunks {@code pendingChunks} holds, so a chunk does not read them all back. */
    private transient ValueState<Integer> pendingCount;
    private transient Counter chunksEmbedded;
    private transient Counter embeddingsReused;
    private transient LongCounter modelNanos;
    private transient LongCounter textsEmbedded;
    private transient Histogram embeddingLatency;

    /** @param chunksPerCall chunks handed to the embedder at once: {@link dev.scoperag.core.embed.EmbedderSpec#chunksPerCall()} */
    public EmbedChunks(EmbedderFactory embedderFactory, int chunksPerCall) {
        this.embedderFactory = embedderFactory;
        this.chunksPerCall = Math.max(1, chunksPerCall);
    }

    @Override
    public void open(OpenContext openContext) {
        embedder = embedderFactory.get();
        reusableEmbeddings = getRuntimeContext().getMapState(new MapStateDescriptor<>(
                "reusableEmbeddings", Types.STRING, JsonTypeInformation.of(ReusableEmbedding.class)));
        pendingChunks = getRuntimeContext().getListState(new ListStateDescriptor<>(
                "pendingChunks", JsonTypeInformation.of(ChunkTopicRecord.class)));
        pendingCount = getRuntimeContext().getState(new ValueStateDescriptor<>("pendingCount", Types.INT));
        chunksEmbedded = getRuntimeContext().getMetricGroup().counter("chunksEmbedded");
        embeddingsReused = getRuntimeContext().getMetricGroup().counter("embeddingsReused");
        modelNanos = getRuntimeContext().getLongCounter(MODEL_NANOS);
        textsEmbedded = getRuntimeContext().getLongCounter(TEXTS_EMBEDDED);
        embeddingLatency = LabeledHistograms.of(getRuntimeContext().getMetricGroup(), "embeddingLatencyMs");
    }

    @Override
    public void close() throws Exception {
        if (embedder != null) {
            LOG.info("embedded {} chunk texts in {} ms of model time, reused {} embeddings",
                    chunksEmbedded.getCount(), modelNanos.getLocalValue() / 1_000_000, embeddingsReused.getCount());
            embedder.close();
        }
    }

    @Override
    public void processElement(ChunkTopicRecord record, Context ctx, Collector<ChunkTopicRecord> out) throws Exception {
        if (record instanceof ChunkUpserted chunk && chunk.embedding() == null) {
            if (chunksPerCall == 1) {
                embed(List.of(chunk), out);
                return;
            }
            pendingChunks.add(chunk);
            int count = pendingCount.value() == null ? 1 : pendingCount.value() + 1;
            if (count < chunksPerCall) {
                pendingCount.update(count);
            } else {
                embedPending(out);
            }
            return;
        }
        // The list itself, not the count: a savepoint from before the count was kept may hold chunks without one.
        if (pendingChunks.get().iterator().hasNext()) {
            embedPending(out);
        }
        if (record instanceof DocumentCommitted commit) {
            forgetOtherVersions(commit.docId(), commit.docHash());
        } else if (record instanceof DocumentRetracted retraction) {
            forgetOtherVersions(retraction.docId(), null);
        }
        out.collect(record);
    }

    private void embed(List<ChunkUpserted> chunks, Collector<ChunkTopicRecord> out) throws Exception {
        Embedding[] embeddings = new Embedding[chunks.size()];
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            ReusableEmbedding reusable = reusableEmbeddings.get(reuseKey(chunks.get(i)));
            if (reusable != null && reusable.embedding().model().equals(embedder.modelId())) {
                embeddings[i] = reusable.embedding();
                embeddingsReused.inc();
            } else {
                missing.add(i);
            }
        }
        if (!missing.isEmpty()) {
            long start = System.nanoTime();
            List<float[]> vectors = embedder.embedPassages(missing.stream().map(i -> chunks.get(i).text()).toList());
            long nanos = System.nanoTime() - start;
            modelNanos.add(nanos);
            textsEmbedded.add(missing.size());
            // Per chunk text: a call's time shared among its texts, one sample each (with parallel runs, the
            // time a text adds to the job, not the time one run takes on it).
            long perText = nanos / 1_000_000 / missing.size();
            for (int j = 0; j < missing.size(); j++) {
                embeddingLatency.update(perText);
                embeddings[missing.get(j)] = Embedding.of(embedder.modelId(), vectors.get(j));
            }
            chunksEmbedded.inc(missing.size());
        }
        for (int i = 0; i < chunks.size(); i++) {
            ChunkUpserted c = chunks.get(i);
            reusableEmbeddings.put(reuseKey(c), new ReusableEmbedding(c.docHash(), embeddings[i]));
            out.collect(c.withEmbedding(embeddings[i]));
        }
    }

    /** Drops the kept embeddings of {@code docId} not used by {@code keptDocHash} (all of them when null). */
    private void forgetOtherVersions(String docId, String keptDocHash) throws Exception {
        String prefix = docId + SEPARATOR;
        List<String> stale = new ArrayList<>();
        for (Map.Entry<String, ReusableEmbedding> e : reusableEmbeddings.entries()) {
            if (e.getKey().startsWith(prefix) && !e.getValue().docHash().equals(keptDocHash)) {
                stale.add(e.getKey());
            }
        }
        for (String key : stale) {
            reusableEmbeddings.remove(key);
        }
    }

    private void embedPending(Collector<ChunkTopicRecord> out) throws Exception {
        List<ChunkUpserted> pending = new ArrayList<>();
        for (ChunkTopicRecord r : pendingChunks.get()) {
            pending.add((ChunkUpserted) r);
        }
        pendingChunks.clear();
        pendingCount.clear();
        embed(pending, out);
    }

    private static String reuseKey(ChunkUpserted c) {
        return c.docId() + SEPARATOR + c.textHash();
    }
}
