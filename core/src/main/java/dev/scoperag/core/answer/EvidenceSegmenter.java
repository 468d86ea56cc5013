package dev.scoperag.core.answer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits chunk text into the units an answer can quote: prose sentences and table rows, each as a
 * span of the text so a citation can point at it exactly.
 *
 * <p>Two table layouts occur in extracted filings and both become one row per line item:
 * <ul>
 *   <li>PDF text puts a row on one line: {@code Purchases of PP&E (1,577) (1,373) (1,420)}. A line is
 *       such a row when it has letters and ends in two or more figures (or in one figure and has at
 *       most {@value #SHORT_ROW_WORDS} words), because wrapped prose rarely ends in two figures.
 *   <li>EDGAR plain text puts every cell on its own line. A line of figures only (digits, currency,
 *       parentheses, dashes, percent) joins the label line above it.
 * </ul>
 * Other lines are prose: consecutive ones form a paragraph (wrapped lines join), cut into sentences
 * after {@code . ! ?} followed by a capital, digit or opening bracket, except after an abbreviation.
 */
final class EvidenceSegmenter {

    /** A quotable unit: {@code text.substring(start, end)}, trimmed, never empty. */
    record Segment(int start, int end, boolean tableRow) {

        String text(String source) {
            return source.substring(start, end);
        }
    }

    static final int SHORT_ROW_WORDS = 8;

    private static final Pattern CELL_LINE = Pattern.compile(
            "[\\s$€£%()\\-\u2013\u2014.,]*\\d[\\d\\s$€£%()\\-\u2013\u2014.,]*|[$€£%\u2013\u2014\\-]+");
    private static final String FIGURE = "(?:\\(?[$€£]?\\s?\\d[\\d,]*(?:\\.\\d+)?\\)?%?|[$€£]|[\u2013\u2014\\-]{1,2})";
    private static final Pattern TWO_TRAILING_FIGURES = Pattern.compile("(?:\\s+" + FIGURE + "){2,}\\s*$");
    private static final Pattern ONE_TRAILING_FIGURE = Pattern.compile("\\s+\\(?[$€£]?\\s?\\d[\\d,]*(?:\\.\\d+)?\\)?%?\\s*$");
    private static final Pattern LETTER = Pattern.compile("\\p{L}");
    private static final Pattern SENTENCE_END = Pattern.compile("[.!?][\"')\\]\u201d\u2019]?\\s+(?=[\\p{Lu}\\d(\"$\u201c])");
    private static final Pattern HEADING_NUMBER = Pattern.compile("\\d{1,2}[A-Z]?|[IVX]{1,4}");
    private static final Set<String> HEADING_WORDS = Set.of("item", "note", "part", "section");
    private static final Set<String> ABBREVIATIONS = Set.of(
            "inc", "co", "corp", "ltd", "no", "nos", "mr", "mrs", "ms", "dr", "vs", "approx", "jan", "feb", "mar",
            "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "st", "fig", "ref", "sec");

    private EvidenceSegmenter() {
    }

    static List<Segment> segments(String text) {
        List<int[]> lines = lines(text);
        List<Segment> segments = new ArrayList<>();
        int paragraphStart = -1;
        int paragraphEnd = -1;
        int rowStart = -1;
        int rowEnd = -1;
        for (int i = 0; i < lines.size(); i++) {
            int start = lines.get(i)[0];
            int end = lines.get(i)[1];
            if (start == end) {
                rowStart = flushRow(segments, rowStart, rowEnd);
                paragraphStart = flushParagraph(text, segments, paragraphStart, paragraphEnd);
                continue;
            }
            String line = text.substring(start, end);
            if (CELL_LINE.matcher(line).matches()) {
                paragraphStart = flushParagraph(text, segments, paragraphStart, paragraphEnd);
                // A label waiting for its cells, or cells at the chunk's start whose label is in the previous chunk.
                rowStart = rowStart < 0 ? start : rowStart;
                rowEnd = end;
                continue;
            }
            rowStart = flushRow(segments, rowStart, rowEnd);
            if (nextLineIsCells(text, lines, i) || isOneLineRow(line)) {
                paragraphStart = flushParagraph(text, segments, paragraphStart, paragraphEnd);
                rowStart = start;
                rowEnd = end;
                continue;
            }
            paragraphStart = paragraphStart < 0 ? start : paragraphStart;
            paragraphEnd = end;
        }
        flushRow(segments, rowStart, rowEnd);
        flushParagraph(text, segments, paragraphStart, paragraphEnd);
        return segments;
    }

    static boolean isOneLineRow(String line) {
        if (!LETTER.matcher(line).find()) {
            return false;
        }
        if (TWO_TRAILING_FIGURES.matcher(line).find()) {
            return true;
        }
        return ONE_TRAILING_FIGURE.matcher(line).find() && line.strip().split("\\s+").length <= SHORT_ROW_WORDS;
    }

    /** A blank line ends an EDGAR table row as it ends a paragraph, so only the very next line counts. */
    private static boolean nextLineIsCells(String text, List<int[]> lines, int i) {
        if (i + 1 >= lines.size()) {
            return false;
        }
        int[] next = lines.get(i + 1);
        return next[0] != next[1] && CELL_LINE.matcher(text.substring(next[0], next[1])).matches();
    }

    private static int flushRow(List<Segment> segments, int rowStart, int rowEnd) {
        if (rowStart >= 0) {
            segments.add(new Segment(rowStart, rowEnd, true));
        }
        return -1;
    }

    private static int flushParagraph(String text, List<Segment> segments, int start, int end) {
        if (start < 0) {
            return -1;
        }
        int sentenceStart = start;
        Matcher boundary = SENTENCE_END.matcher(text).region(start, end);
        while (boundary.find()) {
            if (endsWithAbbreviation(text, sentenceStart, boundary.start())) {
                continue;
            }
            int sentenceEnd = trimEnd(text, sentenceStart, boundary.end());
            if (sentenceEnd > sentenceStart) {
                segments.add(new Segment(sentenceStart, sentenceEnd, false));
            }
            sentenceStart = boundary.end();
        }
        if (sentenceStart < end) {
            segments.add(new Segment(sentenceStart, end, false));
        }
        return -1;
    }

    /** True when the word before the period at {@code dot} is an abbreviation, an initial or dotted ("U.S."). */
    private static boolean endsWithAbbreviation(String text, int from, int dot) {
        if (text.charAt(dot) != '.') {
            return false;
        }
        int wordStart = dot;
        while (wordStart > from && !Character.isWhitespace(text.charAt(wordStart - 1))) {
            wordStart--;
        }
        String word = text.substring(wordStart, dot).replaceAll("^[(\"\u201c]+", "");
        return word.length() == 1 && Character.isLetter(word.charAt(0))
                || word.indexOf('.') >= 0
                || ABBREVIATIONS.contains(word.toLowerCase(Locale.ROOT))
                || isHeadingNumber(text, from, wordStart, word);
    }

    /** "Item 7." or "Note 12." opens a heading, it does not end a sentence. */
    private static boolean isHeadingNumber(String text, int from, int wordStart, String word) {
        if (!HEADING_NUMBER.matcher(word).matches()) {
            return false;
        }
        int end = wordStart;
        while (end > from && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        int start = end;
        while (start > from && Character.isLetter(text.charAt(start - 1))) {
            start--;
        }
        return HEADING_WORDS.contains(text.substring(start, end).toLowerCase(Locale.ROOT));
    }

    private static int trimEnd(String text, int start, int end) {
        while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        return end;
    }

    /** Each line as [start, end) without its line break and surrounding whitespace; a blank line is empty. */
    private static List<int[]> lines(String text) {
        List<int[]> lines = new ArrayList<>();
        int lineStart = 0;
        int length = text.length();
        while (lineStart <= length) {
            int newline = text.indexOf('\n', lineStart);
            int lineEnd = newline < 0 ? length : newline;
            int start = lineStart;
            int end = lineEnd;
            while (start < end && Character.isWhitespace(text.charAt(start))) {
                start++;
            }
            while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
                end--;
            }
            lines.add(new int[] {start, end});
            if (newline < 0) {
                break;
            }
            lineStart = newline + 1;
        }
        return lines;
    }
}
