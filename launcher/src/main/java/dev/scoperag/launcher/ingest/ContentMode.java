package dev.scoperag.launcher.ingest;

/**
 * How a filing's bytes travel to the ingest job. Inline content works with any cluster (the job
 * need not see this machine's disks); a file URI keeps the event small but needs the file at the
 * same path under the job's {@code scoperag.fetch.file-root}.
 */
enum ContentMode {
    /** Inline up to {@link Ingestion#INLINE_LIMIT_BYTES}, by URI above it. */
    AUTO,
    INLINE,
    URI
}
