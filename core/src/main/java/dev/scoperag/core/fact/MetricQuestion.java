package dev.scoperag.core.fact;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A question that asks for one metric of a filer for one fiscal year, or its average over a range of years: "What is
 * the FY2021 capital expenditure for PepsiCo?", "What is MGM's FY2018-FY2020 average capex as a % of revenue?".
 *
 * <p>A question is read as one only when exactly one metric is named (the longest name found, and no other metric
 * named beside it) and it asks nothing the filing-wide annual figure cannot answer (a segment, a quarter, an
 * adjusted figure, a change between years): such questions go to retrieval.
 *
 * @param years the fiscal years, ascending; more than one only for an average
 */
public record MetricQuestion(Metric metric, List<Integer> years) {

    private static final Pattern FISCAL_YEAR = Pattern.compile("\\b(?:fy|fiscal(?: year)?)\\s*'?(\\d{4}|\\d{2})\\b");
    private static final Pattern YEAR = Pattern.compile("\\b((?:19|20)\\d{2})\\b");
    private static final Pattern RANGE = Pattern.compile(
            "\\b(?:fy|fiscal(?: year)?)?\\s*'?((?:19|20)?\\d{2})\\s*(?:-|–|to|through)\\s*(?:fy|fiscal(?: year)?)?\\s*'?((?:19|20)?\\d{2})\\b");
    private static final Pattern NOT_A_FILING_WIDE_FIGURE = Pattern.compile(
            "\\b(segments?|quarter(ly)?|q[1-4]|adjusted|non-gaap|organic|guidance|forecast|per employee|region(al)?"
                    + "|geograph\\w*|division|change|changes|increase[ds]?|decrease[ds]?|compared|difference|versus|vs\\.?"
                    + "|excluding|breakdown|each|per store|same-store|comparable)\\b");

    /**
     * A sentence that asks whether, which, why or how rather than how much: "Does Adobe have an improving operating
     * margin profile?", "Are there any product categories that represent more than 20% of revenues?". The figure of
     * a metric it names is no answer to it.
     */
    private static final Pattern NOT_ASKING_FOR_A_FIGURE = Pattern.compile(
            "(?:^|[.?!:;]\\s+)(?:is|are|does|do|did|has|have|had|was|were|can|could|will|would|should|which|why|who"
                    + "|explain|describe|discuss|how (?!much\\b|many\\b))\\b");

    /** A sentence that defines the metric asked for, or a parenthesis saying what to use: "(using total cash dividends paid ...)". */
    private static final Pattern DEFINITION = Pattern.compile(
            "(?:(?<=^)|(?<=[.?!]\\s))[^.?!]*\\b(?:is defined as|are defined as|define [^.?!]{1,80}? as|defined as)\\b[^?!]*?(?:[.?!](?=\\s|$)|$)"
                    + "|\\((?:using|defined as|calculated as)[^)]*\\)");

    /** A metric and one of its names as a whole-word pattern, compiled once: every shard search reads its question. */
    private record NamedBy(Metric metric, Pattern pattern) {}

    private static final List<NamedBy> NAMES = Metrics.all().stream()
            .flatMap(metric -> metric.aliases().stream().map(alias ->
                    new NamedBy(metric, Pattern.compile("(?<![a-z0-9])" + Pattern.quote(alias) + "(?![a-z0-9])"))))
            .toList();

    /** The metric question a question is, if it is one; {@code defaultYear} when it names no year. */
    public static Optional<MetricQuestion> read(String question, int defaultYear) {
        String text = question.toLowerCase(Locale.ROOT).replace('’', '\'').strip();
        if (NOT_ASKING_FOR_A_FIGURE.matcher(text).find()) {
            return Optional.empty();
        }
        // "Inventory turnover ratio is defined as: (FY2021 COGS) / (average inventory between FY2020 and FY2021)": the
        // definition names the inputs and their years, which are the calculator's business, not the question's metric.
        text = DEFINITION.matcher(text).replaceAll(" ");
        Optional<Metric> metric = onlyMetric(text);
        if (metric.isEmpty()) {
            return Optional.empty();
        }
        if (NOT_A_FILING_WIDE_FIGURE.matcher(text).find() && !metric.get().name().equals("revenue growth")) {
            return Optional.empty();
        }
        List<Integer> years = years(text);
        if (metric.get().name().endsWith("growth") && years.size() == 2 && years.get(1) == years.get(0) + 1) {
            // "the FY2019 - FY2020 revenue growth rate", "change in revenue from FY2016 to FY2017": the later year's growth.
            years = List.of(years.get(1));
        }
        boolean average = text.contains("average") && years.size() > 1;
        if (years.size() > 1 && !average) {
            return Optional.empty();
        }
        return Optional.of(new MetricQuestion(metric.get(), years.isEmpty() ? List.of(defaultYear) : years));
    }

    private static Optional<Metric> onlyMetric(String text) {
        Metric best = null;
        int bestStart = -1;
        int bestEnd = -1;
        List<int[]> spans = new ArrayList<>();
        List<Metric> owners = new ArrayList<>();
        for (NamedBy named : NAMES) {
            Matcher m = named.pattern().matcher(text);
            while (m.find()) {
                spans.add(new int[] {m.start(), m.end()});
                owners.add(named.metric());
                if (m.end() - m.start() > bestEnd - bestStart) {
                    best = named.metric();
                    bestStart = m.start();
                    bestEnd = m.end();
                }
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        boolean alone = true;
        for (int i = 0; i < spans.size(); i++) {
            boolean outside = spans.get(i)[1] <= bestStart || spans.get(i)[0] >= bestEnd;
            if (outside && owners.get(i) != best) {
                alone = false;
            }
        }
        if (alone) {
            return Optional.of(best);
        }
        // "operating income + depreciation and amortization (unadjusted EBITDA)": the other metrics named are the inputs
        // of one of them, which is the metric asked for.
        List<Metric> covering = owners.stream().distinct().filter(m -> owners.stream().allMatch(o -> o == m || inputOf(o, m))).toList();
        return covering.size() == 1 ? Optional.of(covering.get(0)) : Optional.empty();
    }

    /** Whether {@code line} is a line item that {@code metric}'s formulas take as an input. */
    private static boolean inputOf(Metric line, Metric metric) {
        return metric.formulas().stream().flatMap(f -> f.inputs().stream()).anyMatch(input -> input.name().equals(line.name()));
    }

    private static List<Integer> years(String text) {
        Matcher range = RANGE.matcher(text);
        while (range.find()) {
            int from = fullYear(range.group(1));
            int to = fullYear(range.group(2));
            boolean marked = range.group().contains("f") || range.group(1).length() == 4;
            if (marked && to > from && to - from <= 10) {
                List<Integer> years = new ArrayList<>();
                for (int y = from; y <= to; y++) {
                    years.add(y);
                }
                return years;
            }
        }
        TreeSet<Integer> years = new TreeSet<>();
        Matcher fiscal = FISCAL_YEAR.matcher(text);
        while (fiscal.find()) {
            years.add(fullYear(fiscal.group(1)));
        }
        Matcher plain = YEAR.matcher(text);
        while (plain.find()) {
            years.add(Integer.parseInt(plain.group(1)));
        }
        return List.copyOf(years);
    }

    private static int fullYear(String digits) {
        int year = Integer.parseInt(digits);
        return digits.length() == 2 ? 2000 + year : year;
    }
}
