package dev.scoperag.core.route;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads fiscal years, quarters, dates and form words from a question. */
final class PeriodReader {

    static final String FORM_10K = "10-K";
    static final String FORM_10KA = "10-K/A";
    static final String FORM_10Q = "10-Q";
    static final String FORM_8K = "8-K";
    static final String FORM_EARNINGS = "EARNINGS";

    private static final int CI = Pattern.CASE_INSENSITIVE;
    private static final String MONTH =
            "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
    private static final Map<String, Integer> MONTHS = Map.ofEntries(
            Map.entry("jan", 1), Map.entry("feb", 2), Map.entry("mar", 3), Map.entry("apr", 4), Map.entry("may", 5),
            Map.entry("jun", 6), Map.entry("jul", 7), Map.entry("aug", 8), Map.entry("sep", 9), Map.entry("oct", 10),
            Map.entry("nov", 11), Map.entry("dec", 12));
    private static final String ORDINAL_QUARTER = "(first|second|third|fourth|1st|2nd|3rd|4th)";
    /** "FY2023", "FY 2023", "FY23", "FY'23", "fiscal 2023", "fiscal year 2023" before a year. */
    private static final String FISCAL_PREFIX = "(?:FY\\s*'?|fiscal\\s+(?:year\\s+)?)";

    private static final Pattern QUARTER_THEN_YEAR = Pattern.compile(
            "\\bQ([1-4])\\s*(?:(?:of|in|for)\\s+)?(?:the\\s+)?(?:" + FISCAL_PREFIX + "(\\d{4}|\\d{2})|(\\d{4}))\\b", CI);
    private static final Pattern YEAR_THEN_QUARTER = Pattern.compile("\\b(?:FY\\s*)?(\\d{4})\\s*[-/]?\\s*Q([1-4])\\b", CI);
    private static final Pattern DIGIT_Q_YEAR = Pattern.compile("\\b([1-4])Q\\s*'?(\\d{4}|\\d{2})\\b", CI);
    private static final Pattern WORD_QUARTER = Pattern.compile("\\b" + ORDINAL_QUARTER
            + "[\\s-]+(?:fiscal\\s+)?quarter\\b(?:\\s+(?:(?:of|in|for|ended)\\s+)?(?:the\\s+)?(?:" + FISCAL_PREFIX
            + ")?(\\d{4}))?", CI);
    private static final Pattern QUARTER_ALONE = Pattern.compile("\\bQ([1-4])\\b", CI);

    private static final Pattern FISCAL_YEAR = Pattern.compile("\\b" + FISCAL_PREFIX + "(\\d{4}|\\d{2})\\b", CI);
    private static final Pattern YEAR_FISCAL = Pattern.compile("\\b(\\d{4})\\s+fiscal\\b", CI);

    private static final Pattern DAY_MONTH_YEAR =
            Pattern.compile("\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?" + MONTH + ",?\\s+(\\d{4})\\b", CI);
    private static final Pattern MONTH_DAY_YEAR =
            Pattern.compile("\\b" + MONTH + "\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b", CI);
    private static final Pattern ISO_DATE = Pattern.compile("\\b(\\d{4})-(\\d{2})-(\\d{2})\\b");
    private static final Pattern US_DATE = Pattern.compile("\\b(\\d{1,2})/(\\d{1,2})/(\\d{4})\\b");

    /** A year on its own; not part of an amount ("$2,019", "2019.5"). */
    private static final Pattern BARE_YEAR = Pattern.compile("(?<![\\d$.,])\\b(199\\d|20[0-4]\\d)\\b(?![.,]?\\d)");
    /** What may stand between the two ends of a range: "FY2019 - FY2020", "from 2016 to 2017". */
    private static final Pattern RANGE_JOINER = Pattern.compile("\\s*(?:-|\u2013|\u2014|to|through|thru|until)\\s*(?:the\\s+)?", CI);
    private static final int MAX_RANGE_YEARS = 10;

    private static final Pattern LATEST = Pattern.compile(
            "\\b(?:latest|most\\s+recent(?:ly)?|last\\s+(?:fiscal\\s+)?year|this\\s+(?:fiscal\\s+)?year|current\\s+(?:fiscal\\s+)?year|recent\\s+fiscal\\s+year)\\b", CI);

    /** Words that make a later year the subject of an expectation, in the same sentence before the year. */
    private static final Pattern EXPECTATION = Pattern.compile(
            "\\b(?:expect\\w*|anticipat\\w*|guid(?:ance|ed|es)|outlook|forecast\\w*|projected|projects|projections?"
                    + "|plan(?:s|ned)?\\s+to|intends?\\s+to|will|going\\s+to)\\b[^.?!;]*$", CI);
    private static final int EXPECTATION_REACH = 80;

    private static final Pattern FORM_10K_WORDS = Pattern.compile("\\b10-?K\\b|\\bannual\\s+report\\b", CI);
    private static final Pattern FORM_10Q_WORDS = Pattern.compile("\\b10-?Q\\b|\\bquarterly\\s+report\\b", CI);
    private static final Pattern QUARTER_WORD = Pattern.compile("\\bquarter\\b", CI);
    private static final Pattern FORM_8K_WORDS = Pattern.compile("\\b8-?K\\b|\\bcurrent\\s+report\\b|\\bdated\\b", CI);
    private static final Pattern FORM_EARNINGS_WORDS = Pattern.compile(
            "\\bearnings\\s+(?:release|report|call|announcement|press\\s+release)s?\\b|\\bpress\\s+release\\b", CI);

    private PeriodReader() {}

    /** One year as written, where it was written, and whether it was written as a fiscal year. */
    private record YearMention(int year, int start, int end, boolean fiscal) {}

    static PeriodMentions read(String text) {
        BitSet used = new BitSet(text.length());
        List<YearMention> years = new ArrayList<>();
        List<String> quarters = new ArrayList<>();
        List<LocalDate> dates = new ArrayList<>();
        TreeSet<String> forms = new TreeSet<>();
        boolean quarterNamed = false;
        boolean fourthQuarter = false;

        for (Pattern p : List.of(QUARTER_THEN_YEAR, YEAR_THEN_QUARTER, DIGIT_Q_YEAR, WORD_QUARTER)) {
            Matcher m = p.matcher(text);
            while (m.find()) {
                if (overlaps(used, m.start(), m.end())) {
                    continue;
                }
                int quarter;
                Integer year;
                if (p == YEAR_THEN_QUARTER) {
                    year = Integer.parseInt(m.group(1));
                    quarter = Integer.parseInt(m.group(2));
                } else if (p == WORD_QUARTER) {
                    quarter = ordinal(m.group(1));
                    year = m.group(2) == null ? null : Integer.parseInt(m.group(2));
                } else if (p == DIGIT_Q_YEAR) {
                    quarter = Integer.parseInt(m.group(1));
                    year = fullYear(m.group(2));
                } else {
                    quarter = Integer.parseInt(m.group(1));
                    year = m.group(2) != null ? fullYear(m.group(2)) : Integer.parseInt(m.group(3));
                }
                quarterNamed = true;
                fourthQuarter |= quarter == 4;
                quarters.add(year == null ? "Q" + quarter : year + "Q" + quarter);
                if (year != null) {
                    years.add(new YearMention(year, m.start(), m.end(), true));
                }
                used.set(m.start(), m.end());
            }
        }
        Matcher alone = QUARTER_ALONE.matcher(text);
        while (alone.find()) {
            if (!overlaps(used, alone.start(), alone.end())) {
                quarterNamed = true;
                fourthQuarter |= alone.group(1).equals("4");
                quarters.add("Q" + alone.group(1));
                used.set(alone.start(), alone.end());
            }
        }

        boolean eventDate = false;
        for (Pattern p : List.of(ISO_DATE, DAY_MONTH_YEAR, MONTH_DAY_YEAR, US_DATE)) {
            Matcher m = p.matcher(text);
            while (m.find()) {
                if (overlaps(used, m.start(), m.end())) {
                    continue;
                }
                LocalDate date = date(p, m);
                if (date == null) {
                    continue;
                }
                dates.add(date);
                used.set(m.start(), m.end());
                // A month-end is a reporting date (a balance sheet "as of December 31, 2022"); any
                // other day is an event, which 8-Ks report.
                eventDate |= date.getDayOfMonth() != date.lengthOfMonth();
            }
        }

        for (Pattern p : List.of(FISCAL_YEAR, YEAR_FISCAL)) {
            Matcher m = p.matcher(text);
            while (m.find()) {
                if (!overlaps(used, m.start(), m.end())) {
                    years.add(new YearMention(fullYear(m.group(1)), m.start(), m.end(), true));
                    used.set(m.start(), m.end());
                }
            }
        }
        Matcher bare = BARE_YEAR.matcher(text);
        while (bare.find()) {
            if (!overlaps(used, bare.start(), bare.end())) {
                years.add(new YearMention(Integer.parseInt(bare.group(1)), bare.start(), bare.end(), false));
                used.set(bare.start(), bare.end());
            }
        }

        TreeSet<Integer> fiscal = new TreeSet<>();
        TreeSet<Integer> calendar = new TreeSet<>();
        TreeSet<Integer> inRange = new TreeSet<>();
        years.sort(Comparator.comparingInt(YearMention::start));
        for (int i = 0; i < years.size(); i++) {
            YearMention y = years.get(i);
            (y.fiscal() ? fiscal : calendar).add(y.year());
            if (i + 1 < years.size() && years.get(i + 1).start() >= y.end()) {
                YearMention next = years.get(i + 1);
                boolean range = RANGE_JOINER.matcher(text.substring(y.end(), next.start())).matches()
                        && next.year() > y.year() && next.year() - y.year() < MAX_RANGE_YEARS;
                if (range) {
                    for (int between = y.year() + 1; between < next.year(); between++) {
                        inRange.add(between);
                    }
                }
            }
        }

        if (FORM_10K_WORDS.matcher(text).find()) {
            forms.add(FORM_10K);
            forms.add(FORM_10KA);
        }
        if (FORM_10Q_WORDS.matcher(text).find()) {
            forms.add(FORM_10Q);
        }
        if (quarterNamed || QUARTER_WORD.matcher(text).find()) {
            forms.add(FORM_10Q);
            forms.add(FORM_EARNINGS);
            if (fourthQuarter) {
                // There is no Q4 10-Q: the fourth quarter is reported in the 10-K and the earnings release.
                forms.add(FORM_10K);
            }
        }
        if (eventDate || FORM_8K_WORDS.matcher(text).find()) {
            forms.add(FORM_8K);
        }
        if (FORM_EARNINGS_WORDS.matcher(text).find()) {
            forms.add(FORM_EARNINGS);
        }
        inRange.removeAll(fiscal);
        inRange.removeAll(calendar);
        TreeSet<Integer> expected = new TreeSet<>();
        for (YearMention y : years) {
            int from = Math.max(0, y.start() - EXPECTATION_REACH);
            if (EXPECTATION.matcher(text.substring(from, y.start())).find()) {
                expected.add(y.year());
            }
        }
        return new PeriodMentions(fiscal, calendar, inRange, quarters, dates, expected, LATEST.matcher(text).find(), forms);
    }

    private static boolean overlaps(BitSet used, int start, int end) {
        int next = used.nextSetBit(start);
        return next >= 0 && next < end;
    }

    private static int fullYear(String digits) {
        int value = Integer.parseInt(digits);
        return digits.length() == 2 ? 2000 + value : value;
    }

    private static int ordinal(String word) {
        switch (word.toLowerCase(Locale.ROOT)) {
            case "first":
            case "1st":
                return 1;
            case "second":
            case "2nd":
                return 2;
            case "third":
            case "3rd":
                return 3;
            default:
                return 4;
        }
    }

    private static LocalDate date(Pattern p, Matcher m) {
        try {
            if (p == ISO_DATE) {
                return LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
            }
            if (p == US_DATE) {
                return LocalDate.of(Integer.parseInt(m.group(3)), Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
            }
            if (p == DAY_MONTH_YEAR) {
                return LocalDate.of(Integer.parseInt(m.group(3)), month(m.group(2)), Integer.parseInt(m.group(1)));
            }
            return LocalDate.of(Integer.parseInt(m.group(3)), month(m.group(1)), Integer.parseInt(m.group(2)));
        } catch (DateTimeException e) {
            return null;
        }
    }

    /** The month of a word MONTH matched; 0 (no date) should a spelling ever reach here that the map lacks. */
    private static int month(String word) {
        String lower = word.toLowerCase(Locale.ROOT);
        return MONTHS.getOrDefault(lower.substring(0, Math.min(3, lower.length())), 0);
    }

    static SortedSet<String> normalForms(Iterable<String> forms) {
        TreeSet<String> normal = new TreeSet<>();
        for (String form : forms) {
            String f = form.trim().toUpperCase(Locale.ROOT).replace(" ", "");
            switch (f) {
                case "10K":
                case "10-K":
                    normal.add(FORM_10K);
                    normal.add(FORM_10KA);
                    break;
                case "10Q":
                    normal.add(FORM_10Q);
                    break;
                case "8K":
                    normal.add(FORM_8K);
                    break;
                default:
                    normal.add(f);
            }
        }
        return normal;
    }
}
