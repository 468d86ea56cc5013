package dev.scoperag.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.contract.Schemas;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.llm.FakeChatServer;
import dev.scoperag.embedded.ClientListener;
import dev.scoperag.embedded.EmbeddedKafka;
import dev.scoperag.embedded.LoopbackTls;
import dev.scoperag.embedded.TopicRecords;
import dev.scoperag.ingest.IngestJob;
import dev.scoperag.launcher.ask.AskCommand;
import dev.scoperag.launcher.cli.CommandLines;
import dev.scoperag.launcher.ingest.IngestCommand;
import dev.scoperag.query.QueryJob;
import dev.scoperag.query.QueryOptions;
import dev.scoperag.stream.SharedOptions;
import dev.scoperag.stream.kafka.KafkaClientProperties;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.clients.admin.Admin;
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
 * Both jobs against a broker that refuses plaintext clients, with nothing but configuration changed: a
 * SASL_SSL listener (SASL/PLAIN over TLS, settings from a client.properties file) and a mutual-TLS
 * listener (settings as {@code scoperag.kafka.client.*} entries). A filing goes in and its document is
 * committed, a rejected filing reaches the dead-letter topic, a question is answered through the LLM
 * path with the API key read from a file; the launcher's {@code ingest} and {@code ask} work against the
 * SASL_SSL listener with {@code --kafka-properties}. Meanwhile every log event at INFO and above is
 * searched for the filing's text, the question, the API key and the passwords.
 *
 * <p>Why a missing setting cannot go unnoticed: the listeners speak TLS only, so a client built without
 * the settings opens a plaintext connection the broker drops, and retries until its timeout (checked
 * below). Every Kafka client of the jobs is on the path of an asserted outcome: the topic-creating admin
 * clients (a job cannot start without them), the filings source, the chunks sink (the commit), the DLQ
 * sink (the rejection), the chunks source (the shard the answer cites), the queries source and the
 * answers sink (the answer); the Kafka sources' own admin clients take the same properties.
 */
class KafkaSecurityIT {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String FILING_MARKER = "zephyrine" + token();
    private static final String QUESTION_MARKER = "quillwort" + token();
    private static final String LLM_KEY = "sk-audit-" + token();
    private static final String SASL_PASSWORD = "sasl-" + token();

    // Before the MiniCluster starts, so its own start-up is audited too.
    static final InfoLogAudit AUDIT = new InfoLogAudit();

    @RegisterExtension
    static final MiniClusterExtension FLINK = new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
            .setNumberTaskManagers(1).setNumberSlotsPerTaskManager(4).build());

    @TempDir static Path work;
    static LoopbackTls tls;
    static FakeChatServer llm;
    static Path llmKeyFile;

    @BeforeAll
    static void prepare() throws Exception {
        lap("class set up");
        tls = LoopbackTls.generate(work.resolve("tls"));
        lap("key stores generated");
        llmKeyFile = Files.writeString(work.resolve("openai-api-key"), LLM_KEY + "\n");
        for (String secret : List.of(FILING_MARKER, QUESTION_MARKER, LLM_KEY, SASL_PASSWORD, tls.password())) {
            AUDIT.forbid(secret);
        }
        // Loggers the test configuration keeps at ERROR or WARN are heard at INFO while the audit runs.
        for (String logger : List.of("org.apache.kafka.clients.NetworkClient", "kafka.server.BrokerServer",
                "org.apache.flink.runtime.taskmanager.Task", "dev.scoperag.query.functions.AnswerQuery", "com.example.Anything")) {
            assertThat(AUDIT.hearsInfoFrom(logger)).as(logger).isTrue();
        }
        // Routing goes by hints; answers cite the first passage they were given.
        llm = new FakeChatServer().replying(body -> "{\"answer\":\"The filing describes the audit fixture [1].\","
                + "\"citations\":[1],\"abstain\":false}");
    }

    @AfterAll
    static void finish() {
        try {
            if (llm != null) {
                llm.close();
            }
        } finally {
            AUDIT.close();
        }
        System.out.println("KafkaSecurityIT audited " + AUDIT.events() + " log events at INFO and above");
        assertThat(AUDIT.events()).as("events at INFO and above were audited").isGreaterThan(100);
        assertThat(AUDIT.violations()).as("log events at INFO or above holding filing text, a question, the key or a password")
                .isEmpty();
    }

    @Test
    void bothJobsAndTheLauncherWorkOverSaslSslWithAClientPropertiesFile() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.builder()
                .clientListener(ClientListener.saslSsl(tls, "scoperag", SASL_PASSWORD)).start()) {
            lap("sasl: broker started");
            assertPlaintextClientsAreRefused(kafka);
            lap("sasl: plaintext client refused");
            Properties client = new Properties();
            client.putAll(kafka.clientProperties());
            Path clientProperties = work.resolve("sasl-client.properties");
            try (OutputStream out = Files.newOutputStream(clientProperties)) {
                client.store(out, "SASL_SSL client settings for the test broker");
            }
            Map<String, String> security = Map.of(KafkaClientProperties.PROPERTIES_FILE.key(), clientProperties.toString());

            runBothJobs(kafka, security, "sasl", () -> {
                // The launcher, as a user runs it against a secured cluster: one file for its clients.
                Path filing = Files.writeString(work.resolve("SECL-2024.txt"), filingText("SECL"));
                Output ingest = new Output();
                int status = CommandLines.parse(new IngestCommand(), new String[] {"--bootstrap-servers", kafka.bootstrapServers(),
                        "--kafka-properties", clientProperties.toString(), "--ticker", "SECL", "--fiscal-year", "2024",
                        "--form", "10-K", "--company", "Secure Launcher Co", filing.toString()}).run(ingest.stream);
                assertThat(status).as(ingest.text()).isZero();
                assertThat(ingest.text()).contains("published").contains("SECL:2024");

                JsonNode answer = null;
                long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
                while (System.nanoTime() < deadline) {
                    Output ask = new Output();
                    status = CommandLines.parse(new AskCommand(), new String[] {"--bootstrap-servers", kafka.bootstrapServers(),
                            "--kafka-properties", clientProperties.toString(), "--json", "--llm", "--ticker", "SECL", "--fiscal-year", "2024",
                            "What does Secure Launcher Co say about " + QUESTION_MARKER + "?"}).run(ask.stream);
                    assertThat(status).as(ask.text()).isZero();
                    answer = Json.tree(ask.text().strip().getBytes(StandardCharsets.UTF_8));
                    if (answer.path("status").asText().equals("answered")) {
                        break;
                    }
                    Thread.sleep(500);
                }
                assertThat(answer.path("status").asText()).as(String.valueOf(answer)).isEqualTo("answered");
                assertThat(answer.at("/citations/0/ticker").asText()).isEqualTo("SECL");
                lap("launcher ingest and ask");
            });
        }
    }

    @Test
    void bothJobsWorkOverMutualTlsWithPassThroughClientSettings() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.builder().clientListener(ClientListener.mutualTls(tls)).start()) {
            lap("mtls: broker started");
            assertPlaintextClientsAreRefused(kafka);
            Map<String, String> security = new HashMap<>();
            kafka.clientProperties().forEach((key, value) -> security.put(KafkaClientProperties.CLIENT_PREFIX + key, value));

            runBothJobs(kafka, security, "mtls", () -> { });
        }
    }

    /** Something the test does while both jobs run. */
    private interface WhileRunning {
        void run() throws Exception;
    }

    private static void runBothJobs(EmbeddedKafka kafka, Map<String, String> security, String name, WhileRunning more)
            throws Exception {
        Configuration ingestConfig = Configuration.fromMap(security);
        ingestConfig.set(SharedOptions.BOOTSTRAP_SERVERS, kafka.bootstrapServers());
        ingestConfig.set(SharedOptions.CHECKPOINT_INTERVAL, Duration.ofMillis(500));
        ingestConfig.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, work.resolve(name + "-cp-ingest").toUri().toString());
        StreamExecutionEnvironment ingestEnv = StreamExecutionEnvironment.getExecutionEnvironment(IngestJob.environmentConfig(ingestConfig));
        ingestEnv.setParallelism(1);
        IngestJob.build(ingestEnv, ingestConfig);
        JobClient ingest = ingestEnv.executeAsync(IngestJob.NAME);

        Configuration queryConfig = Configuration.fromMap(security);
        queryConfig.set(SharedOptions.BOOTSTRAP_SERVERS, kafka.bootstrapServers());
        queryConfig.set(SharedOptions.CHECKPOINT_INTERVAL, Duration.ofMillis(500));
        queryConfig.set(QueryOptions.LLM_BASE_URL, llm.baseUrl());
        queryConfig.set(QueryOptions.LLM_API_KEY_FILE, llmKeyFile.toString());
        queryConfig.set(QueryOptions.LLM_TIMEOUT, Duration.ofSeconds(10));
        queryConfig.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, work.resolve(name + "-cp-query").toUri().toString());
        StreamExecutionEnvironment queryEnv = StreamExecutionEnvironment.getExecutionEnvironment(QueryJob.environmentConfig(queryConfig));
        queryEnv.setParallelism(1);
        QueryJob.build(queryEnv, queryConfig);
        JobClient query = queryEnv.executeAsync(QueryJob.NAME);
        lap(name + ": jobs submitted");

        int llmRequestsBefore = llm.requests().size();
        try (KafkaProducer<String, String> producer = producer(kafka)) {
            send(producer, "filings", "secq-2024", Json.toString(Map.of("event_id", "secq-2024", "ticker", "SECQ", "fiscal_year", 2024,
                    "form_type", "10-K", "company", "Secure Queue Co", "content", Map.of("text", filingText("SECQ")))));
            send(producer, "filings", "bad-ticker", Json.toString(Map.of("event_id", "bad-ticker", "ticker", "NOT A TICKER!",
                    "fiscal_year", 2024, "form_type", "10-K", "content", Map.of("text", filingText("BAD")))));

            List<ConsumerRecord<byte[], byte[]>> chunks = read(kafka, "chunks", records -> records.stream()
                    .anyMatch(r -> r.value() != null && Json.tree(r.value()).path("type").asText().equals("document_committed")));
            JsonNode commit = chunks.stream().filter(r -> r.value() != null).map(r -> Json.tree(r.value()))
                    .filter(v -> v.path("type").asText().equals("document_committed")).findFirst().orElseThrow();
            assertThat(Schemas.violations(Schemas.DOCUMENT_COMMITTED, commit)).isEmpty();
            assertThat(commit.toString()).contains("SECQ");
            lap(name + ": document committed");

            JsonNode rejected = Json.tree(read(kafka, "filings.dlq", records -> !records.isEmpty()).get(0).value());
            assertThat(Schemas.violations(Schemas.REJECTED_FILING, rejected)).isEmpty();
            assertThat(rejected.path("reason").asText()).isEqualTo("INVALID_TICKER");
            lap(name + ": rejection on the DLQ");

            JsonNode answer = awaitAnswered(kafka, producer, "SECQ");
            assertThat(Schemas.violations(Schemas.ANSWER_EVENT, answer)).isEmpty();
            assertThat(answer.at("/retrieval/answer_mode").asText()).isEqualTo("llm");
            assertThat(answer.at("/citations/0/ticker").asText()).isEqualTo("SECQ");
            lap(name + ": question answered");

            // The key came from the file, and went only into the Authorization header.
            List<FakeChatServer.Request> requests = llm.requests().subList(llmRequestsBefore, llm.requests().size());
            assertThat(requests).isNotEmpty().allSatisfy(r -> {
                assertThat(r.authorization()).isEqualTo("Bearer " + LLM_KEY);
                assertThat(String.valueOf(r.body())).doesNotContain(LLM_KEY).doesNotContain(SASL_PASSWORD).doesNotContain(tls.password());
            });
            for (String topic : List.of("chunks", "filings.dlq", "answers")) {
                assertThat(read(kafka, topic, records -> true)).as(topic).noneSatisfy(r -> assertThat(
                        r.value() == null ? "" : new String(r.value(), StandardCharsets.UTF_8)).containsAnyOf(LLM_KEY, SASL_PASSWORD, tls.password()));
            }
            more.run();
        } finally {
            query.cancel().get(1, TimeUnit.MINUTES);
            ingest.cancel().get(1, TimeUnit.MINUTES);
        }
    }

    // The query job knows the shard once it has read the commit; until then a hinted question is abstained on.
    private static JsonNode awaitAnswered(EmbeddedKafka kafka, KafkaProducer<String, String> producer, String ticker) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        for (int attempt = 0; System.nanoTime() < deadline; attempt++) {
            String id = "q-" + ticker + "-" + attempt;
            send(producer, "queries", id, Json.toString(Map.of("query_id", id,
                    "question", "What does the company say about " + QUESTION_MARKER + "?",
                    "hints", Map.of("tickers", List.of(ticker), "fiscal_years", List.of(2024)),
                    "options", Map.of("answer_mode", "llm"))));
            JsonNode answer = read(kafka, "answers", records -> records.stream()
                    .anyMatch(r -> Json.tree(r.value()).path("query_id").asText().equals(id))).stream()
                    .map(r -> Json.tree(r.value())).filter(a -> a.path("query_id").asText().equals(id)).findFirst().orElseThrow();
            if (answer.path("status").asText().equals("answered")) {
                return answer;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the query job never answered from " + ticker);
    }

    private static void assertPlaintextClientsAreRefused(EmbeddedKafka kafka) {
        Properties plain = new Properties();
        plain.put("bootstrap.servers", kafka.bootstrapServers());
        plain.put("default.api.timeout.ms", "3000");
        plain.put("request.timeout.ms", "2000");
        Admin admin = Admin.create(plain);
        try {
            assertThatThrownBy(() -> admin.listTopics().names().get(10, TimeUnit.SECONDS))
                    .as("a client without the security settings reaches nothing").isNotNull();
        } finally {
            admin.close(Duration.ZERO);
        }
    }

    private static long lastLap = System.nanoTime();

    // Printed, not logged: the log is under audit, and these are figures for whoever runs the test.
    private static void lap(String what) {
        long now = System.nanoTime();
        System.out.printf("KafkaSecurityIT %-40s +%d ms%n", what, TimeUnit.NANOSECONDS.toMillis(now - lastLap));
        lastLap = now;
    }

    private static String filingText(String ticker) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            text.append("Item ").append(i + 1).append(". ").append(ticker).append(" reports on ").append(FILING_MARKER)
                    .append(": revenue grew in fiscal 2024 while the company kept its liquidity and capital resources steady. ")
                    .append("Management discusses risk factors, market risk, and the results of operations for the year.\n\n");
        }
        return text.toString();
    }

    private static List<ConsumerRecord<byte[], byte[]>> read(EmbeddedKafka kafka, String topic,
            java.util.function.Predicate<List<ConsumerRecord<byte[], byte[]>>> done) {
        return TopicRecords.readUntil(kafka.bootstrapServers(), kafka.clientProperties(), topic, done, Duration.ofMinutes(2));
    }

    private static KafkaProducer<String, String> producer(EmbeddedKafka kafka) {
        Properties p = new Properties();
        p.putAll(kafka.clientProperties());
        p.put("bootstrap.servers", kafka.bootstrapServers());
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    private static void send(KafkaProducer<String, String> producer, String topic, String key, String value) throws Exception {
        producer.send(new ProducerRecord<>(topic, key, value)).get(1, TimeUnit.MINUTES);
    }

    private static String token() {
        byte[] bytes = new byte[8];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** What a command printed. */
    private static final class Output {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8);

        String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }
}
