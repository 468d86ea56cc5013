package dev.scoperag.ingest.functions;

import dev.scoperag.core.answer.ChunkWindows;
import dev.scoperag.core.chunk.Chunker;
import dev.scoperag.core.concurrent.Termination;
import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.failure.InternalFailure;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.ingest.ChunkVectors;
import dev.scoperag.core.ingest.DocumentPlan;
import dev.scoperag.core.ingest.Rejections;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.record.RejectedFiling;
import dev.scoperag.stream.isolation.RecordIsolation;
import dev.scoperag.stream.metrics.LabeledHistograms;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.io.Serializable;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
 * <p>The model work is {@link ChunkVectors}: each chunk's windows embedded once (the windows two overlapping chunks
 * share are the same texts, embedded once), the chunk's own vector made of them, and both published on the chunk.
 *
 * <p>A document's plan is queued in keyed state ({@code queuedRecords}) as it arrives, and the model
 * embeds it off the task thread, a batch of one model call at a time on the subtask's model thread
 * (two batches in flight, so the model does not wait between them). A processing-time timer of the
 * shard polls every {@link #POLL_MILLIS} ms and emits, in queue order, what the model has finished.
 * The task thread never waits for the model: it takes records and checkpoint barriers while a large
 * 10-K is embedded, so checkpoints complete meanwhile. Records leave the queue only when emitted, so
 * a checkpoint holds every chunk not yet published and a restore embeds it again. The queue is
 * bounded: past {@code maxQueuedChunks} chunks in a subtask, an arriving document's chunks are
 * waited for before the next record is taken, which holds the filings source back.
 *
 * <p>The embeddings of a document's published version are kept in {@code reusableEmbeddings}, keyed by
 * document and text hash, so a new version (an amendment, a corrected re-send) embeds only the chunk
 * texts it changed. They are dropped when the version that no longer uses them commits, and all of
 * a document's go with its retraction.
 *
 * <p>A batch that fails on a record's content abandons that document version: its queued records go,
 * tombstones withdraw the chunks it had published (its commit never went out, so it was never
 * searchable), and the filing goes to the dead-letter topic as INTERNAL_ERROR.
 */
public final class EmbedChunks extends KeyedProcessFunction<String, DocumentPlan, ChunkTopicRecord> {

    private static final long serialVersionUID = 1L;
    private static final char SEPARATOR = '\u0000';
    private static final Logger LOG = LoggerFactory.getLogger(EmbedChunks.class);
    /** Accumulator: nanoseconds spent in the model, summed over subtasks (what the throughput benchmark compares). */
    public static final String MODEL_NANOS = "embedding-model-nanos";
    /** Accumulator: texts the model embedded, windows (and whole chunks when configured); reused ones not counted. */
    public static final String TEXTS_EMBEDDED = "embedding-texts";
    /** How often a shard with chunks in the model looks for finished ones. */
    static final long POLL_MILLIS = 10;
    /** Batches a subtask keeps with the model: the next is queued while one runs, so the model never waits for the task. */
    static final int BATCHES_IN_FLIGHT = 2;
    /** Name of the thread that hands batches to the model (it also runs one of the model's parallel runs). */
    public static final String MODEL_THREAD = "scoperag-embed-model";
    /** How long closing waits for the model thread's batch in flight: one batch, far less than Flink's 180 s watchdog. */
    static final Duration MODEL_STOP_WAIT = Duration.ofSeconds(30);

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

    /** The chunks the model embedded for a batch, the texts it ran and the time it took. */
    private record ModelResult(List<ChunkUpserted> chunks, long texts, long nanos) {}

    /**
     * Queue positions {@code [from, to)} of one shard and one plan, with their embeddings: the ones
     * reused from state at once, the others coming from the model.
     */
    private record Batch(long from, long to, long plan, List<ChunkTopicRecord> records, ReusableEmbedding[] reused,
            List<Integer> missing, CompletableFuture<ModelResult> model) {}

    private final EmbedderFactory embedderFactory;
    private final int chunksPerBatch;
    private final int maxQueuedChunks;
    private final int stride;
    private final ChunkVectors.ChunkVector chunkVector;

    private transient Embedder embedder;
    /** The model work on the model thread: windows embedded once, chunk vectors made of them. */
    private transient ChunkVectors vectors;
    private transient ExecutorService modelThread;
    private transient MapState<String, ReusableEmbedding> reusableEmbeddings;
    private transient MapState<Long, QueuedRecord> queuedRecords;
    private transient ValueState<QueueBounds> queueBounds;
    private transient MapState<Long, OpenPlan> openPlans;
    /** The batches with the model, per shard, oldest first; not state: after a restore they are asked for again. */
    private transient Map<String, ArrayDeque<Batch>> inFlight;
    /** When each shard's next poll is due, so one timer at a time polls a shard however many records arrive. */
    private transient Map<String, Long> pollAt;
    /** Chunks queued in this subtask, over all its shards; counted from zero again after a restore. */
    private transient long queuedChunks;
    private transient RecordIsolation isolation;
    private transient Clock clock;
    private transient Counter chunksEmbedded;
    private transient Counter embeddingsReused;
    private transient LongCounter modelNanos;
    private transient LongCounter textsEmbedded;
    private transient Histogram embeddingLatency;

    /**
     * @param chunksPerBatch chunks handed to the embedder in one call: {@link dev.scoperag.core.embed.EmbedderSpec#chunksPerCall()}
     * @param maxQueuedChunks chunks queued in the subtask past which an arriving document is embedded before the next is taken
     */
    public EmbedChunks(EmbedderFactory embedderFactory, int chunksPerBatch, int maxQueuedChunks, int stride,
            ChunkVectors.ChunkVector chunkVector) {
        this.embedderFactory = embedderFactory;
        this.chunksPerBatch = Math.max(1, chunksPerBatch);
        this.maxQueuedChunks = Math.max(0, maxQueuedChunks);
        this.stride = stride;
        this.chunkVector = chunkVector;
    }

    /** Chunks of the default stride, chunk vectors the mean of their windows'. */
    public EmbedChunks(EmbedderFactory embedderFactory, int chunksPerBatch, int maxQueuedChunks) {
        this(embedderFactory, chunksPerBatch, maxQueuedChunks, Chunker.DEFAULT_STRIDE, ChunkVectors.ChunkVector.WINDOW_MEAN);
    }

    @Override
    public void open(OpenContext openContext) {
        embedder = embedderFactory.get();
        vectors = new ChunkVectors(embedder, stride, ChunkWindows.DEFAULT_WINDOW_CHARS, chunkVector);
        modelThread = Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, MODEL_THREAD);
            thread.setDaemon(true);
            return thread;
        });
        reusableEmbeddings = getRuntimeContext().getMapState(new MapStateDescriptor<>(
                "reusableEmbeddings", Types.STRING, JsonTypeInformation.of(ReusableEmbedding.class)));
        queuedRecords = getRuntimeContext().getMapState(new MapStateDescriptor<>(
                "queuedRecords", Types.LONG, JsonTypeInformation.of(QueuedRecord.class)));
        queueBounds = getRuntimeContext().getState(new ValueStateDescriptor<>("queueBounds", JsonTypeInformation.of(QueueBounds.class)));
        openPlans = getRuntimeContext().getMapState(new MapStateDescriptor<>(
                "openPlans", Types.LONG, JsonTypeInformation.of(OpenPlan.class)));
        inFlight = new HashMap<>();
        pollAt = new HashMap<>();
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
        clock = Clock.systemUTC();
        chunksEmbedded = getRuntimeContext().getMetricGroup().counter("chunksEmbedded");
        embeddingsReused = getRuntimeContext().getMetricGroup().counter("embeddingsReused");
        getRuntimeContext().getMetricGroup().gauge("chunksQueued", () -> queuedChunks);
        modelNanos = getRuntimeContext().getLongCounter(MODEL_NANOS);
        textsEmbedded = getRuntimeContext().getLongCounter(TEXTS_EMBEDDED);
        embeddingLatency = LabeledHistograms.of(getRuntimeContext().getMetricGroup(), "embeddingLatencyMs");
    }

    /**
     * Stops the model thread (its call in flight ends after the batch it runs: the queued records stay in state and
     * are embedded again after a restore), then closes the model. Never throws: an exception here, in a task being
     * cancelled, is fatal to a TaskManager process; a model that cannot be closed safely is left open instead.
     */
    @Override
    public void close() {
        boolean modelIdle = true;
        if (modelThread != null) {
            modelThread.shutdownNow();
            modelIdle = Termination.await(modelThread, MODEL_STOP_WAIT);
        }
        if (embedder == null) {
            return;
        }
        LOG.info("embedded {} chunk texts in {} ms of model time, reused {} embeddings",
                chunksEmbedded.getCount(), modelNanos.getLocalValue() / 1_000_000, embeddingsReused.getCount());
        if (!modelIdle) {
            // Closing the model under a native run would crash the process.
            LOG.warn("model thread still running a batch after {}; model {} left open", MODEL_STOP_WAIT, embedder.modelId());
            return;
        }
        try {
            embedder.close();
        } catch (RuntimeException e) {
            LOG.warn("model {} not closed: {}", embedder.modelId(), e.toString());
        }
    }


    @Override
    public void processElement(DocumentPlan plan, Context ctx, Collector<ChunkTopicRecord> out) throws Exception {
        QueueBounds bounds = bounds();
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
        poll(ctx, out, false);
        // Over the bound: this shard's chunks are waited for now, before the next record is taken.
        while (queuedChunks > maxQueuedChunks && inFlight.containsKey(ctx.getCurrentKey())) {
            poll(ctx, out, true);
        }
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<ChunkTopicRecord> out) throws Exception {
        Long due = pollAt.get(ctx.getCurrentKey());
        if (due != null && due <= timestamp) {
            pollAt.remove(ctx.getCurrentKey());
        }
        poll(ctx, out, false);
    }

    /**
     * Emits what the model has finished for this shard, in queue order, and keeps it supplied with
     * batches; looks again in {@link #POLL_MILLIS} ms while any are with the model.
     *
     * @param waitForHead wait for the oldest batch rather than only take it when done
     */
    private void poll(Context ctx, Collector<ChunkTopicRecord> out, boolean waitForHead) throws Exception {
        ArrayDeque<Batch> batches = batches(ctx);
        while (!batches.isEmpty() && (batches.peekFirst().model().isDone() || waitForHead)) {
            waitForHead = false;
            Batch batch = batches.pollFirst();
            if (!emit(batch, ctx, out)) {
                // The version was abandoned: later batches may hold more of it; they are asked for again.
                batches.forEach(b -> b.model().cancel(false));
                batches.clear();
            }
        }
        while (batches.size() < BATCHES_IN_FLIGHT) {
            Batch next = nextBatch(ctx, batches.isEmpty() ? bounds().head() : batches.peekLast().to());
            if (next == null) {
                break;
            }
            batches.addLast(next);
        }
        if (batches.isEmpty()) {
            inFlight.remove(ctx.getCurrentKey());
        } else if (!pollAt.containsKey(ctx.getCurrentKey())) {
            long at = ctx.timerService().currentProcessingTime() + POLL_MILLIS;
            ctx.timerService().registerProcessingTimeTimer(at);
            pollAt.put(ctx.getCurrentKey(), at);
        }
    }

    private ArrayDeque<Batch> batches(Context ctx) {
        return inFlight.computeIfAbsent(ctx.getCurrentKey(), k -> new ArrayDeque<>());
    }

    /**
     * The queued records from {@code from} on, of one plan, up to one model call's chunks, with the
     * model started on those whose embedding is not kept; null when nothing is left to take.
     */
    private Batch nextBatch(Context ctx, long from) throws Exception {
        QueueBounds bounds = bounds();
        if (from >= bounds.tail()) {
            return null;
        }
        long plan = queuedRecords.get(from).plan();
        List<ChunkTopicRecord> records = new ArrayList<>();
        int chunks = 0;
        long to = from;
        for (; to < bounds.tail(); to++) {
            QueuedRecord queued = queuedRecords.get(to);
            if (queued.plan() != plan || (needsEmbedding(queued.record()) && chunks == chunksPerBatch)) {
                break;
            }
            records.add(queued.record());
            chunks += needsEmbedding(queued.record()) ? 1 : 0;
        }
        ReusableEmbedding[] reused = new ReusableEmbedding[records.size()];
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            if (needsEmbedding(records.get(i))) {
                ReusableEmbedding kept = reusableEmbeddings.get(reuseKey((ChunkUpserted) records.get(i)));
                if (kept != null && kept.windows() != null && kept.embedding().model().equals(vectors.id())) {
                    reused[i] = kept;
                } else {
                    missing.add(i);
                }
            }
        }
        List<ChunkUpserted> toEmbed = missing.stream().map(i -> (ChunkUpserted) records.get(i)).toList();
        CompletableFuture<ModelResult> model = toEmbed.isEmpty()
                ? CompletableFuture.completedFuture(new ModelResult(List.of(), 0, 0))
                : CompletableFuture.supplyAsync(() -> {
                    long start = System.nanoTime();
                    long textsBefore = vectors.textsEmbedded();
                    List<ChunkUpserted> embedded = vectors.embed(toEmbed);
                    return new ModelResult(embedded, vectors.textsEmbedded() - textsBefore, System.nanoTime() - start);
                }, modelThread);
        return new Batch(from, to, plan, records, reused, missing, model);
    }

    /** Emits a finished batch and takes it off the queue; false when its version failed and was abandoned instead. */
    private boolean emit(Batch batch, Context ctx, Collector<ChunkTopicRecord> out) throws Exception {
        OpenPlan open = openPlans.get(batch.plan());
        String key = ctx.getCurrentKey() + "/" + (open == null ? "?" : open.docId());
        ModelResult result;
        try {
            result = batch.model().get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof CancellationException stopped) {
                throw stopped;  // the model was stopped by close(): the task is going down, the batch stays queued
            }
            abandon(batch.plan(), open, isolation.failureOf(Rejections.EMBED, key, e.getCause()), ctx, out);
            return false;
        }
        ReusableEmbedding[] embeddings = batch.reused().clone();
        InternalFailure[] failed = new InternalFailure[1];
        boolean filled = isolation.run(Rejections.EMBED, key, () -> fill(batch, result, embeddings), f -> failed[0] = f);
        if (!filled) {
            abandon(batch.plan(), open, failed[0], ctx, out);
            return false;
        }
        int chunks = 0;
        for (int i = 0; i < batch.records().size(); i++) {
            ChunkTopicRecord record = batch.records().get(i);
            if (needsEmbedding(record)) {
                ChunkUpserted chunk = (ChunkUpserted) record;
                ReusableEmbedding vectorsOfChunk = embeddings[i];
                reusableEmbeddings.put(reuseKey(chunk),
                        new ReusableEmbedding(chunk.docHash(), vectorsOfChunk.embedding(), vectorsOfChunk.windows()));
                out.collect(chunk.withVectors(vectorsOfChunk.embedding(), vectorsOfChunk.windows()));
                chunks++;
            } else {
                if (record instanceof DocumentCommitted commit) {
                    forgetOtherVersions(commit.docId(), commit.docHash());
                } else if (record instanceof DocumentRetracted retraction) {
                    forgetOtherVersions(retraction.docId(), null);
                }
                out.collect(record);
            }
            queuedRecords.remove(batch.from() + i);
        }
        QueueBounds bounds = bounds();
        if (batch.to() >= bounds.tail() || queuedRecords.get(batch.to()).plan() != batch.plan()) {
            openPlans.remove(batch.plan());
        }
        advance(bounds, batch.to(), chunks);
        return true;
    }

    /** Puts the model's vectors in place and counts them (on the task thread: metrics are not thread-safe). */
    private void fill(Batch batch, ModelResult result, ReusableEmbedding[] embeddings) {
        if (result.chunks().size() != batch.missing().size()) {
            throw new IllegalStateException("the model returned " + result.chunks().size() + " chunks for "
                    + batch.missing().size());
        }
        int reused = 0;
        for (ReusableEmbedding e : batch.reused()) {
            reused += e == null ? 0 : 1;
        }
        embeddingsReused.inc(reused);
        if (batch.missing().isEmpty()) {
            return;
        }
        modelNanos.add(result.nanos());
        textsEmbedded.add(result.texts());
        // Per chunk: a call's time shared among its chunks, one sample each (with parallel runs, the
        // time a chunk adds to the job, not the time one run takes on it).
        long perChunk = result.nanos() / 1_000_000 / batch.missing().size();
        for (int j = 0; j < batch.missing().size(); j++) {
            embeddingLatency.update(perChunk);
            ChunkUpserted chunk = result.chunks().get(j);
            embeddings[batch.missing().get(j)] = new ReusableEmbedding(chunk.docHash(), chunk.embedding(), chunk.windows());
        }
        chunksEmbedded.inc(batch.missing().size());
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
