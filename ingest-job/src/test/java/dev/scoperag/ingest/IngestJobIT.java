package dev.scoperag.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.contract.Schemas;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.testing.FilingFixtures;
import dev.scoperag.embedded.TopicRecords;
import dev.scoperag.embedded.testing.EmbeddedKafkaExtension;
import dev.scoperag.stream.SharedOptions;
import dev.scoperag.stream.testing.PrometheusEndpoint;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ingest job on a real KRaft broker and a MiniCluster with RocksDB state: a PDF and an EDGAR
 * submission go in, then a re-send, a changed version and a corrupt PDF; the exact records on
 * {@code chunks} (read_committed) and {@code filings.dlq} are checked against their schemas.
 */
class IngestJobIT {

    static final PrometheusEndpoint METRICS = new PrometheusEndpoint();

    @RegisterExtension
    static final MiniClusterExtension FLINK = new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
            .setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).setConfiguration(METRICS.reporterConfiguration()).build());

    @RegisterExtension
    static final EmbeddedKafkaExtension KAFKA = new EmbeddedKafkaExtension();

    @TempDir static Path work;

    private static String filing(String id, String ticker, int year, String form, String period, String contentJson) {
        return "{\"event_id\":\"" + id + "\",\"ticker\":\"" + ticker + "\",\"fiscal_year\":" + year + ",\"form_type\":\"" + form
                + "\"" + (period == null ? "" : ",\"period\":\"" + period + "\"") + ",\"content\":" + contentJson + "}";
    }

    @Test
    void filingsBecomeCommittedShardsAndBadOnesGoToTheDeadLetterTopic() throws Exception {
        Path root = Files.createDirectories(work.resolve("root"));
        Path pdf = FilingFixtures.copy("PEP_2023_8K_2023-05-05.pdf", root, "PEP_8K.pdf");
        Path submission = FilingFixtures.copy("MMM_2023Q2_10Q_submission.txt", root, "MMM_10Q.txt");
        String submissionText = Files.readString(submission);

        Configuration config = new Configuration();
        config.set(SharedOptions.BOOTSTRAP_SERVERS, KAFKA.bootstrapServers());
        config.set(IngestOptions.FILE_ROOT, root.toString());
        config.set(SharedOptions.CHECKPOINT_INTERVAL, Duration.ofMillis(500));
        config.set(SharedOptions.CHUNKS_PARTITIONS, 2);
        config.set(org.apache.flink.configuration.CheckpointingOptions.CHECKPOINTS_DIRECTORY, work.resolve("checkpoints").toUri().toString());
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(IngestJob.environmentConfig(config));
        env.setParallelism(1);
        IngestJob.build(env, config);
        JobClient job = env.executeAsync(IngestJob.NAME);
        try (KafkaProducer<String, String> producer = producer()) {
            send(producer, "pep-8k", filing("pep-8k", "PEP", 2023, "8-K", "2023-05-05",
                    "{\"uri\":\"" + pdf.toUri() + "\"}"));
            send(producer, "mmm-10q", filing("mmm-10q", "MMM", 2023, "10-Q", "2023Q2",
                    "{\"uri\":\"" + submission.toUri() + "\"}"));
            List<ConsumerRecord<byte[], byte[]>> first = readUntil("chunks", records -> commits(records) >= 2);
            assertThat(commits(first)).isEqualTo(2);

            // An identical re-send, a corrected version of the 10-Q, and a corrupt PDF.
            send(producer, "pep-8k-again", filing("pep-8k-again", "PEP", 2023, "8-K", "2023-05-05",
                    "{\"uri\":\"" + pdf.toUri() + "\"}"));
            String corrected = submissionText.replace("Net sales", "Net sales (corrected)");
            send(producer, "mmm-10q-v2", filing("mmm-10q-v2", "MMM", 2023, "10-Q", "2023Q2",
                    Json.toString(Map.of("base64", Base64.getEncoder().encodeToString(corrected.getBytes(StandardCharsets.UTF_8))))));
            byte[] corrupt = java.util.Arrays.copyOf(Files.readAllBytes(pdf), 3_000);
            String corruptRecord = filing("bad-pdf", "PEP", 2023, "8-K", "2023-06-01",
                    Json.toString(Map.of("base64", Base64.getEncoder().encodeToString(corrupt), "content_type", "pdf")));
            send(producer, "bad-pdf", corruptRecord);

            List<ConsumerRecord<byte[], byte[]>> dlq = readUntil("filings.dlq", records -> records.size() >= 1);
            List<ConsumerRecord<byte[], byte[]>> all = readUntil("chunks", records -> commits(records) >= 3 && tombstones(records) > 0);
            // Nothing else arrives after the corrected version's records.
            Thread.sleep(2_000);
            all = readUntil("chunks", records -> true);
            dlq = readUntil("filings.dlq", records -> true);

            assertThat(dlq).hasSize(1);
            JsonNode rejected = Json.tree(dlq.get(0).value());
            assertThat(Schemas.violations(Schemas.REJECTED_FILING, rejected)).isEmpty();
            assertThat(rejected.get("reason").asText()).isEqualTo("PDF_CORRUPT");
            assertThat(rejected.get("stage").asText()).isEqualTo("extract");
            assertThat(new String(dlq.get(0).key(), StandardCharsets.UTF_8)).isEqualTo("bad-pdf");
            assertThat(rejected.at("/original/value").asText()).isEqualTo(corruptRecord);

            Map<String, List<JsonNode>> commitsByDoc = new HashMap<>();
            Set<String> factsDocs = new HashSet<>();
            Map<String, Integer> upsertsByDocHash = new HashMap<>();
            Set<String> upsertKeys = new HashSet<>();
            Set<String> tombstoneKeys = new HashSet<>();
            Map<String, Integer> partitionOfShard = new HashMap<>();
            for (ConsumerRecord<byte[], byte[]> r : all) {
                String key = new String(r.key(), StandardCharsets.UTF_8);
                String shard = key.substring(0, key.indexOf('/'));
                assertThat(partitionOfShard.computeIfAbsent(shard, s -> r.partition())).as("one partition per shard").isEqualTo(r.partition());
                if (r.value() == null) {
                    tombstoneKeys.add(key);
                    continue;
                }
                JsonNode value = Json.tree(r.value());
                String type = value.get("type").asText();
                assertThat(Schemas.violations(Schemas.forChunkRecordType(type), value)).as(key).isEmpty();
                if (type.equals("chunk_upserted")) {
                    assertThat(upsertKeys.add(key)).as("no duplicate chunk %s", key).isTrue();
                    upsertsByDocHash.merge(value.get("doc_hash").asText(), 1, Integer::sum);
                    assertThat(value.at("/embedding/dims").asInt()).isEqualTo(384);
                } else if (type.equals("facts_published")) {
                    // A document's figures, read from its statements: keyed per document, beside its chunks.
                    assertThat(key).isEqualTo(value.get("shard").asText() + "/facts/" + value.get("doc_id").asText());
                    factsDocs.add(value.get("shard").asText() + "/" + value.get("doc_id").asText());
                } else {
                    assertThat(type).isEqualTo("document_committed");
                    commitsByDoc.computeIfAbsent(value.get("shard").asText() + "/" + value.get("doc_id").asText(), k -> new ArrayList<>()).add(value);
                }
            }
            assertThat(commitsByDoc.keySet()).as("facts are published only with a committed version").containsAll(factsDocs);
            assertThat(commitsByDoc.keySet()).containsExactlyInAnyOrder("PEP:2023/8-K@2023-05-05", "MMM:2023/10-Q@2023Q2");
            assertThat(commitsByDoc.get("PEP:2023/8-K@2023-05-05")).as("the re-send published nothing").hasSize(1);
            List<JsonNode> mmm = commitsByDoc.get("MMM:2023/10-Q@2023Q2");
            assertThat(mmm).extracting(n -> n.get("version").asInt()).containsExactly(1, 2);
            assertThat(mmm.get(1).get("supersedes_doc_hash").asText()).isEqualTo(mmm.get(0).get("doc_hash").asText());
            for (List<JsonNode> versions : commitsByDoc.values()) {
                for (JsonNode commit : versions) {
                    assertThat(upsertsByDocHash.get(commit.get("doc_hash").asText())).isEqualTo(commit.get("chunk_count").asInt());
                }
            }
            JsonNode pep = commitsByDoc.get("PEP:2023/8-K@2023-05-05").get(0);
            assertThat(pep.get("page_count").asInt()).isGreaterThan(0);
            assertThat(tombstoneKeys).as("the first 10-Q version's chunks are removed").hasSize(mmm.get(0).get("chunk_count").asInt());
            assertThat(tombstoneKeys).allSatisfy(k -> assertThat(k).startsWith("MMM:2023/chunk/"));

            // The same, as the Prometheus reporter the deployments configure exposes it (it writes 8-K as 8_K).
            String scrape = METRICS.scrape();
            assertThat(metric(scrape, "filingsRejected", Map.of("reason", "PDF_CORRUPT", "stage", "extract"))).isEqualTo(1);
            assertThat(metric(scrape, "filingsRejected", Map.of())).isEqualTo(1);
            assertThat(metric(scrape, "filingsUnchanged", Map.of())).as("the re-send").isEqualTo(1);
            assertThat(metric(scrape, "documentsCommitted", Map.of("form", "8_K", "version", "first"))).isEqualTo(1);
            assertThat(metric(scrape, "documentsCommitted", Map.of("form", "10_Q", "version", "first"))).isEqualTo(1);
            assertThat(metric(scrape, "documentsCommitted", Map.of("form", "10_Q", "version", "superseding"))).isEqualTo(1);
            assertThat(metric(scrape, "chunksPublished", Map.of())).isEqualTo(upsertKeys.size());
            assertThat(metric(scrape, "chunksRemoved", Map.of())).isEqualTo(tombstoneKeys.size());
            assertThat(metric(scrape, "chunksEmbedded", Map.of()) + metric(scrape, "embeddingsReused", Map.of())).isEqualTo(upsertKeys.size());
            assertThat(metric(scrape, "embeddingLatencyMs_count", Map.of())).isEqualTo(metric(scrape, "chunksEmbedded", Map.of()));
            assertThat(metric(scrape, "extractionLatencyMs_count", Map.of())).isGreaterThanOrEqualTo(3);
        } finally {
            job.cancel().get();
        }
    }

    private static double metric(String scrape, String name, Map<String, String> labels) {
        return PrometheusEndpoint.operatorMetric(scrape, name, labels);
    }

    private static int commits(List<ConsumerRecord<byte[], byte[]>> records) {
        return (int) records.stream().filter(r -> r.value() != null && Json.tree(r.value()).get("type").asText().equals("document_committed")).count();
    }

    private static int tombstones(List<ConsumerRecord<byte[], byte[]>> records) {
        return (int) records.stream().filter(r -> r.value() == null).count();
    }

    private static KafkaProducer<String, String> producer() {
        Properties p = new Properties();
        p.put("bootstrap.servers", KAFKA.bootstrapServers());
        p.put("max.request.size", Integer.toString(16 * 1024 * 1024));
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    private static void send(KafkaProducer<String, String> producer, String key, String value) throws Exception {
        producer.send(new ProducerRecord<>("filings", key, value)).get();
    }

    private static List<ConsumerRecord<byte[], byte[]>> readUntil(String topic, Predicate<List<ConsumerRecord<byte[], byte[]>>> done) {
        return TopicRecords.readUntil(KAFKA.bootstrapServers(), topic, done, Duration.ofMinutes(2));
    }
}
