package dev.scoperag.ingest.functions;

import dev.scoperag.core.filing.FilingDecoder;
import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.ingest.IncomingFiling;
import dev.scoperag.core.ingest.ReceivedFiling;
import dev.scoperag.core.ingest.Rejections;
import java.time.Clock;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/** Decodes and validates a {@code filings} record; an invalid one goes to the DLQ with its reason. */
public final class DecodeFiling extends ProcessFunction<IncomingFiling, ReceivedFiling> {

    private static final long serialVersionUID = 1L;

    private transient FilingDecoder decoder;
    private transient Clock clock;

    @Override
    public void open(org.apache.flink.api.common.functions.OpenContext openContext) {
        clock = Clock.systemUTC();
        decoder = new FilingDecoder(clock);
    }

    @Override
    public void processElement(IncomingFiling incoming, Context ctx, Collector<ReceivedFiling> out) {
        try {
            out.collect(new ReceivedFiling(incoming, decoder.decode(incoming.value())));
        } catch (FilingRejectedException e) {
            ctx.output(DeadLetters.TAG, Rejections.of(e, Rejections.DECODE, incoming, clock.instant()));
        }
    }
}
