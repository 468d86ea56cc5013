package dev.scoperag.launcher.eval;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compares a gold evidence text with a chunk by their word and number tokens, so that the two PDF
 * extractions (FinanceBench's and ours) and EDGAR text agree despite different spacing, line breaks
 * and table layout. Numbers keep their decimals and lose thousands separators ("3,538" is "3538").
 */
public final class EvidenceTokens {

    private static final Pattern TOKEN = Pattern.compile("[\\p{L}\\p{N}]+(?:[.,]\\p{N}+)*");

    private final Map<String, Integer> counts;
    private final int size;

    private EvidenceTokens(Map<String, Integer> counts, int size) {
        this.counts = counts;
        this.size = size;
    }

    public static EvidenceTokens of(String text) {
        Map<String, Integer> counts = new HashMap<>();
        List<String> tokens = tokens(text);
        tokens.forEach(t -> counts.merge(t, 1, Integer::sum));
        return new EvidenceTokens(counts, tokens.size());
    }

    /** The tokens of a text, lower case, in order. */
    static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        if (text == null) {
            return tokens;
        }
        Matcher m = TOKEN.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) {
            String token = m.group();
            // Thousands separators go; a comma before other than three digits ends the number.
            tokens.add(token.matches("\\d{1,3}(,\\d{3})+(\\.\\d+)?") ? token.replace(",", "") : token);
        }
        return tokens;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /**
     * The share of this text's tokens that {@code other} holds, counting repeats: a token this text has
     * three times and {@code other} once counts once. 0 for an empty text.
     */
    public double recallIn(EvidenceTokens other) {
        if (size == 0) {
            return 0;
        }
        int held = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            held += Math.min(e.getValue(), other.counts.getOrDefault(e.getKey(), 0));
        }
        return (double) held / size;
    }
}
