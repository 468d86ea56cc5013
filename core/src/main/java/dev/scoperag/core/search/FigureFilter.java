package dev.scoperag.core.search;

import java.io.IOException;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.KeywordAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;

/**
 * Protects figures from stemming and adds their canonical form at the same position: {@code 1,577}
 * also as {@code 1577}, {@code FY2018} also as {@code 2018}, {@code FY18} also as {@code 2018}.
 *
 * <p>Both forms are kept so a query written either way matches, and a query that repeats the
 * filing's exact form matches on two terms. Stacked tokens add nothing to the field length BM25
 * normalizes by (overlaps are discounted).
 */
final class FigureFilter extends TokenFilter {

    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final KeywordAttribute keyword = addAttribute(KeywordAttribute.class);
    private final PositionIncrementAttribute positionIncrement = addAttribute(PositionIncrementAttribute.class);

    private State stackedState;
    private String stackedTerm;

    FigureFilter(TokenStream input) {
        super(input);
    }

    @Override
    public boolean incrementToken() throws IOException {
        if (stackedTerm != null) {
            restoreState(stackedState);
            term.setEmpty().append(stackedTerm);
            positionIncrement.setPositionIncrement(0);
            keyword.setKeyword(true);
            stackedTerm = null;
            stackedState = null;
            return true;
        }
        if (!input.incrementToken()) {
            return false;
        }
        if (hasDigit(term)) {
            // Stemmers respect the keyword flag: "2.95" and "10s" must reach the index as written.
            keyword.setKeyword(true);
            String canonical = canonical(term);
            if (canonical != null) {
                stackedState = captureState();
                stackedTerm = canonical;
            }
        }
        return true;
    }

    @Override
    public void reset() throws IOException {
        super.reset();
        stackedTerm = null;
        stackedState = null;
    }

    /** The canonical form of a figure token, or null if it is already canonical or not a figure. */
    static String canonical(CharSequence token) {
        int length = token.length();
        if (length >= 4 && (token.charAt(0) == 'F' || token.charAt(0) == 'f')
                && (token.charAt(1) == 'Y' || token.charAt(1) == 'y') && allDigits(token, 2, length)) {
            if (length == 6) {
                return token.subSequence(2, 6).toString();
            }
            if (length == 4) {
                return "20" + token.subSequence(2, 4);
            }
            return null;
        }
        boolean comma = false;
        for (int i = 0; i < length; i++) {
            char c = token.charAt(i);
            if (c == ',') {
                comma = true;
            } else if (c != '.' && (c < '0' || c > '9')) {
                return null;
            }
        }
        if (!comma) {
            return null;
        }
        StringBuilder digits = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            char c = token.charAt(i);
            if (c != ',') {
                digits.append(c);
            }
        }
        return digits.toString();
    }

    private static boolean hasDigit(CharSequence token) {
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (c >= '0' && c <= '9') {
                return true;
            }
        }
        return false;
    }

    private static boolean allDigits(CharSequence token, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = token.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
