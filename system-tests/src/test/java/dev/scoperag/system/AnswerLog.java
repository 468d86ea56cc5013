package dev.scoperag.system;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.scoperag.core.json.Json;
import dev.scoperag.embedded.TopicRecords;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/** Questions sent to {@code queries} and the {@code answers} topic read back, read_committed, by query id. */
final class AnswerLog {

    private AnswerLog() {}

    static KafkaProducer<String, String> producer(String bootstrapServers) {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrapServers);
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    static void send(KafkaProducer<String, String> producer, String topic, String key, String value) {
        try {
            producer.send(new ProducerRecord<>(topic, key, value)).get();
        } catch (Exception e) {
            throw new IllegalStateException("cannot send to " + topic, e);
        }
    }

    static void ask(KafkaProducer<String, String> producer, String topic, String queryId, String question) {
        send(producer, topic, queryId, Json.toString(Map.of("query_id", queryId, "question", question)));
    }

    /** Every answer on {@code topic}, by query id, once all of {@code ids} have one. */
    static Map<String, List<JsonNode>> await(String bootstrapServers, String topic, Collection<String> ids) {
        return readUntil(bootstrapServers, topic, answers -> answers.keySet().containsAll(ids));
    }

    static Map<String, List<JsonNode>> readUntil(String bootstrapServers, String topic,
            Predicate<Map<String, List<JsonNode>>> done) {
        Map<String, List<JsonNode>> answers = new LinkedHashMap<>();
        TopicRecords.readUntil(bootstrapServers, topic, records -> {
            answers.clear();
            for (ConsumerRecord<byte[], byte[]> r : records) {
                JsonNode a = Json.tree(r.value());
                answers.computeIfAbsent(a.get("query_id").asText(), k -> new ArrayList<>()).add(a);
            }
            return done.test(answers);
        }, Duration.ofMinutes(4));
        return answers;
    }

    /** What must not change when the same question is asked again: status, reason, answer, citations, route. */
    static JsonNode substance(JsonNode answer) {
        ObjectNode kept = Json.MAPPER.createObjectNode();
        for (String field : List.of("status", "reason", "answer", "citations", "route")) {
            if (answer.has(field)) {
                kept.set(field, answer.get(field));
            }
        }
        return kept;
    }
}
