package dev.scoperag.core.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The three primary financial statements, as a question names them and as a filing heads them.
 *
 * <p>Analysts ask for a figure "from the statement of income" or "shown in the balance sheet", and the
 * figure is on that statement's page: a table of numbers under a title, with few of the question's words,
 * so both BM25 and dense search prefer the prose of the MD&amp;A that discusses the same line item. Naming
 * the statement is a precise signal: the query side reads it from the question (by its title, or, for the cash
 * flow statement, by its three sections named together: operating, investing and financing activities), the
 * index side tags the chunks that hold the statement itself.
 *
 * <p>A chunk holds a statement when the statement's title is followed, within {@value #TITLE_TO_MARKER}
 * characters, by what opens a statement table: a unit line ("(in millions", "(Dollars in thousands") or a
 * period line ("Years Ended", "At December 31"), and the title is not a reference in prose: not after an article,
 * a possessive or a preposition ("recorded in the Company's Consolidated Balance Sheets", "the related consolidated
 * statements of income" of the auditor's report), nor followed by a comma or a full stop. Those references are
 * followed by a period line as often as not ("... Consolidated Balance Sheets: January 31, (Amounts in millions)"
 * opening a note's table), and they outnumber the statements: in the 23 filings of six FinanceBench issuers, 430
 * chunks were tagged without this rule, most of them the notes' and the auditor's prose. Matching ignores case and
 * whitespace, because PDF extraction of some filings runs words together ("ConsolidatedStatementsofIncome") or
 * splits them ("Balance Shee t").
 */
public enum FinancialStatement {

    INCOME("(?:consolidated)?(?:statements?of(?:consolidated)?(?:operations|income|earnings)|incomestatements?)",
            "income statements?|statements? of (?:consolidated )?(?:income|operations|earnings)|p&l|profit and loss statement"),
    BALANCE_SHEET("(?:consolidated)?(?:balancesheets?|statements?of(?:consolidated)?financialposition)",
            "balance sheets?|statements? of financial position"),
    CASH_FLOWS("(?:consolidated)?statements?of(?:consolidated)?cashflows?",
            "cash ?flows? statements?|statements? of (?:consolidated )?cash ?flows?"
                    + "|(?:operating|operations),? investing,? and financing(?: activities)?");

    /** How far (in characters, whitespace removed) after a title the opening of its table must begin. */
    static final int TITLE_TO_MARKER = 240;
    /** Longer than any title the patterns match ("consolidatedstatementsofconsolidatedfinancialposition" is 53). */
    private static final int MAX_TITLE_CHARS = 64;
    /**
     * Words that, just before a title, make it a reference in running text rather than a heading: articles,
     * determiners, prepositions and the adjectives of the auditor's and the notes' phrasing. "Condensed" is looked
     * through: "the Company's Condensed Consolidated Balance Sheets" is prose, a 10-Q's "CONDENSED CONSOLIDATED
     * BALANCE SHEETS" under the company's name is not.
     */
    private static final Set<String> PROSE_BEFORE_TITLE = Set.of("the", "a", "an", "our", "its", "their", "this", "these",
            "in", "on", "within", "of", "to", "from", "into", "and", "or", "accompanying", "related", "supplemental");
    private static final Pattern TABLE_OPENING = Pattern.compile(
            "[($][a-z$,]{0,30}?in(?:millions|thousands|billions)|yearsended|yearended|fiscalyearsended|"
                    + "fiscalyearended|monthsended|atdecember|asofdecember|december31,20|ended(?:january|february|march|june|september|december)");

    private final Pattern title;
    private final Pattern named;

    FinancialStatement(String compactTitle, String namedInQuestion) {
        this.title = Pattern.compile(compactTitle);
        this.named = Pattern.compile("\\b(?:" + namedInQuestion + ")\\b");
    }

    /** The statements a question names (case-insensitive); empty for most questions. */
    public static Set<FinancialStatement> namedIn(String question) {
        Set<FinancialStatement> statements = EnumSet.noneOf(FinancialStatement.class);
        if (question == null) {
            return statements;
        }
        String lower = question.toLowerCase(Locale.ROOT);
        for (FinancialStatement s : values()) {
            if (s.named.matcher(lower).find()) {
                statements.add(s);
            }
        }
        return statements;
    }

    /** Chunks overlap by half, so a title in a chunk's first half is wholly inside some chunk with its table. */
    public static final int CHUNK_HEADING_WITHIN = 1_100;

    /** The statement a chunk holds: its title opens a table in the chunk's first half; empty for most chunks. */
    public static Optional<FinancialStatement> headedIn(String chunkText) {
        return headedIn(chunkText, CHUNK_HEADING_WITHIN);
    }

    /**
     * The statement whose title opens a table within {@code text}'s first {@code within} characters
     * (whitespace removed), the earliest one when several do; empty when none does.
     */
    public static Optional<FinancialStatement> headedIn(String text, int within) {
        // Only the part a title starting before `within` and its table opening can reach: every chunk is tagged
        // when an index is built, so the rest of a 2,500-char chunk is not worth copying or scanning.
        int reach = within + MAX_TITLE_CHARS + TITLE_TO_MARKER;
        int[] offsets = new int[reach];
        String compact = compact(text, reach, offsets);
        int limit = Math.min(compact.length(), within);
        // Every title holds "statement" or "balancesheet"; most chunks have neither near their start, and two
        // substring searches are far cheaper than three patterns tried at every position.
        int titleEnd = limit + MAX_TITLE_CHARS;
        if (!startsWithin(compact, "statement", titleEnd) && !startsWithin(compact, "balancesheet", titleEnd)) {
            return Optional.empty();
        }
        FinancialStatement best = null;
        int bestAt = Integer.MAX_VALUE;
        for (FinancialStatement s : values()) {
            Matcher m = s.title.matcher(compact);
            while (m.find() && m.start() < limit && m.start() < bestAt) {
                Matcher opening = TABLE_OPENING.matcher(compact).region(m.end(), Math.min(compact.length(), m.end() + TITLE_TO_MARKER));
                if (opening.find() && !inProse(text, offsets[m.start()], offsets[m.end() - 1] + 1)) {
                    best = s;
                    bestAt = m.start();
                    break;
                }
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * Where a statement is headed in a document: its title starts at {@code titleStart} and ends at {@code titleEnd}
     * (offsets in the text given), and what opens its table follows within {@value #TITLE_TO_MARKER} characters.
     */
    public record Heading(FinancialStatement statement, int titleStart, int titleEnd) {}

    /**
     * Every statement heading of a whole document, in order: a title followed by the opening of its table, as
     * {@link #headedIn(String, int)} recognizes one at a chunk's start.
     */
    public static List<Heading> headingsIn(String text) {
        int[] offsets = new int[text.length()];
        String compact = compact(text, text.length(), offsets);
        List<Heading> headings = new ArrayList<>();
        for (FinancialStatement s : values()) {
            Matcher m = s.title.matcher(compact);
            Matcher opening = TABLE_OPENING.matcher(compact);
            while (m.find()) {
                opening.region(m.end(), Math.min(compact.length(), m.end() + TITLE_TO_MARKER));
                if (opening.find() && !inProse(text, offsets[m.start()], offsets[m.end() - 1] + 1)) {
                    headings.add(new Heading(s, offsets[m.start()], offsets[m.end() - 1] + 1));
                }
            }
        }
        headings.sort(Comparator.comparingInt(Heading::titleStart));
        return headings;
    }

    private static boolean startsWithin(String compact, String word, int end) {
        int at = compact.indexOf(word);
        return at >= 0 && at < end;
    }

    /**
     * Whether the title at {@code [titleStart, titleEnd)} of {@code text} is a reference in running text: the word
     * before it is one of {@link #PROSE_BEFORE_TITLE} or a possessive ("Company's", "AES'"), it is the end of a
     * hyphenated word ("Off-Balance Sheet"), or a comma, semicolon or full stop follows it.
     */
    static boolean inProse(String text, int titleStart, int titleEnd) {
        int after = titleEnd;
        while (after < text.length() && Character.isWhitespace(text.charAt(after))) {
            after++;
        }
        if (after < text.length() && ".,;".indexOf(text.charAt(after)) >= 0) {
            return true;
        }
        int before = skipSpaceBefore(text, titleStart);
        if (before > 1 && text.charAt(before - 1) == '-' && Character.isLetter(text.charAt(before - 2))) {
            return true;
        }
        String word = wordBefore(text, titleStart);
        if (word.equals("condensed")) {
            word = wordBefore(text, startOfWordBefore(text, titleStart));
        }
        return PROSE_BEFORE_TITLE.contains(word) || word.endsWith("'s") || word.endsWith("\u2019s")
                || word.endsWith("s'") || word.endsWith("s\u2019");
    }

    /** The word (letters and apostrophes, lower-cased) before {@code end}, the whitespace between them skipped. */
    private static String wordBefore(String text, int end) {
        int start = startOfWordBefore(text, end);
        int stop = start;
        while (stop < end && isWordChar(text.charAt(stop))) {
            stop++;
        }
        return text.substring(start, stop).toLowerCase(Locale.ROOT);
    }

    /** Where the word {@link #wordBefore} reads before {@code end} starts. */
    private static int startOfWordBefore(String text, int end) {
        int start = skipSpaceBefore(text, end);
        while (start > 0 && isWordChar(text.charAt(start - 1))) {
            start--;
        }
        return start;
    }

    /** {@code end} moved back over the whitespace before it. */
    private static int skipSpaceBefore(String text, int end) {
        int at = end;
        while (at > 0 && Character.isWhitespace(text.charAt(at - 1))) {
            at--;
        }
        return at;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetter(c) || c == '\'' || c == '\u2019';
    }

    /**
     * {@code text} lower-cased without whitespace, at most its first {@code max} such characters; {@code offsets[i]}
     * is set to the offset in {@code text} of the result's character {@code i}.
     */
    private static String compact(String text, int max, int[] offsets) {
        StringBuilder b = new StringBuilder(Math.min(text.length(), max));
        for (int i = 0; i < text.length() && b.length() < max; i++) {
            char c = text.charAt(i);
            if (!Character.isWhitespace(c)) {
                offsets[b.length()] = i;
                b.append(Character.toLowerCase(c));
            }
        }
        return b.toString();
    }
}
