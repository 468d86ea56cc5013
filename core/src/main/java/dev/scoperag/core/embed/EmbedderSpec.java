package dev.scoperag.core.embed;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Which embedding model to run and how, in a serializable form a job can ship to its workers:
 * the bundled bge-small-en-v1.5 (quantized) unless a model path is given.
 */
public record EmbedderSpec(String modelPath, String tokenizerPath, int maxTokens, int batchSize, int threads, int parallelRuns)
        implements Serializable {

    public static EmbedderSpec bundled() {
        return new EmbedderSpec(null, null, 512, 1, 2, 1);
    }

    public EncoderModel model() {
        if (modelPath == null) {
            return EncoderModel.bgeSmallEnV15Quantized();
        }
        if (tokenizerPath == null) {
            throw new IllegalArgumentException("an embedding model path needs its tokenizer.json path too");
        }
        String file = Path.of(modelPath).getFileName().toString();
        String name = file.toLowerCase(Locale.ROOT).endsWith(".onnx") ? file.substring(0, file.length() - 5) : file;
        return EncoderModel.fromFiles(name.replace('@', '-').replace('/', '-'), Path.of(modelPath), Path.of(tokenizerPath),
                Pooling.CLS, "");
    }

    public EmbedderSettings settings() {
        return EmbedderSettings.defaults().withMaxTokens(maxTokens).withBatchSize(batchSize).withIntraOpThreads(threads)
                .withParallelRuns(parallelRuns);
    }

    /** The id of the vectors this spec makes, known without loading the model. */
    public String modelId() {
        String name = modelPath == null ? EncoderModel.bgeSmallEnV15Quantized().name() : model().name();
        return name + "@" + maxTokens;
    }

    /**
     * Chunks to hand {@link Embedder#embedPassages} at once. With parallel runs, a call ends when its slowest run does,
     * so the other runs idle for about half a chunk per call: 32 batches per run keep that near 1%.
     */
    public int chunksPerCall() {
        return parallelRuns == 1 ? batchSize : batchSize * parallelRuns * 32;
    }

    public Embedder open() {
        return OnnxEmbedder.open(model(), settings());
    }
}
