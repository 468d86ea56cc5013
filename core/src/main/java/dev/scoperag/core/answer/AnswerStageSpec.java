package dev.scoperag.core.answer;

import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.embed.EmbedderSpec;
import java.io.Serializable;
import java.nio.file.Path;

/**
 * How to build an answer stage, in a form a job ships to its workers: a cross-encoder from a path
 * when one is configured, the offline reranker on the bundled embedding model otherwise.
 */
public record AnswerStageSpec(EmbedderSpec embedder, String rerankerModelPath, String rerankerTokenizerPath) implements Serializable {

    public AnswerStage open() {
        Embedder model = embedder.open();
        Reranker reranker = rerankerModelPath == null
                ? new OfflineReranker(model)
                : CrossEncoderReranker.open(Path.of(rerankerModelPath), Path.of(rerankerTokenizerPath), CrossEncoderReranker.Settings.defaults());
        return new AnswerStage(reranker, new ExtractiveAnswerer(ExtractiveAnswerer.Settings.defaults()), model);
    }
}
