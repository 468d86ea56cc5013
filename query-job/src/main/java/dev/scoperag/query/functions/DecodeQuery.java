package dev.scoperag.query.functions;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.answer.Answers;
import dev.scoperag.core.failure.InternalFailure;
import dev.scoperag.core.query.QueryDecoder;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.core.query.QueryRejectedException;
import dev.scoperag.query.types.IncomingQuery;
import dev.scoperag.stream.isolation.RecordIsolation;
import java.time.Instant;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/** Decodes a {@code queries} record; a malformed or empty one is answered at once as {@code rejected}. */
public final class DecodeQuery extends ProcessFunction<IncomingQuery, QueryEvent> {

    private static final long serialVersionUID = 1L;
    static final String STAGE = "decode";

    private transient QueryDecoder decoder;
    private transient RecordIsolation isolation;

    @Override
    public void open(OpenContext openContext) {
        decoder = new QueryDecoder();
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
    }

    @Override
    public void processElement(IncomingQuery incoming, Context ctx, Collector<QueryEvent> out) {
        isolation.call(STAGE, incoming.key(), () -> decode(incoming, ctx), failure -> ctx.output(EarlyAnswers.TAG,
                        Answers.error(queryId(incoming.key(), ctx), null, InternalFailure.REASON, failure.detail(), System.currentTimeMillis())))
                .ifPresent(out::collect);
    }

    private QueryEvent decode(IncomingQuery incoming, Context ctx) {
        try {
            return decoder.decode(incoming.key(), incoming.value());
        } catch (QueryRejectedException e) {
            String queryId = e.queryId() != null ? e.queryId() : queryId(null, ctx);
            ctx.output(EarlyAnswers.TAG, AnswerEvent.rejected(queryId, null, e.reason().name(), e.getMessage(), Instant.now().toString()));
            return null;
        }
    }

    /** The answer's key when the record names no query id: the record key, else a made-up one. */
    private static String queryId(String key, Context ctx) {
        return key != null ? key : "unkeyed-" + ctx.timerService().currentProcessingTime();
    }
}
