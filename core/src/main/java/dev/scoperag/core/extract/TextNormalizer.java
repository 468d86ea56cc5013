package dev.scoperag.core.extract;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The one normalization every format goes through, so that {@code doc_hash} depends on the text of
 * a filing and not on how it was encoded or laid out.
 *
 * <p>Pure and deterministic: the same input always gives the same output.
 */
public final class TextNormalizer {

    /** Characters of raw text normalized at once; a document is normalized slice by slice so its size is checked as it grows. */
    private static final int SLICE_CHARS = 64 * 1024;

    private static final String PAGE_SEPARATOR = "\n\n";

    // "manu-\nfacturing": a word broken at a line end. Capitals on either side are more often a
    // real hyphen ("COVID-\n19", "Non-\nGAAP") and are left alone.
    private static final Pattern LINE_END_HYPHEN = Pattern.compile("(\\p{Ll})[-\\u2010]\\n(\\p{Ll})");
    private static final Pattern SPACE_RUN = Pattern.compile(" {2,}");
    private static final Pattern NEWLINE_RUN = Pattern.compile("\\n{3,}");

    // Page furniture that cannot be table content anywhere on a page: "- 12 -", "Page 12", "Page 12 of 80".
    private static final Pattern DECORATED_PAGE_NUMBER =
            Pattern.compile("(?i)(?:[-\u2013\u2014]\\s*\\d{1,4}\\s*[-\u2013\u2014]|page\\s+\\d{1,4}(?:\\s+of\\s+\\d{1,4})?)");
    // A bare "12", "F-12" or "ii" is furniture only at the top or bottom of a page; elsewhere it may be a table cell.
    private static final Pattern BARE_PAGE_NUMBER =
            Pattern.compile("(?i)(?:[A-Z]-)?\\d{1,4}|(?=[ivx])x{0,3}(?:ix|iv|v?i{0,3})");

    private final long maxCharacters;

    /** Without a size limit. */
    public TextNormalizer() {
        this(Long.MAX_VALUE);
    }

    /**
     * @param maxCharacters the most characters one document may have once normalized; a larger one
     *     fails with {@link TextTooLargeException} as soon as normalization passes the limit
     */
    public TextNormalizer(long maxCharacters) {
        this.maxCharacters = maxCharacters;
    }

    /** The most characters one document may have once normalized. */
    public long maxCharacters() {
        return maxCharacters;
    }

    /** Normalizes one page (or a whole document that has no pages). */
    public String normalize(String raw) {
        return normalize(raw, new Budget(maxCharacters));
    }

    private String normalize(String raw, Budget budget) {
        String text = nfkc(raw, budget);
        text = cleanCharacters(text);
        text = trimLines(text);
        text = LINE_END_HYPHEN.matcher(text).replaceAll("$1$2");
        text = dropPageNumberLines(text);
        text = NEWLINE_RUN.matcher(text).replaceAll("\n\n");
        return text.strip();
    }

    /**
     * Normalizes each page and joins them with a blank line, recording where each page starts.
     *
     * @param keepEmptyPages true when page indexes must match the source (a PDF): an empty page
     *     then keeps its place and shares its start with the next page; false drops empty pages
     *     (HTML page breaks, where two markers in a row mean nothing)
     */
    public ExtractedText joinPages(List<String> rawPages, ContentType contentType, boolean keepEmptyPages) {
        StringBuilder text = new StringBuilder();
        int[] pageStarts = new int[rawPages.size()];
        int pageCount = 0;
        int firstEmptyPending = -1;
        Budget budget = new Budget(maxCharacters);
        for (String rawPage : rawPages) {
            String page = normalize(rawPage, budget);
            if (page.isEmpty()) {
                if (keepEmptyPages) {
                    // Its start is that of the next page with text, known only once that page comes.
                    firstEmptyPending = firstEmptyPending < 0 ? pageCount : firstEmptyPending;
                    pageCount++;
                }
                continue;
            }
            if (text.length() > 0) {
                text.append(PAGE_SEPARATOR);
            }
            pageStarts[pageCount++] = text.length();
            fillPending(pageStarts, firstEmptyPending, pageCount - 1, text.length());
            firstEmptyPending = -1;
            text.append(page);
        }
        fillPending(pageStarts, firstEmptyPending, pageCount, text.length());
        return new ExtractedText(text.toString(), Arrays.copyOf(pageStarts, pageCount), contentType);
    }

    /** Normalizes a document without pages. */
    public ExtractedText whole(String raw, ContentType contentType) {
        return new ExtractedText(normalize(raw, new Budget(maxCharacters)), new int[0], contentType);
    }

    /**
     * NFKC, slice by slice, charging each slice's output to the document's budget: compatibility
     * decomposition can make one character eighteen (U+FDFA), so the raw size says little. A slice
     * ends before a line break or an ASCII character, which never combine with what precedes them,
     * so the result is that of normalizing the whole string at once.
     */
    private static String nfkc(String raw, Budget budget) {
        if (raw.length() <= SLICE_CHARS) {
            String text = Normalizer.normalize(raw, Normalizer.Form.NFKC);
            budget.charge(text.length());
            return text;
        }
        StringBuilder out = new StringBuilder(raw.length());
        for (int start = 0; start < raw.length(); ) {
            int end = sliceEnd(raw, start);
            String part = Normalizer.normalize(raw.substring(start, end), Normalizer.Form.NFKC);
            budget.charge(part.length());
            out.append(part);
            start = end;
        }
        return out.toString();
    }

    private static int sliceEnd(String raw, int start) {
        int limit = start + SLICE_CHARS;
        if (limit >= raw.length()) {
            return raw.length();
        }
        for (int i = limit; i > start + SLICE_CHARS / 2; i--) {
            if (raw.charAt(i) < 0x80) {
                return i;
            }
        }
        // No safe cut in the second half of the slice (text without any ASCII): cut between two code points.
        return Character.isLowSurrogate(raw.charAt(limit)) ? limit - 1 : limit;
    }

    /** What is left of one document's character limit. */
    private static final class Budget {
        private final long max;
        private long used;

        Budget(long max) {
            this.max = max;
        }

        void charge(long chars) {
            used += chars;
            if (used > max) {
                throw new TextTooLargeException(max);
            }
        }
    }

    private static void fillPending(int[] pageStarts, int from, int to, int start) {
        if (from >= 0) {
            Arrays.fill(pageStarts, from, to, start);
        }
    }

    private static String cleanCharacters(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                out.append('\n');
            } else if (c == '\r') {
                // \r\n and a lone \r are both one line break.
                if (i + 1 >= text.length() || text.charAt(i + 1) != '\n') {
                    out.append('\n');
                }
            } else if (c == '\f' || c == '\u000B' || c == '\u0085' || c == '\u2028' || c == '\u2029') {
                out.append('\n');
            } else if (c == '\t' || Character.isSpaceChar(c)) {
                out.append(' ');
            } else if (Character.isISOControl(c)) {
                continue;
            } else if (Character.getType(c) == Character.FORMAT) {
                // Soft hyphens, zero-width spaces and joiners, BOMs, bidi marks: invisible on the page.
                continue;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static String trimLines(String text) {
        String[] lines = text.split("\n", -1);
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < lines.length; i++) {
            if (i > 0) {
                out.append('\n');
            }
            out.append(SPACE_RUN.matcher(lines[i]).replaceAll(" ").strip());
        }
        return out.toString();
    }

    private static String dropPageNumberLines(String text) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        lines.removeIf(line -> DECORATED_PAGE_NUMBER.matcher(line).matches());
        dropBareNumberAtEdge(lines, true);
        dropBareNumberAtEdge(lines, false);
        return String.join("\n", lines);
    }

    private static void dropBareNumberAtEdge(List<String> lines, boolean top) {
        int i = firstNonBlank(lines, top);
        if (i >= 0 && BARE_PAGE_NUMBER.matcher(lines.get(i)).matches()) {
            lines.remove(i);
        }
    }

    private static int firstNonBlank(List<String> lines, boolean fromTop) {
        for (int k = 0; k < lines.size(); k++) {
            int i = fromTop ? k : lines.size() - 1 - k;
            if (!lines.get(i).isEmpty()) {
                return i;
            }
        }
        return -1;
    }
}
