package dev.scoperag.core.ingest;

import dev.scoperag.core.failure.InternalFailure;
import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.filing.RejectReason;
import dev.scoperag.core.record.RejectedFiling;
import java.time.Instant;

/** Builds the dead-letter record of a rejected filing, keeping the record as received (a bounded prefix of it). */
public final class Rejections {

    public static final String DECODE = "decode";
    public static final String FETCH = "fetch";
    public static final String EXTRACT = "extract";
    public static final String CHUNK = "chunk";
    public static final String EMBED = "embed";

    private Rejections() {}

    public static RejectedFiling of(FilingRejectedException e, String stage, IncomingFiling incoming, Instant now) {
        return new RejectedFiling(
                e.reason(), e.detail(), stage, now.toString(), incoming.source(), RejectedFiling.Payload.of(incoming.value()));
    }

    /** A filing whose processing failed inside ScopeRAG's code, with the record as received. */
    public static RejectedFiling internal(InternalFailure failure, IncomingFiling incoming, Instant now) {
        return internal(failure, incoming.source(), incoming.value(), now);
    }

    /**
     * A filing whose processing failed after its record was let go (chunking, embedding): {@code original}
     * is what is still known of it, its event without the content.
     */
    public static RejectedFiling internal(InternalFailure failure, RejectedFiling.Source source, byte[] original, Instant now) {
        return new RejectedFiling(RejectReason.INTERNAL_ERROR, failure.detail(), failure.stage(), now.toString(), source,
                RejectedFiling.Payload.of(original));
    }
}
