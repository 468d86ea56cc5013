package dev.scoperag.core.ingest;

import dev.scoperag.core.filing.FilingEvent;

/**
 * A filing with its content read: {@code event} without its inline content, the bytes, and their
 * SHA-256, which lets an identical re-send be skipped before extraction. Retractions carry no bytes.
 */
public record FetchedFiling(IncomingFiling incoming, FilingEvent event, byte[] content, String contentTypeHint, String sourceHash) {}
