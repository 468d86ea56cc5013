package dev.scoperag.core.ingest;

import dev.scoperag.core.filing.FilingEvent;

/** A decoded, valid filing event, still carrying the record it came from for the dead-letter topic. */
public record ReceivedFiling(IncomingFiling incoming, FilingEvent event) {}
