package dev.scoperag.ingest.functions;

import dev.scoperag.core.fetch.ContentFetcher;
import dev.scoperag.core.fetch.FetchPolicy;
import dev.scoperag.core.fetch.FetchedContent;
import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.ident.Hashes;
import dev.scoperag.core.ingest.FetchedFiling;
import dev.scoperag.core.ingest.ReceivedFiling;
import dev.scoperag.core.ingest.Rejections;
import dev.scoperag.stream.isolation.RecordIsolation;
import java.time.Clock;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Reads a filing's content (inline or an allow-listed URI) and hashes it; a refused or failed read
 * goes to the DLQ. Retractions pass through without content.
 */
public final class FetchContent extends ProcessFunction<ReceivedFiling, FetchedFiling> {

    private static final long serialVersionUID = 1L;

    private final SerializablePolicy policy;
    private transient ContentFetcher fetcher;
    private transient Clock clock;
    private transient RecordIsolation isolation;

    public FetchContent(FetchPolicy policy) {
        this.policy = SerializablePolicy.of(policy);
    }

    @Override
    public void open(OpenContext openContext) {
        fetcher = new ContentFetcher(policy.toPolicy());
        clock = Clock.systemUTC();
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
    }

    @Override
    public void processElement(ReceivedFiling received, Context ctx, Collector<FetchedFiling> out) {
        isolation.call(Rejections.FETCH, DeadLetters.keyOf(received.incoming()), () -> fetch(received, ctx),
                failure -> ctx.output(DeadLetters.TAG, Rejections.internal(failure, received.incoming(), clock.instant())))
                .ifPresent(out::collect);
    }

    private FetchedFiling fetch(ReceivedFiling received, Context ctx) {
        if (received.event().isRetraction()) {
            return new FetchedFiling(received.incoming(), received.event().withContent(null), null, null, null);
        }
        try {
            FetchedContent content = fetcher.fetch(received.event().content());
            return new FetchedFiling(received.incoming(), received.event().withContent(null),
                    content.bytes(), content.contentTypeHint(), Hashes.sha256(content.bytes()));
        } catch (FilingRejectedException e) {
            ctx.output(DeadLetters.TAG, Rejections.of(e, Rejections.FETCH, received.incoming(), clock.instant()));
            return null;
        }
    }
}
