package dev.scoperag.core.answer;

import dev.scoperag.core.search.Candidate;
import dev.scoperag.core.search.FilingAnalyzer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The default reranker: the offline reranker's blend of features ({@link OfflineReranker}), with the semantic feature
 * read from the window vectors the ingest job stored with each chunk instead of computed by the model at query time.
 *
 * <p>The semantic feature is the best of the candidate's {@link Candidate#windowScores}, the cosines of the question
 * (embedded once, with the other names of the financial concepts it names, {@link #windowQuestion}) with the chunk's
 * windows: of all of them (the default), or of the {@code windowsPerCandidate} lexically best, as the offline reranker
 * chooses the windows it embeds (measured on 15 dev questions: the same contexts, at twice the reranking time). Reranking then costs no model call: the question's embedding is the query's
 * only model work. The lexical and prior features, the weights and the depth ({@value #MAX_CANDIDATES} candidates) are
 * the offline reranker's. A candidate without window scores (a chunk published without window vectors) gets the
 * lowest semantic score of the list.
 */
public final class StoredWindowReranker implements Reranker {

    /** Candidates scored; the list is cut to this length, as the offline reranker's default. */
    static final int MAX_CANDIDATES = 20;
    /** The offline reranker's windows per candidate: the three lexically best. */
    public static final int LEXICALLY_BEST_WINDOWS = 3;

    private final FilingAnalyzer analyzer = new FilingAnalyzer();
    private final int windowsPerCandidate;

    /** @param windowsPerCandidate the lexically best windows whose scores count, 0 for all of them */
    public StoredWindowReranker(int windowsPerCandidate) {
        if (windowsPerCandidate < 0) {
            throw new IllegalArgumentException("windowsPerCandidate must not be negative: " + windowsPerCandidate);
        }
        this.windowsPerCandidate = windowsPerCandidate;
    }

    /** Every window of each candidate counted. */
    public StoredWindowReranker() {
        this(0);
    }

    @Override
    public String id() {
        return "stored-windows/" + (windowsPerCandidate == 0 ? "all" : "best-" + windowsPerCandidate);
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
        return OfflineReranker.blend(part, semantic, lexical);
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
