package dev.scoperag.query.functions;

import dev.scoperag.core.answer.Answer;
import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.answer.AnswerStage;
import dev.scoperag.core.answer.AnswerStageSpec;
import dev.scoperag.core.answer.Answers;
import dev.scoperag.core.failure.InternalFailure;
import dev.scoperag.core.llm.LlmAnswerer;
import dev.scoperag.core.llm.LlmClient;
import dev.scoperag.core.llm.LlmSettings;
import dev.scoperag.query.types.GatheredQuery;
import dev.scoperag.stream.isolation.RecordIsolation;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * Reranks a gathered query's candidates, keeps a compact context and answers from it: extractively
 * by default, or, for queries asking for {@code llm} answers when an endpoint is configured, with
 * the LLM, asynchronously, falling back to the extractive answer (and saying why) when the call
 * fails, times out or cites evidence it was not given.
 *
 * <p>The work runs on one worker thread per subtask, in arrival order, never on the task thread:
 * reranking takes a second or more on a loaded machine, and on the task thread it would hold up the
 * chained gather step, whose timers would then blame shards that had answered in time
 * ({@code SHARDS_DID_NOT_ANSWER}) for the wait. The operator's capacity bounds what waits, and its
 * in-flight queries are part of every checkpoint.
 */
public final class AnswerQuery extends RichAsyncFunction<GatheredQuery, AnswerEvent> {

    private static final long serialVersionUID = 1L;

    public static final String LLM_NOT_CONFIGURED = "LLM_NOT_CONFIGURED";
    public static final String LLM_TIMEOUT = "LLM_TIMEOUT";
    static final String STAGE = "answer";

    private final AnswerStageSpec spec;
    private final LlmSettings llm;
    private transient AnswerStage stage;
    private transient LlmClient client;
    private transient LlmAnswerer llmAnswerer;
    private transient ExecutorService worker;
    /** The futures of the queries not answered yet (by identity). */
    private transient Set<ResultFuture<AnswerEvent>> pending;
    private transient RecordIsolation isolation;

    /** @param llm the endpoint for llm answers, or null for none */
    public AnswerQuery(AnswerStageSpec spec, LlmSettings llm) {
        this.spec = spec;
        this.llm = llm;
    }

    @Override
    public void open(OpenContext openContext) {
        stage = spec.open();
        worker = Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, "scoperag-answer");
            thread.setDaemon(true);
            return thread;
        });
        pending = ConcurrentHashMap.newKeySet();
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
        if (llm != null) {
            client = LlmClient.fromEnvironment(llm).meteredBy(new LlmMetrics(getRuntimeContext().getMetricGroup(), "answer"));
            llmAnswerer = new LlmAnswerer(client);
        }
    }

    @Override
    public void close() {
        if (worker != null) {
            // The stage is closed below: let the query being answered finish with it first. A cancelled
            // task is interrupted while it closes; that must not turn its cancellation into a failure.
            worker.shutdownNow();
            try {
                worker.awaitTermination(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (client != null) {
            client.close();
        }
        if (stage != null) {
            stage.close();
        }
    }

    @Override
    public void asyncInvoke(GatheredQuery gathered, ResultFuture<AnswerEvent> result) {
        pending.add(result);
        onWorker(gathered, result, () -> answer(gathered, result));
    }

    /**
     * Runs {@code work} on the worker. A failure of the work is the query's: it is answered with status
     * {@code error}; only an infrastructure fault fails the query's future, and so the job.
     */
    private void onWorker(GatheredQuery gathered, ResultFuture<AnswerEvent> result, Runnable work) {
        if (worker.isShutdown()) {
            // Closing (cancelled or restarting): what is in flight is replayed from the last checkpoint.
            return;
        }
        worker.execute(() -> {
            try {
                work.run();
            } catch (Throwable e) {
                fail(gathered, result, e);
            }
        });
    }

    private void fail(GatheredQuery gathered, ResultFuture<AnswerEvent> result, Throwable error) {
        if (!pending.remove(result)) {
            return; // answered already
        }
        try {
            InternalFailure failure = isolation.failureOf(STAGE, gathered.plan().queryId(), error);
            result.complete(List.of(Answers.error(gathered.plan(), InternalFailure.REASON, failure.detail(), System.currentTimeMillis())));
        } catch (Throwable fault) {
            result.completeExceptionally(fault instanceof Exception ex ? ex : new RuntimeException(fault));
        }
    }

    private void finish(ResultFuture<AnswerEvent> result, AnswerEvent answer) {
        if (pending.remove(result)) {
            result.complete(List.of(answer));
        }
    }

    private void answer(GatheredQuery gathered, ResultFuture<AnswerEvent> result) {
        AnswerStage.Prepared prepared = stage.prepare(gathered.plan(), gathered.results(), gathered.missing(), gathered.gatheredAtMillis());
        if (prepared.early() != null) {
            finish(result, prepared.early());
            return;
        }
        var numeric = stage.numeric(prepared);
        if (numeric.isPresent()) {
            // A metric computed from the filing's facts needs no model to state it.
            finish(result, numeric.get());
            return;
        }
        boolean wantsLlm = gathered.plan().query().options().answerModeOrDefault().equals("llm");
        if (!wantsLlm || llmAnswerer == null) {
            finish(result, stage.complete(prepared, stage.extractive(prepared), "extractive", wantsLlm ? LLM_NOT_CONFIGURED : null));
            return;
        }
        long start = System.nanoTime();
        llmAnswerer.answerOrFallback(gathered.plan().query().question(), prepared.context(), stage.extractiveAnswerer(), prepared.issuerNames())
                .whenComplete((answer, error) -> {
                    try {
                        prepared.timings().put("answer", (System.nanoTime() - start) / 1e6);
                        if (error != null) {
                            finish(result, stage.complete(prepared, stage.extractive(prepared), "extractive-fallback", "LLM_ERROR"));
                        } else {
                            finish(result, stage.complete(prepared, answer.answer(), answer.mode(), answer.fallbackReason()));
                        }
                    } catch (Throwable e) {
                        fail(gathered, result, e);
                    }
                });
    }

    @Override
    public void timeout(GatheredQuery gathered, ResultFuture<AnswerEvent> result) {
        // Queued behind the query's own work: a query answered by then is left alone, and what is
        // left is an LLM call still waiting, answered extractively.
        onWorker(gathered, result, () -> {
            if (pending.contains(result)) {
                fallBack(gathered, result);
            }
        });
    }

    private void fallBack(GatheredQuery gathered, ResultFuture<AnswerEvent> result) {
        AnswerStage.Prepared prepared = stage.prepare(gathered.plan(), gathered.results(), gathered.missing(), gathered.gatheredAtMillis());
        if (prepared.early() == null && stage.numeric(prepared).isPresent()) {
            finish(result, stage.numeric(prepared).get());
            return;
        }
        Answer fallback = prepared.early() == null ? stage.extractive(prepared) : null;
        finish(result, fallback == null ? prepared.early() : stage.complete(prepared, fallback, "extractive-fallback", LLM_TIMEOUT));
    }
}
