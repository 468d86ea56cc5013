package dev.scoperag.core.answer;

import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.search.Candidate;
import dev.scoperag.core.search.FilingAnalyzer;
import dev.scoperag.core.search.IndexedChunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The default reranker, needing only the bundled embedding model: it looks inside each chunk for the
 * passage closest to the question, where retrieval could only compare whole chunks.
 *
 * <p>Each candidate's score is a fixed blend of three features, each in 0..1:
 * <ul>
 *   <li><b>semantic</b> (weight {@value Settings#SEMANTIC}): the best cosine between the question
 *       (embedded as a query, with the other names of the financial concepts it names, see
 *       {@link QuestionTerms#expandedQuestion()}) and the candidate's windows of about {@code windowChars} characters
 *       (whole sentences and table rows), min-max normalised over the list. A 2,500-char chunk embeds
 *       past the model's 512-token window and averages many topics into one vector; a 400-char window
 *       holds one table block or a few sentences, so the figure asked for is not diluted.
 *   <li><b>lexical</b> (weight {@value Settings#LEXICAL}): the share of the question's salient terms
 *       the chunk covers (figures, years, financial concepts under any of their names; see
 *       {@link QuestionTerms}), min-max normalised over the list.
 *   <li><b>prior</b> (weight {@value Settings#PRIOR}): the retrieval rank, {@code 10 / (10 + rank - 1)}
 *       (1 for the first, 0.5 for the 11th), so agreement of BM25 and dense search is not thrown away. It
 *       depends on the rank alone, not on the list's length, so a short list does not exaggerate it.
 * </ul>
 * The weights were set before any evaluation, from the reasoning above (the finer semantic match is the
 * new signal, so it leads; the other two break its ties and guard against its misses) and are not fitted
 * to a benchmark.
 *
 * <p>Cost is bounded: at most {@code maxCandidates} candidates (the rest are dropped) and at most
 * {@code maxWindowsPerCandidate} windows each, the lexically best when a chunk has more. Window
 * boundaries follow the document offset, not the chunk start, so overlapping chunks (50% stride) share
 * most windows and each distinct window text is embedded once per call.
 */
public final class OfflineReranker implements Reranker {

    /**
     * How deep and how fine the reranker looks.
     *
     * @param maxCandidates candidates scored; the list is cut to this length
     * @param windowChars target window length in characters; a window holds whole sentences and rows
     * @param maxWindowsPerCandidate windows embedded per chunk at most
     */
    public record Settings(int maxCandidates, int windowChars, int maxWindowsPerCandidate) {

        static final double SEMANTIC = 0.5;
        static final double LEXICAL = 0.3;
        static final double PRIOR = 0.2;
        static final double PRIOR_DAMPING = 10;

        public Settings {
            if (maxCandidates < 1 || windowChars < 50 || maxWindowsPerCandidate < 1) {
                throw new IllegalArgumentException("maxCandidates and maxWindowsPerCandidate must be positive and "
                        + "windowChars at least 50: " + maxCandidates + ", " + windowChars + ", " + maxWindowsPerCandidate);
            }
        }

        /**
         * 20 candidates, 400-char windows, the 3 lexically best windows per chunk (a 2,500-char chunk has about
         * 6-7). Measured on 2 cores, 20 candidates from one 10-K: about 0.77 s per question with 3 windows,
         * 1.7 s with all of them, with the same top candidate on each of the six questions of
         * {@code AnswerStageBenchmark}; a cost choice, not a quality measurement.
         */
        public static Settings defaults() {
            return new Settings(20, 400, 3);
        }
    }

    private final Embedder embedder;
    private final Settings settings;
    private final FilingAnalyzer analyzer = new FilingAnalyzer();

    /** Uses {@code embedder} without owning it: closing the reranker leaves the embedder open. */
    public OfflineReranker(Embedder embedder, Settings settings) {
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public OfflineReranker(Embedder embedder) {
        this(embedder, Settings.defaults());
    }

    @Override
    public String id() {
        return "offline-windows/" + embedder.modelId();
    }

    public Settings settings() {
        return settings;
    }

    @Override
    public List<Scored> rerank(String question, List<Candidate> candidates) {
        List<Candidate> scoredPart = candidates.subList(0, Math.min(candidates.size(), settings.maxCandidates()));
        int n = scoredPart.size();
        if (n == 0) {
            return List.of();
        }
        QuestionTerms terms = QuestionTerms.of(question, analyzer);
        List<List<String>> windowsPerCandidate = new ArrayList<>(n);
        double[] lexical = new double[n];
        Map<String, float[]> vectorByWindow = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            IndexedChunk chunk = scoredPart.get(i).chunk();
            AnalyzedText chunkTerms = AnalyzedText.of(analyzer, chunk.text());
            lexical[i] = terms.coverage(chunkTerms, chunkTerms);
            List<String> windows = chosenWindows(chunk, terms, chunkTerms);
            windowsPerCandidate.add(windows);
            for (String window : windows) {
                vectorByWindow.putIfAbsent(window, null);
            }
        }
        List<String> distinct = new ArrayList<>(vectorByWindow.keySet());
        List<float[]> vectors = embedder.embedPassages(distinct);
        for (int i = 0; i < distinct.size(); i++) {
            vectorByWindow.put(distinct.get(i), vectors.get(i));
        }
        float[] query = embedder.embedQuery(terms.expandedQuestion());
        double[] semantic = new double[n];
        for (int i = 0; i < n; i++) {
            double best = -1;
            for (String window : windowsPerCandidate.get(i)) {
                best = Math.max(best, dot(query, vectorByWindow.get(window)));
            }
            semantic[i] = best;
        }
        return blend(scoredPart, semantic, lexical);
    }

    /**
     * The candidates scored by the fixed blend of the three features (semantic and lexical raw, normalized here; the
     * prior from the position in the list), best first; equal scores keep the retrieval order.
     */
    static List<Scored> blend(List<Candidate> candidates, double[] semantic, double[] lexical) {
        int n = candidates.size();
        double[] semanticNorm = minMax(semantic);
        double[] lexicalNorm = minMax(lexical);
        List<Scored> scored = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            double prior = Settings.PRIOR_DAMPING / (Settings.PRIOR_DAMPING + i);
            double score = Settings.SEMANTIC * semanticNorm[i] + Settings.LEXICAL * lexicalNorm[i] + Settings.PRIOR * prior;
            scored.add(new Scored(candidates.get(i), score));
        }
        // List.sort is stable, so equal scores keep the retrieval order.
        scored.sort(Comparator.comparingDouble(Scored::score).reversed());
        return scored;
    }

    /** The chunk's windows, at most the configured number: the lexically best ones, in text order. */
    private List<String> chosenWindows(IndexedChunk chunk, QuestionTerms terms, AnalyzedText chunkTerms) {
        List<String> windows = windows(chunk.text(), chunk.charStart(), settings.windowChars());
        if (windows.size() <= settings.maxWindowsPerCandidate()) {
            return windows;
        }
        List<Integer> order = new ArrayList<>();
        double[] coverage = new double[windows.size()];
        for (int w = 0; w < windows.size(); w++) {
            order.add(w);
            coverage[w] = terms.coverage(AnalyzedText.of(analyzer, windows.get(w)), chunkTerms);
        }
        order.sort(Comparator.comparingDouble((Integer w) -> coverage[w]).reversed());
        List<Integer> kept = new ArrayList<>(order.subList(0, settings.maxWindowsPerCandidate()));
        kept.sort(Comparator.naturalOrder());
        List<String> chosen = new ArrayList<>(kept.size());
        for (int w : kept) {
            chosen.add(windows.get(w));
        }
        return chosen;
    }

    /**
     * Groups the chunk's sentences and rows by the {@code windowChars}-long stretch of the document their start
     * falls in, so a window of a chunk and the same window of its overlapping neighbour have the same text.
     * A segment longer than a window is cut into window-sized pieces at spaces.
     */
    static List<String> windows(String text, int documentOffset, int windowChars) {
        Map<Integer, int[]> spanByBucket = new LinkedHashMap<>();
        List<String> pieces = new ArrayList<>();
        for (EvidenceSegmenter.Segment segment : EvidenceSegmenter.segments(text)) {
            if (segment.end() - segment.start() > windowChars) {
                pieces.addAll(pieces(text, segment.start(), segment.end(), windowChars));
                continue;
            }
            int bucket = (documentOffset + segment.start()) / windowChars;
            int[] span = spanByBucket.computeIfAbsent(bucket, unused -> new int[] {segment.start(), segment.end()});
            span[1] = segment.end();
        }
        List<String> windows = new ArrayList<>();
        for (int[] span : spanByBucket.values()) {
            windows.add(text.substring(span[0], span[1]));
        }
        windows.addAll(pieces);
        return windows;
    }

    private static List<String> pieces(String text, int start, int end, int windowChars) {
        List<String> pieces = new ArrayList<>();
        int from = start;
        while (from < end) {
            int to = Math.min(end, from + windowChars);
            if (to < end) {
                int space = text.lastIndexOf(' ', to);
                to = space > from + windowChars / 2 ? space : to;
            }
            String piece = text.substring(from, to).strip();
            if (!piece.isEmpty()) {
                pieces.add(piece);
            }
            from = to;
        }
        return pieces;
    }

    /** Scales to 0..1 over the list; a feature that does not vary says nothing about order, so it becomes 0. */
    static double[] minMax(double[] values) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double value : values) {
            min = Math.min(min, value);
            max = Math.max(max, value);
        }
        double[] scaled = new double[values.length];
        double range = max - min;
        if (range < 1e-9) {
            return scaled;
        }
        for (int i = 0; i < values.length; i++) {
            scaled[i] = (values[i] - min) / range;
        }
        return scaled;
    }

    static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int d = 0; d < a.length; d++) {
            sum += (double) a[d] * b[d];
        }
        return sum;
    }

    /** The analyzer is this reranker's own; the embedder is not. */
    @Override
    public void close() {
        analyzer.close();
    }
}
