package dev.scoperag.core.answer;

import dev.scoperag.core.search.FilingAnalyzer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;

/**
 * The few financial line items that filings and questions name differently ("capital expenditure"
 * in a question, "Purchases of property, plant and equipment" in a cash-flow statement), so lexical
 * matching can treat the names as one concept.
 *
 * <p>Each line lists the concept's name first and its usual financial-statement caption second, since
 * the caption is what a question that uses the name most needs to be expanded with. The list is standard
 * accounting vocabulary (US GAAP statement captions and their usual
 * abbreviations), not fitted to any question set. Phrases are analyzed with {@link FilingAnalyzer}, so
 * inflections and "PP&E"/"PPE" are handled by the analysis chain rather than listed.
 */
final class FinancialConcepts {

    /**
     * A line item: its name, its names as written (the usual statement caption second), and every analyzed
     * phrase (term sequence) that names it, longest first.
     */
    record Concept(String name, List<String> names, List<List<String>> phrases) {}

    private static final List<String> SOURCE = List.of(
            "capital expenditure|purchases of property, plant and equipment|capex|capital spending"
                    + "|purchases of property and equipment|additions to property, plant and equipment"
                    + "|payments for property and equipment|capital additions|PP&E purchases",
            "revenue|net revenue|net sales|total net sales|sales|turnover",
            "cost of goods sold|COGS|cost of sales|cost of revenue|cost of products sold",
            "net income|net earnings|net profit|profit attributable",
            "operating income|operating profit|income from operations|operating earnings",
            "gross profit|gross margin",
            "operating cash flow|net cash provided by operating activities|cash flow from operations"
                    + "|cash from operations|cash provided by operations",
            "dividends paid|cash dividends|dividends",
            "accounts receivable|receivables|trade receivables",
            "accounts payable|payables|trade payables",
            "depreciation and amortization|D&A|depreciation, depletion and amortization",
            "shareholders equity|stockholders equity|shareowners equity|total equity",
            "earnings per share|EPS",
            "research and development|R&D",
            "selling, general and administrative|SG&A",
            "share repurchases|buybacks|repurchases of common stock|purchases of treasury stock|treasury stock purchases",
            "long-term debt|long term borrowings|total debt",
            "effective tax rate|effective income tax rate",
            "cash and cash equivalents|cash and equivalents");

    static final List<Concept> ALL = analyze(SOURCE);

    private FinancialConcepts() {
    }

    /** The terms of {@code text} in order, one per position: stacked forms ("1577" under "1,577") left out. */
    static List<String> termSequence(Analyzer analyzer, String text) {
        List<String> terms = new ArrayList<>();
        try (TokenStream stream = analyzer.tokenStream("text", text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            PositionIncrementAttribute increment = stream.addAttribute(PositionIncrementAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {
                if (increment.getPositionIncrement() > 0 || terms.isEmpty()) {
                    terms.add(term.toString());
                }
            }
            stream.end();
        } catch (IOException e) {
            throw new UncheckedIOException("analyzing a string cannot fail", e);
        }
        return terms;
    }

    private static List<Concept> analyze(List<String> source) {
        try (FilingAnalyzer analyzer = new FilingAnalyzer()) {
            List<Concept> concepts = new ArrayList<>();
            for (String line : source) {
                String[] names = line.split("\\|");
                List<List<String>> phrases = new ArrayList<>();
                for (String name : names) {
                    List<String> phrase = termSequence(analyzer, name);
                    if (!phrase.isEmpty() && !phrases.contains(phrase)) {
                        phrases.add(List.copyOf(phrase));
                    }
                }
                phrases.sort(Comparator.comparingInt((List<String> phrase) -> phrase.size()).reversed());
                concepts.add(new Concept(names[0], List.of(names), List.copyOf(phrases)));
            }
            return List.copyOf(concepts);
        }
    }
}
