package dev.scoperag.core.ingest;

/** What is on the {@code chunks} topic for one document: enough to skip a re-send and retire its chunks. */
public record PublishedDocument(String docId, String sourceHash, String docHash, int charCount, long version) {}
