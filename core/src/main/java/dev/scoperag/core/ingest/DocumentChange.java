package dev.scoperag.core.ingest;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.record.FactsPublished;
import dev.scoperag.core.record.RejectedFiling;
import java.util.List;

/** What the versioning step decided to publish for one document: a new version, or its retraction. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "change")
@JsonSubTypes({
    @JsonSubTypes.Type(value = DocumentChange.NewVersion.class, name = "new_version"),
    @JsonSubTypes.Type(value = DocumentChange.Retraction.class, name = "retraction")
})
public sealed interface DocumentChange {

    String shard();

    /** The filing event (without content) the change comes from. */
    FilingEvent event();

    /** Where the filing came from, for a dead-letter record if a later stage fails; null when unknown. */
    RejectedFiling.Source source();

    /**
     * A version to publish; {@code previous} is the version it supersedes, or null; {@code facts} are the figures
     * read from it at extraction, where its raw bytes were at hand (empty when it has none).
     */
    record NewVersion(String shard, FilingEvent event, PublishedDocument published, ExtractedText text, PublishedDocument previous,
            RejectedFiling.Source source, List<FactsPublished.PublishedFact> facts) implements DocumentChange {

        public NewVersion {
            facts = facts == null ? List.of() : List.copyOf(facts);
        }

        /** A version without facts. */
        public NewVersion(String shard, FilingEvent event, PublishedDocument published, ExtractedText text,
                PublishedDocument previous, RejectedFiling.Source source) {
            this(shard, event, published, text, previous, source, List.of());
        }
    }

    /** A published document to remove. */
    record Retraction(String shard, FilingEvent event, PublishedDocument removed, RejectedFiling.Source source)
            implements DocumentChange {}
}
