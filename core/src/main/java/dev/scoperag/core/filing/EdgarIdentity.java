package dev.scoperag.core.filing;

import java.time.LocalDate;
import java.time.MonthDay;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Who filed an EDGAR filing and for which period, as the filing itself says: the SEC header of a full submission
 * ({@code CENTRAL INDEX KEY}, {@code CONFORMED SUBMISSION TYPE}, {@code CONFORMED PERIOD OF REPORT},
 * {@code FISCAL YEAR END}) or the {@code dei:} tags of an inline XBRL document. What lets a directory of EDGAR
 * filings be ingested without a manifest.
 *
 * @param cik the filer's Central Index Key
 * @param form the form as filed ({@code 10-K}, {@code 10-Q}, {@code 10-K/A})
 * @param periodEnd the last day of the period reported on
 * @param fiscalYear the fiscal year: {@code dei:DocumentFiscalYearFocus} when tagged, else the year of the fiscal
 *     year end on or after the period end (NVIDIA's year ending January 2025 is 2025)
 * @param fiscalPeriod {@code FY}, {@code Q1}, {@code Q2} or {@code Q3}; null when unknown
 * @param tradingSymbols the {@code dei:TradingSymbol}s, in order (a filer with listed notes has several); empty for
 *     a header
 * @param company the registrant's name as filed, or null
 * @param accession the accession number of a full submission, or null
 * @param filedAt the filing date ({@code 2024-02-15}) of a full submission, or null
 */
public record EdgarIdentity(long cik, String form, LocalDate periodEnd, int fiscalYear, String fiscalPeriod,
        List<String> tradingSymbols, String company, String accession, String filedAt) {

    /** How much of a filing is read for its identity: header and {@code ix:header} come first. */
    public static final int HEAD_CHARS = 4 << 20;

    private static final Pattern HEADER_FIELD = Pattern.compile("(?m)^\\s*([A-Z][A-Z ]+[A-Z]):[ \\t]*(\\S[^\\r\\n]*)?$");
    private static final Pattern DEI = Pattern.compile(
            "(?is)<ix:nonNumeric\\b[^>]*?\\bname\\s*=\\s*[\"']dei:(\\w+)[\"'][^>]*>(.*?)</ix:nonNumeric>");
    private static final Pattern TAG = Pattern.compile("<[^>]*>");
    private static final Pattern ENTITY = Pattern.compile("&(#\\d+|#x[0-9a-fA-F]+|nbsp|amp);");
    private static final Pattern QUARTER = Pattern.compile("Q[1-4]|FY|H[12]");
    private static final DateTimeFormatter BASIC = DateTimeFormatter.BASIC_ISO_DATE;
    private static final List<DateTimeFormatter> TAGGED_DATES = List.of(
            DateTimeFormatter.ISO_LOCAL_DATE,
            DateTimeFormatter.ofPattern("MMMM d, uuuu", Locale.ENGLISH),
            DateTimeFormatter.ofPattern("MMMM d uuuu", Locale.ENGLISH),
            DateTimeFormatter.ofPattern("MMM d, uuuu", Locale.ENGLISH),
            DateTimeFormatter.ofPattern("d MMMM uuuu", Locale.ENGLISH),
            DateTimeFormatter.ofPattern("M/d/uuuu", Locale.ENGLISH));

    /**
     * The period a shard's document is known by: {@code 2025Q2} for a quarterly report, null for an annual one (as
     * the corpus manifests write it).
     */
    public String period() {
        return fiscalPeriod != null && fiscalPeriod.startsWith("Q") ? fiscalYear + fiscalPeriod : null;
    }

    /** Reads a filing's identity from its start (at most {@link #HEAD_CHARS}); a reason when it cannot. */
    public static Result read(String head) {
        if (head == null || head.isEmpty()) {
            return Result.unknown("empty file");
        }
        String text = head.length() > HEAD_CHARS ? head.substring(0, HEAD_CHARS) : head;
        int headerEnd = text.indexOf("</SEC-HEADER>");
        if (text.startsWith("<SEC-DOCUMENT>") || text.startsWith("<SEC-HEADER>") || headerEnd >= 0) {
            Result fromHeader = fromHeader(text.substring(0, headerEnd >= 0 ? headerEnd : Math.min(text.length(), 64 * 1024)));
            if (fromHeader.identity().isPresent()) {
                return fromHeader;
            }
            Result fromTags = fromDei(text);
            return fromTags.identity().isPresent() ? fromTags : fromHeader;
        }
        if (text.regionMatches(true, 0, "<", 0, 1) || text.contains("<ix:") || text.contains("<IX:")) {
            return fromDei(text);
        }
        return Result.unknown("neither an SEC header (CENTRAL INDEX KEY, CONFORMED PERIOD OF REPORT) nor inline XBRL dei: tags");
    }

    static Result fromHeader(String header) {
        Map<String, String> fields = new LinkedHashMap<>();
        Matcher m = HEADER_FIELD.matcher(header);
        while (m.find()) {
            if (m.group(2) != null) {
                fields.putIfAbsent(m.group(1).strip(), m.group(2).strip());
            }
        }
        Long cik = parseCik(fields.get("CENTRAL INDEX KEY"));
        String form = fields.get("CONFORMED SUBMISSION TYPE");
        LocalDate periodEnd = parseDate(fields.get("CONFORMED PERIOD OF REPORT"), List.of(BASIC));
        List<String> missing = new ArrayList<>();
        if (cik == null) {
            missing.add("CENTRAL INDEX KEY");
        }
        if (form == null) {
            missing.add("CONFORMED SUBMISSION TYPE");
        }
        if (periodEnd == null) {
            missing.add("CONFORMED PERIOD OF REPORT");
        }
        if (!missing.isEmpty()) {
            return Result.unknown("the SEC header lacks " + String.join(", ", missing));
        }
        MonthDay yearEnd = parseMonthDay(fields.get("FISCAL YEAR END"));
        int fiscalYear = yearEnd == null ? periodEnd.getYear() : fiscalYearEndOnOrAfter(periodEnd, yearEnd).getYear();
        String fiscalPeriod = isAnnual(form) ? "FY" : yearEnd == null ? null : quarterOf(periodEnd, yearEnd);
        String filed = Optional.ofNullable(parseDate(fields.get("FILED AS OF DATE"), List.of(BASIC))).map(LocalDate::toString).orElse(null);
        return Result.of(new EdgarIdentity(cik, form.toUpperCase(Locale.ROOT), periodEnd, fiscalYear, fiscalPeriod, List.of(),
                fields.get("COMPANY CONFORMED NAME"), fields.get("ACCESSION NUMBER"), filed));
    }

    static Result fromDei(String html) {
        Map<String, List<String>> dei = new LinkedHashMap<>();
        Matcher m = DEI.matcher(html);
        while (m.find()) {
            String value = plain(m.group(2));
            if (!value.isEmpty()) {
                dei.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(value);
            }
        }
        if (dei.isEmpty()) {
            return Result.unknown("no inline XBRL dei: tags (dei:EntityCentralIndexKey, dei:DocumentType, ...)");
        }
        Long cik = parseCik(first(dei, "EntityCentralIndexKey"));
        String form = first(dei, "DocumentType");
        LocalDate periodEnd = parseDate(first(dei, "DocumentPeriodEndDate"), TAGGED_DATES);
        Integer taggedYear = parseYear(first(dei, "DocumentFiscalYearFocus"));
        String fiscalPeriod = Optional.ofNullable(first(dei, "DocumentFiscalPeriodFocus"))
                .map(p -> p.toUpperCase(Locale.ROOT)).filter(p -> QUARTER.matcher(p).matches()).orElse(null);
        List<String> missing = new ArrayList<>();
        if (cik == null) {
            missing.add("dei:EntityCentralIndexKey");
        }
        if (form == null) {
            missing.add("dei:DocumentType");
        }
        if (taggedYear == null && periodEnd == null) {
            missing.add("dei:DocumentFiscalYearFocus and dei:DocumentPeriodEndDate");
        }
        if (!missing.isEmpty()) {
            return Result.unknown("the inline XBRL lacks " + String.join(", ", missing));
        }
        int fiscalYear = taggedYear != null ? taggedYear : periodEnd.getYear();
        if (fiscalPeriod == null && isAnnual(form)) {
            fiscalPeriod = "FY";
        }
        return Result.of(new EdgarIdentity(cik, form.toUpperCase(Locale.ROOT), periodEnd, fiscalYear, fiscalPeriod,
                List.copyOf(dei.getOrDefault("TradingSymbol", List.of())), first(dei, "EntityRegistrantName"), null, null));
    }

    /** What {@link #read} found: the identity, or why there is none. */
    public record Result(Optional<EdgarIdentity> identity, String reason) {

        static Result of(EdgarIdentity identity) {
            return new Result(Optional.of(identity), null);
        }

        static Result unknown(String reason) {
            return new Result(Optional.empty(), reason);
        }
    }

    private static boolean isAnnual(String form) {
        String f = form.toUpperCase(Locale.ROOT);
        return f.startsWith("10-K") || f.startsWith("20-F") || f.startsWith("40-F") || f.startsWith("10-KT");
    }

    /** The fiscal year end a period ending on {@code date} belongs to; 52/53-week years end up to a week off. */
    static LocalDate fiscalYearEndOnOrAfter(LocalDate date, MonthDay yearEnd) {
        LocalDate candidate = yearEnd.atYear(date.getYear());
        return date.isAfter(candidate.plusDays(7)) ? yearEnd.atYear(date.getYear() + 1) : candidate;
    }

    private static String quarterOf(LocalDate periodEnd, MonthDay yearEnd) {
        LocalDate fiscalEnd = fiscalYearEndOnOrAfter(periodEnd, yearEnd);
        long daysBefore = ChronoUnit.DAYS.between(periodEnd, fiscalEnd);
        long quarter = 4 - Math.round(daysBefore / 91.3);
        return quarter >= 1 && quarter <= 3 ? "Q" + quarter : quarter == 4 ? "FY" : null;
    }

    private static String first(Map<String, List<String>> dei, String name) {
        List<String> values = dei.get(name);
        return values == null ? null : values.get(0);
    }

    private static String plain(String markup) {
        String text = TAG.matcher(markup).replaceAll("");
        Matcher e = ENTITY.matcher(text);
        StringBuilder b = new StringBuilder();
        while (e.find()) {
            String entity = e.group(1);
            String replacement = switch (entity) {
                case "nbsp" -> " ";
                case "amp" -> "&";
                default -> {
                    int code = entity.startsWith("#x") ? Integer.parseInt(entity.substring(2), 16) : Integer.parseInt(entity.substring(1));
                    yield code == 160 ? " " : new String(Character.toChars(code));
                }
            };
            e.appendReplacement(b, Matcher.quoteReplacement(replacement));
        }
        e.appendTail(b);
        return b.toString().replace('\u00a0', ' ').replaceAll("\\s+", " ").strip();
    }

    private static Long parseCik(String value) {
        if (value == null) {
            return null;
        }
        String digits = value.strip();
        if (!digits.matches("\\d{1,10}")) {
            return null;
        }
        long cik = Long.parseLong(digits);
        return cik > 0 ? cik : null;
    }

    private static Integer parseYear(String value) {
        return value != null && value.strip().matches("(19|20)\\d\\d") ? Integer.valueOf(value.strip()) : null;
    }

    private static LocalDate parseDate(String value, List<DateTimeFormatter> formats) {
        if (value == null) {
            return null;
        }
        String v = value.strip().replaceAll("\\s*,\\s*", ", ").replaceAll("\\s+", " ");
        for (DateTimeFormatter f : formats) {
            try {
                return LocalDate.parse(v, f);
            } catch (DateTimeParseException e) {
                // the next format
            }
        }
        return null;
    }

    private static MonthDay parseMonthDay(String mmdd) {
        if (mmdd == null || !mmdd.strip().matches("\\d{4}")) {
            return null;
        }
        try {
            return MonthDay.of(Integer.parseInt(mmdd.strip().substring(0, 2)), Integer.parseInt(mmdd.strip().substring(2)));
        } catch (java.time.DateTimeException e) {
            return null;
        }
    }
}
