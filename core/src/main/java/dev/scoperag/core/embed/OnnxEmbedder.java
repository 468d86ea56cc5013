package dev.scoperag.core.embed;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.huggingface.tokenizers.jni.CharSpan;
import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import dev.scoperag.core.concurrent.Termination;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Embeds text with a BERT-style ONNX encoder run by ONNX Runtime directly, so batching, threads and the token
 * window are set here rather than by a wrapper library.
 *
 * <p>Texts longer than the window are truncated at the token level, keeping [CLS] and [SEP]: the vector of a long
 * text equals the vector of its first {@link #coveredChars(String)} characters. Measured with the bge tokenizer on
 * the ten EDGAR text filings in shared/bench (3,834 interior 2,500-char chunks at a 1,250-char stride; counts include
 * [CLS] and [SEP]): tokens per chunk median 490, p90 636, p99 824, max 1,043 (AMD 2022 10-K alone: 476, 603, max
 * 707). 39% of chunks exceed 512 tokens; the window cuts 135 chars per chunk on average, 346 per truncated chunk,
 * and always sees at least 1,137 chars (p10 1,998). Tables of figures are the dense part, prose fits.
 *
 * <p>With 50% overlap the tail cut from chunk i is the head of chunk i+1, so a character goes unembedded only where a
 * window sees fewer than the 1,250 chars up to the next chunk's start: 7 of 3,834 chunks, all numeric tables in the
 * JPMorgan 10-K, 355 chars in all (0.007%). So almost, but not strictly, every character is in some chunk's window;
 * the last chunk of a filing has no successor, so its cut tail is lost outright. Lexical search over the chunk text
 * is not limited by the window. See {@code ChunkWindowCensus} in the tests to re-measure.
 *
 * <p>Thread safety: an instance may be shared, since {@code OrtSession.run} and the tokenizer are safe for
 * concurrent use, but each run already uses {@code intraOpThreads} cores, and {@link #embedPassages} runs up to
 * {@code parallelRuns} batches at once (the calling thread and {@code parallelRuns - 1} threads of its own, on one
 * session), so the intended use is one instance per Flink subtask with {@code parallelRuns * intraOpThreads} of all
 * instances adding up to the cores available.
 *
 * <p>The tokenizer's native library is the one bundled in the DJL jar, extracted under {@code ~/.djl.ai} (or
 * {@code DJL_CACHE_DIR}, or the temp dir when the home directory is not writable); DJL is put in offline mode
 * and its telemetry call is switched off, unless the caller set those properties, so nothing is downloaded.
 */
public final class OnnxEmbedder implements Embedder {

    static {
        // Without these DJL probes EC2 metadata and a telemetry URL when a tokenizer is created.
        setIfAbsent("ai.djl.offline", "DJL_OFFLINE", "true");
        setIfAbsent("OPT_OUT_TRACKING", "OPT_OUT_TRACKING", "true");
    }

    private static final String HIDDEN_STATE = "last_hidden_state";
    /** Names the threads of the parallel runs ({@code onnx-run-<model id>}). */
    public static final String RUN_THREAD_PREFIX = "onnx-run-";
    /** How long closing waits for the runs in flight. */
    private static final Duration RUNS_STOP_WAIT = Duration.ofSeconds(30);

    private final EncoderModel model;
    private final EmbedderSettings settings;
    private final String modelId;
    private final OrtEnvironment environment;
    private final OrtSession session;
    private final HuggingFaceTokenizer tokenizer;
    private final boolean takesTokenTypes;
    private final String outputName;
    private final int dimensions;
    /** Runs the other batches of a call while the calling thread runs one; null with one run at a time. */
    private final ExecutorService runners;
    /** Set by {@link #close()}: calls in flight start no further batch, so closing waits for one batch, not a call. */
    private volatile boolean closing;

    private OnnxEmbedder(EncoderModel model, EmbedderSettings settings) {
        this.model = model;
        this.settings = settings;
        this.modelId = model.name() + "@" + settings.maxTokens();
        this.environment = OrtEnvironment.getEnvironment();
        this.tokenizer = newTokenizer(model, settings.maxTokens());
        OrtSession opened = null;
        try {
            opened = newSession(environment, model, settings);
            this.takesTokenTypes = opened.getInputNames().contains(TokenBatch.TOKEN_TYPE_IDS);
            this.outputName = opened.getOutputNames().contains(HIDDEN_STATE)
                    ? HIDDEN_STATE : opened.getOutputNames().iterator().next();
            this.dimensions = hiddenSize(opened.getOutputInfo().get(outputName));
            this.session = opened;
            this.runners = settings.parallelRuns() == 1 ? null : Executors.newFixedThreadPool(settings.parallelRuns() - 1, r -> {
                Thread thread = new Thread(r, RUN_THREAD_PREFIX + modelId);
                thread.setDaemon(true);
                return thread;
            });
        } catch (OrtException | RuntimeException e) {
            closeQuietly(opened, tokenizer);
            throw e instanceof RuntimeException r ? r : new IllegalStateException("cannot load model " + model.onnx(), e);
        }
    }

    /** The bundled bge-small-en-v1.5 (quantized) with default settings: 512 tokens, batch 1, 2 threads. */
    public static OnnxEmbedder bgeSmallEnV15Quantized() {
        return open(EncoderModel.bgeSmallEnV15Quantized(), EmbedderSettings.defaults());
    }

    public static OnnxEmbedder open(EncoderModel model, EmbedderSettings settings) {
        return new OnnxEmbedder(model, settings);
    }

    /** e.g. {@code bge-small-en-v1.5-q@512}: the window is part of the identity because the vectors depend on it. */
    @Override
    public String modelId() {
        return modelId;
    }

    @Override
    public int dimensions() {
        return dimensions;
    }

    public EmbedderSettings settings() {
        return settings;
    }

    @Override
    public float[] embedPassage(String text) {
        return embedBatch(List.of(text)).get(0);
    }

    @Override
    public List<float[]> embedPassages(List<String> texts) {
        int batches = (texts.size() + settings.batchSize() - 1) / settings.batchSize();
        AtomicReferenceArray<List<float[]>> results = new AtomicReferenceArray<>(batches);
        AtomicInteger next = new AtomicInteger();
        Thread caller = Thread.currentThread();
        Runnable work = () -> {
            for (int b = next.getAndIncrement(); b < batches; b = next.getAndIncrement()) {
                if (closing || caller.isInterrupted()) {
                    // A call of many texts lasts long on a slow machine: a cancelled task or a closing model stops
                    // it between batches (an ONNX run itself cannot be interrupted).
                    next.set(batches);
                    throw new CancellationException("embedding with " + modelId + " stopped: "
                            + (closing ? "the model is closing" : "the calling thread was interrupted"));
                }
                int from = b * settings.batchSize();
                results.set(b, embedBatch(texts.subList(from, Math.min(texts.size(), from + settings.batchSize()))));
            }
        };
        List<Future<?>> helpers = new ArrayList<>();
        for (int i = 1; runners != null && i < Math.min(settings.parallelRuns(), batches); i++) {
            helpers.add(runners.submit(work));
        }
        try {
            work.run();
            for (Future<?> helper : helpers) {
                helper.get();
            }
        } catch (InterruptedException e) {
            // The interrupt came while the caller waited for a helper's batch: a helper that saw it first took the
            // caller's remaining batches away, so the caller's own loop ended without seeing it. The same cancellation.
            Thread.currentThread().interrupt();
            CancellationException cancelled = new CancellationException("embedding with " + modelId
                    + " stopped: the calling thread was interrupted");
            cancelled.initCause(e);
            throw cancelled;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            next.set(batches);  // on failure, the helpers stop after the batch they are running
        }
        List<float[]> vectors = new ArrayList<>(texts.size());
        for (int b = 0; b < batches; b++) {
            vectors.addAll(results.get(b));
        }
        return vectors;
    }

    @Override
    public float[] embedQuery(String question) {
        return embedPassage(model.queryPrefix() + question);
    }

    /** One model run for all of them (a question and its expanded form: two short texts cost little more than one). */
    @Override
    public List<float[]> embedQueries(List<String> questions) {
        return embedBatch(questions.stream().map(q -> model.queryPrefix() + q).toList());
    }

    /** How many leading characters of {@code text} fit in the token window, i.e. are seen by the model. */
    public int coveredChars(String text) {
        Encoding encoding = tokenizer.encode(text);
        if (!encoding.exceedMaxLength()) {
            return text.length();
        }
        int end = 0;
        for (CharSpan span : encoding.getCharTokenSpans()) {
            if (span != null) {
                end = Math.max(end, span.getEnd());
            }
        }
        return end;
    }

    /**
     * Closes the model once the runs in flight have ended: a call in flight starts no further batch and ends with a
     * {@link CancellationException}. Its calling thread must not be running a batch when this returns, so close from
     * that thread, or after it has ended (a model thread of a cancelled task: shut it down, then close).
     */
    @Override
    public void close() {
        closing = true;
        if (runners != null && !stopRunners()) {
            // Closing the session under a native run would crash the process; leaking it is the lesser harm.
            throw new IllegalStateException("ONNX runs of " + modelId + " still running after 30 s; session left open");
        }
        try (HuggingFaceTokenizer t = tokenizer) {
            session.close();
        } catch (OrtException e) {
            throw new IllegalStateException("cannot close ONNX session of " + modelId, e);
        }
    }

    /** Lets runs in flight finish (a cancelled call leaves them running), even if this thread is interrupted. */
    private boolean stopRunners() {
        runners.shutdown();
        return Termination.await(runners, RUNS_STOP_WAIT);
    }

    private List<float[]> embedBatch(List<String> texts) {
        // Padded to the longest in this batch only; padded positions are masked out of attention and pooling.
        TokenBatch tokens = TokenBatch.of(tokenizer.batchEncode(texts));
        try (OrtSession.Result result = tokens.run(environment, session, takesTokenTypes, outputName)) {
            FloatBuffer hidden = ((OnnxTensor) result.get(outputName).orElseThrow()).getFloatBuffer();
            List<float[]> vectors = new ArrayList<>(tokens.batch());
            for (int b = 0; b < tokens.batch(); b++) {
                vectors.add(normalized(pool(hidden, b, tokens.length(), tokens.mask())));
            }
            return vectors;
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX run failed for " + modelId, e);
        }
    }

    private float[] pool(FloatBuffer hidden, int row, int length, long[] mask) {
        float[] vector = new float[dimensions];
        int rowStart = row * length * dimensions;
        if (model.pooling() == Pooling.CLS) {
            hidden.get(rowStart, vector);
            return vector;
        }
        int counted = 0;
        for (int t = 0; t < length; t++) {
            if (mask[row * length + t] == 0) {
                continue;
            }
            counted++;
            int offset = rowStart + t * dimensions;
            for (int d = 0; d < dimensions; d++) {
                vector[d] += hidden.get(offset + d);
            }
        }
        for (int d = 0; d < dimensions; d++) {
            vector[d] /= Math.max(1, counted);
        }
        return vector;
    }

    private static float[] normalized(float[] vector) {
        double squares = 0;
        for (float v : vector) {
            squares += (double) v * v;
        }
        float scale = squares == 0 ? 0f : (float) (1.0 / Math.sqrt(squares));
        for (int d = 0; d < vector.length; d++) {
            vector[d] *= scale;
        }
        return vector;
    }

    private static HuggingFaceTokenizer newTokenizer(EncoderModel model, int maxTokens) {
        Map<String, String> options = Map.of(
                "addSpecialTokens", "true",
                "truncation", "true",
                "padding", "false",
                "maxLength", Integer.toString(maxTokens),
                "modelMaxLength", Integer.toString(maxTokens));
        TokenizerLibrary.load();
        try (InputStream json = model.openTokenizerJson()) {
            return HuggingFaceTokenizer.newInstance(json, options);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read tokenizer " + model.tokenizerJson(), e);
        }
    }

    private static OrtSession newSession(OrtEnvironment environment, EncoderModel model, EmbedderSettings settings)
            throws OrtException {
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setOptimizationLevel(settings.optimization());
            options.setIntraOpNumThreads(settings.intraOpThreads());
            options.setInterOpNumThreads(settings.interOpThreads());
            Path file = model.onnxFileOrNull();
            return file != null
                    ? environment.createSession(file.toString(), options)
                    : environment.createSession(model.readOnnxBytes(), options);
        }
    }

    private static int hiddenSize(NodeInfo output) {
        long[] shape = ((TensorInfo) output.getInfo()).getShape();
        if (shape.length != 3 || shape[2] <= 0) {
            throw new IllegalStateException("expected output [batch, tokens, hidden], got " + output);
        }
        return (int) shape[2];
    }

    private static void closeQuietly(OrtSession opened, HuggingFaceTokenizer tokenizer) {
        tokenizer.close();
        if (opened != null) {
            try {
                opened.close();
            } catch (OrtException suppressed) {
                // The load failure is what the caller needs to see.
            }
        }
    }

    private static void setIfAbsent(String property, String environmentVariable, String value) {
        if (System.getProperty(property) == null && System.getenv(environmentVariable) == null) {
            System.setProperty(property, value);
        }
    }
}
