package dev.scoperag.core.answer;

import dev.scoperag.core.search.Candidate;
import dev.scoperag.core.search.FilingAnalyzer;
import dev.scoperag.core.search.ReciprocalRankFusion;
import dev.scoperag.core.search.SearchRequest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The default reranker: the offline reranker's features ({@link OfflineReranker}), with the semantic feature read from
 * the window vectors the ingest job stored with each chunk instead of computed by the model at query time, combined by
 * reciprocal rank fusion.
 *
 * <p>The semantic feature is the best of the candidate's {@link Candidate#windowScores}, the cosines of the question
 * (embedded once, with the other names of the financial concepts it names, {@link #windowQuestion}) with the chunk's
 * windows: of all of them (the default), or of the {@code windowsPerCandidate} lexically best, as the offline reranker
 * chooses the windows it embeds. Reranking then costs no model call: the question's embedding is the query's only model
 * work. The lexical feature and the depth ({@value #MAX_CANDIDATES} candidates) are the offline reranker's. A candidate
 * without window scores (a chunk published without window vectors) gets the lowest semantic score of the list.
 *
 * <p>How the features make one order ({@link Combination}): by default, reciprocal rank fusion (k = {@value #RRF_K}) of
 * three rankings of the candidates: the retrieval order, by the semantic feature and by the lexical feature (a feature's
 * ties keep the retrieval order). Retrieval already fuses BM25 with a dense list that scores the same windows, so the
 * fused order is a strong feature of its own; a rank fusion keeps it as one equal vote, where the offline reranker's
 * fixed blend gave it 0.2 against 0.5 for a min-max normalised semantic score, whose scale depends on the list's
 * outliers. On the 51 FinanceBench dev questions over the full corpus, rank fusion scored at least the blend's page
 * recall and MRR in each of the five set-ups it was run with (see the README); the blend stays as an option.
 */
public final class StoredWindowReranker implements Reranker {

    /** Candidates scored; the list is cut to this length, as the offline reranker's default. */
    static final int MAX_CANDIDATES = 20;
    /** The offline reranker's windows per candidate: the three lexically best. */
    public static final int LEXICALLY_BEST_WINDOWS = 3;
    /** The rank fusion's damping constant: retrieval's own. */
    static final int RRF_K = SearchRequest.DEFAULT_RRF_K;

    /** How the features make one order. */
    public enum Combination {
        /** Reciprocal rank fusion of the retrieval order and the orders by the semantic and the lexical feature. */
        RANK_FUSION,
        /** The offline reranker's fixed blend of min-max normalised features and the retrieval rank ({@link OfflineReranker}). */
        BLEND
    }

    private final FilingAnalyzer analyzer = new FilingAnalyzer();
    private final int windowsPerCandidate;
    private final Combination combination;

    /**
     * @param windowsPerCandidate the lexically best windows whose scores count, 0 for all of them
     * @param combination how the features make one order
     */
    public StoredWindowReranker(int windowsPerCandidate, Combination combination) {
        if (windowsPerCandidate < 0) {
            throw new IllegalArgumentException("windowsPerCandidate must not be negative: " + windowsPerCandidate);
        }
        this.windowsPerCandidate = windowsPerCandidate;
        this.combination = Objects.requireNonNull(combination, "combination");
    }

    /** Every window of each candidate counted, the features fused by rank. */
    public StoredWindowReranker() {
        this(0, Combination.RANK_FUSION);
    }

    @Override
    public String id() {
        return "stored-windows/" + (windowsPerCandidate == 0 ? "all" : "best-" + windowsPerCandidate)
                + (combination == Combination.BLEND ? "/blend" : "/rank-fusion");
    }

    /**
     * What to embed for the windows' cosine: the question with the other names of the financial concepts it names
     * ({@link QuestionTerms#expandedQuestion()}), the offline reranker's query text.
     */
    public static String windowQuestion(String question, FilingAnalyzer analyzer) {
        return QuestionTerms.of(question, analyzer).expandedQuestion();
    }

    @Override
    public List<Scored> rerank(String question, List<Candidate> candidates) {
        List<Candidate> part = candidates.subList(0, Math.min(candidates.size(), MAX_CANDIDATES));
        int n = part.size();
        if (n == 0) {
            return List.of();
        }
        QuestionTerms terms = QuestionTerms.of(question, analyzer);
        double[] semantic = new double[n];
        double[] lexical = new double[n];
        double lowest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            Candidate candidate = part.get(i);
            AnalyzedText chunkTerms = AnalyzedText.of(analyzer, candidate.chunk().text());
            lexical[i] = terms.coverage(chunkTerms, chunkTerms);
            semantic[i] = semantic(candidate, terms, chunkTerms);
            lowest = Double.isNaN(semantic[i]) ? lowest : Math.min(lowest, semantic[i]);
        }
        for (int i = 0; i < n; i++) {
            semantic[i] = Double.isNaN(semantic[i]) ? (Double.isInfinite(lowest) ? 0 : lowest) : semantic[i];
        }
        return combination == Combination.BLEND ? OfflineReranker.blend(part, semantic, lexical) : fuseRanks(part, semantic, lexical);
    }

    /**
     * The candidates by reciprocal rank fusion of their retrieval order and their order by each feature (stable: a
     * feature's ties keep the retrieval order), best first; fused ties go to the better single rank, then the chunk id.
     */
    static List<Scored> fuseRanks(List<Candidate> candidates, double[]... features) {
        List<List<Candidate>> rankings = new ArrayList<>(features.length + 1);
        rankings.add(candidates);
        for (double[] feature : features) {
            List<Integer> order = new ArrayList<>(candidates.size());
            for (int i = 0; i < candidates.size(); i++) {
                order.add(i);
            }
            order.sort(Comparator.comparingDouble((Integer i) -> feature[i]).reversed());
            rankings.add(order.stream().map(candidates::get).toList());
        }
        List<Scored> fused = new ArrayList<>(candidates.size());
        for (ReciprocalRankFusion.Fused<Candidate> f : ReciprocalRankFusion.fuse(rankings, RRF_K, c -> c.chunk().chunkId())) {
            fused.add(new Scored(f.item(), f.score()));
        }
        return fused;
    }

    /** The best score of the candidate's counted windows; NaN without window scores. */
    private double semantic(Candidate candidate, QuestionTerms terms, AnalyzedText chunkTerms) {
        float[] scores = candidate.windowScores();
        int[] spans = candidate.windowSpans();
        if (scores == null || scores.length == 0) {
            return Double.NaN;
        }
        List<Integer> counted = new ArrayList<>();
        for (int w = 0; w < scores.length; w++) {
            counted.add(w);
        }
        if (windowsPerCandidate > 0 && scores.length > windowsPerCandidate && spans != null && spans.length == 2 * scores.length) {
            String text = candidate.chunk().text();
            double[] coverage = new double[scores.length];
            for (int w = 0; w < scores.length; w++) {
                coverage[w] = terms.coverage(AnalyzedText.of(analyzer, text.substring(spans[2 * w], spans[2 * w + 1])), chunkTerms);
            }
            // Stable: equal coverage keeps text order, as the offline reranker's choice.
            counted.sort(Comparator.comparingDouble((Integer w) -> coverage[w]).reversed());
            counted = counted.subList(0, windowsPerCandidate);
        }
        double best = Double.NEGATIVE_INFINITY;
        for (int w : counted) {
            best = Math.max(best, scores[w]);
        }
        return best;
    }

    @Override
    public void close() {
        analyzer.close();
    }
}
