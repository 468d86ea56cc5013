package dev.scoperag.query.functions;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.query.QueryDecoder;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.core.query.QueryRejectedException;
import dev.scoperag.query.types.IncomingQuery;
import java.time.Instant;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/** Decodes a {@code queries} record; a malformed or empty one is answered at once as {@code rejected}. */
public final class DecodeQuery extends ProcessFunction<IncomingQuery, QueryEvent> {

    private static final long serialVersionUID = 1L;

    private transient QueryDecoder decoder;

    @Override
    public void open(org.apache.flink.api.common.functions.OpenContext openContext) {
        decoder = new QueryDecoder();
    }

    @Override
    public void processElement(IncomingQuery incoming, Context ctx, Collector<QueryEvent> out) {
        try {
            out.collect(decoder.decode(incoming.key(), incoming.value()));
        } catch (QueryRejectedException e) {
            String queryId = e.queryId() != null ? e.queryId() : "unkeyed-" + ctx.timerService().currentProcessingTime();
            ctx.output(EarlyAnswers.TAG, AnswerEvent.rejected(queryId, null, e.reason().name(), e.getMessage(), Instant.now().toString()));
        }
    }
}
