package dev.scoperag.core.search;

/**
 * Which ranked lists a search builds (both fused, or one of them alone) and what its dense list compares the question
 * with.
 */
public enum SearchMode {
    /**
     * BM25 and dense, fused. A chunk with window vectors is scored in the dense list by its best window (late
     * interaction) when the search has a window vector: a figure or a sentence is matched where it stands, not in the
     * mean of a 2,500-character chunk's topics. The default.
     */
    HYBRID,
    BM25,
    /** The dense list alone, scored as in {@link #HYBRID}. */
    DENSE,
    /** BM25 and dense, fused, the dense list by each chunk's own vector even with window vectors: an ablation. */
    HYBRID_CHUNK_VECTORS;

    boolean usesBm25() {
        return this != DENSE;
    }

    boolean usesDense() {
        return this != BM25;
    }

    /** Whether the dense list scores a chunk by its best window when it can, rather than by the chunk's vector. */
    boolean denseByWindows() {
        return this != HYBRID_CHUNK_VECTORS;
    }
}
