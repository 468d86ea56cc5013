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
 * @param parallelRuns batches of one {@link Embedder#embedPassages} call run at once, each on its own thread with
 *     {@code intraOpThreads}: an embedder uses {@code parallelRuns * intraOpThreads} cores. Measured here on 2 cores
 *     with 2,500-char 10-K chunks, 2 runs of 1 thread embed about 21-23 chunks/s; 1 run of 2 threads 21-22 in some
 *     processes and 16 in others, likely because a run waits at every operator for both of its threads
 */
public record EmbedderSettings(int maxTokens, int batchSize, int intraOpThreads, int interOpThreads, OptLevel optimization,
        int parallelRuns) {

    public EmbedderSettings {
        Objects.requireNonNull(optimization, "optimization");
        if (maxTokens < 3) {
            throw new IllegalArgumentException("maxTokens must leave room for [CLS], [SEP] and text: " + maxTokens);
        }
        if (batchSize < 1 || intraOpThreads < 1 || interOpThreads < 1 || parallelRuns < 1) {
            throw new IllegalArgumentException("batchSize, thread counts and parallelRuns must be positive");
        }
    }

    /** 512 tokens, batch 1, 2 intra-op threads, 1 inter-op thread, all optimizations, one run at a time. */
    public static EmbedderSettings defaults() {
        return new EmbedderSettings(512, 1, 2, 1, OptLevel.ALL_OPT, 1);
    }

    public EmbedderSettings withMaxTokens(int value) {
        return new EmbedderSettings(value, batchSize, intraOpThreads, interOpThreads, optimization, parallelRuns);
    }

    public EmbedderSettings withBatchSize(int value) {
        return new EmbedderSettings(maxTokens, value, intraOpThreads, interOpThreads, optimization, parallelRuns);
    }

    public EmbedderSettings withIntraOpThreads(int value) {
        return new EmbedderSettings(maxTokens, batchSize, value, interOpThreads, optimization, parallelRuns);
    }

    public EmbedderSettings withInterOpThreads(int value) {
        return new EmbedderSettings(maxTokens, batchSize, intraOpThreads, value, optimization, parallelRuns);
    }

    public EmbedderSettings withOptimization(OptLevel value) {
        return new EmbedderSettings(maxTokens, batchSize, intraOpThreads, interOpThreads, value, parallelRuns);
    }

    public EmbedderSettings withParallelRuns(int value) {
        return new EmbedderSettings(maxTokens, batchSize, intraOpThreads, interOpThreads, optimization, value);
    }
}
