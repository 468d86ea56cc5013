package dev.scoperag.core.fact;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A figure an analyst asks for, by name ("operating margin", "capex as a % of revenue"), and the formulas that give
 * it from a filing's facts, tried in order: the first whose inputs are all found is the one used.
 *
 * @param name the metric's name as an answer states it
 * @param aliases how questions name it, lower case; the longest alias found in a question wins
 * @param unit what the result is: a share of 100, an amount of money, a number of days, a multiple
 * @param formulas the ways to compute it, preferred first
 */
public record Metric(String name, List<String> aliases, ResultUnit unit, List<Formula> formulas) {

    public Metric {
        Objects.requireNonNull(name, "name");
        aliases = List.copyOf(aliases);
        formulas = List.copyOf(formulas);
    }

    /** What a metric's result measures, which decides how an answer prints and rounds it. */
    public enum ResultUnit {
        /** A ratio shown as a percentage: 0.2454 is printed 24.54%. */
        PERCENT("%", 2),
        /** An amount of money in the filing's currency, printed in millions. */
        MONEY("USD", 0),
        /** A number of days (DSO, DPO). */
        DAYS("days", 2),
        /** A multiple (turnover, current ratio). */
        TIMES("x", 2),
        /** Money per share (EPS). */
        PER_SHARE("USD/share", 2);

        public final String symbol;
        /** Decimal places an answer rounds the result to (for MONEY, in millions). */
        public final int decimals;

        ResultUnit(String symbol, int decimals) {
            this.symbol = symbol;
            this.decimals = decimals;
        }
    }

    /**
     * One way to compute a metric.
     *
     * @param text the formula as an answer prints it ({@code operating income / revenue})
     * @param inputs the figures it needs
     * @param compute the arithmetic over the inputs' values, by input name; the result is a plain ratio for
     *     PERCENT (0.25, not 25)
     */
    public record Formula(String text, List<Input> inputs, Function<Map<String, BigDecimal>, BigDecimal> compute) {

        public Formula {
            inputs = List.copyOf(inputs);
        }
    }

    /**
     * A named figure a formula takes from the facts.
     *
     * @param name its name in the formula ({@code revenue}, {@code average inventory})
     * @param concepts XBRL concepts that report it, preferred first ({@code us-gaap:Revenues})
     * @param labels patterns a statement table's line item must match (for facts read from tables), preferred first
     * @param timing over the fiscal year, at its end, or averaged over its start and end
     * @param yearOffset 0 for the fiscal year asked, -1 for the year before (growth rates)
     * @param unit the unit the fact must carry ({@code USD}, {@code USD/shares})
     */
    public record Input(String name, List<String> concepts, List<Pattern> labels, Timing timing, int yearOffset,
            String unit) {

        public Input {
            concepts = List.copyOf(concepts);
            labels = List.copyOf(labels);
        }

        /**
         * Whether the input is a payment (its XBRL concepts are all {@code Payments...}, tagged as positive amounts), which
         * a statement table prints negative.
         */
        public boolean outflow() {
            return !concepts.isEmpty() && concepts.stream().allMatch(c -> c.substring(c.indexOf(':') + 1).startsWith("Payments"));
        }

        Input named(String newName, Timing newTiming, int newOffset) {
            return new Input(newName, concepts, labels, newTiming, newOffset, unit);
        }
    }

    /** When in the fiscal year a figure is taken. */
    public enum Timing {
        /** A flow over the fiscal year (income statement, cash flow). */
        DURATION,
        /** A balance at the fiscal year's end (balance sheet). */
        END,
        /** The mean of the balances at the fiscal year's start (the prior year's end) and end. */
        AVERAGE
    }
}
