package dev.scoperag.ingest.functions;

import dev.scoperag.core.chunk.Chunker;
import dev.scoperag.core.extract.SectionIndex;
import dev.scoperag.core.ingest.DocumentChange;
import dev.scoperag.core.ingest.PublicationPlanner;
import dev.scoperag.core.record.ChunkTopicRecord;
import java.time.Clock;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/** Turns a document change into its {@code chunks} records: chunks, commit, tombstones (stateless). */
public final class ChunkDocuments extends RichFlatMapFunction<DocumentChange, ChunkTopicRecord> {

    private static final long serialVersionUID = 1L;

    private final int size;
    private final int stride;
    private final String embeddingModel;
    private transient PublicationPlanner planner;

    public ChunkDocuments(int size, int stride, String embeddingModel) {
        this.size = size;
        this.stride = stride;
        this.embeddingModel = embeddingModel;
    }

    @Override
    public void open(OpenContext openContext) {
        planner = new PublicationPlanner(new Chunker(size, stride), text -> SectionIndex.of(text)::sectionAt,
                embeddingModel, Clock.systemUTC());
    }

    @Override
    public void flatMap(DocumentChange change, Collector<ChunkTopicRecord> out) {
        planner.plan(change).forEach(out::collect);
    }
}
