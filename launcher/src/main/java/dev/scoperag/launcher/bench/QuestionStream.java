package dev.scoperag.launcher.bench;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.launcher.eval.EvalQuestion;
import dev.scoperag.launcher.kafka.KafkaClients;
import dev.scoperag.launcher.kafka.TopicTail;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Sends benchmark questions to the {@code queries} topic and reads their answers back as a
 * read_committed consumer: either one at a time, or as an open-loop stream at a fixed rate (a
 * question is sent on schedule whether or not earlier ones have been answered, so a job that falls
 * behind shows up as growing latency and questions outstanding, not as a slower sender).
 */
final class QuestionStream implements AutoCloseable {

    /** Answers are read in short polls: a late read would add to the latency measured. */
    private static final Duration POLL = Duration.ofMillis(10);

    private final KafkaClients clients;
    private final String queriesTopic;
    private final String answersTopic;
    private final KafkaProducer<String, String> producer;

    QuestionStream(KafkaClients clients, String queriesTopic, String answersTopic) {
        this.clients = clients;
        this.queriesTopic = queriesTopic;
        this.answersTopic = answersTopic;
        this.producer = clients.producer();
    }

    /**
     * What a stream of questions gave.
     *
     * @param observations the answers read, in the order they were read
     * @param sent queries sent
     * @param outstandingWhenSendingStopped queries sent but not yet answered when the last one was sent
     * @param sendSeconds from the first send to the last
     * @param seconds from the first send to the last answer read
     */
    record Result(List<Observation> observations, int sent, int outstandingWhenSendingStopped, double sendSeconds, double seconds) {

        int outstanding() {
            return sent - observations.size();
        }
    }

    /** Each question once, waiting for its answer (up to {@code timeout}) before sending the next. */
    Result oneAtATime(List<EvalQuestion> questions, String idPrefix, Duration timeout) {
        List<Observation> observations = new ArrayList<>();
        long start = System.nanoTime();
        try (TopicTail answers = new TopicTail(clients, answersTopic)) {
            for (int i = 0; i < questions.size(); i++) {
                EvalQuestion q = questions.get(i);
                String queryId = queryId(idPrefix, i, q);
                long sentAt = send(queryId, q);
                long deadline = sentAt + timeout.toNanos();
                Observation seen = null;
                while (seen == null && System.nanoTime() < deadline) {
                    for (ConsumerRecord<byte[], byte[]> r : answers.poll(POLL)) {
                        AnswerEvent answer = Json.fromBytes(r.value(), AnswerEvent.class);
                        if (answer.queryId().equals(queryId)) {
                            seen = Observation.of(q.id(), (System.nanoTime() - sentAt) / 1e6, answer);
                        }
                    }
                }
                if (seen != null) {
                    observations.add(seen);
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Result(observations, questions.size(), 0, seconds, seconds);
    }

    /**
     * Sends {@code rate * duration} queries at a fixed rate, cycling through the questions, then waits
     * up to {@code drain} for the answers still outstanding.
     */
    Result steady(List<EvalQuestion> questions, String idPrefix, double rate, Duration duration, Duration drain) {
        int count = Math.max(1, (int) Math.floor(rate * duration.toMillis() / 1000.0));
        long periodNanos = (long) (1e9 / rate);
        Map<String, Long> sentAt = new ConcurrentHashMap<>();
        Map<String, String> questionOf = new ConcurrentHashMap<>();
        AtomicInteger sent = new AtomicInteger();
        AtomicReference<RuntimeException> sendFailure = new AtomicReference<>();
        List<Observation> observations = new ArrayList<>();
        try (TopicTail answers = new TopicTail(clients, answersTopic)) {
            long start = System.nanoTime();
            Thread sender = new Thread(() -> {
                try {
                    for (int i = 0; i < count; i++) {
                        long due = start + i * periodNanos;
                        long wait;
                        while ((wait = due - System.nanoTime()) > 0) {
                            LockSupport.parkNanos(wait);
                        }
                        EvalQuestion q = questions.get(i % questions.size());
                        String queryId = queryId(idPrefix, i, q);
                        questionOf.put(queryId, q.id());
                        sentAt.put(queryId, System.nanoTime());
                        sendAsync(queryId, q);
                        sent.incrementAndGet();
                    }
                } catch (RuntimeException e) {
                    sendFailure.set(e);
                }
            }, "bench-query-sender");
            sender.setDaemon(true);
            sender.start();
            long lastSent = 0;
            int outstandingAtStop = -1;
            long lastAnswer = start;
            long drainDeadline = Long.MAX_VALUE;
            while (true) {
                if (sendFailure.get() != null) {
                    throw sendFailure.get();
                }
                boolean senderDone = !sender.isAlive();
                if (senderDone && outstandingAtStop < 0) {
                    lastSent = System.nanoTime();
                    outstandingAtStop = sent.get() - observations.size();
                    drainDeadline = lastSent + drain.toNanos();
                }
                if (senderDone && (observations.size() >= sent.get() || System.nanoTime() > drainDeadline)) {
                    break;
                }
                for (ConsumerRecord<byte[], byte[]> r : answers.poll(POLL)) {
                    long now = System.nanoTime();
                    AnswerEvent answer = Json.fromBytes(r.value(), AnswerEvent.class);
                    Long at = sentAt.get(answer.queryId());
                    if (at != null) {
                        observations.add(Observation.of(questionOf.get(answer.queryId()), (now - at) / 1e6, answer));
                        lastAnswer = now;
                    }
                }
            }
            return new Result(observations, sent.get(), outstandingAtStop, (lastSent - start) / 1e9, (lastAnswer - start) / 1e9);
        }
    }

    private static String queryId(String prefix, int i, EvalQuestion q) {
        return prefix + "-" + i + "-" + q.id();
    }

    private long send(String queryId, EvalQuestion q) {
        long at = System.nanoTime();
        try {
            producer.send(record(queryId, q)).get();
        } catch (Exception e) {
            throw new IllegalStateException("cannot send query " + queryId, e);
        }
        return at;
    }

    private void sendAsync(String queryId, EvalQuestion q) {
        producer.send(record(queryId, q), (metadata, error) -> {
            if (error != null) {
                System.err.println("bench-query: query " + queryId + " not sent: " + error.getMessage());
            }
        });
    }

    private ProducerRecord<String, String> record(String queryId, EvalQuestion q) {
        QueryEvent query = new QueryEvent(queryId, q.question(), Instant.now().toString(), QueryEvent.Hints.none(),
                QueryEvent.Options.defaults());
        return new ProducerRecord<>(queriesTopic, queryId, Json.toString(query));
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
