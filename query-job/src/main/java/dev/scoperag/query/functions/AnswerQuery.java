package dev.scoperag.query.functions;

import dev.scoperag.core.answer.Answer;
import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.answer.AnswerStage;
import dev.scoperag.core.answer.AnswerStageSpec;
import dev.scoperag.core.llm.LlmAnswerer;
import dev.scoperag.core.llm.LlmClient;
import dev.scoperag.core.llm.LlmSettings;
import dev.scoperag.query.types.GatheredQuery;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * Reranks a gathered query's candidates, keeps a compact context and answers from it: extractively
 * by default, or, for queries asking for {@code llm} answers when an endpoint is configured, with
 * the LLM, asynchronously, falling back to the extractive answer (and saying why) when the call
 * fails, times out or cites evidence it was not given.
 */
public final class AnswerQuery extends RichAsyncFunction<GatheredQuery, AnswerEvent> {

    private static final long serialVersionUID = 1L;

    public static final String LLM_NOT_CONFIGURED = "LLM_NOT_CONFIGURED";
    public static final String LLM_TIMEOUT = "LLM_TIMEOUT";

    private final AnswerStageSpec spec;
    private final LlmSettings llm;
    private transient AnswerStage stage;
    private transient LlmClient client;
    private transient LlmAnswerer llmAnswerer;

    /** @param llm the endpoint for llm answers, or null for none */
    public AnswerQuery(AnswerStageSpec spec, LlmSettings llm) {
        this.spec = spec;
        this.llm = llm;
    }

    @Override
    public void open(OpenContext openContext) {
        stage = spec.open();
        if (llm != null) {
            client = LlmClient.fromEnvironment(llm).meteredBy(new LlmMetrics(getRuntimeContext().getMetricGroup(), "answer"));
            llmAnswerer = new LlmAnswerer(client);
        }
    }

    @Override
    public void close() {
        if (client != null) {
            client.close();
        }
        if (stage != null) {
            stage.close();
        }
    }

    @Override
    public void asyncInvoke(GatheredQuery gathered, ResultFuture<AnswerEvent> result) {
        AnswerStage.Prepared prepared = stage.prepare(gathered.plan(), gathered.results(), gathered.missing(), gathered.gatheredAtMillis());
        if (prepared.early() != null) {
            result.complete(List.of(prepared.early()));
            return;
        }
        boolean wantsLlm = gathered.plan().query().options().answerModeOrDefault().equals("llm");
        if (!wantsLlm || llmAnswerer == null) {
            result.complete(List.of(stage.complete(prepared, stage.extractive(prepared), "extractive", wantsLlm ? LLM_NOT_CONFIGURED : null)));
            return;
        }
        long start = System.nanoTime();
        llmAnswerer.answerOrFallback(gathered.plan().query().question(), prepared.context(), stage.extractiveAnswerer(), prepared.issuerNames())
                .whenComplete((answer, error) -> {
                    prepared.timings().put("answer", (System.nanoTime() - start) / 1e6);
                    if (error != null) {
                        result.complete(List.of(stage.complete(prepared, stage.extractive(prepared), "extractive-fallback", "LLM_ERROR")));
                    } else {
                        result.complete(List.of(stage.complete(prepared, answer.answer(), answer.mode(), answer.fallbackReason())));
                    }
                });
    }

    @Override
    public void timeout(GatheredQuery gathered, ResultFuture<AnswerEvent> result) {
        AnswerStage.Prepared prepared = stage.prepare(gathered.plan(), gathered.results(), gathered.missing(), gathered.gatheredAtMillis());
        Answer fallback = prepared.early() == null ? stage.extractive(prepared) : null;
        result.complete(List.of(fallback == null ? prepared.early() : stage.complete(prepared, fallback, "extractive-fallback", LLM_TIMEOUT)));
    }
}
