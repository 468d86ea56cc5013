package dev.scoperag.core.fact;

import java.math.BigDecimal;
import java.util.List;

/**
 * A metric computed from a filing's facts, in the structured form an answer record carries, so a downstream service
 * can use the number without parsing text.
 *
 * @param metric the metric's name ({@code operating margin})
 * @param formula the formula used, as printed ({@code operating income / revenue})
 * @param fiscalYears the fiscal years computed; a multi-year average lists every year averaged
 * @param inputs every figure the formula took, with the facts it came from
 * @param result the result, unrounded, in {@code unit} (a percentage as a percentage: 24.54, not 0.2454)
 * @param unit {@code %}, {@code USD}, {@code days}, {@code x}, {@code USD/share}
 * @param rounding how {@code display} rounds the result ({@code 2 decimals}, {@code millions, 2 decimals})
 * @param display the result as an answer states it ({@code 24.54%}, {@code $391,035 million}, {@code 0.87} for a multiple)
 */
public record Computation(
        String metric,
        String formula,
        List<Integer> fiscalYears,
        List<Input> inputs,
        BigDecimal result,
        String unit,
        String rounding,
        String display) {

    public Computation {
        fiscalYears = List.copyOf(fiscalYears);
        inputs = List.copyOf(inputs);
    }

    /**
     * One input of the formula for one fiscal year, with the facts it was read from (two for an average of balances).
     */
    public record Input(String name, int fiscalYear, BigDecimal value, String unit, List<Citation> facts) {

        public Input {
            facts = List.copyOf(facts);
        }
    }

    /**
     * Where an input's figure is in the filing: the XBRL concept and context, or the statement table's line item and
     * page.
     *
     * @param period {@code 2023-10-01..2024-09-28}, or the instant {@code 2024-09-28}
     * @param page 1-based page of a paged document, else null
     */
    public record Citation(String docId, String concept, String label, String context, String period,
            BigDecimal value, Integer page) {

        /** The citation as an answer prints it. */
        public String describe() {
            String where = context != null ? concept + " [context " + context + "]" : "\"" + label + "\"";
            return where + (page != null ? " p. " + page : "") + ", " + period + ", " + docId;
        }
    }
}
