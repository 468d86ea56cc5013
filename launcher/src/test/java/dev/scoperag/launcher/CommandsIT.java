package dev.scoperag.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.contract.Schemas;
import dev.scoperag.core.filing.FilingContent;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.testing.FilingFixtures;
import dev.scoperag.embedded.TopicRecords;
import dev.scoperag.ingest.functions.EmbedChunks;
import dev.scoperag.launcher.ask.AskCommand;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.CommandLines;
import dev.scoperag.launcher.ingest.IngestCommand;
import dev.scoperag.launcher.ingest.IngestSummary;
import dev.scoperag.launcher.kafka.ConsumerProgress;
import dev.scoperag.launcher.kafka.KafkaClients;
import dev.scoperag.launcher.route.RouteCommandTest;
import dev.scoperag.launcher.stack.DataDirectory;
import dev.scoperag.launcher.stack.EmbeddedStack;
import dev.scoperag.query.QueryOptions;
import dev.scoperag.stream.SharedOptions;
import dev.scoperag.stream.kafka.Topics;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.flink.configuration.Configuration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands a user runs, against the embedded stack they run on: a real KRaft broker and both
 * jobs on one MiniCluster with RocksDB state. Coca-Cola's 10-K excerpts for two fiscal years (a
 * {fiscal_year}/{TICKER} directory), PepsiCo's 8-K (a PDF given as a single file) and an empty
 * filing go in; then questions, routing, failures a user can meet, and a restart.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CommandsIT {

    private static final Path ISSUERS = Path.of("..", "samples", "issuers", "company_tickers.json").toAbsolutePath();
    private static final Path PEPSICO_8K = Path.of("..", "samples", "files", "PEPSICO_2023_8K_dated-2023-05-05.pdf").toAbsolutePath();

    @TempDir static Path work;
    static Path data;
    static Path cocaCola;
    static Path broken;
    static EmbeddedStack stack;

    @BeforeAll
    static void startStack() throws Exception {
        data = work.resolve("data");
        cocaCola = work.resolve("ko");
        for (int year : List.of(2021, 2022)) {
            FilingFixtures.copy("KO_" + year + "_10K_excerpt.txt", cocaCola.resolve(Integer.toString(year)), "KO.txt");
        }
        broken = work.resolve("broken");
        Files.writeString(Files.createDirectories(broken.resolve("2023")).resolve("EMPTY.txt"), "   \n");
        stack = start();
    }

    private static EmbeddedStack start() {
        Configuration config = new Configuration();
        config.set(QueryOptions.ISSUER_DIRECTORY, ISSUERS.toString());
        config.set(SharedOptions.CHECKPOINT_INTERVAL, Duration.ofSeconds(1));
        return EmbeddedStack.start(new EmbeddedStack.Settings(DataDirectory.persistent(data), 0, null, config, true));
    }

    @AfterAll
    static void stopStack() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    @Order(1)
    void ingestPublishesAFileADirectoryAndReportsARejectionFromTheDeadLetterTopic() throws Exception {
        Output single = new Output();
        int status = ingest(single.stream, "--bootstrap-servers", bootstrap(), "--ticker", "PEP", "--fiscal-year", "2023",
                "--form", "8-K", "--period", "2023-05-05", "--company", "PepsiCo, Inc.", "--cik", "77476", PEPSICO_8K.toString());
        assertThat(status).as(single.text()).isZero();
        assertThat(single.text()).containsPattern("published +PEP_2023_8-K_2023-05-05 +PEP:2023 +8-K@2023-05-05 +4 chunks, 5 pages, version 1");

        Output dirs = new Output();
        IngestSummary summary = IngestCommand.ingest(settings(), List.of(cocaCola.toString()), Duration.ofMinutes(3), dirs.stream);
        assertThat(summary.published()).as(dirs.text()).isEqualTo(2);
        assertThat(dirs.text()).containsPattern("published +KO_2021 +KO:2021 +10-K").containsPattern("published +KO_2022 +KO:2022 +10-K");
        // The query job has every new shard once its checkpointed offsets on chunks pass the commits.
        ConsumerProgress.awaitPast(KafkaClients.of(settings()), settings().queryChunksGroup(), "chunks", summary.commitOffsets(),
                Duration.ofMinutes(2));

        Output bad = new Output();
        status = ingest(bad.stream, "--bootstrap-servers", bootstrap(), broken.toString());
        assertThat(status).as(bad.text()).isEqualTo(1);
        assertThat(bad.text()).contains("rejected   EMPTY_2023").contains("NO_TEXT").contains("rejected 1");
    }

    @Test
    @Order(2)
    void reIngestingPublishedFilingsSendsNothing() {
        Output again = new Output();
        int status = ingest(again.stream, "--bootstrap-servers", bootstrap(), cocaCola.toString());
        assertThat(status).as(again.text()).isZero();
        assertThat(again.text()).contains("sent 0 filings").contains("2 already published, not sent")
                .contains("accepted 2 of 2 documents (0 published, 2 unchanged)");
    }

    @Test
    @Order(3)
    void askPrintsTheAnswerWithItsCitationsAndJsonPrintsTheAnswerRecord() throws Exception {
        Output readable = new Output();
        int status = ask(readable.stream, "--bootstrap-servers", bootstrap(),
                "What were Coca-Cola's net operating revenues in fiscal 2022?");
        assertThat(status).as(readable.text()).isZero();
        assertThat(readable.text()).contains("answered - routed to KO FY2022").contains("43,004").contains("citations:")
                .containsPattern("\\[1\\] .*KO\\)?, fiscal year 2022, 10-K, characters [0-9,]+-[0-9,]+");

        Output json = new Output();
        status = ask(json.stream, "--bootstrap-servers", bootstrap(), "--json",
                "At PepsiCo's May 3, 2023 annual meeting, what happened to the net-zero emissions congruency report proposal?");
        assertThat(status).isZero();
        JsonNode answer = Json.tree(json.text().strip().getBytes(StandardCharsets.UTF_8));
        assertThat(Schemas.violations(Schemas.ANSWER_EVENT, answer)).isEmpty();
        assertThat(answer.get("status").asText()).isEqualTo("answered");
        assertThat(answer.get("citations")).isNotEmpty().allSatisfy(c -> {
            assertThat(c.get("ticker").asText()).isEqualTo("PEP");
            assertThat(c.get("form_type").asText()).isEqualTo("8-K");
            assertThat(c.get("pages")).isNotEmpty();
        });
    }

    @Test
    @Order(4)
    void routeReadsTheCorpusFromChunksAndResolvesIssuersOutsideIt() throws Exception {
        Path questions = Files.writeString(work.resolve("questions.txt"), """
                What were Coca Cola's net operating revenues in FY2021?
                {"question": "What did PepsiCo report in its 8-K dated May 5, 2023?"}
                {"text": "What was Microsoft's revenue in FY2023?"}
                """);
        List<JsonNode> lines = RouteCommandTest.route("--bootstrap-servers", bootstrap(), "--questions", questions.toString(),
                "--issuers", ISSUERS.toString());
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0).get("shards")).extracting(s -> s.get("ticker").asText() + ":" + s.get("fiscal_year").asInt())
                .containsExactly("KO:2021");
        assertThat(lines.get(0).at("/issuers/0/cik").asLong()).isEqualTo(21344L);
        assertThat(lines.get(1).get("shards")).extracting(s -> s.get("ticker").asText() + ":" + s.get("fiscal_year").asInt())
                .containsExactly("PEP:2023");
        JsonNode microsoft = lines.get(2);
        assertThat(microsoft.at("/issuers/0/ticker").asText()).isEqualTo("MSFT");
        assertThat(microsoft.at("/issuers/0/cik").asLong()).isEqualTo(789019L);
        assertThat(microsoft.at("/issuers/0/in_corpus").asBoolean()).isFalse();
        assertThat(microsoft.get("shards")).isEmpty();
    }

    @Test
    @Order(5)
    void askFailsClearlyWhenNoBrokerOrNoQueryJobAnswers() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        int port = closedPort;
        assertThatThrownBy(() -> ask(new Output().stream, "--bootstrap-servers", "127.0.0.1:" + port, "--timeout", "2s", "Revenue?"))
                .isInstanceOfSatisfying(CommandFailure.class, e -> {
                    assertThat(e.reason()).isEqualTo(CommandFailure.Reason.BROKER_UNREACHABLE);
                    assertThat(e.reason().exitStatus()).isEqualTo(3);
                    assertThat(e.getMessage()).contains("127.0.0.1:" + port);
                });

        // A topic nobody answers on: the query job writes its answers elsewhere.
        Topics.ensure(bootstrap(), new java.util.Properties(), List.of(Topics.plain("silent-answers", 1)));
        assertThatThrownBy(() -> ask(new Output().stream, "--bootstrap-servers", bootstrap(), "-Dscoperag.topics.answers=silent-answers",
                "--timeout", "3s", "What was Coca-Cola's revenue in 2022?"))
                .isInstanceOfSatisfying(CommandFailure.class, e -> {
                    assertThat(e.reason()).isEqualTo(CommandFailure.Reason.NO_ANSWER);
                    assertThat(e.reason().exitStatus()).isEqualTo(4);
                    assertThat(e.getMessage()).contains("silent-answers").contains("is the query job running");
                });
    }

    @Test
    @Order(6)
    void aRestartedStackResumesFromItsRetainedCheckpointsLosingNothingAndReEmbeddingNothing() throws Exception {
        List<ConsumerRecord<byte[], byte[]>> before = TopicRecords.readUntil(bootstrap(), "chunks", records -> true, Duration.ofMinutes(1));
        stack.close();
        stack = start();
        assertThat(stack.ingestJob().orElseThrow().restoredFrom()).as("ingest job restored").isPresent();
        assertThat(stack.queryJob().orElseThrow().restoredFrom()).as("query job restored").isPresent();

        // Straight to the topic, past the CLI's own check: the restored job state must know these bytes.
        String published = Files.readString(cocaCola.resolve("2022/KO.txt"));
        FilingEvent resend = new FilingEvent("resend", FilingEvent.UPSERT, "KO", null, null, 2022, "10-K", null, null, null, null,
                FilingContent.ofBase64(Base64.getEncoder().encodeToString(published.getBytes(StandardCharsets.UTF_8)), null));
        // A corrected version, the same length, so only the chunks around the correction change text.
        int at = published.lastIndexOf("net operating revenues");
        String correctedText = published.substring(0, at) + "NET OPERATING REVENUES" + published.substring(at + "net operating revenues".length());
        FilingEvent corrected = new FilingEvent("corrected", FilingEvent.UPSERT, "KO", null, null, 2022, "10-K", null, null, null, null,
                FilingContent.ofText(correctedText));
        FilingEvent marker = new FilingEvent("marker", FilingEvent.UPSERT, "MARK", null, null, 2024, "10-K", null, null, null, null,
                FilingContent.ofText("Item 1. Business. A one-chunk filing sent after the re-send, to mark a point in the stream."));
        try (KafkaProducer<String, String> producer = producer()) {
            producer.send(new ProducerRecord<>("filings", "resend", Json.toString(resend))).get();
            producer.send(new ProducerRecord<>("filings", "corrected", Json.toString(corrected))).get();
            producer.send(new ProducerRecord<>("filings", "marker", Json.toString(marker))).get();
        }
        List<ConsumerRecord<byte[], byte[]>> after = TopicRecords.readUntil(bootstrap(), "chunks",
                records -> commits(records, "MARK:2024/doc/10-K") == 1 && commits(records, "KO:2022/doc/10-K") == 2, Duration.ofMinutes(2));

        // Nothing lost: every record published before the restart is still there, where it was.
        assertThat(after.stream().map(CommandsIT::position).toList()).containsAll(before.stream().map(CommandsIT::position).toList());
        // The identical re-send published nothing; the corrected version is version 2 of the same document.
        List<JsonNode> koCommits = values(after, "document_committed", "KO:2022/10-K");
        assertThat(koCommits).extracting(c -> c.get("version").asInt()).containsExactly(1, 2);
        assertThat(koCommits.get(1).get("supersedes_doc_hash").asText()).isEqualTo(koCommits.get(0).get("doc_hash").asText());
        // Nothing re-embedded: the restored job ran through the model only the windows of the corrected version's new
        // chunk texts (each distinct window once) and the marker's; the unchanged chunks' vectors came from its state.
        Set<String> oldTexts = textHashes(after, koCommits.get(0).get("doc_hash").asText());
        Set<String> newTexts = textHashes(after, koCommits.get(1).get("doc_hash").asText());
        long changed = newTexts.stream().filter(h -> !oldTexts.contains(h)).count();
        assertThat(changed).as("the correction changes some chunks, not all").isBetween(1L, newTexts.size() - 1L);
        Set<String> changedWindows = windowTexts(after, koCommits.get(1).get("doc_hash").asText(), oldTexts);
        Set<String> markerWindows = windowTexts(after, values(after, "document_committed", "MARK:2024/10-K").get(0).get("doc_hash").asText(),
                Set.of());
        assertThat(changedWindows.size()).as("windows of the changed chunks").isGreaterThanOrEqualTo((int) changed);
        // Accumulators reach the job manager with the task managers' heartbeats: wait for the count to settle.
        long expected = changedWindows.size() + markerWindows.size();
        long embedded = -1;
        for (long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos(); embedded < expected && System.nanoTime() < deadline;
                Thread.sleep(500)) {
            embedded = stack.accumulators(stack.ingestJob().orElseThrow()).get(EmbedChunks.TEXTS_EMBEDDED) instanceof Long n ? n : 0;
        }
        assertThat(embedded).as("window texts the restored ingest job ran through the model").isEqualTo(expected);

        Output readable = new Output();
        assertThat(ask(readable.stream, "--bootstrap-servers", bootstrap(),
                "What were Coca Cola's net operating revenues in FY2021?")).isZero();
        assertThat(readable.text()).contains("answered - routed to KO FY2021");
    }

    private static String position(ConsumerRecord<byte[], byte[]> r) {
        return r.partition() + "@" + r.offset() + " " + new String(r.key(), StandardCharsets.UTF_8);
    }

    /** The values of one type for one document ({@code shard/doc_id}, e.g. KO:2022/10-K), in topic order. */
    private static List<JsonNode> values(List<ConsumerRecord<byte[], byte[]>> records, String type, String doc) {
        return records.stream().filter(r -> r.value() != null).map(r -> Json.tree(r.value()))
                .filter(v -> v.get("type").asText().equals(type) && (v.get("shard").asText() + "/" + v.get("doc_id").asText()).equals(doc))
                .toList();
    }

    private static Set<String> textHashes(List<ConsumerRecord<byte[], byte[]>> records, String docHash) {
        return records.stream().filter(r -> r.value() != null).map(r -> Json.tree(r.value()))
                .filter(v -> v.get("type").asText().equals("chunk_upserted") && v.get("doc_hash").asText().equals(docHash))
                .map(v -> v.get("text_hash").asText()).collect(Collectors.toSet());
    }

    /** The distinct window texts of a document version's chunks whose text hash is not in {@code except}. */
    private static Set<String> windowTexts(List<ConsumerRecord<byte[], byte[]>> records, String docHash, Set<String> except) {
        Set<String> windows = new HashSet<>();
        records.stream().filter(r -> r.value() != null).map(r -> Json.tree(r.value()))
                .filter(v -> v.get("type").asText().equals("chunk_upserted") && v.get("doc_hash").asText().equals(docHash)
                        && !except.contains(v.get("text_hash").asText()))
                .forEach(v -> {
                    String text = v.get("text").asText();
                    JsonNode spans = v.get("windows").get("spans");
                    for (int i = 0; i < spans.size(); i += 2) {
                        windows.add(text.substring(spans.get(i).asInt(), spans.get(i + 1).asInt()));
                    }
                });
        return windows;
    }

    private static long commits(List<ConsumerRecord<byte[], byte[]>> records, String key) {
        return records.stream().filter(r -> r.key() != null && new String(r.key(), StandardCharsets.UTF_8).equals(key)).count();
    }

    private static String bootstrap() {
        return stack.bootstrapServers();
    }

    private static ClientSettings settings() {
        return ClientSettings.of(stack.ingestConfig());
    }

    private static KafkaProducer<String, String> producer() {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap());
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    /** What a command printed. */
    static final class Output {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8);

        String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    private static int ask(PrintStream out, String... argv) {
        return CommandLines.parse(new AskCommand(), argv).run(out);
    }

    private static int ingest(PrintStream out, String... argv) {
        return CommandLines.parse(new IngestCommand(), argv).run(out);
    }
}
