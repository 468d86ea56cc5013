package dev.scoperag.core.record;

import dev.scoperag.core.fact.Fact;
import dev.scoperag.core.fact.FilingFacts;
import java.math.BigDecimal;
import java.time.LocalDate;
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

    /** The facts as the calculator takes them. */
    public FilingFacts filingFacts() {
        return new FilingFacts(docId, formType, fiscalYear, facts.stream().map(PublishedFact::toFact).toList());
    }

    /**
     * One {@link Fact} as the topic carries it: flat, dates as ISO strings.
     *
     * @param start the period's first day, null for an instant
     * @param end the period's last day, or the instant
     * @param context the XBRL context, null for a table fact
     * @param page the 1-based page of a table fact in a paged document, else null
     */
    public record PublishedFact(String concept, String label, String start, String end, Map<String, String> dimensions,
            String unit, BigDecimal value, Integer decimals, String kind, String context, Integer page, Integer charStart,
            Integer charEnd) {

        public static PublishedFact of(Fact fact) {
            Fact.Period p = fact.period();
            Fact.Source s = fact.source();
            return new PublishedFact(fact.concept(), fact.label().equals(fact.concept()) ? null : fact.label(),
                    p.start() == null ? null : p.start().toString(), p.end().toString(),
                    fact.dimensions().isEmpty() ? null : fact.dimensions(), fact.unit(), fact.value(), fact.decimals(),
                    s.kind().name().toLowerCase(java.util.Locale.ROOT), s.context(), s.page(),
                    s.charStart() < 0 ? null : s.charStart(), s.charEnd() < 0 ? null : s.charEnd());
        }

        public Fact toFact() {
            Fact.Period period = new Fact.Period(start == null ? null : LocalDate.parse(start), LocalDate.parse(end));
            Fact.Source source = new Fact.Source(Fact.Kind.valueOf(kind.toUpperCase(java.util.Locale.ROOT)), context, page,
                    charStart == null ? -1 : charStart, charEnd == null ? -1 : charEnd);
            return new Fact(concept, label, period, dimensions, unit, value, decimals, source);
        }
    }
}
