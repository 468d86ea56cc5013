package dev.scoperag.core.fact;

import dev.scoperag.core.fact.Metric.Formula;
import dev.scoperag.core.fact.Metric.Input;
import dev.scoperag.core.fact.Metric.ResultUnit;
import dev.scoperag.core.fact.Metric.Timing;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Computes a metric for one or more fiscal years from a shard's facts, deterministically: each input is the
 * filing-wide figure of the first concept (or statement line) that reports it for the period, and a formula runs only
 * when every input is found. When one is missing or two facts disagree, the result says which, and nothing is
 * computed: the calculator never guesses.
 */
public final class FactCalculator {

    /** Days an annual period may differ from 365 (52/53-week fiscal years) and a period end from the expected one. */
    private static final int ANNUAL_MIN_DAYS = 350;
    private static final int ANNUAL_MAX_DAYS = 380;
    private static final int END_TOLERANCE_DAYS = 14;
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    /** The result: a computation, or the reason there is none. */
    public sealed interface Result permits Computed, Missing {}

    public record Computed(Computation computation) implements Result {}

    /** @param reasons what was missing or ambiguous, one line each ("no revenue for FY2019") */
    public record Missing(String metric, List<String> reasons) implements Result {

        public String describe() {
            return String.join("; ", reasons);
        }
    }

    /**
     * @param years the fiscal years asked; more than one averages the metric over them ("FY2018-FY2020 average")
     */
    public Result compute(Metric metric, List<Integer> years, List<FilingFacts> filings) {
        List<Dated> sources = dated(filings);
        if (sources.isEmpty()) {
            return new Missing(metric.name(), List.of("no annual facts in the shard's filings"));
        }
        Set<String> reasons = new LinkedHashSet<>();
        for (Formula formula : metric.formulas()) {
            List<Computation.Input> inputs = new ArrayList<>();
            List<BigDecimal> yearly = new ArrayList<>();
            boolean complete = true;
            for (int year : years) {
                Map<String, BigDecimal> values = new HashMap<>();
                for (Input input : formula.inputs()) {
                    Found found = find(input, year + input.yearOffset(), sources);
                    if (found.problem != null) {
                        reasons.add(found.problem);
                        complete = false;
                    } else {
                        values.put(input.name(), found.value);
                        inputs.add(new Computation.Input(input.name(), year + input.yearOffset(), found.value,
                                input.unit(), found.citations));
                    }
                }
                if (!complete) {
                    break;
                }
                BigDecimal value = apply(formula, values);
                if (value == null) {
                    reasons.add(formula.text() + " divides by zero for FY" + year);
                    complete = false;
                    break;
                }
                yearly.add(value);
            }
            if (complete) {
                return new Computed(computation(metric, formula, years, inputs, yearly));
            }
        }
        return new Missing(metric.name(), List.copyOf(reasons));
    }

    private static BigDecimal apply(Formula formula, Map<String, BigDecimal> values) {
        try {
            return formula.compute().apply(values);
        } catch (ArithmeticException | NullPointerException e) {
            return null;
        }
    }

    private static Computation computation(Metric metric, Formula formula, List<Integer> years,
            List<Computation.Input> inputs, List<BigDecimal> yearly) {
        BigDecimal sum = yearly.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal result = sum.divide(BigDecimal.valueOf(yearly.size()), MathContext.DECIMAL64);
        ResultUnit unit = metric.unit();
        if (unit == ResultUnit.PERCENT) {
            result = result.multiply(HUNDRED);
        }
        String text = years.size() > 1 ? "average over FY" + years.get(0) + "-FY" + years.get(years.size() - 1)
                + " of (" + formula.text() + ")" : formula.text();
        String rounding = unit == ResultUnit.MONEY ? "millions, " + unit.decimals + " decimals" : unit.decimals + " decimals";
        return new Computation(metric.name(), text, years, inputs, InlineXbrlReader.plain(result), unit.symbol, rounding,
                display(result, unit));
    }

    /**
     * The result as an answer states it: 24.54%, $391,035 million, 45.21 days, 1.07, $6.08. A multiple is a bare number:
     * "1.07x" reads as a figure glued to a letter, which readers (and the eval's figure matcher) do not take for one.
     */
    static String display(BigDecimal result, ResultUnit unit) {
        return switch (unit) {
            case PERCENT -> number(result, 2) + "%";
            case MONEY -> (result.signum() < 0 ? "-$" : "$") + number(result.abs().divide(MILLION, MathContext.DECIMAL64), 2)
                    + " million";
            case DAYS -> number(result, 2) + " days";
            case TIMES -> number(result, 2);
            case PER_SHARE -> (result.signum() < 0 ? "-$" : "$") + number(result.abs(), 2);
        };
    }

    private static String number(BigDecimal value, int decimals) {
        DecimalFormat format = new DecimalFormat("#,##0." + "#".repeat(decimals), DecimalFormatSymbols.getInstance(Locale.ROOT));
        format.setRoundingMode(RoundingMode.HALF_UP);
        return format.format(value.setScale(decimals, RoundingMode.HALF_UP));
    }

    private record Found(BigDecimal value, List<Computation.Citation> citations, String problem) {

        static Found problem(String problem) {
            return new Found(null, List.of(), problem);
        }
    }

    private Found find(Input input, int year, List<Dated> sources) {
        if (input.timing() == Timing.AVERAGE) {
            // "average inventory" is the inventory at two year ends; a missing one is named as the balance.
            Input balance = input.named(input.name().replaceFirst("^average ", ""), Timing.END, 0);
            Found end = find(balance, year, sources);
            Found start = find(balance, year - 1, sources);
            if (end.problem != null || start.problem != null) {
                return Found.problem(end.problem != null ? end.problem : start.problem);
            }
            List<Computation.Citation> both = new ArrayList<>(end.citations);
            both.addAll(start.citations);
            return new Found(end.value.add(start.value).divide(BigDecimal.valueOf(2), MathContext.DECIMAL64), both, null);
        }
        String what = input.name() + (input.timing() == Timing.END ? " at the end of FY" : " for FY") + year;
        for (String concept : input.concepts()) {
            Found found = firstReporting(input, year, sources, fact -> fact.concept().equals(concept), what);
            if (found != null) {
                return found;
            }
        }
        for (Pattern label : input.labels()) {
            Found found = firstReporting(input, year, sources, fact -> fact.source().kind() == Fact.Kind.TABLE
                    && label.matcher(lineItem(fact)).find(), what);
            if (found != null) {
                return found;
            }
        }
        return Found.problem("no " + what + " (" + String.join(", ", input.concepts()) + ")");
    }

    /** The figure from the first filing that reports it; ambiguous when that filing reports two values. */
    private Found firstReporting(Input input, int year, List<Dated> sources, java.util.function.Predicate<Fact> names,
            String what) {
        for (Dated source : sources) {
            LocalDate expectedEnd = source.annualEnd.minusYears(source.filing.fiscalYear() - year);
            List<Fact> matching = source.filing.facts().stream()
                    .filter(Fact::isTotal)
                    .filter(names)
                    .filter(fact -> fact.unit().equalsIgnoreCase(input.unit()))
                    .filter(fact -> inPeriod(fact.period(), input.timing(), expectedEnd))
                    .toList();
            if (matching.isEmpty()) {
                continue;
            }
            List<BigDecimal> values = matching.stream().map(Fact::value).map(BigDecimal::stripTrailingZeros).distinct().toList();
            if (values.size() > 1) {
                return Found.problem(what + " is ambiguous in " + source.filing.docId() + ": " + matching.get(0).concept()
                        + " reports " + values.stream().map(BigDecimal::toPlainString).toList());
            }
            Fact fact = matching.get(0);
            // A cash-flow statement prints an outflow in parentheses, where its XBRL concept (PaymentsTo..., PaymentsOf...)
            // is tagged positive: capital expenditure is an amount spent, not a negative one.
            BigDecimal value = input.outflow() && fact.source().kind() == Fact.Kind.TABLE ? fact.value().abs() : fact.value();
            return new Found(value, List.of(citation(source.filing, fact)), null);
        }
        return null;
    }

    private static Computation.Citation citation(FilingFacts filing, Fact fact) {
        Fact.Period p = fact.period();
        String period = p.isInstant() ? p.end().toString() : p.start() + ".." + p.end();
        Integer page = fact.source().page();
        return new Computation.Citation(filing.docId(), fact.concept(), fact.label(), fact.source().context(), period,
                fact.value(), page);
    }

    private static boolean inPeriod(Fact.Period period, Timing timing, LocalDate expectedEnd) {
        boolean endMatches = Math.abs(ChronoUnit.DAYS.between(period.end(), expectedEnd)) <= END_TOLERANCE_DAYS;
        if (timing == Timing.END) {
            return period.isInstant() && endMatches;
        }
        return !period.isInstant() && endMatches && period.days() >= ANNUAL_MIN_DAYS && period.days() <= ANNUAL_MAX_DAYS;
    }

    private static String lineItem(Fact fact) {
        String concept = fact.concept().startsWith("table:") ? fact.concept().substring("table:".length()) : fact.label();
        return concept.toLowerCase(Locale.ROOT).trim();
    }

    /** A filing and the end of the fiscal year it reports on: annual reports first, the latest first. */
    private record Dated(FilingFacts filing, LocalDate annualEnd) {}

    private static List<Dated> dated(List<FilingFacts> filings) {
        List<Dated> dated = new ArrayList<>();
        for (FilingFacts filing : filings) {
            annualEnd(filing.facts()).ifPresent(end -> dated.add(new Dated(filing, end)));
        }
        dated.sort(Comparator.comparing((Dated d) -> !d.filing.isAnnualReport())
                .thenComparing(d -> -d.filing.fiscalYear()));
        return dated;
    }

    /** The end of the latest annual period the filing reports: the fiscal year it is about. */
    static Optional<LocalDate> annualEnd(List<Fact> facts) {
        return facts.stream()
                .filter(Fact::isTotal)
                .map(Fact::period)
                .filter(p -> !p.isInstant() && p.days() >= ANNUAL_MIN_DAYS && p.days() <= ANNUAL_MAX_DAYS)
                .map(Fact.Period::end)
                .max(Comparator.naturalOrder());
    }
}
