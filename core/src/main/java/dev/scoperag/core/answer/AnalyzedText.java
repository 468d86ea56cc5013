package dev.scoperag.core.answer;

import dev.scoperag.core.search.FilingAnalyzer;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A passage as the lexical evidence sees it: its analyzed terms in order (for phrases) and as a set
 * (with stacked figure forms, for single terms).
 */
record AnalyzedText(List<String> sequence, Set<String> terms) {

    static AnalyzedText of(FilingAnalyzer analyzer, String text) {
        return new AnalyzedText(FinancialConcepts.termSequence(analyzer, text), new HashSet<>(analyzer.terms("text", text)));
    }

    /** True when {@code phrase} occurs as consecutive terms; a one-term phrase anywhere. */
    boolean containsPhrase(List<String> phrase) {
        if (phrase.size() == 1) {
            return terms.contains(phrase.get(0));
        }
        outer:
        for (int start = 0; start + phrase.size() <= sequence.size(); start++) {
            for (int i = 0; i < phrase.size(); i++) {
                if (!sequence.get(start + i).equals(phrase.get(i))) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
