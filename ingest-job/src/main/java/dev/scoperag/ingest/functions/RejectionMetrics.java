package dev.scoperag.ingest.functions;

import dev.scoperag.core.record.RejectedFiling;
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

    @Override
    public void open(OpenContext openContext) {
        rejected = new LabeledCounters(getRuntimeContext().getMetricGroup(), "filingsRejected", "reason", "stage");
    }

    @Override
    public RejectedFiling map(RejectedFiling rejection) {
        rejected.inc(rejection.reason().name(), rejection.stage());
        return rejection;
    }
}
