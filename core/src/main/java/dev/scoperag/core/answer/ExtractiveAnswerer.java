package dev.scoperag.core.answer;

import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.search.FilingAnalyzer;
import dev.scoperag.core.search.IndexedChunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Answers by quoting the filing: the sentences or table rows of the top context chunks that best match
 * the question, each with a citation to its exact span of the document. The default answer mode, needing
 * no language model.
 *
 * <p>How a unit (sentence or table row, see {@link EvidenceSegmenter}) is scored: its coverage of the
 * question's salient terms ({@link QuestionTerms}: financial concepts under any name, figures, years, content
 * words; 0..1), plus {@value #FIGURE_BONUS} if it holds a figure (the answer to a financial question usually
 * is one), plus up to {@value #CONTEXT_BONUS} for its chunk's place in the context (first chunk most), plus,
 * when an embedder is given, up to {@value #SEMANTIC_BONUS} for its cosine to the question, min-max normalised
 * over the units considered. The weights are set by reasoning, not fitted to a benchmark: lexical coverage leads
 * because it is what a quote can be checked against.
 *
 * <p>Which units are quoted: only units that share a salient term other than a year with the question are
 * eligible. First the best eligible unit of each company in the context (so a comparison question quotes
 * both), then the best remaining ones scoring at least {@code quoteRatio} of the best, up to {@code maxQuotes};
 * a span already quoted from an overlapping chunk is not quoted twice.
 *
 * <p>When it abstains, with {@link Answer#WEAK_EVIDENCE}: no context, a question with no salient term, no
 * eligible unit, or a best unit covering less than {@code minCoverage} of the question. Rerank scores are not
 * used for this, because their scale depends on the reranker.
 */
public final class ExtractiveAnswerer implements AutoCloseable {

    static final double FIGURE_BONUS = 0.1;
    static final double CONTEXT_BONUS = 0.1;
    static final double SEMANTIC_BONUS = 0.3;

    /**
     * Limits and thresholds.
     *
     * @param maxChunks leading context chunks read for evidence
     * @param maxQuotes quotes in one answer at most
     * @param minCoverage least coverage of the question by the best unit to answer at all, 0..1
     * @param quoteRatio a further quote must score at least this share of the best quote
     * @param maxEmbeddedUnits units embedded per question when an embedder is given, the lexically best ones
     */
    public record Settings(int maxChunks, int maxQuotes, double minCoverage, double quoteRatio, int maxEmbeddedUnits) {

        public Settings {
            if (maxChunks < 1 || maxQuotes < 1 || maxEmbeddedUnits < 0) {
                throw new IllegalArgumentException("maxChunks and maxQuotes must be positive, maxEmbeddedUnits not negative");
            }
            if (minCoverage < 0 || minCoverage > 1 || quoteRatio < 0 || quoteRatio > 1) {
                throw new IllegalArgumentException("minCoverage and quoteRatio must be in 0..1");
            }
        }

        /** 5 chunks, 3 quotes, answer from 30% coverage up, further quotes within 70% of the best, 24 embedded units. */
        public static Settings defaults() {
            return new Settings(5, 3, 0.3, 0.7, 24);
        }
    }

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern YEAR = Pattern.compile("(?:19|20)\\d\\d");
    private static final int MAX_DISPLAYED_QUOTE = 500;

    private final Settings settings;
    private final Embedder embedder;
    private final FilingAnalyzer analyzer = new FilingAnalyzer();

    /** A lexical answerer. */
    public ExtractiveAnswerer(Settings settings) {
        this(settings, null);
    }

    /** Also weighs each unit's embedding similarity to the question; uses {@code embedder} without owning it. */
    public ExtractiveAnswerer(Settings settings, Embedder embedder) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.embedder = embedder;
    }

    public String id() {
        return "extractive/1" + (embedder == null ? "" : "+" + embedder.modelId());
    }

    /** A scored unit of one context chunk; {@code start} and {@code end} are offsets within the chunk text. */
    private record Unit(IndexedChunk chunk, int start, int end, double coverage, double score) {

        int documentStart() {
            return chunk.charStart() + start;
        }

        int documentEnd() {
            return chunk.charStart() + end;
        }

        String quote() {
            return chunk.text().substring(start, end);
        }

        Unit withScore(double value) {
            return new Unit(chunk, start, end, coverage, value);
        }

        boolean overlaps(Unit other) {
            return chunk.docId().equals(other.chunk.docId()) && chunk.docHash().equals(other.chunk.docHash())
                    && documentStart() < other.documentEnd() && other.documentStart() < documentEnd();
        }
    }

    /**
     * Answers {@code question} from {@code context}, best first as reranked and cut; abstains with
     * {@link Answer#WEAK_EVIDENCE} when the context does not hold an answer.
     */
    public Answer answer(String question, List<Scored> context) {
        return answer(question, context, List.of());
    }

    /**
     * As {@link #answer(String, List)}, not counting the words of {@code issuerNames} (the routed companies'
     * names, as the route carries them) or the context's tickers as evidence: a page header naming the company
     * does not answer a question about it.
     */
    public Answer answer(String question, List<Scored> context, List<String> issuerNames) {
        Set<String> entityTerms = new HashSet<>();
        for (String name : issuerNames) {
            entityTerms.addAll(analyzer.terms("text", name));
        }
        for (Scored scored : context) {
            entityTerms.addAll(analyzer.terms("text", scored.candidate().chunk().ticker()));
        }
        entityTerms.removeIf(term -> YEAR.matcher(term).matches());
        QuestionTerms terms = QuestionTerms.of(question, analyzer, entityTerms);
        if (context.isEmpty() || terms.isEmpty()) {
            return Answer.abstained(Answer.WEAK_EVIDENCE);
        }
        List<Unit> eligible = eligibleUnits(terms, context.subList(0, Math.min(context.size(), settings.maxChunks())));
        if (eligible.isEmpty()) {
            return Answer.abstained(Answer.WEAK_EVIDENCE);
        }
        if (embedder != null && settings.maxEmbeddedUnits() > 0) {
            eligible = withSemanticScores(terms.expandedQuestion(), eligible);
        }
        eligible.sort(Comparator.comparingDouble(Unit::score).reversed());
        double bestCoverage = 0;
        for (Unit unit : eligible) {
            bestCoverage = Math.max(bestCoverage, unit.coverage());
        }
        if (bestCoverage < settings.minCoverage()) {
            return Answer.abstained(Answer.WEAK_EVIDENCE);
        }
        List<Unit> quotes = chooseQuotes(eligible);
        return Answer.answered(text(quotes), citations(quotes));
    }

    private List<Unit> eligibleUnits(QuestionTerms terms, List<Scored> chunks) {
        List<Unit> eligible = new ArrayList<>();
        for (int rank = 0; rank < chunks.size(); rank++) {
            IndexedChunk chunk = chunks.get(rank).candidate().chunk();
            String text = chunk.text();
            AnalyzedText chunkTerms = AnalyzedText.of(analyzer, text);
            double contextBonus = CONTEXT_BONUS * (1.0 - (double) rank / chunks.size());
            for (EvidenceSegmenter.Segment segment : EvidenceSegmenter.segments(text)) {
                AnalyzedText unitTerms = AnalyzedText.of(analyzer, segment.text(text));
                if (!terms.sharesContent(unitTerms)) {
                    continue;
                }
                double coverage = terms.coverage(unitTerms, chunkTerms);
                double score = coverage + (holdsFigure(unitTerms.terms()) ? FIGURE_BONUS : 0) + contextBonus;
                eligible.add(new Unit(chunk, segment.start(), segment.end(), coverage, score));
            }
        }
        return eligible;
    }

    /** Adds the semantic bonus to the lexically best units; the others keep their lexical score. */
    private List<Unit> withSemanticScores(String question, List<Unit> units) {
        List<Unit> sorted = new ArrayList<>(units);
        sorted.sort(Comparator.comparingDouble(Unit::score).reversed());
        int embedded = Math.min(sorted.size(), settings.maxEmbeddedUnits());
        List<String> texts = new ArrayList<>(embedded);
        for (Unit unit : sorted.subList(0, embedded)) {
            texts.add(unit.quote());
        }
        List<float[]> vectors = embedder.embedPassages(texts);
        float[] query = embedder.embedQuery(question);
        double[] cosines = new double[embedded];
        for (int i = 0; i < embedded; i++) {
            cosines[i] = OfflineReranker.dot(query, vectors.get(i));
        }
        double[] normalised = OfflineReranker.minMax(cosines);
        List<Unit> rescored = new ArrayList<>(sorted.size());
        for (int i = 0; i < sorted.size(); i++) {
            Unit unit = sorted.get(i);
            rescored.add(i < embedded ? unit.withScore(unit.score() + SEMANTIC_BONUS * normalised[i]) : unit);
        }
        return rescored;
    }

    private List<Unit> chooseQuotes(List<Unit> ranked) {
        List<Unit> quotes = new ArrayList<>();
        Set<String> tickersQuoted = new HashSet<>();
        for (Unit unit : ranked) {
            if (quotes.size() < settings.maxQuotes() && unit.coverage() >= settings.minCoverage()
                    && !tickersQuoted.contains(unit.chunk().ticker()) && !overlapsAny(unit, quotes)) {
                quotes.add(unit);
                tickersQuoted.add(unit.chunk().ticker());
            }
        }
        double floor = settings.quoteRatio() * ranked.get(0).score();
        for (Unit unit : ranked) {
            if (quotes.size() >= settings.maxQuotes() || unit.score() < floor) {
                break;
            }
            if (unit.coverage() >= settings.minCoverage() && !quotes.contains(unit) && !overlapsAny(unit, quotes)) {
                quotes.add(unit);
            }
        }
        quotes.sort(Comparator.comparingDouble(Unit::score).reversed());
        return quotes;
    }

    private static boolean overlapsAny(Unit unit, List<Unit> quotes) {
        for (Unit quoted : quotes) {
            if (unit.overlaps(quoted)) {
                return true;
            }
        }
        return false;
    }

    /** "According to MMM's FY2018 10-K (p. 60): ... [1]", one line per quote, the source repeated only when it changes. */
    private static String text(List<Unit> quotes) {
        StringBuilder text = new StringBuilder();
        String previousDoc = null;
        for (int i = 0; i < quotes.size(); i++) {
            Unit unit = quotes.get(i);
            IndexedChunk chunk = unit.chunk();
            if (i > 0) {
                text.append('\n');
            }
            String pages = pageLabel(chunk);
            if (chunk.docId().equals(previousDoc)) {
                text.append("Also").append(pages.isEmpty() ? "" : " (" + pages + ")");
            } else {
                text.append("According to ").append(source(chunk)).append(pages.isEmpty() ? "" : " (" + pages + ")");
            }
            text.append(": ").append(displayed(unit.quote())).append(" [").append(i + 1).append(']');
            previousDoc = chunk.docId();
        }
        return text.toString();
    }

    private static String source(IndexedChunk chunk) {
        String form = chunk.formType() == null ? "filing" : chunk.formType();
        String period = chunk.period() != null && !"10-K".equals(form) ? " (" + chunk.period() + ")" : "";
        return chunk.ticker() + "'s FY" + chunk.fiscalYear() + " " + form + period;
    }

    /** Pages as a reader counts them, from 1; chunks carry 0-based PDF page indexes. */
    private static String pageLabel(IndexedChunk chunk) {
        if (chunk.pageStart() == null) {
            return "";
        }
        int first = chunk.pageStart() + 1;
        int last = (chunk.pageEnd() == null ? chunk.pageStart() : chunk.pageEnd()) + 1;
        return first == last ? "p. " + first : "pp. " + first + "-" + last;
    }

    private static String displayed(String quote) {
        String flat = WHITESPACE.matcher(quote).replaceAll(" ").strip();
        return flat.length() <= MAX_DISPLAYED_QUOTE ? flat : flat.substring(0, MAX_DISPLAYED_QUOTE) + "...";
    }

    /** Citation pages are the chunk's 0-based page indexes, as in the chunk records; empty without pages. */
    private static List<Citation> citations(List<Unit> quotes) {
        List<Citation> citations = new ArrayList<>(quotes.size());
        for (Unit unit : quotes) {
            IndexedChunk chunk = unit.chunk();
            List<Integer> pages = new ArrayList<>();
            if (chunk.pageStart() != null) {
                int last = chunk.pageEnd() == null ? chunk.pageStart() : chunk.pageEnd();
                for (int page = chunk.pageStart(); page <= last; page++) {
                    pages.add(page);
                }
            }
            citations.add(new Citation(chunk.chunkId(), chunk.docId(), chunk.ticker(), chunk.fiscalYear(),
                    chunk.formType(), List.copyOf(pages), unit.documentStart(), unit.documentEnd(), unit.quote()));
        }
        return citations;
    }

    private static boolean holdsFigure(Set<String> terms) {
        for (String term : terms) {
            if (!YEAR.matcher(term).matches() && term.chars().anyMatch(Character::isDigit)) {
                return true;
            }
        }
        return false;
    }

    /** Closes the analyzer; an embedder passed in stays open. */
    @Override
    public void close() {
        analyzer.close();
    }
}
