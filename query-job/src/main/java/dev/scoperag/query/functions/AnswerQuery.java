package dev.scoperag.query.functions;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.answer.AnswerStage;
import dev.scoperag.core.answer.AnswerStageSpec;
import dev.scoperag.query.types.GatheredQuery;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/** Reranks a gathered query's candidates, keeps a compact context and answers from it (stateless). */
public final class AnswerQuery extends ProcessFunction<GatheredQuery, AnswerEvent> {

    private static final long serialVersionUID = 1L;

    private final AnswerStageSpec spec;
    private transient AnswerStage stage;

    public AnswerQuery(AnswerStageSpec spec) {
        this.spec = spec;
    }

    @Override
    public void open(OpenContext openContext) {
        stage = spec.open();
    }

    @Override
    public void close() {
        if (stage != null) {
            stage.close();
        }
    }

    @Override
    public void processElement(GatheredQuery gathered, Context ctx, Collector<AnswerEvent> out) {
        out.collect(stage.answer(gathered.plan(), gathered.results(), gathered.missing(), gathered.gatheredAtMillis()));
    }
}
