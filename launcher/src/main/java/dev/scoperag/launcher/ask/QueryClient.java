package dev.scoperag.launcher.ask;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.Durations;
import dev.scoperag.launcher.kafka.KafkaClients;
import dev.scoperag.launcher.kafka.TopicTail;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Asks the query job: sends QueryEvents to {@code queries} and waits for their AnswerEvents on
 * {@code answers}. The answers topic is followed from before the first send, so no answer is missed.
 */
public final class QueryClient implements AutoCloseable {

    /** An answer as it was on the topic: the record, and its JSON exactly as written. */
    public record Answer(JsonNode record, String json) {}

    private final ClientSettings settings;
    private final KafkaClients clients;
    private final KafkaProducer<String, String> producer;
    private final TopicTail answers;
    private final Map<String, Answer> received = new LinkedHashMap<>();

    public QueryClient(ClientSettings settings) {
        this(settings, KafkaClients.CONNECT_TIMEOUT);
    }

    /** A client that gives up on an unreachable broker after {@code connectTimeout}. */
    public QueryClient(ClientSettings settings, Duration connectTimeout) {
        this.settings = settings;
        this.clients = KafkaClients.of(settings, connectTimeout);
        clients.requireTopics(Map.of(settings.queriesTopic(), "the query job", settings.answersTopic(), "the query job"));
        this.answers = new TopicTail(clients, settings.answersTopic());
        this.producer = clients.producer();
    }

    /** A new query id: unique, and recognisable on the topics. */
    public static String newQueryId() {
        return "cli-" + UUID.randomUUID();
    }

    public static QueryEvent query(String id, String question, QueryEvent.Hints hints, QueryEvent.Options options) {
        return new QueryEvent(id, question, Instant.now().toString(), hints, options);
    }

    public void send(QueryEvent query) {
        try {
            producer.send(new ProducerRecord<>(settings.queriesTopic(), query.queryId(), Json.toString(query))).get();
        } catch (ExecutionException e) {
            throw clients.unreachable(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommandFailure(CommandFailure.Reason.NO_ANSWER, "interrupted while sending the question");
        }
    }

    /**
     * Waits until every one of {@code queryIds} has its answer.
     *
     * @throws CommandFailure {@code NO_ANSWER} when some are still unanswered after {@code timeout}
     */
    public Map<String, Answer> await(Collection<String> queryIds, Duration timeout) {
        Set<String> wanted = new HashSet<>(queryIds);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!received.keySet().containsAll(wanted)) {
            if (System.nanoTime() > deadline) {
                Set<String> missing = new HashSet<>(wanted);
                missing.removeAll(received.keySet());
                throw new CommandFailure(CommandFailure.Reason.NO_ANSWER, "no answer on " + settings.answersTopic() + " within "
                        + Durations.human(timeout) + " for " + (missing.size() == 1 ? "the question" : missing.size() + " questions")
                        + ": is the query job running against " + settings.bootstrapServers() + "? (--timeout to wait longer)");
            }
            for (ConsumerRecord<byte[], byte[]> r : answers.poll(Duration.ofMillis(200))) {
                if (r.value() == null) {
                    continue;
                }
                JsonNode answer = Json.tree(r.value());
                String id = answer.path("query_id").asText();
                if (wanted.contains(id)) {
                    received.put(id, new Answer(answer, new String(r.value(), java.nio.charset.StandardCharsets.UTF_8)));
                }
            }
        }
        Map<String, Answer> result = new LinkedHashMap<>();
        queryIds.forEach(id -> result.put(id, received.get(id)));
        return result;
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
        answers.close();
    }
}
