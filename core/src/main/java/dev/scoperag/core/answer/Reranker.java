package dev.scoperag.core.answer;

import dev.scoperag.core.search.Candidate;
import java.util.List;

/**
 * Reorders the candidates a scoped search returned by how well each answers the question.
 *
 * <p>Scores are comparable within one call only: a cross-encoder gives logits, the offline reranker
 * gives a blend in 0..1. Consumers that need a scale-free view ({@link AdaptiveCutoff}) normalise
 * per list.
 */
public interface Reranker extends AutoCloseable {

    /** Identifies the reranker and its model for the answer record's versions. */
    String id();

    /**
     * Scores the candidates and returns them best first; ties keep the input order.
     *
     * @param candidates as retrieval returned them, best first; a reranker may score only a leading
     *     part of a long list (its documented depth) and drops the rest
     */
    List<Scored> rerank(String question, List<Candidate> candidates);

    /** Releases the model, if the reranker owns one. */
    @Override
    default void close() {
    }
}
