package dev.scoperag.core.search;

import java.util.Objects;

/**
 * One retrieval over a {@link ShardIndex}: the question as text (for BM25) and as a vector (for
 * dense search), how deep each list goes, how they are fused, which documents qualify and how many
 * fused candidates come back.
 *
 * <p>{@code windowVector}, when given, scores each candidate's window vectors ({@link #withWindowVector}).
 *
 * <p>A null or blank query text, or a null vector, leaves that list empty rather than failing, so
 * a hybrid request degrades to whichever list it can build.
 */
public record SearchRequest(
        String query, float[] queryVector, int depth, SearchMode mode, int rrfK, DocumentFilter filter, int limit,
        float[] windowVector) {

    public static final int DEFAULT_DEPTH = 50;
    public static final int DEFAULT_RRF_K = 60;
    public static final int DEFAULT_LIMIT = 20;

    public SearchRequest {
        Objects.requireNonNull(mode, "mode");
        if (depth < 1) {
            throw new IllegalArgumentException("depth must be at least 1: " + depth);
        }
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1: " + limit);
        }
        if (rrfK < 0) {
            throw new IllegalArgumentException("rrfK must not be negative: " + rrfK);
        }
        queryVector = queryVector == null ? null : queryVector.clone();
        windowVector = windowVector == null ? null : windowVector.clone();
        filter = filter == null ? DocumentFilter.none() : filter;
    }

    /** A request without a vector to score the chunks' windows with. */
    public SearchRequest(String query, float[] queryVector, int depth, SearchMode mode, int rrfK, DocumentFilter filter, int limit) {
        this(query, queryVector, depth, mode, rrfK, filter, limit, null);
    }

    /** A hybrid request with the default depth, RRF constant, limit and no filter. */
    public static SearchRequest of(String query, float[] queryVector) {
        return new SearchRequest(query, queryVector, DEFAULT_DEPTH, SearchMode.HYBRID, DEFAULT_RRF_K,
                DocumentFilter.none(), DEFAULT_LIMIT);
    }

    @Override
    public float[] queryVector() {
        return queryVector == null ? null : queryVector.clone();
    }

    @Override
    public float[] windowVector() {
        return windowVector == null ? null : windowVector.clone();
    }

    /**
     * With the question embedded for the chunks' windows: each candidate then carries the best cosine of it with one of
     * its chunk's window vectors ({@link Candidate#windowScore}), the reranker's semantic feature.
     */
    public SearchRequest withWindowVector(float[] newWindowVector) {
        return new SearchRequest(query, queryVector, depth, mode, rrfK, filter, limit, newWindowVector);
    }

    public SearchRequest withMode(SearchMode newMode) {
        return new SearchRequest(query, queryVector, depth, newMode, rrfK, filter, limit, windowVector);
    }

    public SearchRequest withFilter(DocumentFilter newFilter) {
        return new SearchRequest(query, queryVector, depth, mode, rrfK, newFilter, limit, windowVector);
    }

    public SearchRequest withDepth(int newDepth) {
        return new SearchRequest(query, queryVector, newDepth, mode, rrfK, filter, limit, windowVector);
    }

    public SearchRequest withLimit(int newLimit) {
        return new SearchRequest(query, queryVector, depth, mode, rrfK, filter, newLimit, windowVector);
    }

    public SearchRequest withRrfK(int newRrfK) {
        return new SearchRequest(query, queryVector, depth, mode, newRrfK, filter, limit, windowVector);
    }
}
