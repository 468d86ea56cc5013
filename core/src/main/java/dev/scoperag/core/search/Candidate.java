package dev.scoperag.core.search;

/**
 * A chunk returned by a search, with its 1-based rank and score in each list it appeared in (null
 * where it did not), its reciprocal-rank-fusion score and, when the search had a window vector and the chunk has window
 * vectors, the cosine of that vector with each of the chunk's windows and the windows' spans in the chunk's text (two
 * offsets per window); null otherwise.
 */
public record Candidate(
        IndexedChunk chunk, Integer bm25Rank, Float bm25Score, Integer denseRank, Float denseScore, double fusedScore,
        float[] windowScores, int[] windowSpans) {

    /** A candidate without window scores. */
    public Candidate(IndexedChunk chunk, Integer bm25Rank, Float bm25Score, Integer denseRank, Float denseScore, double fusedScore) {
        this(chunk, bm25Rank, bm25Score, denseRank, denseScore, fusedScore, null, null);
    }

    /** The best of the window scores; null without them. */
    public Float windowScore() {
        if (windowScores == null || windowScores.length == 0) {
            return null;
        }
        float best = Float.NEGATIVE_INFINITY;
        for (float score : windowScores) {
            best = Math.max(best, score);
        }
        return best;
    }
}
