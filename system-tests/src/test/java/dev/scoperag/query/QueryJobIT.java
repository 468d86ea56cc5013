package dev.scoperag.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.contract.Schemas;
import dev.scoperag.core.engine.QueryEngine;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.llm.FakeChatServer;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.testing.FilingFixtures;
import dev.scoperag.embedded.TopicRecords;
import dev.scoperag.embedded.testing.EmbeddedKafkaExtension;
import dev.scoperag.ingest.IngestJob;
import dev.scoperag.ingest.IngestOptions;
import dev.scoperag.stream.SharedOptions;
import dev.scoperag.stream.testing.PrometheusEndpoint;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both jobs on one MiniCluster and a real KRaft broker: three filings of two companies (one of
 * them for two fiscal years) go in, questions come back answered from the right shard, an unknown
 * company is abstained on, a malformed query is rejected; and each routed answer equals the answer
 * core computes directly from the same chunks records.
 */
class QueryJobIT {

    private static final String PEP_HINTED_QUESTION = "What was the outcome of the shareholder vote on the congruency report?";
    /** How long the local model takes to route a question that says SLOW. */
    private static final Duration SLOW_ROUTE = Duration.ofSeconds(3);

    static final PrometheusEndpoint METRICS = new PrometheusEndpoint();

    @RegisterExtension
    static final MiniClusterExtension FLINK = new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
            .setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4).setConfiguration(METRICS.reporterConfiguration()).build());

    @RegisterExtension
    static final EmbeddedKafkaExtension KAFKA = new EmbeddedKafkaExtension();

    static FakeChatServer llm;
    @TempDir static Path work;

    @BeforeAll
    static void startLlm() {
        llm = new FakeChatServer().replying(QueryJobIT::localModel);
    }

    @AfterAll
    static void stopLlm() throws Exception {
        llm.close();
    }

    @Test
    void questionsAreAnsweredFromTheirOwnShardAndEqualCoresAnswers() throws Exception {
        Path root = Files.createDirectories(work.resolve("root"));
        for (String f : List.of("KO_2021_10K_excerpt.txt", "KO_2022_10K_excerpt.txt", "PEP_2023_8K_2023-05-05.pdf")) {
            FilingFixtures.copy(f, root);
        }
        Configuration ingestConfig = new Configuration();
        ingestConfig.set(SharedOptions.BOOTSTRAP_SERVERS, KAFKA.bootstrapServers());
        ingestConfig.set(IngestOptions.FILE_ROOT, root.toString());
        ingestConfig.set(SharedOptions.CHECKPOINT_INTERVAL, Duration.ofMillis(500));
        ingestConfig.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, work.resolve("cp-ingest").toUri().toString());
        StreamExecutionEnvironment ingestEnv = StreamExecutionEnvironment.getExecutionEnvironment(IngestJob.environmentConfig(ingestConfig));
        ingestEnv.setParallelism(1);
        IngestJob.build(ingestEnv, ingestConfig);
        JobClient ingest = ingestEnv.executeAsync(IngestJob.NAME);

        Configuration queryConfig = new Configuration();
        queryConfig.set(SharedOptions.BOOTSTRAP_SERVERS, KAFKA.bootstrapServers());
        queryConfig.set(QueryOptions.ISSUER_DIRECTORY, FilingFixtures.copy("issuers.json", work).toString());
        queryConfig.set(SharedOptions.CHECKPOINT_INTERVAL, Duration.ofMillis(500));
        // The key comes from OPENAI_API_KEY, which the build sets for this test JVM to a dummy value.
        queryConfig.set(QueryOptions.LLM_BASE_URL, llm.baseUrl());
        // Long enough for the slow routing reply on a loaded machine: a timeout would retry it.
        queryConfig.set(QueryOptions.LLM_TIMEOUT, Duration.ofSeconds(15));
        queryConfig.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, work.resolve("cp-query").toUri().toString());
        StreamExecutionEnvironment queryEnv = StreamExecutionEnvironment.getExecutionEnvironment(QueryJob.environmentConfig(queryConfig));
        queryEnv.setParallelism(2);
        QueryJob.build(queryEnv, queryConfig);
        JobClient query = queryEnv.executeAsync(QueryJob.NAME);

        try (KafkaProducer<String, String> producer = producer()) {
            send(producer, "filings", "ko-2021", filing("ko-2021", "KO", 21344, "The Coca-Cola Company", 2021, "10-K", null, root.resolve("KO_2021_10K_excerpt.txt")));
            send(producer, "filings", "ko-2022", filing("ko-2022", "KO", 21344, "The Coca-Cola Company", 2022, "10-K", null, root.resolve("KO_2022_10K_excerpt.txt")));
            send(producer, "filings", "pep-8k", filing("pep-8k", "PEP", 77476, "PepsiCo, Inc.", 2023, "8-K", "2023-05-05", root.resolve("PEP_2023_8K_2023-05-05.pdf")));
            List<ConsumerRecord<byte[], byte[]>> chunks = TopicRecords.readUntil(KAFKA.bootstrapServers(), "chunks",
                    records -> records.stream().filter(r -> r.value() != null && Json.tree(r.value()).get("type").asText().equals("document_committed")).count() >= 3,
                    Duration.ofMinutes(3));

            // The query job reads the same commits on its own; ask until its catalog knows the last one.
            awaitRouted(producer, "What did PepsiCo disclose in its 8-K dated May 5, 2023?", "PEP");

            // A question only the LLM router can place, whose routing reply takes seconds: the questions sent after it
            // must not wait for it.
            send(producer, "queries", "slow-llm-route", Json.toString(Map.of("query_id", "slow-llm-route",
                    "question", "SLOW: what were the net operating revenues of the largest soft-drink maker in 2021?")));
            long slowSent = System.currentTimeMillis();

            Map<String, String> questions = new HashMap<>();
            questions.put("ko-2022", "What were Coca-Cola's net operating revenues in fiscal 2022?");
            questions.put("ko-2021", "What were Coca Cola's net operating revenues in FY2021?");
            questions.put("pep-vote", "What was the outcome of the shareholder votes at PepsiCo's 2023 annual meeting?");
            questions.put("tesla", "What was Tesla's revenue in 2022?");
            questions.put("no-company", "Which company reported net operating revenues of 43,004 million?");
            for (Map.Entry<String, String> q : questions.entrySet()) {
                send(producer, "queries", q.getKey(), Json.toString(Map.of("query_id", q.getKey(), "question", q.getValue())));
            }
            send(producer, "queries", "llm", Json.toString(Map.of("query_id", "llm",
                    "question", "What were Coca-Cola's net operating revenues in fiscal 2022?", "options", Map.of("answer_mode", "llm"))));
            send(producer, "queries", "llm-invented", Json.toString(Map.of("query_id", "llm-invented",
                    "question", "INVENT: what were Coca-Cola's net operating revenues in fiscal 2022?", "options", Map.of("answer_mode", "llm"))));
            // A caller who knows the document names it with hints, the period included (the evaluation's oracle arm).
            send(producer, "queries", "pep-hinted", Json.toString(Map.of("query_id", "pep-hinted", "question", PEP_HINTED_QUESTION,
                    "hints", Map.of("tickers", List.of("PEP"), "fiscal_years", List.of(2023), "forms", List.of("8-K"), "periods",
                            List.of("2023-05-05")))));
            send(producer, "queries", "bad", "{not json");
            send(producer, "queries", "empty", "{\"query_id\":\"empty\",\"question\":\"  \"}");

            Map<String, JsonNode> answers = awaitAnswers(List.of("ko-2022", "ko-2021", "pep-vote", "tesla", "no-company", "bad", "empty",
                    "llm", "llm-invented", "pep-hinted", "slow-llm-route"));
            for (JsonNode a : answers.values()) {
                assertThat(Schemas.violations(Schemas.ANSWER_EVENT, a)).as(a.toString()).isEmpty();
                System.out.println("answer " + a.get("query_id").asText() + " " + a.get("status").asText() + " timings_ms " + a.path("timings_ms"));
            }
            assertCitesOnly(answers.get("ko-2022"), "KO", 2022);
            assertThat(answers.get("ko-2022").get("answer").asText()).contains("43,004");
            assertCitesOnly(answers.get("ko-2021"), "KO", 2021);
            assertCitesOnly(answers.get("pep-vote"), "PEP", 2023);
            assertCitesOnly(answers.get("pep-hinted"), "PEP", 2023);
            assertThat(answers.get("pep-hinted").at("/route/method").asText()).isEqualTo("hints");
            JsonNode tesla = answers.get("tesla");
            assertThat(tesla.get("status").asText()).isEqualTo("abstained");
            assertThat(tesla.get("reason").asText()).isEqualTo("ISSUER_NOT_IN_CORPUS");
            assertThat(tesla.at("/citations")).isEmpty();
            JsonNode noCompany = answers.get("no-company");
            assertThat(noCompany.at("/route/fallback").asBoolean()).isTrue();
            assertThat(noCompany.at("/retrieval/corpus_wide").asBoolean()).isTrue();
            assertThat(answers.get("bad").get("status").asText()).isEqualTo("rejected");
            assertThat(answers.get("bad").get("reason").asText()).isEqualTo("MALFORMED_QUERY");
            assertThat(answers.get("empty").get("reason").asText()).isEqualTo("EMPTY_QUESTION");

            // The LLM router is asked off the task thread: the route step took in the deterministically routed questions
            // sent after the slow one while its LLM call was still out (had the call blocked the task thread, they would
            // have waited for it), and the slow one still got the LLM's route. Their answers' order also depends on
            // reranking, which takes seconds per question on a loaded machine, so it is printed, not asserted.
            JsonNode slow = answers.get("slow-llm-route");
            assertThat(slow.at("/route/method").asText()).isEqualTo("llm");
            assertCitesOnly(slow, "KO", 2021);
            double slowRouteMs = slow.at("/timings_ms/route").asDouble();
            assertThat(slowRouteMs).isGreaterThanOrEqualTo(SLOW_ROUTE.toMillis());
            long slowRouted = receivedAt(slow) + (long) slowRouteMs;
            for (String id : List.of("ko-2022", "ko-2021", "pep-vote", "tesla", "pep-hinted")) {
                assertThat(receivedAt(answers.get(id))).as(id + " taken in while the slow question's LLM call was out").isLessThan(slowRouted);
            }
            System.out.println("answer order " + answerOrder() + "; the slow LLM-routed question was answered "
                    + (Instant.parse(slow.get("answered_at").asText()).toEpochMilli() - slowSent) + " ms after it was sent");

            // The LLM path, against a local OpenAI-protocol endpoint.
            JsonNode llmAnswer = answers.get("llm");
            assertThat(llmAnswer.at("/retrieval/answer_mode").asText()).isEqualTo("llm");
            assertThat(llmAnswer.get("answer").asText()).contains("43,004");
            assertCitesOnly(llmAnswer, "KO", 2022);
            JsonNode invented = answers.get("llm-invented");
            assertThat(invented.at("/retrieval/answer_mode").asText()).isEqualTo("extractive-fallback");
            assertThat(invented.at("/retrieval/fallback_reason").asText()).isEqualTo("LLM_INVALID_CITATION");
            assertThat(llm.requests()).as("the unresolved question went to the LLM router with structured output")
                    .anySatisfy(r -> assertThat(r.body().at("/response_format/type").asText()).isEqualTo("json_schema"));
            assertThat(llm.requests().stream().map(FakeChatServer.Request::body).toList().toString()).doesNotContain("test-key-not-secret");

            // The answers as metrics, from the Prometheus reporter the deployments configure.
            String scrape = METRICS.scrape();
            assertThat(metric(scrape, "answerReasons", Map.of("status", "rejected", "reason", "MALFORMED_QUERY"))).isEqualTo(1);
            assertThat(metric(scrape, "answerReasons", Map.of("status", "rejected", "reason", "EMPTY_QUESTION"))).isEqualTo(1);
            assertThat(metric(scrape, "answerReasons", Map.of("status", "abstained", "reason", "ISSUER_NOT_IN_CORPUS"))).isEqualTo(1);
            assertThat(metric(scrape, "answers", Map.of("status", "rejected"))).isEqualTo(2);
            assertThat(metric(scrape, "routes", Map.of("outcome", "fallback"))).isGreaterThanOrEqualTo(1);
            assertThat(metric(scrape, "routes", Map.of("method", "hints", "outcome", "routed"))).isEqualTo(1);
            assertThat(metric(scrape, "fallbackRate", Map.of())).isBetween(0.01, 0.99);
            assertThat(metric(scrape, "stageLatencyMs_count", Map.of("stage", "rerank"))).isGreaterThanOrEqualTo(5);
            assertThat(metric(scrape, "stageLatencyMs", Map.of("stage", "total", "quantile", "0.5"))).isPositive();
            assertThat(metric(scrape, "answerFallbacks", Map.of("reason", "LLM_INVALID_CITATION"))).isEqualTo(1);
            assertThat(metric(scrape, "llmCalls", Map.of("purpose", "answer"))).isEqualTo(2);
            assertThat(metric(scrape, "llmPromptTokens", Map.of("purpose", "answer"))).isEqualTo(200);
            assertThat(metric(scrape, "llmCompletionTokens", Map.of("purpose", "answer"))).isEqualTo(40);
            assertThat(metric(scrape, "llmCalls", Map.of("purpose", "route"))).isGreaterThanOrEqualTo(1);

            // Parity: core, given the same chunks records, answers the routed questions, and the corpus-wide one
            // (its stores' lists merge the same whatever the job's parallelism), the same way.
            try (QueryEngine engine = new QueryEngine(QueryJob.catalogSource(queryConfig), dev.scoperag.core.embed.EmbedderSpec.bundled().open(),
                    QueryJob.retrieval(queryConfig), QueryJob.answerStage(queryConfig).open())) {
                for (ConsumerRecord<byte[], byte[]> r : chunks) {
                    engine.apply(r.value() == null ? removed(r) : Json.fromBytes(r.value(), ChunkTopicRecord.class));
                }
                for (String id : List.of("ko-2022", "ko-2021", "pep-vote", "tesla", "no-company")) {
                    AnswerEvent direct = engine.ask(new QueryEvent(id, questions.get(id), null, null, null));
                    JsonNode job = answers.get(id);
                    assertThat(direct.status()).as(id).isEqualTo(job.get("status").asText());
                    assertThat(Json.MAPPER.readTree(Json.toString(direct.citations()))).as(id).isEqualTo(job.get("citations"));
                    assertThat(String.valueOf(direct.answer())).as(id).isEqualTo(job.path("answer").isNull() || job.path("answer").isMissingNode() ? "null" : job.get("answer").asText());
                    assertThat(Json.MAPPER.readTree(Json.toString(direct.route()))).as(id).isEqualTo(job.get("route"));
                }
                AnswerEvent hinted = engine.ask(new QueryEvent("pep-hinted", PEP_HINTED_QUESTION, null,
                        new QueryEvent.Hints(List.of("PEP"), List.of(2023), List.of("8-K"), List.of("2023-05-05")), null));
                assertThat(Json.MAPPER.readTree(Json.toString(hinted.citations()))).isEqualTo(answers.get("pep-hinted").get("citations"));
                assertThat(hinted.answer()).isEqualTo(answers.get("pep-hinted").get("answer").asText());
            }
        } finally {
            query.cancel().get();
            ingest.cancel().get();
        }
    }

    /**
     * The local OpenAI-protocol model: a routing request (structured output with fiscal_years) gets an empty route,
     * or, when the question says SLOW, the route KO 2021 after {@link #SLOW_ROUTE}; an answer request cites passage
     * [1], or an invented passage [9] when the question says INVENT.
     */
    private static String localModel(JsonNode body) {
        String request = String.valueOf(body);
        if (request.contains("fiscal_years") && request.contains("SLOW")) {
            try {
                Thread.sleep(SLOW_ROUTE.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "{\"tickers\":[\"KO\"],\"fiscal_years\":[2021]}";
        } else if (request.contains("fiscal_years")) {
            return "{\"tickers\":[],\"fiscal_years\":[]}";
        } else if (request.contains("INVENT")) {
            return "{\"answer\":\"It was 12 billion [9].\",\"citations\":[9],\"abstain\":false}";
        }
        return "{\"answer\":\"Net operating revenues were $43,004 million in 2022 [1].\",\"citations\":[1],\"abstain\":false}";
    }

    private static double metric(String scrape, String name, Map<String, String> labels) {
        return PrometheusEndpoint.operatorMetric(scrape, name, labels);
    }

    private static ChunkTopicRecord removed(ConsumerRecord<byte[], byte[]> r) {
        String key = new String(r.key(), StandardCharsets.UTF_8);
        int marker = key.indexOf("/chunk/");
        return new ChunkRemoved(key.substring(0, marker), key.substring(marker + 7));
    }

    private static void assertCitesOnly(JsonNode answer, String ticker, int year) {
        assertThat(answer.get("status").asText()).as(answer.toString()).isEqualTo("answered");
        assertThat(answer.get("citations")).as(answer.toString()).isNotEmpty();
        for (JsonNode c : answer.get("citations")) {
            assertThat(c.get("ticker").asText()).isEqualTo(ticker);
            assertThat(c.get("fiscal_year").asInt()).isEqualTo(year);
        }
        assertThat(answer.at("/route/shards/0/ticker").asText()).isEqualTo(ticker);
        assertThat(answer.at("/route/shards/0/fiscal_year").asInt()).isEqualTo(year);
    }

    private static void awaitRouted(KafkaProducer<String, String> producer, String question, String ticker) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        for (int attempt = 0; System.nanoTime() < deadline; attempt++) {
            String id = "probe-" + attempt;
            send(producer, "queries", id, Json.toString(Map.of("query_id", id, "question", question)));
            JsonNode answer = awaitAnswers(List.of(id)).get(id);
            if (answer.at("/route/shards/0/ticker").asText().equals(ticker)) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the query job never routed to " + ticker);
    }

    /** When the route step took the query in: its answer's time less the total its timings count from then. */
    private static long receivedAt(JsonNode answer) {
        return Instant.parse(answer.get("answered_at").asText()).toEpochMilli() - answer.at("/timings_ms/total").asLong();
    }

    /** The query ids in the order of their answers in the one-partition answers topic. */
    private static List<String> answerOrder() {
        return TopicRecords.readUntil(KAFKA.bootstrapServers(), "answers", records -> true, Duration.ofMinutes(1)).stream()
                .map(r -> Json.tree(r.value()).get("query_id").asText()).toList();
    }

    private static Map<String, JsonNode> awaitAnswers(List<String> ids) {
        Map<String, JsonNode> answers = new HashMap<>();
        TopicRecords.readUntil(KAFKA.bootstrapServers(), "answers", records -> {
            answers.clear();
            for (ConsumerRecord<byte[], byte[]> r : records) {
                JsonNode a = Json.tree(r.value());
                answers.put(a.get("query_id").asText(), a);
            }
            return answers.keySet().containsAll(ids);
        }, Duration.ofMinutes(2));
        Map<String, JsonNode> wanted = new HashMap<>();
        ids.forEach(id -> wanted.put(id, answers.get(id)));
        return wanted;
    }

    private static String filing(String id, String ticker, long cik, String company, int year, String form, String period, Path file) {
        Map<String, Object> event = new HashMap<>();
        event.put("event_id", id);
        event.put("ticker", ticker);
        event.put("cik", cik);
        event.put("company", company);
        event.put("fiscal_year", year);
        event.put("form_type", form);
        if (period != null) {
            event.put("period", period);
        }
        event.put("content", Map.of("uri", file.toUri().toString()));
        return Json.toString(event);
    }

    private static KafkaProducer<String, String> producer() {
        Properties p = new Properties();
        p.put("bootstrap.servers", KAFKA.bootstrapServers());
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    private static void send(KafkaProducer<String, String> producer, String topic, String key, String value) throws Exception {
        producer.send(new ProducerRecord<>(topic, key, value)).get();
    }
}
