package dev.scoperag.core.extract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the 10-K / 10-Q sections ("Item 7", "Item 1A", "Part II") of a normalized text begin, so a
 * chunk can carry the heading it falls under.
 *
 * <p>The section in effect at an offset is the last heading at or before it. Table-of-contents
 * rows are not headings: a heading line ending in a page number, or one of a run of headings with
 * almost no text between them, is ignored, so the TOC does not label the pages after it.
 */
public final class SectionIndex {

    /** A heading the index accepted: where it starts and the label it gives the text after it. */
    public record Heading(int offset, String label) {
    }

    private static final int MAX_TITLE_IN_LABEL = 100;
    private static final int MAX_MID_LINE_TITLE = 130;
    // A TOC lists a dozen or more items back to back; a 10-K body has at most four or five short
    // items in a row ("Item 9B. Other Information None. Item 9C. ... Not applicable. PART III").
    private static final int TOC_RUN = 6;
    private static final int TOC_GAP_CHARS = 150;

    private static final Pattern ITEM = Pattern.compile(
            "(?i)(items?)\\s+(\\d{1,2}[a-d]?)((?:\\s*(?:,|and|&|through|to)\\s*\\d{1,2}[a-d]?)*)"
                    + "(?:\\s*[.:|\\-\u2013\u2014]+\\s*|\\s+|$)(.*)");
    private static final Pattern PART = Pattern.compile(
            "(?i)part\\s+(i ?v|i(?: ?i){0,2})\\b(?:\\s*[.:|\\-\u2013\u2014]+\\s*|\\s+|$)(.*)");
    // A heading glued into a line by the text producer ("None. Item 2. Properties"): only after
    // the end of a sentence or a number, and only capitalized.
    private static final Pattern MID_LINE_START = Pattern.compile(
            "(?<=[.!?:;)\"\u201D\\]\\d] )(?:Items?|ITEMS?|Part|PART) ");
    private static final Pattern TRAILING_PAGE_NUMBER =
            Pattern.compile("(?:^|[\\s.|])(?:\\d{1,3}|[ivx]{1,5}|[A-Z]-\\d{1,3})$");
    private static final Pattern ITEM_LETTER = Pattern.compile("(\\d)([a-dA-D])\\b");
    private static final Set<String> MINOR_WORDS = Set.of(
            "a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "with", "that");

    private final int[] starts;
    private final String[] labels;

    private SectionIndex(List<Heading> headings) {
        this.starts = headings.stream().mapToInt(Heading::offset).toArray();
        this.labels = headings.stream().map(Heading::label).toArray(String[]::new);
    }

    /** Indexes the headings of a normalized text. */
    public static SectionIndex of(String text) {
        List<Candidate> candidates = new ArrayList<>();
        int lineStart = 0;
        String previousLine = "";
        while (lineStart <= text.length()) {
            int lineEnd = text.indexOf('\n', lineStart);
            lineEnd = lineEnd < 0 ? text.length() : lineEnd;
            String line = text.substring(lineStart, lineEnd);
            candidatesInLine(line, lineStart, previousLine, candidates);
            if (!line.isBlank()) {
                previousLine = line;
            }
            lineStart = lineEnd + 1;
        }
        return new SectionIndex(withoutTableOfContents(candidates));
    }

    /** The label of the section holding {@code offset}, or null before the first heading. */
    public String sectionAt(int offset) {
        int found = Arrays.binarySearch(starts, offset);
        int index = found >= 0 ? found : -found - 2;
        return index < 0 ? null : labels[index];
    }

    /** The accepted headings in text order. */
    public List<Heading> headings() {
        List<Heading> headings = new ArrayList<>(starts.length);
        for (int i = 0; i < starts.length; i++) {
            headings.add(new Heading(starts[i], labels[i]));
        }
        return headings;
    }

    private record Candidate(int offset, int end, String label, boolean tocRow) {
    }

    private static void candidatesInLine(String line, int lineOffset, String previousLine, List<Candidate> out) {
        List<Integer> positions = new ArrayList<>();
        int indent = 0;
        while (indent < line.length() && line.charAt(indent) == ' ') {
            indent++;
        }
        if (!continuesSentence(previousLine)) {
            positions.add(indent);
        }
        Matcher midLine = MID_LINE_START.matcher(line);
        while (midLine.find()) {
            positions.add(midLine.start());
        }
        for (int i = 0; i < positions.size(); i++) {
            int from = positions.get(i);
            int to = i + 1 < positions.size() ? positions.get(i + 1) : line.length();
            boolean atLineStart = from == indent;
            Candidate candidate = parse(line.substring(from, to).strip(), lineOffset + from, atLineStart);
            if (candidate != null) {
                out.add(candidate);
            }
        }
    }

    // "...as described in Part II,\nItem 8. Financial Statements" is a cross-reference that the
    // layout happened to wrap, not a heading.
    private static boolean continuesSentence(String previousLine) {
        String p = previousLine.stripTrailing();
        if (p.isEmpty()) {
            return false;
        }
        char last = p.charAt(p.length() - 1);
        return last == ',' || last == ';' || last == '(' || (Character.isLowerCase(last) && p.length() > 60);
    }

    private static Candidate parse(String segment, int offset, boolean atLineStart) {
        String title;
        String prefix;
        Matcher item = ITEM.matcher(segment);
        Matcher part = PART.matcher(segment);
        if (item.lookingAt()) {
            boolean plural = item.group(1).length() > 4;
            prefix = (plural ? "Items " : "Item ") + upperCaseItemLetters(item.group(2) + item.group(3));
            title = item.group(4).strip();
        } else if (part.lookingAt()) {
            // PDF text sometimes spaces the letters of a numeral ("PART I V").
            prefix = "Part " + part.group(1).replace(" ", "").toUpperCase(Locale.ROOT);
            title = part.group(2).strip();
            Matcher itemAfterPart = ITEM.matcher(title);
            if (itemAfterPart.lookingAt()) {
                // "Part II Item 5. Market for ..." is Item 5; it starts where the Part does.
                Candidate inner = parse(title, offset, atLineStart);
                return inner == null ? null : new Candidate(offset, offset + segment.length(), inner.label(), inner.tocRow());
            }
        } else {
            return null;
        }
        if (!title.isEmpty() && Character.isLowerCase(title.charAt(0))) {
            return null; // "Item 7 of this report", "Part I of Form 10-K"
        }
        String bareTitle = stripTableSeparators(title);
        if (bareTitle.toLowerCase(Locale.ROOT).endsWith("(continued)")) {
            // A heading repeated over a page break (or atop a TOC's second page) does not start a section.
            return null;
        }
        boolean tocRow = TRAILING_PAGE_NUMBER.matcher(bareTitle).find() && !bareTitle.isEmpty();
        if (!atLineStart && (bareTitle.length() > MAX_MID_LINE_TITLE || !looksLikeTitle(bareTitle))) {
            return null;
        }
        String label = bareTitle.isEmpty() || !looksLikeTitle(bareTitle) ? prefix : prefix + ". " + shorten(bareTitle);
        return new Candidate(offset, offset + segment.length(), label, tocRow);
    }

    // "1a and 2" -> "1A and 2": the letter of an item number, not the words around it.
    private static String upperCaseItemLetters(String numbers) {
        return ITEM_LETTER.matcher(numbers.replaceAll("\\s+", " ")).replaceAll(m -> m.group(1) + m.group(2).toUpperCase(Locale.ROOT));
    }

    private static String stripTableSeparators(String title) {
        String t = title.replace(" | ", " ").strip();
        while (t.endsWith("|") || t.endsWith(".")) {
            t = t.substring(0, t.length() - 1).strip();
        }
        return t.startsWith("|") ? t.substring(1).strip() : t;
    }

    // Heading titles are capitalized word by word ("Controls and Procedures") or all capitals;
    // prose after a cross-reference is not.
    private static boolean looksLikeTitle(String title) {
        if (title.isEmpty()) {
            return true;
        }
        int words = 0;
        int capitalized = 0;
        for (String word : title.split(" ")) {
            // Single letters are PDF kerning debris ("Propertie s"), not words.
            if (word.length() < 2 || MINOR_WORDS.contains(word.toLowerCase(Locale.ROOT))) {
                continue;
            }
            words++;
            if (!Character.isLowerCase(word.charAt(0))) {
                capitalized++;
            }
        }
        return words > 0 && capitalized >= 0.7 * words;
    }

    private static String shorten(String title) {
        if (title.length() <= MAX_TITLE_IN_LABEL) {
            return title;
        }
        int cut = title.lastIndexOf(' ', MAX_TITLE_IN_LABEL);
        return title.substring(0, cut > 0 ? cut : MAX_TITLE_IN_LABEL).replaceAll("[,;:]$", "");
    }

    /**
     * Where the TOC part of a dense run of headings ends. A TOC runs straight into the body
     * ("... ITEM 16 Form 10-K Summary 133 / PART I / Item 1. Business"), so the run's headings after
     * its last page-numbered row are the body's; without page numbers, only the run's last heading,
     * the one followed by real text, is.
     */
    private static int tocEnd(List<Candidate> candidates, int runStart, int runEnd) {
        for (int i = runEnd - 1; i >= runStart; i--) {
            if (candidates.get(i).tocRow()) {
                return i + 1;
            }
        }
        return runEnd - 1;
    }

    private static List<Heading> withoutTableOfContents(List<Candidate> candidates) {
        boolean[] toc = new boolean[candidates.size()];
        int runStart = 0;
        for (int i = 0; i <= candidates.size(); i++) {
            boolean closeToPrevious = i > 0 && i < candidates.size()
                    && candidates.get(i).offset() - candidates.get(i - 1).end() < TOC_GAP_CHARS;
            if (!closeToPrevious) {
                if (i - runStart >= TOC_RUN) {
                    Arrays.fill(toc, runStart, tocEnd(candidates, runStart, i), true);
                }
                runStart = i;
            }
        }
        List<Heading> headings = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            Candidate candidate = candidates.get(i);
            if (!toc[i] && !candidate.tocRow()) {
                headings.add(new Heading(candidate.offset(), candidate.label()));
            }
        }
        return headings;
    }
}
