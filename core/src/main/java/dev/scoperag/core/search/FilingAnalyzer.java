package dev.scoperag.core.search;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.charfilter.MappingCharFilter;
import org.apache.lucene.analysis.charfilter.NormalizeCharMap;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Analyzes filing text and questions alike for BM25: figures, years, quarters, tickers and
 * acronyms survive as tokens, words are lowercased, de-possessived, stop-filtered and Porter-stemmed.
 *
 * <p>What a token becomes:
 * <ul>
 *   <li>{@code 1,577} gives {@code 1,577} and {@code 1577} at one position; {@code 32.8} stays;
 *       {@code (45)} gives {@code 45}; {@code 12.5%} gives {@code 12.5}. Tokens with a digit are
 *       never stemmed.
 *   <li>{@code FY2018} gives {@code fy2018} and {@code 2018}; {@code Q2} gives {@code q2}.
 *   <li>{@code PP&E}, {@code R&D}, {@code S&P} give {@code ppe}, {@code rd}, {@code sp}: the
 *       ampersand is dropped before tokenizing, so {@code PPE} in a question matches too.
 *   <li>Porter stemming conflates inflections ({@code acquired}, {@code acquires},
 *       {@code acquiring} to {@code acquir}) but not derivations ({@code acquisitions} to
 *       {@code acquisit}); the dense list covers the rest.
 * </ul>
 */
public final class FilingAnalyzer extends Analyzer {

    /** Lucene's English stop words plus the words questions and filings are made of. */
    static final CharArraySet STOP_WORDS = stopWords();

    private static final NormalizeCharMap DROP_AMPERSAND = dropAmpersand();

    @Override
    protected Reader initReader(String fieldName, Reader reader) {
        return new MappingCharFilter(DROP_AMPERSAND, reader);
    }

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
        StandardTokenizer source = new StandardTokenizer();
        TokenStream stream = new EnglishPossessiveFilter(source);
        stream = new FigureFilter(stream);
        stream = new LowerCaseFilter(stream);
        stream = new StopFilter(stream, STOP_WORDS);
        stream = new PorterStemFilter(stream);
        return new TokenStreamComponents(source, stream);
    }

    @Override
    protected TokenStream normalize(String fieldName, TokenStream in) {
        return new LowerCaseFilter(in);
    }

    /** The distinct terms of {@code text} in order of first appearance; empty for null or blank text. */
    public List<String> terms(String field, String text) {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        Set<String> terms = new LinkedHashSet<>();
        try (TokenStream stream = tokenStream(field, text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {
                terms.add(term.toString());
            }
            stream.end();
        } catch (IOException e) {
            throw new UncheckedIOException("analyzing a string cannot fail", e);
        }
        return new ArrayList<>(terms);
    }

    private static CharArraySet stopWords() {
        CharArraySet words = new CharArraySet(EnglishAnalyzer.ENGLISH_STOP_WORDS_SET, false);
        words.addAll(List.of(
                "what", "which", "who", "whom", "whose", "when", "where", "why", "how",
                "do", "does", "did", "were", "been", "being", "has", "have", "had",
                "its", "from", "than", "we", "our", "us", "i", "you", "your"));
        return CharArraySet.unmodifiableSet(words);
    }

    private static NormalizeCharMap dropAmpersand() {
        NormalizeCharMap.Builder builder = new NormalizeCharMap.Builder();
        builder.add("&", "");
        return builder.build();
    }
}
