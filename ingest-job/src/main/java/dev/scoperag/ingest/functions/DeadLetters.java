package dev.scoperag.ingest.functions;

import dev.scoperag.core.record.RejectedFiling;
import dev.scoperag.stream.types.JsonTypeInformation;
import org.apache.flink.util.OutputTag;

/** The side output every ingest function sends its rejected filings to. */
public final class DeadLetters {

    public static final OutputTag<RejectedFiling> TAG =
            new OutputTag<>("filings-dlq", JsonTypeInformation.of(RejectedFiling.class));

    private DeadLetters() {}
}
