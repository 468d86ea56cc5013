package dev.scoperag.core.ingest;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.record.RejectedFiling;

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

    /** A version to publish; {@code previous} is the version it supersedes, or null. */
    record NewVersion(String shard, FilingEvent event, PublishedDocument published, ExtractedText text, PublishedDocument previous,
            RejectedFiling.Source source) implements DocumentChange {}

    /** A published document to remove. */
    record Retraction(String shard, FilingEvent event, PublishedDocument removed, RejectedFiling.Source source)
            implements DocumentChange {}
}
