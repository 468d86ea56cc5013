package dev.scoperag.core.ingest;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.filing.FilingEvent;

/** What the versioning step decided to publish for one document: a new version, or its retraction. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "change")
@JsonSubTypes({
    @JsonSubTypes.Type(value = DocumentChange.NewVersion.class, name = "new_version"),
    @JsonSubTypes.Type(value = DocumentChange.Retraction.class, name = "retraction")
})
public sealed interface DocumentChange {

    String shard();

    /** A version to publish; {@code previous} is the version it supersedes, or null. */
    record NewVersion(String shard, FilingEvent event, PublishedDocument published, ExtractedText text, PublishedDocument previous)
            implements DocumentChange {}

    /** A published document to remove. */
    record Retraction(String shard, FilingEvent event, PublishedDocument removed) implements DocumentChange {}
}
