package dev.scoperag.core.answer;

import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.embed.EmbedderSpec;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.Locale;

/**
 * How to build an answer stage, in a form a job ships to its workers: a cross-encoder from a path
 * when one is configured, otherwise the window reranker on the bundled embedding model, reading the window vectors
 * stored at ingest ({@link Windows#STORED}, the default) or embedding the windows at query time ({@link Windows#MODEL},
 * the reranker before stored windows, kept for comparison); or, with {@code rerank} off, the retrieval order (an
 * ablation). With {@code numericRoute} off, a metric a shard computed from its facts is ignored and retrieval answers
 * every question (an ablation: the answers before the numeric route).
 */
public record AnswerStageSpec(EmbedderSpec embedder, String rerankerModelPath, String rerankerTokenizerPath, boolean rerank,
        ContextPolicy context, Windows windows, boolean numericRoute) implements Serializable {

    /** Where the window reranker's window vectors come from. */
    public enum Windows {
        /** The chunk records' window vectors, embedded once at ingest ({@link StoredWindowReranker}), all of them counted. */
        STORED,
        /** The chunk records' window vectors, the three lexically best of each candidate counted, as the reranker before. */
        STORED_BEST3,
        /** The chunk records' window vectors, all counted, the features in the offline reranker's fixed blend. */
        STORED_BLEND,
        /** The model, over each candidate's three lexically best windows, for every question ({@link OfflineReranker}). */
        MODEL;

        public static Windows parse(String value) {
            return switch (value.strip().toLowerCase(Locale.ROOT)) {
                case "stored" -> STORED;
                case "stored-best3" -> STORED_BEST3;
                case "stored-blend" -> STORED_BLEND;
                case "model" -> MODEL;
                default -> throw new IllegalArgumentException("reranker windows must be stored, stored-best3, stored-blend or model: " + value);
            };
        }

        /** The configuration value. */
        public String value() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** Reranking on, with the stored window vectors. */
    public AnswerStageSpec(EmbedderSpec embedder, String rerankerModelPath, String rerankerTokenizerPath, boolean rerank,
            ContextPolicy context) {
        this(embedder, rerankerModelPath, rerankerTokenizerPath, rerank, context, Windows.STORED, true);
    }

    /** Reranking on, the default context policy. */
    public AnswerStageSpec(EmbedderSpec embedder, String rerankerModelPath, String rerankerTokenizerPath) {
        this(embedder, rerankerModelPath, rerankerTokenizerPath, true, ContextPolicy.defaults());
    }

    public AnswerStageSpec withRerank(boolean value) {
        return new AnswerStageSpec(embedder, rerankerModelPath, rerankerTokenizerPath, value, context, windows, numericRoute);
    }

    public AnswerStageSpec withContext(ContextPolicy value) {
        return new AnswerStageSpec(embedder, rerankerModelPath, rerankerTokenizerPath, rerank, value, windows, numericRoute);
    }

    public AnswerStageSpec withWindows(Windows value) {
        return new AnswerStageSpec(embedder, rerankerModelPath, rerankerTokenizerPath, rerank, context, value, numericRoute);
    }

    public AnswerStageSpec withNumericRoute(boolean value) {
        return new AnswerStageSpec(embedder, rerankerModelPath, rerankerTokenizerPath, rerank, context, windows, value);
    }

    public AnswerStage open() {
        Embedder model = embedder.open();
        Reranker reranker;
        if (!rerank) {
            reranker = new RetrievalOrder();
        } else if (rerankerModelPath != null) {
            reranker = CrossEncoderReranker.open(Path.of(rerankerModelPath), Path.of(rerankerTokenizerPath),
                    CrossEncoderReranker.Settings.defaults());
        } else if (windows == Windows.MODEL) {
            reranker = new OfflineReranker(model);
        } else {
            reranker = new StoredWindowReranker(windows == Windows.STORED_BEST3 ? StoredWindowReranker.LEXICALLY_BEST_WINDOWS : 0,
                    windows == Windows.STORED_BLEND ? StoredWindowReranker.Combination.BLEND : StoredWindowReranker.Combination.RANK_FUSION);
        }
        return new AnswerStage(reranker, new ExtractiveAnswerer(ExtractiveAnswerer.Settings.defaults()), model, context, numericRoute);
    }
}
