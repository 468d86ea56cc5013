package dev.scoperag.ingest.functions;

import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.stream.isolation.RecordIsolation;
import dev.scoperag.stream.metrics.LabeledCounters;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;

/**
 * Counts what goes to {@code chunks}, and passes it on unchanged: documents committed by form and
 * whether they are a first version or supersede one ({@code documentsCommitted{form,version}}),
 * retractions, chunks published and chunks removed.
 */
public final class PublicationMetrics extends RichMapFunction<ChunkTopicRecord, ChunkTopicRecord> {

    private static final long serialVersionUID = 1L;
    /** Counter metric (one per form and version label): documents whose DocumentCommitted went to the sink. */
    public static final String DOCUMENTS_COMMITTED = "documentsCommitted";

    private transient LabeledCounters committed;
    private transient Counter retracted;
    private transient Counter chunksPublished;
    private transient Counter chunksRemoved;
    private transient RecordIsolation isolation;

    @Override
    public void open(OpenContext openContext) {
        MetricGroup group = getRuntimeContext().getMetricGroup();
        isolation = new RecordIsolation(group);
        committed = new LabeledCounters(group, DOCUMENTS_COMMITTED, "form", "version");
        retracted = group.counter("documentsRetracted");
        chunksPublished = group.counter("chunksPublished");
        chunksRemoved = group.counter("chunksRemoved");
    }

    @Override
    public ChunkTopicRecord map(ChunkTopicRecord record) {
        // Counting never holds a record back.
        isolation.run("publication-metrics", record.shard(), () -> count(record), failure -> { });
        return record;
    }

    private void count(ChunkTopicRecord record) {
        if (record instanceof ChunkUpserted) {
            chunksPublished.inc();
        } else if (record instanceof ChunkRemoved) {
            chunksRemoved.inc();
        } else if (record instanceof DocumentCommitted commit) {
            committed.inc(commit.formType(), commit.version() == 1 ? "first" : "superseding");
        } else if (record instanceof DocumentRetracted) {
            retracted.inc();
        }
    }
}
