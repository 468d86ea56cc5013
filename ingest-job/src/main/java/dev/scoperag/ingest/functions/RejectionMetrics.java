package dev.scoperag.ingest.functions;

import dev.scoperag.core.record.RejectedFiling;
import dev.scoperag.stream.isolation.RecordIsolation;
import dev.scoperag.stream.metrics.LabeledCounters;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

/**
 * Counts the filings on their way to {@code filings.dlq} by reason and stage
 * ({@code filingsRejected{reason,stage}}) and passes them on unchanged.
 */
public final class RejectionMetrics extends RichMapFunction<RejectedFiling, RejectedFiling> {

    private static final long serialVersionUID = 1L;

    private transient LabeledCounters rejected;
    private transient RecordIsolation isolation;

    @Override
    public void open(OpenContext openContext) {
        rejected = new LabeledCounters(getRuntimeContext().getMetricGroup(), "filingsRejected", "reason", "stage");
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
    }

    @Override
    public RejectedFiling map(RejectedFiling rejection) {
        // Counting never holds a dead-letter record back.
        isolation.run("rejection-metrics", rejection.source() == null ? null : rejection.source().key(),
                () -> rejected.inc(rejection.reason().name(), rejection.stage()), failure -> { });
        return rejection;
    }
}
