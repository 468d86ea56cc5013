package dev.scoperag.core.ingest;

import dev.scoperag.core.record.RejectedFiling;

/** A {@code filings} record (or a backfill file's event) as received, before anything is decoded. */
public record IncomingFiling(RejectedFiling.Source source, byte[] value) {}
