package dev.scoperag.core.search;

/** Which ranked lists a search builds: both fused, or one of them alone. */
public enum SearchMode {
    HYBRID,
    BM25,
    DENSE;

    boolean usesBm25() {
        return this != DENSE;
    }

    boolean usesDense() {
        return this != BM25;
    }
}
