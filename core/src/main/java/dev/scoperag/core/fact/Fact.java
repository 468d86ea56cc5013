package dev.scoperag.core.fact;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One reported figure of a filing, as a number: what it measures, for which period, in which unit, and where in the
 * filing it was read.
 *
 * <p>Two kinds of source give facts. Inline XBRL tags every figure of an EDGAR filing's statements with its concept
 * ({@code us-gaap:Revenues}), context (period and dimensions) and unit, so those facts are exact. The statement
 * tables of PDFs and plain-text filings carry no tags: a fact read from one names its line item as the table prints
 * it, the column's period and the table's unit ("in millions"), and is only as good as the reading of the table.
 *
 * @param concept what the figure measures: an XBRL concept as tagged ({@code us-gaap:Revenues}), or, for a figure
 *     read from a table, {@code table:} and the normalized line item ({@code table:total net sales})
 * @param label the line item as the filing prints it, or the concept's local name when no label was read
 * @param period the reporting period: a duration, or an instant for balance-sheet figures
 * @param dimensions XBRL explicit dimensions (axis to member), sorted; empty for the filing-wide figure, which is the
 *     one statements show in their total column
 * @param unit {@code USD}, {@code shares}, {@code USD/shares}, {@code pure}, ... ({@code iso4217:} and
 *     {@code xbrli:} prefixes dropped)
 * @param value the figure in {@code unit}, scale and sign applied: "(1,234)" in a table "in millions" is
 *     -1234000000
 * @param decimals the precision as XBRL states it ({@code -6}: to the million); null when unknown (INF)
 * @param source where it was read
 */
public record Fact(
        String concept,
        String label,
        Period period,
        Map<String, String> dimensions,
        String unit,
        BigDecimal value,
        Integer decimals,
        Source source) {

    public Fact {
        Objects.requireNonNull(concept, "concept");
        Objects.requireNonNull(period, "period");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(source, "source");
        label = label == null ? concept : label;
        dimensions = dimensions == null || dimensions.isEmpty() ? Map.of()
                : java.util.Collections.unmodifiableMap(new TreeMap<>(dimensions));
    }

    /** Whether this is the filing-wide figure (no dimension), the one an analyst asking for "revenue" means. */
    public boolean isTotal() {
        return dimensions.isEmpty();
    }

    /**
     * A fact's period: {@code start} is null for an instant (a balance-sheet date), and {@code end} is then the
     * instant. Both ends inclusive, as XBRL contexts are read (a fiscal year 2024-01-01 .. 2024-12-31).
     */
    public record Period(LocalDate start, LocalDate end) {

        public Period {
            Objects.requireNonNull(end, "end");
            if (start != null && start.isAfter(end)) {
                throw new IllegalArgumentException("period starts after it ends: " + start + " .. " + end);
            }
        }

        public static Period instant(LocalDate date) {
            return new Period(null, date);
        }

        public static Period duration(LocalDate start, LocalDate end) {
            return new Period(start, end);
        }

        public boolean isInstant() {
            return start == null;
        }

        /** Days covered, inclusive; 1 for an instant. About 365 for a fiscal year, 91 for a quarter. */
        public long days() {
            return isInstant() ? 1 : java.time.temporal.ChronoUnit.DAYS.between(start, end) + 1;
        }
    }

    /**
     * Where a fact was read, so an answer can cite it.
     *
     * @param kind {@link Kind#XBRL} for a tagged figure, {@link Kind#TABLE} for one read from a statement table
     * @param context the XBRL context id ({@code c-12}); null for a table
     * @param page the 1-based page of a paged document (PDF); null otherwise
     * @param charStart the figure's offset in the document's extracted text, or -1 when not known
     * @param charEnd the offset just past the figure, or -1
     */
    public record Source(Kind kind, String context, Integer page, int charStart, int charEnd) {

        public Source {
            Objects.requireNonNull(kind, "kind");
        }

        public static Source xbrl(String context) {
            return new Source(Kind.XBRL, context, null, -1, -1);
        }

        public static Source table(Integer page, int charStart, int charEnd) {
            return new Source(Kind.TABLE, null, page, charStart, charEnd);
        }
    }

    /** How a fact was read. */
    public enum Kind {
        /** Tagged with inline XBRL: exact. */
        XBRL,
        /** Read from a statement table of untagged text. */
        TABLE
    }
}
