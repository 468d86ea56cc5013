package dev.scoperag.core.answer;

import dev.scoperag.core.search.Candidate;
import java.util.Objects;

/** A retrieved candidate with the score a {@link Reranker} gave it; higher is better, scales differ per reranker. */
public record Scored(Candidate candidate, double score) {

    public Scored {
        Objects.requireNonNull(candidate, "candidate");
        if (Double.isNaN(score)) {
            throw new IllegalArgumentException("score is NaN for " + candidate.chunk().chunkId());
        }
    }
}
