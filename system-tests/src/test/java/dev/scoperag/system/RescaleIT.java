package dev.scoperag.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.embedded.testing.EmbeddedKafkaExtension;
import dev.scoperag.system.SyntheticFilings.Company;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.flink.configuration.Configuration;
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
 * Each job is stopped with a savepoint at parallelism 2 and restored at 4, then at 1. The ingest
 * job's versioning state follows its shards (a re-sent filing publishes nothing after either
 * rescale) and nothing is published twice; the query job's stores and catalog follow theirs: every
 * shard still answers, and the same questions get the same answers as before each rescale: routed
 * ones, and a corpus-wide one, which is searched by, and gathered from, every store subtask of the
 * new parallelism and merged into the same ranking whatever the spread of shards over stores. The
 * second test asks about the corpus the first published.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RescaleIT {

    @RegisterExtension
    static final MiniClusterExtension FLINK = new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
            .setNumberTaskManagers(2).setNumberSlotsPerTaskManager(4).build());

    @RegisterExtension
    static final EmbeddedKafkaExtension KAFKA = new EmbeddedKafkaExtension();

    private static final List<Company> COMPANIES = SyntheticFilings.COMPANIES.subList(0, 6);

    @TempDir static Path work;

    private static void sendFiling(KafkaProducer<String, String> producer, String eventId, Company company, int year, String form) {
        AnswerLog.send(producer, "filings", eventId, SyntheticFilings.event(eventId, company, year, form, 1));
    }

    private static void send10Ks(KafkaProducer<String, String> producer, List<Company> companies) {
        for (Map.Entry<Company, Integer> shard : SyntheticFilings.shards(companies)) {
            sendFiling(producer, shard.getKey().ticker() + "-" + shard.getValue() + "-10k", shard.getKey(), shard.getValue(), "10-K");
        }
    }

    @Test
    @Order(1)
    void theIngestJobKeepsEveryShardsVersionsFromParallelism2To4To1(@InjectMiniCluster MiniCluster cluster) throws Exception {
        Path root = Files.createDirectories(work.resolve("root"));
        Configuration config = Jobs.ingestConfig(KAFKA.broker(), work, root);
        Company hlvb = COMPANIES.get(0);
        Company qrnx = COMPANIES.get(1);
        Company zeph = COMPANIES.get(3);
        try (KafkaProducer<String, String> producer = AnswerLog.producer(KAFKA.bootstrapServers())) {
            JobClient job = Jobs.startIngest(config, 2, null);
            send10Ks(producer, COMPANIES.subList(0, 3));
            ChunkLog.readUntil(KAFKA.bootstrapServers(), log -> log.commits() >= 6);
            String savepoint = Jobs.stopWithSavepoint(job, work.resolve("savepoints-ingest"));

            job = Jobs.startIngest(config, 4, savepoint);
            Jobs.awaitRunning(cluster, job.getJobID());
            assertThat(Jobs.restoredFrom(cluster, job.getJobID(), Duration.ofMinutes(1))).isEqualTo(savepoint);
            // A re-send, then a new filing of the same shard: once that one is committed, the re-send was handled.
            sendFiling(producer, "HLVB-2021-10k-again", hlvb, 2021, "10-K");
            sendFiling(producer, "HLVB-2021-10q", hlvb, 2021, "10-Q");
            send10Ks(producer, COMPANIES.subList(3, 5));
            ChunkLog.readUntil(KAFKA.bootstrapServers(), log -> log.commits() >= 11);
            savepoint = Jobs.stopWithSavepoint(job, work.resolve("savepoints-ingest"));

            job = Jobs.startIngest(config, 1, savepoint);
            Jobs.awaitRunning(cluster, job.getJobID());
            assertThat(Jobs.restoredFrom(cluster, job.getJobID(), Duration.ofMinutes(1))).isEqualTo(savepoint);
            sendFiling(producer, "QRNX-2022-10k-again", qrnx, 2022, "10-K");
            sendFiling(producer, "QRNX-2022-10q", qrnx, 2022, "10-Q");
            sendFiling(producer, "ZEPH-2021-10k-again", zeph, 2021, "10-K");
            sendFiling(producer, "ZEPH-2021-10q", zeph, 2021, "10-Q");
            send10Ks(producer, COMPANIES.subList(5, 6));
            ChunkLog.readUntil(KAFKA.bootstrapServers(), log -> log.commits() >= 15);
            Thread.sleep(3_000);
            ChunkLog log = ChunkLog.readUntil(KAFKA.bootstrapServers(), l -> true);
            job.cancel().get();

            assertThat(log.commitsByDoc).as("12 10-Ks and three 10-Qs").hasSize(15);
            assertThat(log.commitsByDoc.values()).as("each committed once; the re-sends published nothing")
                    .allSatisfy(commits -> assertThat(commits).hasSize(1));
            assertThat(log.commitsByDoc).containsKeys("HLVB:2021/10-K", "QRNX:2022/10-K", "ZEPH:2021/10-K", "HLVB:2021/10-Q@2021Q2");
            log.assertExactlyOnce();
            assertThat(log.tombstonesByKey).isEmpty();
        }
    }

    @Test
    @Order(2)
    void theQueryJobAnswersTheSameFromParallelism2To4To1(@InjectMiniCluster MiniCluster cluster) throws Exception {
        ChunkLog corpus = ChunkLog.readUntil(KAFKA.bootstrapServers(), log -> log.commits() >= 15);
        Configuration config = Jobs.queryConfig(KAFKA.broker(), work, "rescale");
        List<String> questions = new ArrayList<>();
        for (Map.Entry<Company, Integer> shard : SyntheticFilings.shards(COMPANIES)) {
            questions.add(SyntheticFilings.revenueQuestion(shard.getKey(), shard.getValue()));
        }
        List<String> routed = List.copyOf(questions);
        questions.add(SyntheticFilings.corpusWideQuestion());

        try (KafkaProducer<String, String> producer = AnswerLog.producer(KAFKA.bootstrapServers())) {
            JobClient job = Jobs.startQuery(config, 2, null);
            Jobs.awaitTakenIn(KAFKA.broker(), config, corpus);
            Map<String, JsonNode> atTwo = ask(producer, "p2", questions);
            for (Map.Entry<String, JsonNode> answer : atTwo.entrySet()) {
                assertThat(answer.getValue().get("status").asText()).as(answer.getKey()).isEqualTo("answered");
            }
            assertThat(atTwo.get(SyntheticFilings.corpusWideQuestion()).at("/route/fallback").asBoolean()).isTrue();

            for (int parallelism : new int[] {4, 1}) {
                String savepoint = Jobs.stopWithSavepoint(job, work.resolve("savepoints-query"));
                job = Jobs.startQuery(config, parallelism, savepoint);
                Jobs.awaitRunning(cluster, job.getJobID());
                assertThat(Jobs.restoredFrom(cluster, job.getJobID(), Duration.ofMinutes(1))).isEqualTo(savepoint);
                Map<String, JsonNode> after = ask(producer, "p" + parallelism, questions);
                for (String question : routed) {
                    assertThat(AnswerLog.substance(after.get(question))).as("at parallelism %d: %s", parallelism, question)
                            .isEqualTo(AnswerLog.substance(atTwo.get(question)));
                }
                // Corpus-wide: every store subtask of the new parallelism searched and was gathered (no
                // "missing" above), and the stores' lists merged into the same answer as at 2.
                JsonNode corpusWide = after.get(SyntheticFilings.corpusWideQuestion());
                assertThat(corpusWide.get("status").asText()).isEqualTo("answered");
                assertThat(corpusWide.at("/route/fallback").asBoolean()).isTrue();
                assertThat(corpusWide.at("/retrieval/corpus_wide").asBoolean()).isTrue();
                assertThat(AnswerLog.substance(corpusWide)).as("corpus-wide at parallelism %d, citing %s", parallelism,
                                corpusWide.get("citations").findValuesAsText("ticker"))
                        .isEqualTo(AnswerLog.substance(atTwo.get(SyntheticFilings.corpusWideQuestion())));
            }
            Map<String, List<JsonNode>> answers = AnswerLog.readUntil(KAFKA.bootstrapServers(), "answers", a -> true);
            job.cancel().get();
            assertThat(answers).as("one answer per question, none repeated by a restored job").hasSize(3 * questions.size())
                    .allSatisfy((id, list) -> assertThat(list).as(id).hasSize(1));
        }
    }

    /** Asks every question under ids {@code prefix-i}; returns each answer by question, checking every shard answered. */
    private static Map<String, JsonNode> ask(KafkaProducer<String, String> producer, String prefix, List<String> questions) {
        for (int i = 0; i < questions.size(); i++) {
            AnswerLog.ask(producer, "queries", prefix + "-" + i, questions.get(i));
        }
        Map<String, List<JsonNode>> answers = AnswerLog.await(KAFKA.bootstrapServers(), "answers",
                IntStream.range(0, questions.size()).mapToObj(i -> prefix + "-" + i).toList());
        Map<String, JsonNode> byQuestion = new LinkedHashMap<>();
        for (int i = 0; i < questions.size(); i++) {
            JsonNode answer = answers.get(prefix + "-" + i).get(0);
            assertThat(answer.path("retrieval").has("missing")).as("every shard and store answered: %s", answer).isFalse();
            byQuestion.put(questions.get(i), answer);
        }
        return byQuestion;
    }
}
