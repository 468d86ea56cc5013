package dev.scoperag.core.answer;

import dev.scoperag.core.search.FilingAnalyzer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The salient terms of a question and how much of them a passage covers, the lexical evidence
 * both the offline reranker and the extractive answerer use.
 *
 * <p>A concept is covered when one of its names occurs as a phrase (consecutive analyzed terms, stop words
 * skipped), so "capital ... expenditure" apart in a sentence does not count. Salient terms and their weights: a financial concept named in the question (any of its names,
 * see {@link FinancialConcepts}) 2; a number 2; a year 2; any other content word (including names with
 * digits, "3M", "Q2") 1. Words every
 * financial question is made of ("amount", "fiscal", "million", "company") are not salient. A year
 * counts as covered when the passage's chunk states it anywhere, because a table gives its years once,
 * in the header, not in every row.
 */
final class QuestionTerms {

    private enum Kind { WORD, FIGURE, YEAR, CONCEPT }

    /** One salient item: covered when any of its alternative phrases occurs in the passage. */
    private record Salient(String label, Kind kind, double weight, List<List<String>> alternatives) {

        boolean coveredBy(AnalyzedText passage) {
            for (List<String> alternative : alternatives) {
                if (passage.containsPhrase(alternative)) {
                    return true;
                }
            }
            return false;
        }
    }

    private static final Pattern YEAR = Pattern.compile("(?:19|20)\\d\\d");
    private static final Pattern FORM_NAME = Pattern.compile("(?i)\\b(?:10-?K|10-?Q|8-?K)(?:/A)?\\b");
    // A number as the analyzer leaves it ("1,577", "32.8"); "3m" or "q2" are names and count as words.
    private static final Pattern FIGURE = Pattern.compile("\\d[\\d,.]*");
    private static final Set<String> GENERIC = genericStems();

    private final List<Salient> salient;
    private final double totalWeight;
    private final String expanded;

    private QuestionTerms(List<Salient> salient, String expanded) {
        this.salient = List.copyOf(salient);
        this.expanded = expanded;
        double total = 0;
        for (Salient item : salient) {
            total += item.weight();
        }
        this.totalWeight = total;
    }

    static QuestionTerms of(String question, FilingAnalyzer analyzer) {
        return of(question, analyzer, Set.of());
    }

    /**
     * The salient terms of {@code question}, leaving out {@code entityTerms}: analyzed terms of the companies
     * the question is routed to, which name where to look, not what to find.
     */
    static QuestionTerms of(String question, FilingAnalyzer analyzer, Set<String> entityTerms) {
        // A form name is routing information, and "10" from "10-K" would otherwise count as a figure.
        String text = FORM_NAME.matcher(question).replaceAll(" ");
        List<String> sequence = FinancialConcepts.termSequence(analyzer, text);
        boolean[] consumed = new boolean[sequence.size()];
        Map<String, Salient> items = new LinkedHashMap<>();
        List<String> otherNames = new ArrayList<>();
        for (FinancialConcepts.Concept concept : FinancialConcepts.ALL) {
            for (List<String> phrase : concept.phrases()) {
                int at = find(sequence, consumed, phrase);
                if (at >= 0) {
                    otherNames.addAll(otherNames(concept, sequence.subList(at, at + phrase.size()), analyzer));
                    for (int i = at; i < at + phrase.size(); i++) {
                        consumed[i] = true;
                    }
                    items.putIfAbsent(concept.name(), new Salient(concept.name(), Kind.CONCEPT, 2, concept.phrases()));
                    break;
                }
            }
        }
        for (int i = 0; i < sequence.size(); i++) {
            String term = sequence.get(i);
            if (consumed[i] || GENERIC.contains(term) || entityTerms.contains(term)) {
                continue;
            }
            String year = yearOf(term);
            if (year != null) {
                items.putIfAbsent(year, new Salient(year, Kind.YEAR, 2, List.of(List.of(year))));
            } else if (FIGURE.matcher(term).matches()) {
                String canonical = term.replace(",", "");
                items.putIfAbsent(canonical, new Salient(canonical, Kind.FIGURE, 2,
                        List.of(List.of(term), List.of(canonical))));
            } else {
                items.putIfAbsent(term, new Salient(term, Kind.WORD, 1, List.of(List.of(term))));
            }
        }
        String expanded = otherNames.isEmpty() ? question : question + " (" + String.join("; ", otherNames) + ")";
        return new QuestionTerms(new ArrayList<>(items.values()), expanded);
    }

    /**
     * The question with the other names of the financial concepts it names, for embedding: a small encoder does
     * not know that "capital expenditure" is the cash-flow line "Purchases of property, plant and equipment".
     * The first two names other than the one used are added, the statement caption among them.
     */
    String expandedQuestion() {
        return expanded;
    }

    private static List<String> otherNames(FinancialConcepts.Concept concept, List<String> used, FilingAnalyzer analyzer) {
        List<String> others = new ArrayList<>();
        for (String name : concept.names()) {
            if (others.size() < 2 && !FinancialConcepts.termSequence(analyzer, name).equals(used)) {
                others.add(name);
            }
        }
        return others;
    }

    boolean isEmpty() {
        return salient.isEmpty();
    }

    /**
     * The weighted share of salient items the passage covers, 0..1.
     *
     * @param passage the passage (a sentence, row, window or chunk)
     * @param chunk the chunk holding it, where years may be stated instead
     */
    double coverage(AnalyzedText passage, AnalyzedText chunk) {
        if (totalWeight == 0) {
            return 0;
        }
        double covered = 0;
        for (Salient item : salient) {
            if (item.coveredBy(passage) || item.kind() == Kind.YEAR && item.coveredBy(chunk)) {
                covered += item.weight();
            }
        }
        return covered / totalWeight;
    }

    /** True when the passage covers at least one salient item other than a year: it speaks of what was asked. */
    boolean sharesContent(AnalyzedText passage) {
        for (Salient item : salient) {
            if (item.kind() != Kind.YEAR && item.coveredBy(passage)) {
                return true;
            }
        }
        return false;
    }

    /** The labels of the salient items, for diagnostics and tests. */
    List<String> labels() {
        List<String> labels = new ArrayList<>();
        for (Salient item : salient) {
            labels.add(item.label());
        }
        return labels;
    }

    /** "2018" for "2018" and "fy2018": the analyzer stacks the plain year under FY forms, but a lone FY form may remain. */
    private static String yearOf(String term) {
        String digits = term.startsWith("fy") ? term.substring(2) : term;
        if (term.startsWith("fy") && digits.length() == 2 && Character.isDigit(digits.charAt(0))
                && Character.isDigit(digits.charAt(1))) {
            return "20" + digits;
        }
        return YEAR.matcher(digits).matches() ? digits : null;
    }

    private static int find(List<String> sequence, boolean[] consumed, List<String> phrase) {
        outer:
        for (int start = 0; start + phrase.size() <= sequence.size(); start++) {
            for (int i = 0; i < phrase.size(); i++) {
                if (consumed[start + i] || !sequence.get(start + i).equals(phrase.get(i))) {
                    continue outer;
                }
            }
            return start;
        }
        return -1;
    }

    private static Set<String> genericStems() {
        String words = "amount amounts usd dollar dollars million millions billion billions thousand thousands "
                + "company companies fiscal year years fy report reported reports annual value values figure figures "
                + "number numbers based respectively according statement statements provide provided information "
                + "calculate calculated round rounded decimal decimals place places answer using use much many "
                + "show shown give given term terms metric metrics reflect reflected mention mentioned state stated";
        try (FilingAnalyzer analyzer = new FilingAnalyzer()) {
            return Set.copyOf(analyzer.terms("text", words));
        }
    }
}
