package dev.scoperag.core.answer;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.util.PairList;
import dev.scoperag.core.embed.TokenizerLibrary;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import dev.scoperag.core.embed.TokenBatch;
import dev.scoperag.core.search.Candidate;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Reranks with a BERT-style cross-encoder exported to ONNX (ms-marco-MiniLM-L-6-v2, bge-reranker-base,
 * jina-reranker exports): the question and each passage are read together, as one pair encoding, and the
 * model's relevance logit is the score.
 *
 * <p>Files come from a configured path, since no such model ships with the project: {@code model.onnx}
 * (or {@code onnx/model.onnx}, as Hugging Face exports lay it out) and {@code tokenizer.json}. The pair is
 * encoded {@code [CLS] question [SEP] passage [SEP]} with token types 0 then 1, truncated longest-first to
 * {@code maxTokens}, so a long passage loses its tail and the question stays whole. A model with one output
 * column gives its logit; a two-class model gives the positive (last) column's logit. Models without a
 * {@code token_type_ids} input (XLM-RoBERTa based) are fed without one.
 */
public final class CrossEncoderReranker implements Reranker {

    static {
        // As in OnnxEmbedder: without these DJL probes EC2 metadata and a telemetry URL when a tokenizer is created.
        setIfAbsent("ai.djl.offline", "DJL_OFFLINE", "true");
        setIfAbsent("OPT_OUT_TRACKING", "OPT_OUT_TRACKING", "true");
    }

    /**
     * How the cross-encoder runs.
     *
     * @param maxTokens the pair's token window including special tokens; 512 for BERT-base sized rerankers
     * @param maxCandidates candidates scored; the list is cut to this length
     * @param batchSize pairs per ONNX run
     * @param intraOpThreads threads one ONNX run uses
     */
    public record Settings(int maxTokens, int maxCandidates, int batchSize, int intraOpThreads) {

        public Settings {
            if (maxTokens < 8 || maxCandidates < 1 || batchSize < 1 || intraOpThreads < 1) {
                throw new IllegalArgumentException("maxTokens must be at least 8 and the rest positive: "
                        + maxTokens + ", " + maxCandidates + ", " + batchSize + ", " + intraOpThreads);
            }
        }

        /** 512 tokens, 20 candidates, batch 4, 2 threads. */
        public static Settings defaults() {
            return new Settings(512, 20, 4, 2);
        }
    }

    private static final String LOGITS = "logits";

    private final String id;
    private final Settings settings;
    private final OrtEnvironment environment;
    private final HuggingFaceTokenizer tokenizer;
    private final OrtSession session;
    private final boolean takesTokenTypes;
    private final String outputName;

    private CrossEncoderReranker(String name, Path onnx, Path tokenizerJson, Settings settings) {
        this.id = "cross-encoder/" + name + "@" + settings.maxTokens();
        this.settings = settings;
        this.environment = OrtEnvironment.getEnvironment();
        this.tokenizer = pairTokenizer(tokenizerJson, settings.maxTokens());
        OrtSession opened = null;
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(settings.intraOpThreads());
            opened = environment.createSession(onnx.toString(), options);
            Set<String> inputs = opened.getInputNames();
            if (!inputs.contains(TokenBatch.INPUT_IDS) || !inputs.contains(TokenBatch.ATTENTION_MASK)) {
                throw new IllegalArgumentException("not a BERT-style cross-encoder: " + onnx + " takes " + inputs
                        + ", expected input_ids and attention_mask");
            }
            this.takesTokenTypes = inputs.contains(TokenBatch.TOKEN_TYPE_IDS);
            this.outputName = opened.getOutputNames().contains(LOGITS) ? LOGITS : opened.getOutputNames().iterator().next();
            this.session = opened;
        } catch (OrtException | RuntimeException e) {
            tokenizer.close();
            closeQuietly(opened);
            throw e instanceof RuntimeException r ? r : new IllegalStateException("cannot load cross-encoder " + onnx, e);
        }
    }

    /**
     * Opens the cross-encoder in {@code directory}: {@code model.onnx} or {@code onnx/model.onnx}, and
     * {@code tokenizer.json}, with default settings.
     *
     * @throws IllegalArgumentException naming the missing file when the directory does not hold a model
     */
    public static CrossEncoderReranker open(Path directory) {
        Path onnx = directory.resolve("model.onnx");
        if (!Files.isRegularFile(onnx) && Files.isRegularFile(directory.resolve("onnx").resolve("model.onnx"))) {
            onnx = directory.resolve("onnx").resolve("model.onnx");
        }
        return open(onnx, directory.resolve("tokenizer.json"), Settings.defaults());
    }

    /** Opens a cross-encoder from its ONNX file and tokenizer.json. */
    public static CrossEncoderReranker open(Path onnx, Path tokenizerJson, Settings settings) {
        for (Path file : new Path[] {onnx, tokenizerJson}) {
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("cross-encoder file not found: " + file.toAbsolutePath()
                        + " (a reranker directory needs model.onnx and tokenizer.json, e.g. an ONNX export of"
                        + " cross-encoder/ms-marco-MiniLM-L-6-v2)");
            }
        }
        return new CrossEncoderReranker(modelName(onnx), onnx, tokenizerJson, Objects.requireNonNull(settings));
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public List<Scored> rerank(String question, List<Candidate> candidates) {
        List<Candidate> scoredPart = candidates.subList(0, Math.min(candidates.size(), settings.maxCandidates()));
        List<Scored> scored = new ArrayList<>(scoredPart.size());
        for (int from = 0; from < scoredPart.size(); from += settings.batchSize()) {
            List<Candidate> batch = scoredPart.subList(from, Math.min(scoredPart.size(), from + settings.batchSize()));
            List<String> passages = new ArrayList<>(batch.size());
            for (Candidate candidate : batch) {
                passages.add(candidate.chunk().text());
            }
            double[] logits = score(encodePairs(question, passages));
            for (int i = 0; i < batch.size(); i++) {
                scored.add(new Scored(batch.get(i), logits[i]));
            }
        }
        scored.sort(Comparator.comparingDouble(Scored::score).reversed());
        return scored;
    }

    /** Pair encodings of (question, passage) for each passage, truncated to the window. */
    Encoding[] encodePairs(String question, List<String> passages) {
        return encodePairs(tokenizer, question, passages);
    }

    static Encoding[] encodePairs(HuggingFaceTokenizer tokenizer, String question, List<String> passages) {
        PairList<String, String> pairs = new PairList<>(passages.size());
        for (String passage : passages) {
            pairs.add(question, passage);
        }
        return tokenizer.batchEncode(pairs);
    }

    /**
     * The relevance logit per row of a model output of shape [batch], [batch, 1] or [batch, 2] (positive
     * class last), flattened row-major.
     *
     * @throws IllegalStateException for any other shape: a model with more classes is not a relevance scorer
     */
    static double[] relevanceLogits(float[] flat, long[] shape) {
        int batch = (int) shape[0];
        int columns = shape.length == 1 ? 1 : (int) shape[1];
        if (shape.length > 2 || columns < 1 || columns > 2 || flat.length != batch * columns) {
            throw new IllegalStateException("cross-encoder output must be [batch], [batch, 1] or [batch, 2], got "
                    + Arrays.toString(shape));
        }
        double[] logits = new double[batch];
        for (int row = 0; row < batch; row++) {
            logits[row] = flat[row * columns + columns - 1];
        }
        return logits;
    }

    private double[] score(Encoding[] encodings) {
        TokenBatch tokens = TokenBatch.of(encodings);
        try (OrtSession.Result result = tokens.run(environment, session, takesTokenTypes, outputName)) {
            OnnxTensor output = (OnnxTensor) result.get(outputName).orElseThrow();
            FloatBuffer buffer = output.getFloatBuffer();
            float[] flat = new float[buffer.remaining()];
            buffer.get(flat);
            return relevanceLogits(flat, ((TensorInfo) output.getInfo()).getShape());
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX run failed for " + id, e);
        }
    }

    @Override
    public void close() {
        try (HuggingFaceTokenizer t = tokenizer) {
            session.close();
        } catch (OrtException e) {
            throw new IllegalStateException("cannot close ONNX session of " + id, e);
        }
    }

    /** A tokenizer that encodes pairs with special tokens and truncates the longer side first, no padding. */
    static HuggingFaceTokenizer pairTokenizer(InputStream tokenizerJson, int maxTokens) throws IOException {
        Map<String, String> options = Map.of(
                "addSpecialTokens", "true",
                "truncation", "longest_first",
                "padding", "false",
                "maxLength", Integer.toString(maxTokens),
                "modelMaxLength", Integer.toString(maxTokens));
        TokenizerLibrary.load();
        return HuggingFaceTokenizer.newInstance(tokenizerJson, options);
    }

    private static HuggingFaceTokenizer pairTokenizer(Path tokenizerJson, int maxTokens) {
        try (InputStream json = Files.newInputStream(tokenizerJson)) {
            return pairTokenizer(json, maxTokens);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read tokenizer " + tokenizerJson, e);
        }
    }

    /** "ms-marco-MiniLM-L-6-v2" for .../ms-marco-MiniLM-L-6-v2/onnx/model.onnx: the directory says which model. */
    private static String modelName(Path onnx) {
        Path absolute = onnx.toAbsolutePath();
        String file = absolute.getFileName().toString();
        String stem = file.toLowerCase(Locale.ROOT).endsWith(".onnx") ? file.substring(0, file.length() - 5) : file;
        Path parent = absolute.getParent();
        if (stem.equals("model") && parent != null) {
            Path named = parent.getFileName() != null && parent.getFileName().toString().equals("onnx")
                    ? parent.getParent() : parent;
            if (named != null && named.getFileName() != null) {
                stem = named.getFileName().toString();
            }
        }
        return stem.replace('@', '-').replace('/', '-');
    }

    private static void closeQuietly(OrtSession opened) {
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
