package dev.scoperag.core.embed;

import ai.onnxruntime.OrtSession.SessionOptions.OptLevel;
import java.util.Objects;

/**
 * How an {@link OnnxEmbedder} runs: the token window, the batch size and the ONNX Runtime threads.
 *
 * @param maxTokens the window including [CLS] and [SEP]; part of the model id because vectors differ with it
 * @param batchSize passages per ONNX run. 1 measured fastest on 2 cores, and it keeps a vector a function of its text
 *     alone: the int8 bge model quantizes activations with one scale per batch tensor, so batch-mates and padding
 *     move a vector by about 0.003 in cosine
 * @param intraOpThreads threads one ONNX run uses; per embedder, so several embedders in one JVM add up
 * @param interOpThreads threads for independent graph branches; BERT encoders have none worth it
 * @param optimization ONNX Runtime graph optimization level
 */
public record EmbedderSettings(int maxTokens, int batchSize, int intraOpThreads, int interOpThreads, OptLevel optimization) {

    public EmbedderSettings {
        Objects.requireNonNull(optimization, "optimization");
        if (maxTokens < 3) {
            throw new IllegalArgumentException("maxTokens must leave room for [CLS], [SEP] and text: " + maxTokens);
        }
        if (batchSize < 1 || intraOpThreads < 1 || interOpThreads < 1) {
            throw new IllegalArgumentException("batchSize and thread counts must be positive");
        }
    }

    /** 512 tokens, batch 1, 2 intra-op threads, 1 inter-op thread, all optimizations. */
    public static EmbedderSettings defaults() {
        return new EmbedderSettings(512, 1, 2, 1, OptLevel.ALL_OPT);
    }

    public EmbedderSettings withMaxTokens(int value) {
        return new EmbedderSettings(value, batchSize, intraOpThreads, interOpThreads, optimization);
    }

    public EmbedderSettings withBatchSize(int value) {
        return new EmbedderSettings(maxTokens, value, intraOpThreads, interOpThreads, optimization);
    }

    public EmbedderSettings withIntraOpThreads(int value) {
        return new EmbedderSettings(maxTokens, batchSize, value, interOpThreads, optimization);
    }

    public EmbedderSettings withInterOpThreads(int value) {
        return new EmbedderSettings(maxTokens, batchSize, intraOpThreads, value, optimization);
    }

    public EmbedderSettings withOptimization(OptLevel value) {
        return new EmbedderSettings(maxTokens, batchSize, intraOpThreads, interOpThreads, value);
    }
}
