package dev.scoperag.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.testing.FilingFixtures;
import dev.scoperag.embedded.testing.EmbeddedKafkaExtension;
import dev.scoperag.system.SyntheticFilings.Company;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.InjectMiniCluster;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A TaskManager is killed while the ingest job publishes filings, and again while the query job
 * answers a stream of questions; both jobs restart from their last checkpoint on the TaskManager
 * started in its place. Read with read_committed, {@code chunks} holds every chunk of every filing
 * exactly once and {@code answers} exactly one answer per question, the same answer the question
 * got before the failure. The second test asks about the corpus the first one published.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TaskManagerFailureIT {

    @RegisterExtension
    static final MiniClusterExtension FLINK = new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
            .setNumberTaskManagers(2).setNumberSlotsPerTaskManager(4).setConfiguration(spreadOverTaskManagers()).build());

    @RegisterExtension
    static final EmbeddedKafkaExtension KAFKA = new EmbeddedKafkaExtension();

    @TempDir static Path work;

    /** A job's slots go to both TaskManagers where they can. */
    private static Configuration spreadOverTaskManagers() {
        Configuration config = new Configuration();
        config.set(TaskManagerOptions.TASK_MANAGER_LOAD_BALANCE_MODE, TaskManagerOptions.TaskManagerLoadBalanceMode.SLOTS);
        return config;
    }

    /** The filings of this test, by event id: every shard's 10-K, four 10-Qs and the two real filings. */
    private static Map<String, String> filings(Path root) throws Exception {
        Map<String, String> filings = new LinkedHashMap<>();
        for (Map.Entry<Company, Integer> shard : SyntheticFilings.shards(SyntheticFilings.COMPANIES)) {
            String id = shard.getKey().ticker() + "-" + shard.getValue() + "-10k";
            filings.put(id, SyntheticFilings.event(id, shard.getKey(), shard.getValue(), "10-K", 1));
        }
        for (Company c : SyntheticFilings.COMPANIES.subList(0, 4)) {
            String id = c.ticker() + "-2022-10q";
            filings.put(id, SyntheticFilings.event(id, c, 2022, "10-Q", 1));
        }
        Path pdf = FilingFixtures.copy("PEP_2023_8K_2023-05-05.pdf", root, "PEP_8K.pdf");
        Path submission = FilingFixtures.copy("MMM_2023Q2_10Q_submission.txt", root, "MMM_10Q.txt");
        filings.put("pep-8k", SyntheticFilings.fileEvent("pep-8k", "PEP", 77476, "PepsiCo, Inc.", 2023, "8-K", "2023-05-05", pdf));
        filings.put("mmm-10q", SyntheticFilings.fileEvent("mmm-10q", "MMM", 66740, "3M Company", 2023, "10-Q", "2023Q2", submission));
        return filings;
    }

    /** The questions asked of the corpus: one per synthetic shard, one for each real filing, one corpus-wide. */
    private static List<String> questions() {
        List<String> questions = new ArrayList<>();
        for (Map.Entry<Company, Integer> shard : SyntheticFilings.shards(SyntheticFilings.COMPANIES)) {
            questions.add(SyntheticFilings.revenueQuestion(shard.getKey(), shard.getValue()));
        }
        questions.add("What were 3M's net sales in the second quarter of 2023?");
        questions.add("What did PepsiCo disclose in its 8-K dated May 5, 2023?");
        questions.add(SyntheticFilings.corpusWideQuestion());
        return questions;
    }

    @Test
    @Order(1)
    void aTaskManagerLostWhileIngestingLosesAndDuplicatesNoChunk(@InjectMiniCluster MiniCluster cluster) throws Exception {
        Path root = Files.createDirectories(work.resolve("root"));
        Map<String, String> filings = filings(root);
        JobClient ingest = Jobs.startIngest(Jobs.ingestConfig(KAFKA.broker(), work, root), 2, null);
        try (KafkaProducer<String, String> producer = AnswerLog.producer(KAFKA.bootstrapServers())) {
            Jobs.awaitRunning(cluster, ingest.getJobID());
            List<Map.Entry<String, String>> all = List.copyOf(filings.entrySet());
            for (Map.Entry<String, String> f : all.subList(0, 6)) {
                AnswerLog.send(producer, "filings", f.getKey(), f.getValue());
            }
            ChunkLog.readUntil(KAFKA.bootstrapServers(), log -> log.commits() >= 3);
            // The rest arrive steadily; the TaskManager goes while the job works through them.
            for (Map.Entry<String, String> f : all.subList(6, all.size())) {
                AnswerLog.send(producer, "filings", f.getKey(), f.getValue());
                Thread.sleep(200);
            }
            Jobs.killATaskManagerOf(cluster, ingest.getJobID());
            int committedAtKill = ChunkLog.readUntil(KAFKA.bootstrapServers(), log -> true).commits();
            assertThat(committedAtKill).as("documents committed when the TaskManager was killed").isLessThan(filings.size());

            ChunkLog.readUntil(KAFKA.bootstrapServers(), log -> log.commits() >= filings.size());
            // Anything a replay would publish twice is written by now; read again.
            Thread.sleep(3_000);
            ChunkLog log = ChunkLog.readUntil(KAFKA.bootstrapServers(), l -> true);
            System.out.printf("ingest: %d of %d documents committed at the kill; %d chunks; restarts %d%n",
                    committedAtKill, filings.size(), log.upsertsByKey.size(), Jobs.restarts(cluster, ingest.getJobID()));

            assertThat(Jobs.restarts(cluster, ingest.getJobID())).as("the job was restarted after the TaskManager died").isGreaterThan(0);
            assertThat(log.commitsByDoc).as("one document per filing").hasSize(filings.size());
            assertThat(log.commitsByDoc.values()).as("each committed once").allSatisfy(c -> assertThat(c).hasSize(1));
            log.assertExactlyOnce();
            assertThat(log.tombstonesByKey).isEmpty();
            assertThat(log.upsertsByKey.size()).isGreaterThan(100);
        } finally {
            ingest.cancel().get();
        }
    }

    @Test
    @Order(2)
    void aTaskManagerLostWhileAnsweringLeavesOneAnswerPerQuestionAsBefore(@InjectMiniCluster MiniCluster cluster) throws Exception {
        ChunkLog corpus = ChunkLog.readUntil(KAFKA.bootstrapServers(), log -> log.commits() >= 22);
        Configuration config = Jobs.queryConfig(KAFKA.broker(), work, "failover");
        JobClient query = Jobs.startQuery(config, 2, null);
        List<String> questions = questions();
        try (KafkaProducer<String, String> producer = AnswerLog.producer(KAFKA.bootstrapServers())) {
            Jobs.awaitTakenIn(KAFKA.broker(), config, corpus);

            // Before any failure: the answer each question gets.
            Map<String, JsonNode> before = new LinkedHashMap<>();
            for (int i = 0; i < questions.size(); i++) {
                AnswerLog.ask(producer, "queries", "before-" + i, questions.get(i));
            }
            Map<String, List<JsonNode>> first = AnswerLog.await(KAFKA.bootstrapServers(), "answers",
                    java.util.stream.IntStream.range(0, questions.size()).mapToObj(i -> "before-" + i).toList());
            for (int i = 0; i < questions.size(); i++) {
                JsonNode answer = first.get("before-" + i).get(0);
                System.out.println("before-" + i + " " + answer.get("status").asText() + " route " + answer.path("route")
                        + " timings " + answer.path("timings_ms"));
                assertThat(answer.get("status").asText()).as(answer.toString()).isEqualTo("answered");
                assertThat(answer.path("retrieval").has("missing")).as("every shard answered: %s", answer).isFalse();
                before.put(questions.get(i), AnswerLog.substance(answer));
            }

            // Three rounds of the same questions under new ids, sent steadily; a TaskManager dies midway.
            Map<String, String> stream = new LinkedHashMap<>();
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < questions.size(); i++) {
                    stream.put("stream-" + round + "-" + i, questions.get(i));
                }
            }
            CompletableFuture<Void> sending = CompletableFuture.runAsync(() -> {
                for (Map.Entry<String, String> q : stream.entrySet()) {
                    AnswerLog.ask(producer, "queries", q.getKey(), q.getValue());
                    sleep(200);
                }
            });
            Map<String, List<JsonNode>> atKill = AnswerLog.readUntil(KAFKA.bootstrapServers(), "answers",
                    answers -> answers.keySet().stream().filter(id -> id.startsWith("stream-")).count() >= 10);
            long answeredAtKill = atKill.keySet().stream().filter(id -> id.startsWith("stream-")).count();
            Jobs.killATaskManagerOf(cluster, query.getJobID());
            sending.get(2, TimeUnit.MINUTES);
            assertThat(answeredAtKill).as("questions answered when the TaskManager was killed").isLessThan(stream.size());

            AnswerLog.await(KAFKA.bootstrapServers(), "answers", stream.keySet());
            Thread.sleep(3_000);
            Map<String, List<JsonNode>> answers = AnswerLog.readUntil(KAFKA.bootstrapServers(), "answers", a -> true);
            System.out.printf("query: %d of %d answered at the kill; restarts %d%n", answeredAtKill, stream.size(),
                    Jobs.restarts(cluster, query.getJobID()));

            assertThat(Jobs.restarts(cluster, query.getJobID())).as("the job was restarted after the TaskManager died").isGreaterThan(0);
            assertThat(answers.keySet()).as("no answer to a question never asked")
                    .allSatisfy(id -> assertThat(id.startsWith("before-") || stream.containsKey(id)).isTrue());
            for (Map.Entry<String, String> q : stream.entrySet()) {
                List<JsonNode> got = answers.get(q.getKey());
                assertThat(got).as("answers to %s", q.getKey()).hasSize(1);
                assertThat(AnswerLog.substance(got.get(0))).as("%s: %s", q.getKey(), q.getValue()).isEqualTo(before.get(q.getValue()));
                assertThat(got.get(0).path("retrieval").has("missing")).as("every shard answered: %s", got.get(0)).isFalse();
            }
        } finally {
            query.cancel().get();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
