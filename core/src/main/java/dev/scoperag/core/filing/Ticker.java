package dev.scoperag.core.filing;

import java.util.Locale;

/**
 * The one spelling of a ticker used in keys (shards, catalog, routing): the SEC directory's, upper
 * case with a dash before a share class, so {@code BRK.B}, {@code BRK/B}, {@code brk.b} and
 * {@code BRK B} are all {@code BRK-B}. What the filer wrote is kept apart, for display.
 */
public final class Ticker {

    private Ticker() {}

    /**
     * The canonical spelling; the empty string for null or a ticker of separators only. A ticker
     * without separators is only upper-cased, so MMM and AMCR keep the ids they have always had.
     */
    public static String canonical(String spelled) {
        if (spelled == null) {
            return "";
        }
        String trimmed = spelled.trim();
        StringBuilder out = new StringBuilder(trimmed.length());
        boolean separatorPending = false;
        for (int i = 0; i < trimmed.length(); i++) {
            char c = trimmed.charAt(i);
            if (isClassSeparator(c)) {
                // A run of separators is one; leading and trailing ones are dropped.
                separatorPending = out.length() > 0;
            } else {
                if (separatorPending) {
                    out.append('-');
                    separatorPending = false;
                }
                out.append(c);
            }
        }
        return out.toString().toUpperCase(Locale.ROOT);
    }

    /** What the filer wrote, trimmed, when it differs from the canonical spelling; else null (nothing to show apart). */
    public static String asFiledIfDifferent(String spelled) {
        if (spelled == null) {
            return null;
        }
        String trimmed = spelled.trim();
        return trimmed.equals(canonical(trimmed)) ? null : trimmed;
    }

    private static boolean isClassSeparator(char c) {
        return c == '.' || c == '-' || c == '/' || Character.isWhitespace(c) || Character.isSpaceChar(c);
    }
}
