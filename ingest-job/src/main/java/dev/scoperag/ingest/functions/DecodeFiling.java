package dev.scoperag.ingest.functions;

import dev.scoperag.core.filing.FilingDecoder;
import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.ingest.IncomingFiling;
import dev.scoperag.core.ingest.ReceivedFiling;
import dev.scoperag.core.ingest.Rejections;
import dev.scoperag.stream.isolation.RecordIsolation;
import java.time.Clock;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/** Decodes and validates a {@code filings} record; an invalid one goes to the DLQ with its reason. */
public final class DecodeFiling extends ProcessFunction<IncomingFiling, ReceivedFiling> {

    private static final long serialVersionUID = 1L;

    private transient FilingDecoder decoder;
    private transient Clock clock;
    private transient RecordIsolation isolation;

    @Override
    public void open(OpenContext openContext) {
        clock = Clock.systemUTC();
        decoder = new FilingDecoder(clock);
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
    }

    @Override
    public void processElement(IncomingFiling incoming, Context ctx, Collector<ReceivedFiling> out) {
        isolation.call(Rejections.DECODE, DeadLetters.keyOf(incoming), () -> decode(incoming, ctx),
                failure -> ctx.output(DeadLetters.TAG, Rejections.internal(failure, incoming, clock.instant())))
                .ifPresent(out::collect);
    }

    private ReceivedFiling decode(IncomingFiling incoming, Context ctx) {
        try {
            return new ReceivedFiling(incoming, decoder.decode(incoming.value()));
        } catch (FilingRejectedException e) {
            ctx.output(DeadLetters.TAG, Rejections.of(e, Rejections.DECODE, incoming, clock.instant()));
            return null;
        }
    }
}
