package dev.scoperag.ingest.functions;

import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.extract.Extractor;
import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.filing.RejectReason;
import dev.scoperag.core.ingest.DocumentChange;
import dev.scoperag.core.ingest.DocumentVersioner;
import dev.scoperag.core.ingest.FetchedFiling;
import dev.scoperag.core.ingest.PublishedDocument;
import dev.scoperag.core.ingest.Rejections;
import dev.scoperag.stream.metrics.LabeledHistograms;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.time.Clock;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps, per shard, the published version of each document and decides what a filing changes: an
 * identical re-send (same bytes) is dropped before extraction, an identical text after it, and
 * anything else becomes a new version that supersedes the published one. Extraction runs here,
 * only for sources not seen before, so a re-send costs a hash and no parsing.
 */
public final class VersionDocuments extends KeyedProcessFunction<String, FetchedFiling, DocumentChange> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(VersionDocuments.class);
    /** Accumulator: nanoseconds spent extracting text, summed over subtasks. */
    public static final String EXTRACTION_NANOS = "extraction-nanos";

    private transient MapState<String, PublishedDocument> publishedDocs;
    private transient Extractor extractor;
    private transient Clock clock;
    private transient LongCounter extractionNanos;
    private transient Counter unchangedResends;
    private transient Histogram extractionLatency;

    @Override
    public void open(OpenContext openContext) {
        publishedDocs = getRuntimeContext().getMapState(new MapStateDescriptor<>(
                "publishedDocs", Types.STRING, JsonTypeInformation.of(PublishedDocument.class)));
        extractor = new Extractor();
        clock = Clock.systemUTC();
        extractionNanos = getRuntimeContext().getLongCounter(EXTRACTION_NANOS);
        unchangedResends = getRuntimeContext().getMetricGroup().counter("filingsUnchanged");
        extractionLatency = LabeledHistograms.of(getRuntimeContext().getMetricGroup(), "extractionLatencyMs");
    }

    @Override
    public void processElement(FetchedFiling fetched, Context ctx, Collector<DocumentChange> out) throws Exception {
        String docId = fetched.event().docId();
        PublishedDocument current = publishedDocs.get(docId);
        if (fetched.event().isRetraction()) {
            if (current == null) {
                LOG.info("retraction of {} in {}: nothing published, nothing to do", docId, ctx.getCurrentKey());
                return;
            }
            publishedDocs.remove(docId);
            out.collect(new DocumentChange.Retraction(ctx.getCurrentKey(), fetched.event(), current));
            return;
        }
        if (DocumentVersioner.isIdenticalSource(current, fetched)) {
            LOG.debug("{} in {} re-sent unchanged; skipped", docId, ctx.getCurrentKey());
            unchangedResends.inc();
            return;
        }
        ExtractedText text;
        long start = System.nanoTime();
        try {
            text = extractor.extract(fetched.content(), fetched.contentTypeHint());
        } catch (FilingRejectedException e) {
            ctx.output(DeadLetters.TAG, Rejections.of(e, Rejections.EXTRACT, fetched.incoming(), clock.instant()));
            return;
        } catch (RuntimeException e) {
            // A parser bug must cost one filing, not the job.
            ctx.output(DeadLetters.TAG, Rejections.of(unexpected(fetched, e), Rejections.EXTRACT, fetched.incoming(), clock.instant()));
            return;
        } finally {
            long nanos = System.nanoTime() - start;
            extractionNanos.add(nanos);
            extractionLatency.update(nanos / 1_000_000);
        }
        var change = DocumentVersioner.newVersion(current, fetched, text);
        if (change.isEmpty()) {
            LOG.debug("{} in {} re-sent with identical text; skipped", docId, ctx.getCurrentKey());
            unchangedResends.inc();
            return;
        }
        publishedDocs.put(docId, change.get().published());
        out.collect(change.get());
    }

    private static FilingRejectedException unexpected(FetchedFiling fetched, RuntimeException e) {
        byte[] b = fetched.content();
        boolean pdf = b != null && b.length > 4 && b[0] == '%' && b[1] == 'P' && b[2] == 'D' && b[3] == 'F';
        return new FilingRejectedException(pdf ? RejectReason.PDF_CORRUPT : RejectReason.UNSUPPORTED_CONTENT_TYPE,
                "extraction failed: " + e, e);
    }
}
