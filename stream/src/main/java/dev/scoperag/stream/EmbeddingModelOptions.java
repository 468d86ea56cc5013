package dev.scoperag.stream;

import static org.apache.flink.configuration.ConfigOptions.key;

import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.ingest.ChunkVectors;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;

/**
 * The embedding model, one setting read by both jobs: the ingest job embeds chunks with it and the
 * query job embeds questions with it, and the query job refuses vectors of any other model.
 */
public final class EmbeddingModelOptions {

    private EmbeddingModelOptions() {}

    public static final ConfigOption<String> MODEL_PATH = key("scoperag.embedding.model-path")
            .stringType().noDefaultValue()
            .withDescription("An ONNX BERT-style embedding model, read by both jobs (chunks at ingest, questions at query "
                    + "time); the bundled bge-small-en-v1.5 (quantized) when unset. Changing it means re-embedding into a "
                    + "new chunks topic: the query job answers EMBEDDING_MODEL_MISMATCH for shards of another model.");

    public static final ConfigOption<String> TOKENIZER_PATH = key("scoperag.embedding.tokenizer-path")
            .stringType().noDefaultValue()
            .withDescription("The tokenizer.json of scoperag.embedding.model-path.");

    public static final ConfigOption<Integer> MAX_TOKENS = key("scoperag.embedding.max-tokens")
            .intType().defaultValue(512)
            .withDescription("Token window of the embedding model, part of the model's identity; longer chunks are truncated "
                    + "(the 50% overlap puts a truncated tail at the head of the next chunk).");

    public static final ConfigOption<String> CHUNK_VECTOR = key("scoperag.embedding.chunk-vector")
            .stringType().defaultValue("window-mean")
            .withDescription("What a chunk's vector for dense retrieval is, read by both jobs: window-mean, the mean of the "
                    + "vectors of its windows (about 400 characters of whole sentences and rows, embedded once at ingest and "
                    + "stored with the chunk for the reranker), or full-chunk, the model's embedding of the whole chunk as "
                    + "well (one more model pass over every character). Part of the vectors' identity, as the model is.");

    /** The identity of the chunk vectors the configuration makes: the model's, the windows' and {@link #CHUNK_VECTOR}. */
    public static String vectorsId(Configuration config) {
        return ChunkVectors.id(querySpec(config).modelId(), chunkVector(config));
    }

    public static ChunkVectors.ChunkVector chunkVector(Configuration config) {
        return ChunkVectors.ChunkVector.parse(config.get(CHUNK_VECTOR));
    }

    /**
     * The model as configured, run as the query job runs it: one text at a time (a question), on
     * {@code threads} intra-op threads.
     */
    public static EmbedderSpec querySpec(Configuration config) {
        EmbedderSpec bundled = EmbedderSpec.bundled();
        return new EmbedderSpec(config.getOptional(MODEL_PATH).orElse(null), config.getOptional(TOKENIZER_PATH).orElse(null),
                config.get(MAX_TOKENS), bundled.batchSize(), bundled.threads(), bundled.parallelRuns());
    }
}
