package dev.scoperag.core.answer;

import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.embed.EmbedderSpec;
import java.io.Serializable;
import java.nio.file.Path;

/**
 * How to build an answer stage, in a form a job ships to its workers: a cross-encoder from a path
 * when one is configured, the offline reranker on the bundled embedding model otherwise, or, with
 * {@code rerank} off, the retrieval order (an ablation).
 */
public record AnswerStageSpec(EmbedderSpec embedder, String rerankerModelPath, String rerankerTokenizerPath, boolean rerank,
        ContextPolicy context) implements Serializable {

    /** Reranking on, the default context policy. */
    public AnswerStageSpec(EmbedderSpec embedder, String rerankerModelPath, String rerankerTokenizerPath) {
        this(embedder, rerankerModelPath, rerankerTokenizerPath, true, ContextPolicy.defaults());
    }

    public AnswerStageSpec withRerank(boolean value) {
        return new AnswerStageSpec(embedder, rerankerModelPath, rerankerTokenizerPath, value, context);
    }

    public AnswerStageSpec withContext(ContextPolicy value) {
        return new AnswerStageSpec(embedder, rerankerModelPath, rerankerTokenizerPath, rerank, value);
    }

    public AnswerStage open() {
        Embedder model = embedder.open();
        Reranker reranker;
        if (!rerank) {
            reranker = new RetrievalOrder();
        } else if (rerankerModelPath == null) {
            reranker = new OfflineReranker(model);
        } else {
            reranker = CrossEncoderReranker.open(Path.of(rerankerModelPath), Path.of(rerankerTokenizerPath),
                    CrossEncoderReranker.Settings.defaults());
        }
        return new AnswerStage(reranker, new ExtractiveAnswerer(ExtractiveAnswerer.Settings.defaults()), model, context);
    }
}
