package dev.scoperag.ingest.functions;

import dev.scoperag.core.chunk.Chunker;
import dev.scoperag.core.extract.SectionIndex;
import dev.scoperag.core.ingest.DocumentChange;
import dev.scoperag.core.ingest.DocumentPlan;
import dev.scoperag.core.ingest.PublicationPlanner;
import dev.scoperag.core.ingest.PublishedDocument;
import dev.scoperag.core.ingest.Rejections;
import dev.scoperag.core.json.Json;
import dev.scoperag.stream.isolation.RecordIsolation;
import java.time.Clock;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Turns a document change into one plan of its {@code chunks} records: chunks, commit, tombstones
 * (stateless). One record per document, so a large document is never a long run of records that a
 * checkpoint barrier must wait behind.
 */
public final class ChunkDocuments extends ProcessFunction<DocumentChange, DocumentPlan> {

    private static final long serialVersionUID = 1L;

    private final int size;
    private final int stride;
    private final String embeddingModel;
    private transient PublicationPlanner planner;
    private transient RecordIsolation isolation;
    private transient Clock clock;

    public ChunkDocuments(int size, int stride, String embeddingModel) {
        this.size = size;
        this.stride = stride;
        this.embeddingModel = embeddingModel;
    }

    @Override
    public void open(OpenContext openContext) {
        clock = Clock.systemUTC();
        planner = new PublicationPlanner(new Chunker(size, stride), text -> SectionIndex.of(text)::sectionAt, embeddingModel, clock);
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
    }

    @Override
    public void processElement(DocumentChange change, Context ctx, Collector<DocumentPlan> out) {
        PublishedDocument doc = change instanceof DocumentChange.NewVersion v ? v.published() : ((DocumentChange.Retraction) change).removed();
        isolation.call(Rejections.CHUNK, change.shard() + "/" + doc.docId(),
                () -> new DocumentPlan(change.shard(), doc.docId(), doc.docHash(), change.source(), change.event(), planner.plan(change)),
                failure -> ctx.output(DeadLetters.TAG,
                        Rejections.internal(failure, change.source(), Json.toBytes(change.event()), clock.instant())))
                .ifPresent(out::collect);
    }
}
