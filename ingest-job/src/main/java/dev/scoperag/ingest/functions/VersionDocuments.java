package dev.scoperag.ingest.functions;

import dev.scoperag.core.chunk.Chunker;
import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.extract.Extractor;
import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.filing.RejectReason;
import dev.scoperag.core.ingest.DocumentChange;
import dev.scoperag.core.ingest.DocumentVersioner;
import dev.scoperag.core.ingest.FetchedFiling;
import dev.scoperag.core.ingest.PublishedDocument;
import dev.scoperag.core.ingest.Rejections;
import dev.scoperag.stream.isolation.RecordIsolation;
import dev.scoperag.stream.metrics.LabeledHistograms;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.time.Clock;
import java.util.Optional;
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
 * only for sources not seen before, so a re-send costs a hash and no parsing. A document over the
 * caps (characters of text, chunks it would make) is TOO_LARGE here, before anything is embedded.
 * The published version is recorded only once the change is decided, so a filing that fails is
 * not taken for published.
 */
public final class VersionDocuments extends KeyedProcessFunction<String, FetchedFiling, DocumentChange> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(VersionDocuments.class);
    /** Accumulator: nanoseconds spent extracting text, summed over subtasks. */
    public static final String EXTRACTION_NANOS = "extraction-nanos";
    /** Counter metric: filings skipped as re-sends of the published version (same bytes, or the same text). */
    public static final String FILINGS_UNCHANGED = "filingsUnchanged";

    /** Per-document caps, and the chunking they are counted in. */
    public record Limits(long maxCharacters, int maxChunks, int chunkSize, int chunkStride) implements java.io.Serializable {}

    private final Limits limits;

    private transient MapState<String, PublishedDocument> publishedDocs;
    private transient Extractor extractor;
    private transient Clock clock;
    private transient LongCounter extractionNanos;
    private transient Counter unchangedResends;
    private transient Histogram extractionLatency;
    private transient RecordIsolation isolation;
    private transient Chunker chunker;

    public VersionDocuments(Limits limits) {
        this.limits = limits;
    }

    @Override
    public void open(OpenContext openContext) {
        publishedDocs = getRuntimeContext().getMapState(new MapStateDescriptor<>(
                "publishedDocs", Types.STRING, JsonTypeInformation.of(PublishedDocument.class)));
        extractor = new Extractor(limits.maxCharacters());
        chunker = new Chunker(limits.chunkSize(), limits.chunkStride());
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
        clock = Clock.systemUTC();
        extractionNanos = getRuntimeContext().getLongCounter(EXTRACTION_NANOS);
        unchangedResends = getRuntimeContext().getMetricGroup().counter(FILINGS_UNCHANGED);
        extractionLatency = LabeledHistograms.of(getRuntimeContext().getMetricGroup(), "extractionLatencyMs");
    }

    @Override
    public void processElement(FetchedFiling fetched, Context ctx, Collector<DocumentChange> out) throws Exception {
        Optional<DocumentChange> change = isolation.call(Rejections.EXTRACT, DeadLetters.keyOf(fetched.incoming()),
                () -> decide(fetched, ctx),
                failure -> ctx.output(DeadLetters.TAG, Rejections.internal(failure, fetched.incoming(), clock.instant())));
        if (change.isEmpty()) {
            return;
        }
        if (change.get() instanceof DocumentChange.NewVersion version) {
            publishedDocs.put(version.event().docId(), version.published());
        } else {
            publishedDocs.remove(change.get().event().docId());
        }
        out.collect(change.get());
    }

    /** What the filing changes, or null when nothing (an unchanged re-send, a rejection already sent to the DLQ). */
    private DocumentChange decide(FetchedFiling fetched, Context ctx) throws Exception {
        String docId = fetched.event().docId();
        PublishedDocument current = publishedDocs.get(docId);
        if (fetched.event().isRetraction()) {
            if (current == null) {
                LOG.info("retraction of {} in {}: nothing published, nothing to do", docId, ctx.getCurrentKey());
                return null;
            }
            return new DocumentChange.Retraction(ctx.getCurrentKey(), fetched.event(), current, fetched.incoming().source());
        }
        if (DocumentVersioner.isIdenticalSource(current, fetched)) {
            LOG.debug("{} in {} re-sent unchanged; skipped", docId, ctx.getCurrentKey());
            unchangedResends.inc();
            return null;
        }
        ExtractedText text;
        long start = System.nanoTime();
        try {
            text = extractor.extract(fetched.content(), fetched.contentTypeHint());
            int chunks = chunker.count(text.text().length());
            if (chunks > limits.maxChunks()) {
                throw new FilingRejectedException(RejectReason.TOO_LARGE, "the text (" + text.text().length()
                        + " characters) makes " + chunks + " chunks, over the limit of " + limits.maxChunks() + " (scoperag.ingest.max-chunks)");
            }
        } catch (FilingRejectedException e) {
            ctx.output(DeadLetters.TAG, Rejections.of(e, Rejections.EXTRACT, fetched.incoming(), clock.instant()));
            return null;
        } catch (RuntimeException e) {
            if (isParserFailure(e)) {
                // A parser that cannot read the bytes: the content's fault, said as such.
                ctx.output(DeadLetters.TAG, Rejections.of(unexpected(fetched, e), Rejections.EXTRACT, fetched.incoming(), clock.instant()));
                return null;
            }
            throw e;
        } finally {
            long nanos = System.nanoTime() - start;
            extractionNanos.add(nanos);
            extractionLatency.update(nanos / 1_000_000);
        }
        var change = DocumentVersioner.newVersion(current, fetched, text);
        if (change.isEmpty()) {
            LOG.debug("{} in {} re-sent with identical text; skipped", docId, ctx.getCurrentKey());
            unchangedResends.inc();
            return null;
        }
        return change.get();
    }

    /** Thrown from inside a document parser (PDFBox, jsoup): the bytes, not the code, are at fault. */
    private static boolean isParserFailure(RuntimeException e) {
        for (StackTraceElement frame : e.getStackTrace()) {
            String c = frame.getClassName();
            if (c.startsWith("org.apache.pdfbox.") || c.startsWith("org.apache.fontbox.") || c.startsWith("org.jsoup.")) {
                return true;
            }
            if (c.startsWith("dev.scoperag.")) {
                return false;
            }
        }
        return false;
    }

    private static FilingRejectedException unexpected(FetchedFiling fetched, RuntimeException e) {
        byte[] b = fetched.content();
        boolean pdf = b != null && b.length > 4 && b[0] == '%' && b[1] == 'P' && b[2] == 'D' && b[3] == 'F';
        return new FilingRejectedException(pdf ? RejectReason.PDF_CORRUPT : RejectReason.UNSUPPORTED_CONTENT_TYPE,
                "extraction failed: " + e, e);
    }
}
