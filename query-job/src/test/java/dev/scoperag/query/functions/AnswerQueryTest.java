package dev.scoperag.query.functions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.answer.AnswerStageSpec;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.search.Candidate;
import dev.scoperag.query.types.GatheredQuery;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.functions.DefaultOpenContext;
import org.apache.flink.streaming.api.functions.async.CollectionSupplier;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.util.MockStreamingRuntimeContext;
import org.junit.jupiter.api.Test;

/**
 * The answer step works off the task thread: the gather step chained before it must stay free to
 * take shard results in while questions are reranked, or its timers blame shards for the wait.
 */
class AnswerQueryTest {

    /** Records the answers and the thread that delivered them. */
    private static final class Recorded implements ResultFuture<AnswerEvent> {
        final CompletableFuture<List<AnswerEvent>> answers = new CompletableFuture<>();
        final List<AnswerEvent> all = new ArrayList<>();
        volatile Thread completedOn;

        @Override
        public void complete(Collection<AnswerEvent> result) {
            completedOn = Thread.currentThread();
            synchronized (all) {
                all.addAll(result);
            }
            answers.complete(List.copyOf(result));
        }

        @Override
        public void completeExceptionally(Throwable error) {
            answers.completeExceptionally(error);
        }

        @Override
        public void complete(CollectionSupplier<AnswerEvent> supplier) {
            throw new UnsupportedOperationException();
        }
    }

    private static GatheredQuery gathered(String queryId) {
        return new GatheredQuery(GatherResultsHarnessTest.routed(queryId, "MMM:2018"), List.of(), List.of(), 0L);
    }

    /** The answer step with the bundled model and no LLM, opened as a subtask would open it. */
    private static AnswerQuery opened() {
        AnswerQuery answerQuery = new AnswerQuery(new AnswerStageSpec(EmbedderSpec.bundled(), null, null), null);
        answerQuery.setRuntimeContext(new MockStreamingRuntimeContext(1, 0));
        answerQuery.open(DefaultOpenContext.INSTANCE);
        return answerQuery;
    }

    @Test
    void questionsAreAnsweredOnTheWorkerInArrivalOrderNotOnTheCallersThread() throws Exception {
        AnswerQuery answerQuery = opened();
        try {
            List<Recorded> futures = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Recorded future = new Recorded();
                answerQuery.asyncInvoke(gathered("q" + i), future);
                futures.add(future);
            }
            for (int i = 0; i < 3; i++) {
                Recorded future = futures.get(i);
                assertThat(future.answers.get(1, TimeUnit.MINUTES)).singleElement().satisfies(a -> {
                    assertThat(a.status()).isEqualTo(AnswerEvent.ABSTAINED);
                });
                assertThat(future.completedOn).isNotSameAs(Thread.currentThread());
                assertThat(future.completedOn.getName()).isEqualTo("scoperag-answer");
            }
            assertThat(futures.get(0).answers.get().get(0).queryId()).isEqualTo("q0");
        } finally {
            answerQuery.close();
        }
    }

    @Test
    void aTimeoutAfterTheAnswerChangesNothing() throws Exception {
        AnswerQuery answerQuery = opened();
        try {
            Recorded future = new Recorded();
            answerQuery.asyncInvoke(gathered("q1"), future);
            answerQuery.timeout(gathered("q1"), future);
            future.answers.get(1, TimeUnit.MINUTES);
            // The timeout's work is queued behind the answer; once it has run, nothing was added.
            Recorded marker = new Recorded();
            answerQuery.asyncInvoke(gathered("q2"), marker);
            marker.answers.get(1, TimeUnit.MINUTES);
            synchronized (future.all) {
                assertThat(future.all).hasSize(1);
            }
        } finally {
            answerQuery.close();
        }
    }

    @Test
    void aQueryWhoseAnsweringFailsIsAnsweredWithTheErrorAndTheNextOneIsAnswered() throws Exception {
        AnswerQuery answerQuery = opened();
        try {
            // A shard result no store writes: a candidate without its chunk.
            GatheredQuery broken = new GatheredQuery(GatherResultsHarnessTest.routed("q1", "MMM:2018"),
                    List.of(new ShardResult("q1", "MMM:2018", List.of(new Candidate(null, 1, 1f, 1, 1f, 0.5)))), List.of(), 0L);
            Recorded failed = new Recorded();
            answerQuery.asyncInvoke(broken, failed);
            Recorded next = new Recorded();
            answerQuery.asyncInvoke(gathered("q2"), next);

            assertThat(failed.answers.get(1, TimeUnit.MINUTES)).singleElement().satisfies(a -> {
                assertThat(a.queryId()).isEqualTo("q1");
                assertThat(a.status()).isEqualTo(AnswerEvent.ERROR);
                assertThat(a.reason()).isEqualTo("INTERNAL_ERROR");
                assertThat(a.detail()).startsWith("answer: java.lang.NullPointerException");
                assertThat(a.route().shards()).hasSize(1);
            });
            assertThat(next.answers.get(1, TimeUnit.MINUTES)).singleElement()
                    .satisfies(a -> assertThat(a.status()).isEqualTo(AnswerEvent.ABSTAINED));
        } finally {
            answerQuery.close();
        }
    }
}
