package dev.scoperag.launcher.eval;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.record.ChunkUpserted;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One chunk of an answer's context as the answer record lists it ({@code retrieval.context}: after
 * reranking, cutoff and quotas, best first), joined with its text and document from the corpus.
 *
 * @param rank 1-based position in the context
 * @param document the chunk's document, null if the corpus does not know it
 */
public record ContextChunk(int rank, String chunkId, String shard, String docId, EvalCorpus.Document document, Integer pageStart,
        Integer pageEnd, String text) {

    /**
     * The first {@code k} chunks of an answer's context; none when it abstained before retrieval.
     *
     * @throws IllegalStateException if the context names a chunk the corpus does not hold
     */
    public static List<ContextChunk> of(AnswerEvent answer, EvalCorpus corpus, int k) {
        Object listed = answer.retrieval() == null ? null : answer.retrieval().get("context");
        if (!(listed instanceof List<?> entries)) {
            return List.of();
        }
        List<ContextChunk> chunks = new ArrayList<>();
        for (Object entry : entries) {
            if (chunks.size() == k) {
                break;
            }
            Map<?, ?> described = (Map<?, ?>) entry;
            String chunkId = (String) described.get("chunk_id");
            ChunkUpserted chunk = corpus.chunk(chunkId)
                    .orElseThrow(() -> new IllegalStateException("answer " + answer.queryId() + " cites unknown chunk " + chunkId));
            chunks.add(new ContextChunk(chunks.size() + 1, chunkId, chunk.shard(), chunk.docId(),
                    corpus.document(chunk.shard(), chunk.docId()).orElse(null), chunk.pageStart(), chunk.pageEnd(), chunk.text()));
        }
        return chunks;
    }

    /** Whether the chunk's page span includes the 0-based {@code page}. */
    public boolean spansPage(int page) {
        return pageStart != null && pageEnd != null && pageStart <= page && page <= pageEnd;
    }

    public boolean isOf(EvalCorpus.Document other) {
        return document != null && document.key().equals(other.key());
    }
}
