package dev.scoperag.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.embedded.testing.EmbeddedKafkaExtension;
import dev.scoperag.query.QueryOptions;
import dev.scoperag.system.SyntheticFilings.Company;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.InjectMiniCluster;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fresh query job, with no checkpoint and a new consumer group, rebuilds every shard from the
 * {@code chunks} topic after the log cleaner has compacted it (a changed version's tombstones have
 * removed the superseded chunks and commit), and answers the same questions as the job that saw
 * every record as it was published.
 */
class ReplayIT {

    @RegisterExtension
    static final MiniClusterExtension FLINK = new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
            .setNumberTaskManagers(2).setNumberSlotsPerTaskManager(4).build());

    // The cleaner looks for dirty logs every half second instead of every 15 s.
    @RegisterExtension
    static final EmbeddedKafkaExtension KAFKA = new EmbeddedKafkaExtension(builder -> builder.brokerConfig("log.cleaner.backoff.ms", "500"));

    private static final List<Company> COMPANIES = SyntheticFilings.COMPANIES.subList(0, 4);

    @TempDir static Path work;

    @BeforeAll
    static void createChunksTopic() {
        // Segments roll after a second and any dirt is worth cleaning, so compaction runs within the test.
        KAFKA.createTopic("chunks", 4, Map.of(
                "cleanup.policy", "compact",
                "segment.ms", "1000",
                "min.cleanable.dirty.ratio", "0.01",
                "min.compaction.lag.ms", "0",
                "max.message.bytes", Integer.toString(8 * 1024 * 1024)));
    }

    @Test
    void aFreshQueryJobRebuildsEveryShardFromTheCompactedTopicAndAnswersTheSame(@InjectMiniCluster MiniCluster cluster) throws Exception {
        Path root = Files.createDirectories(work.resolve("root"));
        Company changed = COMPANIES.get(0);
        List<String> questions = new ArrayList<>();
        for (Company c : COMPANIES) {
            questions.add(SyntheticFilings.revenueQuestion(c, 2021));
        }
        questions.add(SyntheticFilings.revenueQuestion(changed, 2022));
        questions.add("Which company reported net revenues of $" + String.format("%,d", SyntheticFilings.revenue(COMPANIES.get(2), 2021, "10-K"))
                + " million?");

        JobClient ingest = Jobs.startIngest(Jobs.ingestConfig(KAFKA.broker(), work, root), 2, null);
        Configuration liveConfig = Jobs.queryConfig(KAFKA.broker(), work, "live");
        JobClient live = null;
        JobClient fresh = null;
        try (KafkaProducer<String, String> producer = AnswerLog.producer(KAFKA.bootstrapServers())) {
            for (Company c : COMPANIES) {
                AnswerLog.send(producer, "filings", c.ticker() + "-2021", SyntheticFilings.event(c.ticker() + "-2021", c, 2021, "10-K", 1));
            }
            AnswerLog.send(producer, "filings", "changed-v1", SyntheticFilings.event("changed-v1", changed, 2022, "10-K", 1));
            ChunkLog.readUntil(KAFKA.bootstrapServers(), log -> log.commits() >= 5);

            live = Jobs.startQuery(liveConfig, 2, null);
            // A changed version: its commit supersedes the first, whose chunks are tombstoned.
            AnswerLog.send(producer, "filings", "changed-v2", SyntheticFilings.event("changed-v2", changed, 2022, "10-K", 2));
            ChunkLog published = ChunkLog.readUntil(KAFKA.bootstrapServers(), log -> log.commits() >= 6);
            Set<String> superseded = published.tombstonesByKey.keySet();
            assertThat(superseded).as("the first version's chunks are tombstoned").isNotEmpty();
            assertThat(published.upsertsByKey.keySet()).as("...and were published before").containsAll(superseded);
            // A later record in the same partition rolls the segment holding the tombstones, so the cleaner may take it.
            Thread.sleep(1_500);
            AnswerLog.send(producer, "filings", "changed-10q", SyntheticFilings.event("changed-10q", changed, 2022, "10-Q", 1));
            ChunkLog.readUntil(KAFKA.bootstrapServers(), log -> log.commitsByDoc.containsKey(changed.ticker() + ":2022/10-Q@2022Q2"));

            // Only the log cleaner removes records a read_committed consumer saw before: wait for it.
            ChunkLog compacted = ChunkLog.readUntil(KAFKA.bootstrapServers(), log -> superseded.stream().noneMatch(log.upsertsByKey::containsKey)
                    && log.commitsByDoc.get(changed.ticker() + ":2022/10-K").size() == 1);
            System.out.printf("replay: before the cleaner ran %d records with %d upserts of the first version; after it %d records with %d%n",
                    published.records.size(), superseded.size(), compacted.records.size(),
                    superseded.stream().filter(compacted.upsertsByKey::containsKey).count());
            assertThat(compacted.commitsByDoc.get(changed.ticker() + ":2022/10-K")).singleElement()
                    .satisfies(c -> assertThat(c.get("version").asInt()).isEqualTo(2));
            ingest.cancel().get();
            ingest = null;

            Jobs.awaitTakenIn(KAFKA.broker(), liveConfig, compacted);
            Map<String, JsonNode> before = ask(producer, liveConfig, "live", questions);
            live.cancel().get();
            live = null;

            Configuration freshConfig = Jobs.queryConfig(KAFKA.broker(), work, "fresh");
            freshConfig.set(QueryOptions.QUERIES_TOPIC, "queries-fresh");
            freshConfig.set(QueryOptions.ANSWERS_TOPIC, "answers-fresh");
            fresh = Jobs.startQuery(freshConfig, 2, null);
            Jobs.awaitRunning(cluster, fresh.getJobID());
            Jobs.awaitTakenIn(KAFKA.broker(), freshConfig, compacted);
            assertThat(Jobs.restoredFrom(cluster, fresh.getJobID(), Duration.ZERO)).as("started without state").isNull();
            Map<String, JsonNode> after = ask(producer, freshConfig, "fresh", questions);
            for (String question : questions) {
                assertThat(AnswerLog.substance(after.get(question))).as(question).isEqualTo(AnswerLog.substance(before.get(question)));
            }
            assertThat(after.get(questions.get(4)).get("citations")).as("only chunks of the current versions are cited").isNotEmpty()
                    .allSatisfy(c -> assertThat(compacted.upsertsByKey).containsKey(changed.ticker() + ":2022/chunk/" + c.get("chunk_id").asText()))
                    .noneSatisfy(c -> assertThat(superseded).contains(changed.ticker() + ":2022/chunk/" + c.get("chunk_id").asText()));
        } finally {
            for (JobClient job : new JobClient[] {ingest, live, fresh}) {
                if (job != null) {
                    job.cancel().get();
                }
            }
        }
    }

    /** Asks every question under ids {@code prefix-i}; each answer by question, all answered by every shard. */
    private static Map<String, JsonNode> ask(KafkaProducer<String, String> producer, Configuration config, String prefix, List<String> questions) {
        String queries = config.get(QueryOptions.QUERIES_TOPIC);
        String answersTopic = config.get(QueryOptions.ANSWERS_TOPIC);
        for (int i = 0; i < questions.size(); i++) {
            AnswerLog.ask(producer, queries, prefix + "-" + i, questions.get(i));
        }
        Map<String, List<JsonNode>> answers = AnswerLog.await(KAFKA.bootstrapServers(), answersTopic,
                IntStream.range(0, questions.size()).mapToObj(i -> prefix + "-" + i).toList());
        Map<String, JsonNode> byQuestion = new LinkedHashMap<>();
        for (int i = 0; i < questions.size(); i++) {
            JsonNode answer = answers.get(prefix + "-" + i).get(0);
            System.out.println(prefix + "-" + i + " " + answer.get("status").asText() + " " + answer.path("route").path("shards"));
            assertThat(answer.get("status").asText()).as(answer.toString()).isEqualTo("answered");
            assertThat(answer.path("retrieval").has("missing")).as("every shard and store answered: %s", answer).isFalse();
            byQuestion.put(questions.get(i), answer);
        }
        return byQuestion;
    }
}
