package dev.scoperag.core.route;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;

/**
 * A committed document as the router sees it: enough to filter a shard by form and period, and the
 * names the document uses for its issuer's products, segments and subsidiaries.
 */
public record CatalogDocument(String docId, String formType, String period, List<String> learnedAliases) {

    @JsonCreator
    public CatalogDocument(
            @JsonProperty("doc_id") String docId,
            @JsonProperty("form_type") String formType,
            @JsonProperty("period") String period,
            @JsonProperty("learned_aliases") List<String> learnedAliases) {
        this.docId = docId;
        this.formType = formType;
        this.period = period;
        this.learnedAliases = learnedAliases == null ? List.of()
                : learnedAliases.stream().filter(Objects::nonNull).filter(a -> !a.isBlank()).toList();
    }

    public CatalogDocument(String docId, String formType, String period) {
        this(docId, formType, period, List.of());
    }
}
