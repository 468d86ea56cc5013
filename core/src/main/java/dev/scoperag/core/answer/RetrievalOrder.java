package dev.scoperag.core.answer;

import dev.scoperag.core.search.Candidate;
import java.util.ArrayList;
import java.util.List;

/**
 * No reranking: candidates keep the order retrieval gave them, scored by their fusion score, so the
 * cutoff reads the fused list's shape. The ablation the default reranker has to beat.
 */
public final class RetrievalOrder implements Reranker {

    public static final String ID = "none";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<Scored> rerank(String question, List<Candidate> candidates) {
        List<Scored> scored = new ArrayList<>(candidates.size());
        double previous = Double.POSITIVE_INFINITY;
        for (Candidate candidate : candidates) {
            // Fused scores arrive best first; min() keeps the list sorted if a caller's merge did not.
            previous = Math.min(previous, candidate.fusedScore());
            scored.add(new Scored(candidate, previous));
        }
        return scored;
    }
}
