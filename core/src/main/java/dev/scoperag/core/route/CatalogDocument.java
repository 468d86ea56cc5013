package dev.scoperag.core.route;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;

/**
 * A committed document as the router sees it: enough to filter a shard by form and period, the names the document uses
 * for its issuer's products, segments and subsidiaries, the names it says its issuer went by before, and the companies of
 * its issuer's own deals (spun off, sold, held, acquired).
 */
public record CatalogDocument(String docId, String formType, String period, List<String> learnedAliases, List<String> formerNames,
        List<String> dealNames) {

    @JsonCreator
    public CatalogDocument(
            @JsonProperty("doc_id") String docId,
            @JsonProperty("form_type") String formType,
            @JsonProperty("period") String period,
            @JsonProperty("learned_aliases") List<String> learnedAliases,
            @JsonProperty("former_names") List<String> formerNames,
            @JsonProperty("deal_names") List<String> dealNames) {
        this.docId = docId;
        this.formType = formType;
        this.period = period;
        this.learnedAliases = names(learnedAliases);
        this.formerNames = names(formerNames);
        this.dealNames = names(dealNames);
    }

    public CatalogDocument(String docId, String formType, String period, List<String> learnedAliases, List<String> formerNames) {
        this(docId, formType, period, learnedAliases, formerNames, null);
    }

    public CatalogDocument(String docId, String formType, String period, List<String> learnedAliases) {
        this(docId, formType, period, learnedAliases, null);
    }

    public CatalogDocument(String docId, String formType, String period) {
        this(docId, formType, period, List.of(), null);
    }

    private static List<String> names(List<String> names) {
        return names == null ? List.of() : names.stream().filter(Objects::nonNull).filter(a -> !a.isBlank()).toList();
    }
}
