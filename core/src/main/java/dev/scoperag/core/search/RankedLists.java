package dev.scoperag.core.search;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The ranked lists of a search before fusion (BM25, dense, named statement), each entry with its raw
 * score: what a corpus-wide search returns from a store, so that lists from any number of stores
 * merge into exactly the lists of one search over all their shards, whatever their spread.
 *
 * <p>Merging is exact because every score depends only on its own shard (BM25 with that shard's
 * statistics, cosine with nothing else), every list is ordered by one total order (score, then a
 * fixed tie-break), and each part keeps its own top {@code depth} of each list: an entry of the
 * merged top {@code depth} is then in the top {@code depth} of whichever part holds it.
 *
 * @param bm25 best first by {@link #SCORE_ORDER}
 * @param dense best first by {@link #SCORE_ORDER}
 * @param statements best first by {@link #STATEMENT_ORDER}, at most {@link ShardIndex#STATEMENT_DEPTH}
 */
public record RankedLists(List<Hit> bm25, List<Hit> dense, List<Hit> statements) {

    /**
     * One entry of a list: a chunk and its raw score there, and its window scores and spans when the search asked for
     * them ({@link Candidate#windowScores}).
     */
    public record Hit(IndexedChunk chunk, float score, float[] windowScores, int[] windowSpans) {

        public Hit(IndexedChunk chunk, float score) {
            this(chunk, score, null, null);
        }
    }

    /** Higher score first, then chunk id: the order a shard's index breaks ties in (chunks held sorted by id). */
    static final Comparator<Hit> SCORE_ORDER = Comparator.comparingDouble((Hit h) -> h.score()).reversed()
            .thenComparing(h -> h.chunk().chunkId());

    /** Higher score first, then document order, so statements without a query vector come as filed. */
    static final Comparator<Hit> STATEMENT_ORDER = Comparator.comparingDouble((Hit h) -> h.score()).reversed()
            .thenComparing(h -> h.chunk().docId(), Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparingInt(h -> h.chunk().seq())
            .thenComparing(h -> h.chunk().chunkId());

    private static final int BM25_LIST = 0;
    private static final int DENSE_LIST = 1;
    private static final int STATEMENT_LIST = 2;

    public RankedLists {
        bm25 = List.copyOf(bm25);
        dense = List.copyOf(dense);
        statements = List.copyOf(statements);
    }

    public static RankedLists empty() {
        return new RankedLists(List.of(), List.of(), List.of());
    }

    /**
     * Runs {@code request}'s lists in every shard's own index and merges them: a store's part of a
     * corpus-wide search, and, over every shard, the whole of it.
     */
    public static RankedLists search(Collection<ShardIndex> shards, SearchRequest request) {
        List<RankedLists> parts = new ArrayList<>(shards.size());
        for (ShardIndex shard : shards) {
            parts.add(shard.rankedLists(request));
        }
        return merge(parts, request.depth());
    }

    /**
     * The lists of all parts as one: each sorted by its order, a chunk counted once, cut to
     * {@code depth} (the statement list to {@link ShardIndex#STATEMENT_DEPTH}).
     */
    public static RankedLists merge(Collection<RankedLists> parts, int depth) {
        List<Hit> bm25 = new ArrayList<>();
        List<Hit> dense = new ArrayList<>();
        List<Hit> statements = new ArrayList<>();
        for (RankedLists part : parts) {
            bm25.addAll(part.bm25());
            dense.addAll(part.dense());
            statements.addAll(part.statements());
        }
        return new RankedLists(top(bm25, SCORE_ORDER, depth), top(dense, SCORE_ORDER, depth),
                top(statements, STATEMENT_ORDER, ShardIndex.STATEMENT_DEPTH));
    }

    /**
     * Fuses the lists by reciprocal rank and returns at most {@code limit} candidates, best first, with each chunk's
     * rank and raw score in the BM25 and dense lists; after them, the chunks of the statement list the cut left out
     * (at most {@link ShardIndex#STATEMENT_DEPTH}). The question names those statements, and a table of figures only
     * the statement list ranks never outscores prose that both other lists rank, however deep they go: without this
     * the statement list could only lift a statement the BM25 or dense list already held.
     */
    public List<Candidate> fuse(int rrfK, int limit) {
        List<ReciprocalRankFusion.Fused<Hit>> fused =
                ReciprocalRankFusion.fuse(List.of(bm25, dense, statements), rrfK, hit -> hit.chunk().chunkId());
        int count = Math.min(limit, fused.size());
        List<Candidate> candidates = new ArrayList<>(count);
        for (int i = 0; i < fused.size(); i++) {
            ReciprocalRankFusion.Fused<Hit> f = fused.get(i);
            if (i < count || f.rankIn(STATEMENT_LIST) != null) {
                candidates.add(candidate(f));
            }
        }
        return List.copyOf(candidates);
    }

    private Candidate candidate(ReciprocalRankFusion.Fused<Hit> f) {
        Integer bm25Rank = f.rankIn(BM25_LIST);
        Integer denseRank = f.rankIn(DENSE_LIST);
        return new Candidate(f.item().chunk(),
                bm25Rank, bm25Rank == null ? null : bm25.get(bm25Rank - 1).score(),
                denseRank, denseRank == null ? null : dense.get(denseRank - 1).score(),
                f.score(), f.item().windowScores(), f.item().windowSpans());
    }

    private static List<Hit> top(List<Hit> hits, Comparator<Hit> order, int depth) {
        hits.sort(order);
        List<Hit> top = new ArrayList<>(Math.min(depth, hits.size()));
        Set<String> seen = new HashSet<>();
        for (Hit hit : hits) {
            if (top.size() == depth) {
                break;
            }
            if (seen.add(hit.chunk().chunkId())) {
                top.add(hit);
            }
        }
        return top;
    }
}
