package dev.scoperag.core.fact;

import dev.scoperag.core.record.FactsPublished;
import dev.scoperag.core.record.FactsPublished.PublishedFact;
import java.time.LocalDate;
import java.util.Locale;

/**
 * Facts to and from their record on the {@code chunks} topic, so that the record (in {@code core.record}) stays a plain
 * carrier that knows nothing of the fact model, as the other topic records do.
 */
public final class PublishedFacts {

    private PublishedFacts() {}

    /** A fact as the topic carries it. */
    public static PublishedFact published(Fact fact) {
        Fact.Period p = fact.period();
        Fact.Source s = fact.source();
        return new PublishedFact(fact.concept(), fact.label().equals(fact.concept()) ? null : fact.label(),
                p.start() == null ? null : p.start().toString(), p.end().toString(),
                fact.dimensions().isEmpty() ? null : fact.dimensions(), fact.unit(), fact.value(), fact.decimals(),
                s.kind().name().toLowerCase(Locale.ROOT), s.context(), s.page(),
                s.charStart() < 0 ? null : s.charStart(), s.charEnd() < 0 ? null : s.charEnd());
    }

    /** The fact a published one stands for. */
    public static Fact fact(PublishedFact published) {
        Fact.Period period = new Fact.Period(published.start() == null ? null : LocalDate.parse(published.start()),
                LocalDate.parse(published.end()));
        Fact.Source source = new Fact.Source(Fact.Kind.valueOf(published.kind().toUpperCase(Locale.ROOT)), published.context(),
                published.page(), published.charStart() == null ? -1 : published.charStart(),
                published.charEnd() == null ? -1 : published.charEnd());
        return new Fact(published.concept(), published.label(), period, published.dimensions(), published.unit(), published.value(),
                published.decimals(), source);
    }

    /** A document version's published facts as the calculator takes them. */
    public static FilingFacts filingFacts(FactsPublished published) {
        return new FilingFacts(published.docId(), published.formType(), published.fiscalYear(),
                published.facts().stream().map(PublishedFacts::fact).toList());
    }
}
