package dev.scoperag.core.fact;

import java.util.List;
import java.util.Objects;

/**
 * The facts of one document version of a shard, with what places them in time: the fiscal year the document reports
 * on, whose annual period the calculator finds among the facts.
 *
 * @param docId the document the facts were read from
 * @param formType {@code 10-K}, {@code 10-Q}, ...; annual reports are preferred when two documents give a figure
 * @param fiscalYear the fiscal year the document reports on
 */
public record FilingFacts(String docId, String formType, int fiscalYear, List<Fact> facts) {

    public FilingFacts {
        Objects.requireNonNull(docId, "docId");
        facts = List.copyOf(facts);
    }

    public boolean isAnnualReport() {
        return formType != null && formType.toUpperCase(java.util.Locale.ROOT).startsWith("10-K");
    }
}
