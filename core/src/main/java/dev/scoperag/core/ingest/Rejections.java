package dev.scoperag.core.ingest;

import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.record.RejectedFiling;
import java.time.Instant;

/** Builds the dead-letter record of a rejected filing, keeping the record exactly as received. */
public final class Rejections {

    public static final String DECODE = "decode";
    public static final String FETCH = "fetch";
    public static final String EXTRACT = "extract";

    private Rejections() {}

    public static RejectedFiling of(FilingRejectedException e, String stage, IncomingFiling incoming, Instant now) {
        return new RejectedFiling(
                e.reason(), e.detail(), stage, now.toString(), incoming.source(), RejectedFiling.Payload.of(incoming.value()));
    }
}
