package dev.scoperag.core.record;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The facts of one document version, published with its chunks and before its commit: like the chunks they stay
 * pending until the version's {@link DocumentCommitted}, which makes them the document's facts in place of the
 * superseded version's. Keyed {@code <shard>/facts/<docId>}, so compaction keeps the latest version's facts; a
 * retraction drops them from the shard.
 */
public record FactsPublished(
        String shard,
        String ticker,
        int fiscalYear,
        String formType,
        String docId,
        String docHash,
        List<PublishedFact> facts)
        implements ChunkTopicRecord {

    public FactsPublished {
        facts = facts == null ? List.of() : List.copyOf(facts);
    }

    @Override
    public String key() {
        return ChunkTopicRecord.factsKey(shard, docId);
    }

    /**
     * One fact as the topic carries it: flat, dates as ISO strings ({@code core.fact.PublishedFacts} converts).
     *
     * @param start the period's first day, null for an instant
     * @param end the period's last day, or the instant
     * @param context the XBRL context, null for a table fact
     * @param page the 1-based page of a table fact in a paged document, else null
     */
    public record PublishedFact(String concept, String label, String start, String end, Map<String, String> dimensions,
            String unit, BigDecimal value, Integer decimals, String kind, String context, Integer page, Integer charStart,
            Integer charEnd) {}
}
