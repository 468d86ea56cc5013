package dev.scoperag.core.fact;

import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.search.FinancialStatement;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.Month;
import java.time.MonthDay;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the facts of the three primary statements from the extracted text of a PDF or plain-text filing: where
 * {@link FinancialStatement} finds a statement headed, the table under the heading is read row by row. The column
 * headers give the periods ("Years Ended December 31, 2022 2021 2020", "December 28, 2019 December 29, 2018"), the
 * unit line the scale ("in millions, except per share data"), and each row a line item with one value per column:
 * "(1,234)" is negative, a dash is zero, footnote marks are dropped, per-share and share-count rows keep their own
 * units.
 *
 * <p>A column printed as a bare year ends on the date the header gives, else on the header's month and day ("Year
 * Ended June 30,"), else on the end of that fiscal year as the document names it elsewhere ("for the fiscal year ended
 * May 29, 2022"), and only failing all of these on December 31.
 *
 * <p>A table is read only when its columns are: a row whose values cannot be placed in columns (fewer values than
 * columns and no way to tell which are empty) gives no fact, rather than a figure in the wrong year. The same line
 * item and period read twice keeps the first reading: the primary statements come before the notes and schedules
 * that repeat their rows. Work is bounded by the document's length; nothing here throws for odd text.
 */
public final class StatementTableReader implements FactReader {

    /** The most characters read after a heading: a statement runs a page or two. */
    static final int MAX_STATEMENT_CHARS = 24_000;
    private static final int MAX_HEADER_LINES = 40;
    private static final int MAX_ROWS = 400;
    /** A heading whose table gives fewer rows than this was prose or a table of contents, not a statement. */
    private static final int MIN_ROWS = 3;
    private static final int MAX_HEADINGS = 200;
    /** The most characters a heading's line holds beside the title: a company name, "(continued)", "(Unaudited)". */
    private static final int MAX_BESIDE_TITLE = 48;
    /** A row's label is a line item, not a sentence: longer than this is prose between tables. */
    private static final int MAX_LABEL_CHARS = 200;
    private static final int MAX_UNIT_LINE = 120;
    /** A statement runs over at most this many pages after its heading's. */
    private static final int MAX_PAGES_AFTER_HEADING = 1;

    private static final String MONTHS = "(january|february|march|april|may|june|july|august|september|october|november|december"
            + "|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\\.?";
    private static final Pattern FULL_DATE = Pattern.compile("(?i)" + MONTHS + "\\s*(\\d{1,2})\\s*,?\\s*((?:19|20)\\d\\d)");
    private static final Pattern MONTH_DAY = Pattern.compile("(?i)" + MONTHS + "\\s*(\\d{1,2})\\b");
    private static final Pattern YEAR = Pattern.compile("(?:19|20)\\d\\d");
    private static final Pattern YEAR_ENDED = Pattern.compile("(?i)years?\\s*ended\\s*" + MONTHS + "\\s*(\\d{1,2})\\s*,?\\s*((?:19|20)\\d\\d)");
    private static final int MAX_YEAR_ENDS = 400;
    private static final Pattern MONTHS_ENDED = Pattern.compile("(?i)(three|six|nine|twelve|3|6|9|12)\\s*-?\\s*months?\\s*ended");
    private static final Pattern UNIT = Pattern.compile("(?i)(?:\\bin\\s*|\\b)(millions|thousands|billions)\\b");
    private static final Pattern SHARES_UNIT = Pattern.compile("(?i)shares?\\b[^.;)]{0,30}?\\bin\\s*(millions|thousands|billions)");
    private static final Pattern EXCEPT_SHARES = Pattern.compile("(?i)except\\s*(?:for\\s*)?(?:number\\s*of\\s*)?shares?\\b");
    private static final Pattern VALUE = Pattern.compile(
            "\\(?\\s*\\$?\\s*\\(?\\s*(-?)(\\d{1,3}(?:,\\d{3})+|\\d+)(\\.\\d+)?\\s*\\)?\\s*%?|[—–-]+");
    private static final Pattern END_OF_STATEMENT = Pattern.compile(
            "(?i)(?:see|refer to|the)\\s*(?:the\\s*)?accompanying\\s*notes|see\\s*notes\\s*to|refer\\s*to\\s*notes|"
                    + "accompanying\\s*notes\\s*(?:are|to)|notes\\s*to\\s*(?:the\\s*)?consolidated\\s*financial\\s*statements\\s*are");
    private static final Pattern TRAILING_FOOTNOTE = Pattern.compile("(?:\\s*\\((?:\\d|[a-z])\\)|\\s*\\*+|(?<=[a-z])\\d)$");
    private static final Pattern PER_SHARE = Pattern.compile("(?i)per\\s*(?:common\\s*|ordinary\\s*|basic\\s*|diluted\\s*)?share|per\\s*unit");
    private static final Pattern SHARE_COUNT = Pattern.compile(
            "(?i)(?:weighted[\\s-]*average|average)\\b.*\\bshares|^shares\\b|shares\\s*(?:used|outstanding)|number\\s*of\\s*(?:common\\s*)?shares");
    private static final Set<String> GENERIC_LABELS = Set.of("basic", "diluted", "total", "other", "net", "regulated",
            "non regulated", "nonregulated", "non-regulated", "products", "product", "services", "service");

    @Override
    public List<Fact> read(byte[] raw, ExtractedText text) {
        if (text == null || text.text() == null || text.text().isEmpty()) {
            return List.of();
        }
        String document = text.text();
        List<FinancialStatement.Heading> headings;
        try {
            headings = FinancialStatement.headingsIn(document);
        } catch (RuntimeException e) {
            return List.of();
        }
        Map<Integer, LocalDate> yearEnds = yearEnds(document);
        Map<String, Fact> facts = new LinkedHashMap<>();
        int read = 0;
        for (int i = 0; i < headings.size() && read < MAX_HEADINGS; i++) {
            FinancialStatement.Heading heading = headings.get(i);
            int end = Math.min(document.length(), heading.titleStart() + MAX_STATEMENT_CHARS);
            if (i + 1 < headings.size() && headings.get(i + 1).titleStart() > heading.titleEnd()) {
                end = Math.min(end, headings.get(i + 1).titleStart());
            }
            if (text.hasPages()) {
                int lastPage = text.pageAt(heading.titleStart()) + MAX_PAGES_AFTER_HEADING + 1;
                if (lastPage < text.pageCount()) {
                    end = Math.min(end, text.pageStarts()[lastPage]);
                }
            }
            if (end <= heading.titleEnd() || !headsItsLine(document, heading)) {
                continue;
            }
            read++;
            try {
                for (Fact f : new Table(document, heading, end, text, yearEnds).read()) {
                    facts.putIfAbsent(f.concept() + "|" + f.period() + "|" + f.unit(), f);
                }
            } catch (RuntimeException e) {
                // A statement that cannot be read gives no facts; the others still do.
            }
        }
        return List.copyOf(facts.values());
    }

    /**
     * The ends of the fiscal years the document names ("for the fiscal year ended May 29, 2022"), the first naming of
     * each year: what dates a statement's columns when its header prints only the years ("Fiscal Year 2022 2021").
     */
    static Map<Integer, LocalDate> yearEnds(String document) {
        Map<Integer, LocalDate> ends = new java.util.HashMap<>();
        Matcher m = YEAR_ENDED.matcher(document);
        for (int found = 0; found < MAX_YEAR_ENDS && m.find(); found++) {
            LocalDate date = Table.date(m.group(1), m.group(2), m.group(3));
            if (date != null) {
                ends.putIfAbsent(date.getYear(), date);
            }
        }
        return ends;
    }

    /**
     * Whether a statement's title stands as a heading: on a line of its own, perhaps after the company's name, not
     * inside a sentence that refers to the statement ("... on our consolidated balance sheets. As of December 31").
     */
    static boolean headsItsLine(String document, FinancialStatement.Heading heading) {
        int lineStart = document.lastIndexOf('\n', heading.titleStart() - 1) + 1;
        int lineEnd = document.indexOf('\n', heading.titleEnd());
        lineEnd = lineEnd < 0 ? document.length() : lineEnd;
        return heading.titleStart() - lineStart <= MAX_BESIDE_TITLE && lineEnd - heading.titleEnd() <= MAX_BESIDE_TITLE;
    }

    /** One statement's table, read from its heading to {@code end}. */
    private static final class Table {

        private final String document;
        private final FinancialStatement statement;
        private final int start;
        private final int end;
        private final ExtractedText text;

        private BigDecimal scale = BigDecimal.ONE;
        private BigDecimal shareScale;
        private boolean exceptShares;
        private final List<Integer> columnYears = new ArrayList<>();
        private final Map<Integer, LocalDate> dateByYear = new LinkedHashMap<>();
        private final List<Integer> monthsEnded = new ArrayList<>();
        private MonthDay monthDay;
        private boolean lastWasLoneYear;

        private String section = "";
        private String pending = "";
        private Row open;
        /** The line the open row's label and values were printed on, when they were on one. */
        private Line openLine;
        private final List<Row> rows = new ArrayList<>();

        private final Map<Integer, LocalDate> yearEnds;

        Table(String document, FinancialStatement.Heading heading, int end, ExtractedText text, Map<Integer, LocalDate> yearEnds) {
            this.yearEnds = yearEnds;
            this.document = document;
            this.statement = heading.statement();
            this.start = heading.titleEnd();
            this.end = end;
            this.text = text;
        }

        List<Fact> read() {
            boolean inHeader = true;
            int headerLines = 0;
            int lineStart = start;
            while (lineStart < end && rows.size() < MAX_ROWS) {
                int lineEnd = document.indexOf('\n', lineStart);
                lineEnd = lineEnd < 0 || lineEnd > end ? end : lineEnd;
                String line = document.substring(lineStart, lineEnd);
                int at = lineStart;
                lineStart = lineEnd + 1;
                if (END_OF_STATEMENT.matcher(line).find() && !columnYears.isEmpty()) {
                    break;
                }
                if (!inHeader && line.length() < MAX_UNIT_LINE && UNIT.matcher(line).find()) {
                    break; // a unit line after the rows opens the next table
                }
                Line parsed = Line.parse(line, at);
                if (inHeader) {
                    if (++headerLines > MAX_HEADER_LINES) {
                        return List.of();
                    }
                    if (readHeader(line, parsed) || columnYears.isEmpty()) {
                        continue;
                    }
                    inHeader = false;
                }
                body(parsed);
            }
            closeOpen();
            return rows.size() < MIN_ROWS || columnYears.size() < 2 ? List.of() : facts();
        }

        /** Takes what a header line says (columns, dates, unit); false when it says none of that. */
        private boolean readHeader(String line, Line parsed) {
            boolean said = false;
            Matcher unit = UNIT.matcher(line);
            if (unit.find()) {
                said = true;
                scale = scaleOf(unit.group(1));
                Matcher shares = SHARES_UNIT.matcher(line);
                if (shares.find()) {
                    shareScale = scaleOf(shares.group(1));
                }
                exceptShares = EXCEPT_SHARES.matcher(line).find();
            }
            Matcher months = MONTHS_ENDED.matcher(line);
            while (months.find()) {
                said = true;
                monthsEnded.add(monthsOf(months.group(1)));
            }
            List<LocalDate> dates = new ArrayList<>();
            Matcher full = FULL_DATE.matcher(line);
            while (full.find()) {
                LocalDate date = date(full.group(1), full.group(2), full.group(3));
                if (date != null) {
                    dates.add(date);
                    dateByYear.putIfAbsent(date.getYear(), date);
                }
            }
            Matcher md = MONTH_DAY.matcher(line);
            if (md.find()) {
                said = true;
                LocalDate d = date(md.group(1), md.group(2), "2000");
                if (monthDay == null && d != null) {
                    monthDay = MonthDay.from(d);
                }
            }
            List<Integer> years = parsed.columnYears();
            boolean loneYear = years.size() == 1 && parsed.label.isEmpty();
            if (!years.isEmpty()) {
                if (!(loneYear && lastWasLoneYear)) {
                    columnYears.clear();
                }
                columnYears.addAll(years);
                lastWasLoneYear = loneYear;
                return true;
            }
            lastWasLoneYear = false;
            if (dates.size() >= 2) {
                columnYears.clear();
                dates.forEach(d -> columnYears.add(d.getYear()));
                return true;
            }
            if (columnYears.isEmpty() && dates.size() == 1 && parsed.values.size() <= 2) {
                columnYears.add(dates.get(0).getYear());
                return true;
            }
            return said;
        }

        private void body(Line line) {
            if (line.isBlank()) {
                return;
            }
            if (line.label.length() > MAX_LABEL_CHARS) {
                closeOpen();
                pending = "";
                return;
            }
            if (line.columnYears().equals(columnYears)) {
                return; // the column headers repeated on a statement's second page
            }
            if (line.values.isEmpty()) {
                closeOpen();
                String label = line.label;
                if (label.endsWith(":")) {
                    section = label.substring(0, label.length() - 1).strip();
                    pending = "";
                } else if (!pending.isEmpty() && continues(pending, label)) {
                    pending = pending + " " + label;
                } else {
                    if (!pending.isEmpty()) {
                        section = pending;
                    }
                    pending = label;
                }
                return;
            }
            if (!line.label.isEmpty()) {
                closeOpen();
                String label = !pending.isEmpty() && continues(pending, line.label) ? pending + " " + line.label : line.label;
                if (!pending.isEmpty() && !continues(pending, line.label)) {
                    section = pending;
                }
                pending = "";
                open = new Row(label, section, new ArrayList<>(line.values), false);
                openLine = line;
            } else if (!pending.isEmpty()) {
                closeOpen();
                open = new Row(pending, section, new ArrayList<>(line.values), false);
                pending = "";
            } else if (open != null) {
                open.values.addAll(line.values);
            } else if (!section.isEmpty()) {
                // A row without a label under a section's rows is the section's total (MGM's revenues).
                open = new Row(section, section, new ArrayList<>(line.values), true);
            } else {
                return;
            }
            if (open.values.size() >= columnYears.size()) {
                closeOpen();
            }
        }

        private void closeOpen() {
            if (open == null) {
                return;
            }
            Row row = open;
            Line line = openLine;
            open = null;
            openLine = null;
            int columns = columnYears.size();
            if (row.values.size() < columns) {
                return; // which columns are empty cannot be told
            }
            List<Value> values = row.values.subList(row.values.size() - columns, row.values.size());
            String label = row.label;
            if (row.values.size() > columns && line != null && line.values.size() == row.values.size()) {
                // Figures inside the label ("net of allowances of $33 at December 28, 2019") belong to it.
                int labelEnd = values.get(0).start - line.offset;
                String printed = line.text.substring(0, Math.max(0, labelEnd)).strip();
                if (!printed.isEmpty() && row.label.endsWith(line.label)) {
                    label = row.label.substring(0, row.label.length() - line.label.length()) + printed;
                }
            }
            if (values.stream().anyMatch(v -> v.percent)) {
                return;
            }
            rows.add(new Row(label, row.section, new ArrayList<>(values), row.total));
        }

        private List<Fact> facts() {
            List<Fact.Period> periods = periods();
            List<Fact> facts = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (Row row : rows) {
                String label = clean(row.label);
                if (label.isEmpty()) {
                    continue;
                }
                String unit = unitOf(label, row.section);
                String concept = row.total ? (normalize(label).startsWith("total") ? "" : "total ") + normalize(label)
                        : concept(label, row.section);
                BigDecimal rowScale = switch (unit) {
                    case "USD/shares" -> BigDecimal.ONE;
                    case "shares" -> shareScale != null ? shareScale : exceptShares ? BigDecimal.ONE : scale;
                    default -> scale;
                };
                for (int c = 0; c < periods.size(); c++) {
                    Value v = row.values.get(c);
                    if (!seen.add(concept + "|" + c + "|" + unit)) {
                        continue;
                    }
                    Integer page = text.hasPages() ? text.pageAt(v.start) + 1 : null;
                    facts.add(new Fact("table:" + concept, label, periods.get(c), Map.of(), unit,
                            v.amount.multiply(rowScale).stripTrailingZeros(), null, Fact.Source.table(page, v.start, v.end)));
                }
            }
            return facts;
        }

        private List<Fact.Period> periods() {
            int columns = columnYears.size();
            List<Fact.Period> periods = new ArrayList<>(columns);
            for (int c = 0; c < columns; c++) {
                int year = columnYears.get(c);
                // The header's own dates first, then its month and day, then the document's naming of that year's end.
                LocalDate end = dateByYear.containsKey(year) ? dateByYear.get(year)
                        : monthDay != null ? monthDay.atYear(year)
                        : yearEnds.containsKey(year) ? yearEnds.get(year) : LocalDate.of(year, 12, 31);
                if (statement == FinancialStatement.BALANCE_SHEET) {
                    periods.add(Fact.Period.instant(end));
                    continue;
                }
                int months = 12;
                if (!monthsEnded.isEmpty()) {
                    int perGroup = Math.max(1, columns / monthsEnded.size());
                    months = monthsEnded.get(Math.min(monthsEnded.size() - 1, c / perGroup));
                }
                periods.add(Fact.Period.duration(end.plusDays(1).minusMonths(months), end));
            }
            return periods;
        }

        private static String unitOf(String label, String section) {
            if (SHARE_COUNT.matcher(label).find()) {
                return "shares";
            }
            if (PER_SHARE.matcher(label).find()) {
                return "USD/shares";
            }
            if (isGeneric(label)) {
                if (SHARE_COUNT.matcher(section).find()) {
                    return "shares";
                }
                if (PER_SHARE.matcher(section).find() || section.toLowerCase(Locale.ROOT).contains("earnings per")) {
                    return "USD/shares";
                }
            }
            return "USD";
        }

        private static String concept(String label, String section) {
            String normalized = normalize(label);
            return isGeneric(label) && !section.isBlank() ? normalize(section) + " " + normalized : normalized;
        }

        private static boolean isGeneric(String label) {
            return GENERIC_LABELS.contains(normalize(label));
        }

        /** Whether {@code next} carries on the label {@code previous} began (a label wrapped over two lines). */
        private static boolean continues(String previous, String next) {
            if (next.isEmpty()) {
                return false;
            }
            char first = next.charAt(0);
            String p = previous.strip();
            return Character.isLowerCase(first) || p.endsWith(",") || p.endsWith("-") || p.endsWith("(")
                    || p.matches("(?is).*\\b(and|of|or|the|to|for|in|on|from|net|by|with|attributable)$");
        }

        private static BigDecimal scaleOf(String word) {
            return switch (word.toLowerCase(Locale.ROOT)) {
                case "thousands" -> BigDecimal.valueOf(1_000);
                case "millions" -> BigDecimal.valueOf(1_000_000);
                case "billions" -> BigDecimal.valueOf(1_000_000_000);
                default -> BigDecimal.ONE;
            };
        }

        private static int monthsOf(String word) {
            return switch (word.toLowerCase(Locale.ROOT)) {
                case "three", "3" -> 3;
                case "six", "6" -> 6;
                case "nine", "9" -> 9;
                default -> 12;
            };
        }

        static LocalDate date(String month, String day, String year) {
            String m = month.toLowerCase(Locale.ROOT).replace(".", "");
            for (Month candidate : Month.values()) {
                String name = candidate.getDisplayName(TextStyle.FULL, Locale.ENGLISH).toLowerCase(Locale.ROOT);
                if (name.equals(m) || name.startsWith(m) && m.length() >= 3) {
                    try {
                        return LocalDate.of(Integer.parseInt(year), candidate, Integer.parseInt(day));
                    } catch (java.time.DateTimeException e) {
                        return null;
                    }
                }
            }
            return null;
        }
    }

    /** The line item as printed, without footnote marks, leaders and separators. */
    static String clean(String label) {
        String s = label.replace('|', ' ').replace('\u00a0', ' ').replaceAll("[.\\s]{3,}$", "").replaceAll("\\s+", " ").strip();
        s = s.replaceAll("[\\s$:]+$", "");
        for (int i = 0; i < 3; i++) {
            String stripped = TRAILING_FOOTNOTE.matcher(s).replaceAll("").strip();
            if (stripped.equals(s)) {
                break;
            }
            s = stripped;
        }
        return s.replaceAll("[\\s$:]+$", "").strip();
    }

    /** The line item as a concept: lower case, words and numbers only ("Net sales — net" is "net sales net"). */
    static String normalize(String label) {
        return label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9&%/]+", " ").strip();
    }

    /** @param total a row without a label, read as the total of its section */
    private record Row(String label, String section, List<Value> values, boolean total) {}

    /** @param plain printed as digits alone ("2022", not "2,022" or "$2022"): what a column's year looks like */
    private record Value(BigDecimal amount, boolean percent, boolean plain, int start, int end) {}

    /** A line of the table: the text before its values, and the values after the last letter. */
    private record Line(String label, List<Value> values, String text, int offset) {

        static Line parse(String line, int offset) {
            int lastLetter = -1;
            for (int i = line.length() - 1; i >= 0; i--) {
                if (Character.isLetter(line.charAt(i))) {
                    lastLetter = i;
                    break;
                }
            }
            // A label's closing parenthesis ("Operating income (loss)") is part of it, not of the first value.
            while (lastLetter >= 0 && lastLetter + 1 < line.length() && line.charAt(lastLetter + 1) == ')'
                    && line.lastIndexOf('(', lastLetter) > line.lastIndexOf(')', lastLetter)) {
                lastLetter++;
            }
            String tail = line.substring(lastLetter + 1);
            List<Value> values = new ArrayList<>();
            Matcher m = VALUE.matcher(tail);
            int labelEnd = lastLetter + 1;
            while (m.find()) {
                String token = m.group();
                if (token.isBlank()) {
                    continue;
                }
                int s = offset + lastLetter + 1 + m.start();
                int e = offset + lastLetter + 1 + m.end();
                if (m.group(1) == null) {
                    values.add(new Value(BigDecimal.ZERO, false, false, s, e));
                    continue;
                }
                BigDecimal amount = new BigDecimal(m.group(2).replace(",", "") + (m.group(3) == null ? "" : m.group(3)));
                boolean negative = token.contains("(") && token.contains(")") || !m.group(1).isEmpty();
                values.add(new Value(negative ? amount.negate() : amount, token.contains("%"), token.strip().matches("\\d{4}"), s, e));
            }
            if (lastLetter < 0 && values.isEmpty()) {
                return new Line("", List.of(), line, offset);
            }
            // A label's own trailing punctuation ("Net income (loss) $") is not a value.
            String label = line.substring(0, labelEnd).strip();
            if (lastLetter >= 0 && values.isEmpty()) {
                label = line.strip();
            }
            return new Line(label, values, line, offset);
        }

        boolean isBlank() {
            return label.isBlank() && values.isEmpty();
        }

        /**
         * The column years a header line ends with ("2022 2021 2020", "December 31, | 2024 | 2023"): two or more
         * plain years, or one when the line has no other value; empty for any other line.
         */
        List<Integer> columnYears() {
            List<Integer> years = new ArrayList<>();
            for (int i = values.size() - 1; i >= 0; i--) {
                Value v = values.get(i);
                if (!v.plain || !YEAR.matcher(v.amount.toPlainString()).matches()) {
                    break;
                }
                years.add(0, v.amount.intValue());
            }
            return years.size() >= 2 || years.size() == 1 && values.size() == 1 ? years : List.of();
        }
    }
}
