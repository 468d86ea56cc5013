package dev.scoperag.ingest.functions;

import dev.scoperag.core.ingest.IncomingFiling;
import dev.scoperag.core.record.RejectedFiling;
import dev.scoperag.stream.types.JsonTypeInformation;
import org.apache.flink.util.OutputTag;

/** The side output every ingest function sends its rejected filings to. */
public final class DeadLetters {

    public static final OutputTag<RejectedFiling> TAG =
            new OutputTag<>("filings-dlq", JsonTypeInformation.of(RejectedFiling.class));

    private DeadLetters() {}

    /** How a filing is named in logs and failures: its record key, else where it was read. */
    static String keyOf(IncomingFiling incoming) {
        RejectedFiling.Source s = incoming.source();
        if (s == null) {
            return "unknown";
        }
        return s.key() != null ? s.key() : s.topic() + "-" + s.partition() + "@" + s.offset();
    }
}
