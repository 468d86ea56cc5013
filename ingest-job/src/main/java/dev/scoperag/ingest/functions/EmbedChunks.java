package dev.scoperag.ingest.functions;

import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.failure.InternalFailure;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.ingest.DocumentPlan;
import dev.scoperag.core.ingest.Rejections;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.record.Embedding;
import dev.scoperag.core.record.RejectedFiling;
import dev.scoperag.stream.isolation.RecordIsolation;
import dev.scoperag.stream.metrics.LabeledHistograms;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.io.Serializable;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
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
 * <p>A document's plan is queued in keyed state ({@code queuedRecords}) as it arrives and embedded in
 * steps of one model call that starts no chunk after the step's deadline (a second, or 32 chunks'
 * time where the model runs slower), each step a processing-time timer of its shard. Between steps the task
 * takes other records and checkpoint barriers, so checkpoints complete while a large document is
 * being embedded, and the queue is part of every checkpoint. The queue is bounded: past
 * {@code maxQueuedChunks} chunks in a subtask, an arriving document is embedded before the next
 * record is taken, which holds the filings source back.
 *
 * <p>The embeddings of a document's published version are kept in {@code reusableEmbeddings}, keyed by
 * document and text hash, so a new version (an amendment, a corrected re-send) embeds only the chunk
 * texts it changed. They are dropped when the version that no longer uses them commits, and all of
 * a document's go with its retraction.
 *
 * <p>A step that fails on a record's content abandons that document version: its queued records go,
 * tombstones withdraw the chunks it had published (its commit never went out, so it was never
 * searchable), and the filing goes to the dead-letter topic as INTERNAL_ERROR.
 */
public final class EmbedChunks extends KeyedProcessFunction<String, DocumentPlan, ChunkTopicRecord> {

    private static final long serialVersionUID = 1L;
    private static final char SEPARATOR = '\u0000';
    private static final Logger LOG = LoggerFactory.getLogger(EmbedChunks.class);
    /** Accumulator: nanoseconds spent in the model, summed over subtasks (what the throughput benchmark compares). */
    public static final String MODEL_NANOS = "embedding-model-nanos";
    /**
     * How long one step runs the model at least: it starts no new chunk after its deadline, so a
     * checkpoint barrier waits about one step behind it.
     */
    static final long MIN_STEP_NANOS = 1_000_000_000L;
    /**
     * A step lasts at least this many chunks' time (as measured): when a step's deadline passes, each
     * parallel run finishes the chunk it has and one may wait for the other, so the step must be long
     * against a chunk for the model to stay busy (on a machine running the model ten times slower,
     * one-second steps lost a quarter of its speed).
     */
    static final int STEP_CHUNKS = 32;
    /** Accumulator: chunk texts the model embedded (reused embeddings not counted). */
    public static final String TEXTS_EMBEDDED = "embedding-texts";

    /** Creates the embedder on the task manager; the model is not serializable. */
    public interface EmbedderFactory extends Supplier<Embedder>, Serializable {}

    /** A queued record and the plan (document version) it belongs to. */
    public record QueuedRecord(long plan, ChunkTopicRecord record) {}

    /** The queue's bounds: the next record to take and the next free position. */
    public record QueueBounds(long head, long tail) {
        boolean isEmpty() {
            return head >= tail;
        }
    }

    /** What a dead-letter record and the withdrawal of a failed version need, kept while its plan is queued. */
    public record OpenPlan(String docId, String docHash, RejectedFiling.Source source, FilingEvent event, List<String> chunkIds) {}

    private final EmbedderFactory embedderFactory;
    private final int chunksPerStep;
    private final int maxQueuedChunks;

    private transient Embedder embedder;
    private transient MapState<String, ReusableEmbedding> reusableEmbeddings;
    private transient MapState<Long, QueuedRecord> queuedRecords;
    private transient ValueState<QueueBounds> queueBounds;
    private transient MapState<Long, OpenPlan> openPlans;
    /** Chunks queued in this subtask, over all its shards; counted from zero again after a restore. */
    private transient long queuedChunks;
    /** Wall time the model takes per chunk, all runs together: a moving average of the steps' calls. */
    private transient double chunkNanos;
    private transient RecordIsolation isolation;
    private transient Clock clock;
    private transient Counter chunksEmbedded;
    private transient Counter embeddingsReused;
    private transient LongCounter modelNanos;
    private transient LongCounter textsEmbedded;
    private transient Histogram embeddingLatency;

    /**
     * @param chunksPerStep chunks handed to the embedder in one step: {@link dev.scoperag.core.embed.EmbedderSpec#chunksPerCall()}
     * @param maxQueuedChunks chunks queued in the subtask past which an arriving document is embedded before the next is taken
     */
    public EmbedChunks(EmbedderFactory embedderFactory, int chunksPerStep, int maxQueuedChunks) {
        this.embedderFactory = embedderFactory;
        this.chunksPerStep = Math.max(1, chunksPerStep);
        this.maxQueuedChunks = Math.max(0, maxQueuedChunks);
    }

    @Override
    public void open(OpenContext openContext) {
        embedder = embedderFactory.get();
        reusableEmbeddings = getRuntimeContext().getMapState(new MapStateDescriptor<>(
                "reusableEmbeddings", Types.STRING, JsonTypeInformation.of(ReusableEmbedding.class)));
        queuedRecords = getRuntimeContext().getMapState(new MapStateDescriptor<>(
                "queuedRecords", Types.LONG, JsonTypeInformation.of(QueuedRecord.class)));
        queueBounds = getRuntimeContext().getState(new ValueStateDescriptor<>("queueBounds", JsonTypeInformation.of(QueueBounds.class)));
        openPlans = getRuntimeContext().getMapState(new MapStateDescriptor<>(
                "openPlans", Types.LONG, JsonTypeInformation.of(OpenPlan.class)));
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
        clock = Clock.systemUTC();
        chunksEmbedded = getRuntimeContext().getMetricGroup().counter("chunksEmbedded");
        embeddingsReused = getRuntimeContext().getMetricGroup().counter("embeddingsReused");
        getRuntimeContext().getMetricGroup().gauge("chunksQueued", () -> queuedChunks);
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
    public void processElement(DocumentPlan plan, Context ctx, Collector<ChunkTopicRecord> out) throws Exception {
        QueueBounds bounds = bounds();
        boolean wasEmpty = bounds.isEmpty();
        long planId = bounds.tail();
        long tail = bounds.tail();
        int chunks = 0;
        for (ChunkTopicRecord record : plan.records()) {
            queuedRecords.put(tail++, new QueuedRecord(planId, record));
            if (needsEmbedding(record)) {
                chunks++;
            }
        }
        openPlans.put(planId, new OpenPlan(plan.docId(), plan.docHash(), plan.source(), plan.event(), plan.chunkIds()));
        queueBounds.update(new QueueBounds(bounds.head(), tail));
        queuedChunks += chunks;
        if (wasEmpty) {
            scheduleStep(ctx.timerService().currentProcessingTime(), ctx);
        }
        // Over the bound: this shard's queue is embedded now, before the next record is taken.
        while (queuedChunks > maxQueuedChunks && step(ctx, out)) {
            // one model call per round
        }
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<ChunkTopicRecord> out) throws Exception {
        step(ctx, out);
        if (!bounds().isEmpty()) {
            scheduleStep(timestamp, ctx);
        }
    }

    /** The next step a millisecond on: a timer due now would run in the same firing, and the task would take nothing else meanwhile. */
    private static void scheduleStep(long now, Context ctx) {
        ctx.timerService().registerProcessingTimeTimer(now + 1);
    }

    /**
     * Takes the head of this shard's queue, up to one model call's chunks of one document version,
     * embeds and emits them; false when the queue is empty.
     */
    private boolean step(Context ctx, Collector<ChunkTopicRecord> out) throws Exception {
        QueueBounds bounds = bounds();
        if (bounds.isEmpty()) {
            return false;
        }
        long plan = queuedRecords.get(bounds.head()).plan();
        List<ChunkTopicRecord> taken = new ArrayList<>();
        List<ChunkUpserted> toEmbed = new ArrayList<>();
        long next = bounds.head();
        for (; next < bounds.tail(); next++) {
            QueuedRecord queued = queuedRecords.get(next);
            if (queued.plan() != plan || (needsEmbedding(queued.record()) && toEmbed.size() == chunksPerStep)) {
                break;
            }
            taken.add(queued.record());
            if (needsEmbedding(queued.record())) {
                toEmbed.add((ChunkUpserted) queued.record());
            }
        }
        OpenPlan open = openPlans.get(plan);
        String key = ctx.getCurrentKey() + "/" + (open == null ? "?" : open.docId());
        InternalFailure[] failed = new InternalFailure[1];
        long deadline = System.nanoTime() + Math.max(MIN_STEP_NANOS, (long) (STEP_CHUNKS * chunkNanos));
        Optional<Embedding[]> embeddings = isolation.call(Rejections.EMBED, key, () -> embed(toEmbed, deadline), f -> failed[0] = f);
        if (embeddings.isEmpty()) {
            abandon(plan, open, failed[0], ctx, out);
            return true;
        }
        // The model may have stopped at the step's deadline: emit up to the first chunk it did not reach.
        int e = 0;
        int chunksDone = 0;
        long emitted = bounds.head();
        for (ChunkTopicRecord record : taken) {
            if (needsEmbedding(record)) {
                Embedding embedding = embeddings.get()[e++];
                if (embedding == null) {
                    break;
                }
                ChunkUpserted chunk = (ChunkUpserted) record;
                reusableEmbeddings.put(reuseKey(chunk), new ReusableEmbedding(chunk.docHash(), embedding));
                out.collect(chunk.withEmbedding(embedding));
                chunksDone++;
            } else {
                if (record instanceof DocumentCommitted commit) {
                    forgetOtherVersions(commit.docId(), commit.docHash());
                } else if (record instanceof DocumentRetracted retraction) {
                    forgetOtherVersions(retraction.docId(), null);
                }
                out.collect(record);
            }
            queuedRecords.remove(emitted++);
        }
        boolean planDone = emitted >= bounds.tail() || queuedRecords.get(emitted).plan() != plan;
        if (planDone) {
            openPlans.remove(plan);
        }
        advance(bounds, emitted, chunksDone);
        return true;
    }

    /**
     * Drops what is left of a document version whose embedding failed: its queued records (its commit
     * among them, so it never becomes searchable), the chunks it published (tombstones), and sends the
     * filing to the dead-letter topic.
     */
    private void abandon(long plan, OpenPlan open, InternalFailure failure, Context ctx, Collector<ChunkTopicRecord> out)
            throws Exception {
        QueueBounds bounds = bounds();
        long next = bounds.head();
        int chunks = 0;
        for (; next < bounds.tail(); next++) {
            QueuedRecord queued = queuedRecords.get(next);
            if (queued.plan() != plan) {
                break;
            }
            chunks += needsEmbedding(queued.record()) ? 1 : 0;
            queuedRecords.remove(next);
        }
        advance(bounds, next, chunks);
        openPlans.remove(plan);
        if (open == null) {
            return;
        }
        for (String chunkId : open.chunkIds()) {
            out.collect(new ChunkRemoved(ctx.getCurrentKey(), chunkId));
        }
        ctx.output(DeadLetters.TAG, Rejections.internal(failure, open.source(), Json.toBytes(open.event()), clock.instant()));
    }

    private void advance(QueueBounds bounds, long head, int chunksDone) throws Exception {
        queuedChunks = Math.max(0, queuedChunks - chunksDone);
        if (head >= bounds.tail()) {
            queueBounds.clear();
        } else {
            queueBounds.update(new QueueBounds(head, bounds.tail()));
        }
    }

    private QueueBounds bounds() throws Exception {
        QueueBounds bounds = queueBounds.value();
        return bounds == null ? new QueueBounds(0, 0) : bounds;
    }

    /**
     * Embeddings of {@code chunks}, reused or from the model; the model starts no new text after
     * {@code deadline}, so the tail of the array may be null.
     */
    private Embedding[] embed(List<ChunkUpserted> chunks, long deadline) {
        Embedding[] embeddings = new Embedding[chunks.size()];
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            ReusableEmbedding reusable = reusable(chunks.get(i));
            if (reusable != null && reusable.embedding().model().equals(embedder.modelId())) {
                embeddings[i] = reusable.embedding();
                embeddingsReused.inc();
            } else {
                missing.add(i);
            }
        }
        if (!missing.isEmpty()) {
            long start = System.nanoTime();
            List<float[]> vectors = embedder.embedPassagesWithin(missing.stream().map(i -> chunks.get(i).text()).toList(), deadline);
            long nanos = System.nanoTime() - start;
            double perChunk = (double) nanos / vectors.size();
            chunkNanos = chunkNanos == 0 ? perChunk : 0.8 * chunkNanos + 0.2 * perChunk;
            modelNanos.add(nanos);
            textsEmbedded.add(vectors.size());
            // Per chunk text: a call's time shared among its texts, one sample each (with parallel runs, the
            // time a text adds to the job, not the time one run takes on it).
            long perText = nanos / 1_000_000 / vectors.size();
            for (int j = 0; j < vectors.size(); j++) {
                embeddingLatency.update(perText);
                embeddings[missing.get(j)] = Embedding.of(embedder.modelId(), vectors.get(j));
            }
            chunksEmbedded.inc(vectors.size());
        }
        return embeddings;
    }

    private ReusableEmbedding reusable(ChunkUpserted chunk) {
        try {
            return reusableEmbeddings.get(reuseKey(chunk));
        } catch (Exception e) {
            throw new IllegalStateException("cannot read kept embeddings", e);
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

    private static boolean needsEmbedding(ChunkTopicRecord record) {
        return record instanceof ChunkUpserted chunk && chunk.embedding() == null;
    }

    private static String reuseKey(ChunkUpserted c) {
        return c.docId() + SEPARATOR + c.textHash();
    }
}
