package dev.scoperag.core.search;

/**
 * A chunk returned by a search, with its 1-based rank and score in each list it appeared in (null
 * where it did not) and its reciprocal-rank-fusion score.
 */
public record Candidate(
        IndexedChunk chunk, Integer bm25Rank, Float bm25Score, Integer denseRank, Float denseScore, double fusedScore) {
}
