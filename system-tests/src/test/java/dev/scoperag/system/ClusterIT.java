package dev.scoperag.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.embedded.EmbeddedKafka;
import dev.scoperag.launcher.cluster.ClusterJobs;
import dev.scoperag.launcher.cluster.FlinkRestClient;
import dev.scoperag.launcher.cluster.LocalFlinkCluster;
import dev.scoperag.query.QueryOptions;
import dev.scoperag.system.SyntheticFilings.Company;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.configuration.Configuration;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The two cluster jars {@code mvn package} built, on a standalone Flink cluster of separate processes (a
 * JobManager and two TaskManagers, each its own JVM started from Flink's own jars only), submitted through
 * the REST API's jar upload and run: the jars' classes load beside Flink's, records and state cross
 * process boundaries, checkpoints go to a directory the processes share. A TaskManager is killed with
 * SIGKILL while the ingest job publishes, and the jobs recover on the other one with every chunk exactly
 * once; questions are answered, read_committed; a TaskManager's Prometheus endpoint serves ScopeRAG's
 * metrics; and savepoints taken from the cluster restore both jobs on a fresh cluster.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterIT {

    private static final Duration SAVEPOINT_PATIENCE = Duration.ofMinutes(3);
    private static final String QUERY_GROUP = "cluster";
    /** Three companies, two years: six short 10-Ks, about four chunks each (the model runs in the TaskManagers). */
    private static final List<Company> COMPANIES = SyntheticFilings.COMPANIES.subList(0, 3);

    /** The clusters' configuration, logs, checkpoints and savepoints; left in target/ after the run for their logs. */
    static Path work;
    static EmbeddedKafka kafka;
    static ClusterJobs jars;
    static LocalFlinkCluster cluster;
    static ClusterJobs.Submitted jobs;
    /** Each question's answer on the first cluster, by question. */
    static final Map<String, JsonNode> answersBefore = new LinkedHashMap<>();

    @BeforeAll
    static void startClusterAndSubmitBothJars() throws Exception {
        work = Path.of(System.getProperty("scoperag.cluster.work"));
        if (Files.exists(work)) {
            try (var paths = Files.walk(work)) {
                for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        kafka = EmbeddedKafka.start();
        jars = ClusterJobs.builtUnder(Path.of(System.getProperty("scoperag.source.root")));
        cluster = startCluster("cluster-1");
        jobs = jars.submit(cluster.rest(), jobArgs(), 2, null, null);
        printJobs(cluster);
    }

    @AfterAll
    static void stopEverything() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
        if (kafka != null) {
            kafka.close();
        }
    }

    private static LocalFlinkCluster startCluster(String name) throws Exception {
        LocalFlinkCluster started = LocalFlinkCluster.start(LocalFlinkCluster.Settings.twoTaskManagers(
                Path.of(System.getProperty("scoperag.flink.distribution")), work.resolve(name)));
        System.out.println(name + ": REST " + started.restUri());
        for (LocalFlinkCluster.FlinkProcess p : started.processes()) {
            System.out.printf("  %-14s pid %d  alive %s  metrics %s  %s%n", p.name(), p.pid(), p.process().isAlive(), p.metricsUri(),
                    p.process().info().commandLine().map(c -> c.replaceAll(" -cp \\S+", " -cp <lib>/*").replaceAll(" --add-\\S+", ""))
                            .orElse(""));
        }
        return started;
    }

    private static void printJobs(LocalFlinkCluster c) throws Exception {
        for (JsonNode job : c.rest().jobsOverview().path("jobs")) {
            System.out.printf("  job %-16s %s %s%n", job.path("name").asText(), job.path("jid").asText(), job.path("state").asText());
        }
    }

    /** The jobs' settings, as a user passes them to {@code /jars/:id/run}: 1 s checkpoints, four chunks partitions. */
    private static List<String> jobArgs() {
        return List.of("-Dscoperag.kafka.bootstrap-servers=" + kafka.bootstrapServers(),
                "-Dscoperag.checkpoint.interval=1 s",
                "-Dscoperag.topics.chunks.partitions=4",
                "-D" + QueryOptions.GROUP_ID.key() + "=" + QUERY_GROUP);
    }

    private static Map<String, String> filings() {
        Map<String, String> filings = new LinkedHashMap<>();
        for (Map.Entry<Company, Integer> shard : SyntheticFilings.shards(COMPANIES)) {
            String id = shard.getKey().ticker() + "-" + shard.getValue() + "-10k";
            filings.put(id, SyntheticFilings.event(id, shard.getKey(), shard.getValue(), "10-K", 1));
        }
        return filings;
    }

    @Test
    @Order(1)
    void aTaskManagerKilledWithSigkillWhileIngestingLosesAndDuplicatesNoChunk() throws Exception {
        FlinkRestClient rest = cluster.rest();
        assertThat(rest.taskManagersOf(jobs.ingestJobId())).as("the ingest job runs on both TaskManager processes")
                .containsExactlyInAnyOrder("taskmanager-1", "taskmanager-2");
        Map<String, String> filings = filings();
        List<Map.Entry<String, String>> all = List.copyOf(filings.entrySet());
        try (KafkaProducer<String, String> producer = AnswerLog.producer(kafka.bootstrapServers())) {
            for (Map.Entry<String, String> f : all.subList(0, 2)) {
                AnswerLog.send(producer, "filings", f.getKey(), f.getValue());
            }
            ChunkLog.readUntil(kafka.bootstrapServers(), log -> log.commits() >= 1);
            for (Map.Entry<String, String> f : all.subList(2, all.size())) {
                AnswerLog.send(producer, "filings", f.getKey(), f.getValue());
            }
        }
        LocalFlinkCluster.FlinkProcess victim = cluster.process("taskmanager-2");
        cluster.killHard(victim);
        int committedAtKill = ChunkLog.readUntil(kafka.bootstrapServers(), log -> true).commits();
        System.out.printf("SIGKILL to %s (pid %d): exit status %d; %d of %d documents committed then%n", victim.name(), victim.pid(),
                victim.process().exitValue(), committedAtKill, filings.size());
        assertThat(victim.process().exitValue()).as("killed by SIGKILL (128 + 9)").isEqualTo(137);
        assertThat(committedAtKill).as("documents committed when the TaskManager was killed").isLessThan(filings.size());

        ChunkLog.readUntil(kafka.bootstrapServers(), log -> log.commits() >= filings.size());
        // Anything a replay would publish twice is written by now; read again.
        Thread.sleep(3_000);
        ChunkLog log = ChunkLog.readUntil(kafka.bootstrapServers(), l -> true);
        rest.awaitRunning(jobs.ingestJobId(), ClusterJobs.RUNNING_PATIENCE);
        Set<String> hostsAfter = rest.taskManagersOf(jobs.ingestJobId());
        long restarts = rest.restarts(jobs.ingestJobId());
        System.out.printf("ingest after the kill: %d documents, %d chunks, restarts %d, running on %s, restored from %s%n",
                log.commitsByDoc.size(), log.upsertsByKey.size(), restarts, hostsAfter, rest.restoredFrom(jobs.ingestJobId()).orElse("-"));

        assertThat(restarts).as("the job was restarted after the TaskManager died").isGreaterThan(0);
        assertThat(rest.restoredFrom(jobs.ingestJobId())).as("restarted from a checkpoint in the shared directory")
                .hasValueSatisfying(p -> assertThat(Path.of(URI.create(p).getPath())).startsWithRaw(cluster.workDir().resolve("checkpoints")));
        assertThat(hostsAfter).as("recovered on the surviving TaskManager").containsExactly("taskmanager-1");
        assertThat(log.commitsByDoc).as("one document per filing").hasSize(filings.size());
        assertThat(log.commitsByDoc.values()).as("each committed once").allSatisfy(c -> assertThat(c).hasSize(1));
        log.assertExactlyOnce();
        assertThat(log.tombstonesByKey).isEmpty();
        assertThat(log.upsertsByKey.size()).as("chunks").isGreaterThanOrEqualTo(2 * filings.size());
    }

    @Test
    @Order(2)
    void questionsAreAnsweredFromTheClusterReadCommitted() throws Exception {
        ChunkLog corpus = ChunkLog.readUntil(kafka.bootstrapServers(), log -> log.commits() >= filings().size());
        Configuration queryConfig = new Configuration();
        queryConfig.set(QueryOptions.GROUP_ID, QUERY_GROUP);
        Jobs.awaitTakenIn(kafka, queryConfig, corpus);
        cluster.rest().awaitRunning(jobs.queryJobId(), ClusterJobs.RUNNING_PATIENCE);
        Map<String, List<JsonNode>> answers = ask("first-");
        int i = 0;
        for (Map.Entry<Company, Integer> shard : SyntheticFilings.shards(COMPANIES)) {
            JsonNode answer = answers.get("first-" + i++).get(0);
            System.out.println(answer.path("question").asText(SyntheticFilings.revenueQuestion(shard.getKey(), shard.getValue()))
                    + " -> " + answer.get("status").asText() + ": " + answer.path("answer").asText());
            assertThat(answer.get("status").asText()).as(answer.toString()).isEqualTo("answered");
            assertThat(answer.path("retrieval").has("missing")).as("every shard answered: %s", answer).isFalse();
            assertThat(answer.path("answer").asText()).as("answered from the shard's own filing: %s", answer)
                    .startsWith("According to " + shard.getKey().ticker() + "'s FY" + shard.getValue() + " 10-K");
        }
        List<String> questions = questions();
        for (int q = 0; q < questions.size(); q++) {
            assertThat(answers.get("first-" + q)).as("answers to %s", questions.get(q)).hasSize(1);
            answersBefore.put(questions.get(q), AnswerLog.substance(answers.get("first-" + q).get(0)));
        }
    }

    @Test
    @Order(3)
    void aTaskManagersPrometheusEndpointServesScopeRagsMetrics() throws Exception {
        LocalFlinkCluster.FlinkProcess taskManager = cluster.process("taskmanager-1");
        List<String> scrape = scrape(taskManager.metricsUri());
        List<String> names = List.of("chunksEmbedded", "chunksPublished", "documentsCommitted", "embeddingLatencyMs", "answers",
                "routes", "stageLatencyMs", "recordFailures", "filingsRejected", "answerReasons");
        // flink_taskmanager_job_task_operator_<label keys>_<name>, e.g. ..._form_version_documentsCommitted{form="10_K",...}
        List<String> scoperag = scrape.stream().filter(l -> !l.startsWith("#"))
                .filter(l -> names.stream().anyMatch(n -> l.matches(metricPattern(n)))).toList();
        System.out.printf("scrape of %s (%s, pid %d): %d lines, ScopeRAG's:%n", taskManager.metricsUri(), taskManager.name(),
                taskManager.pid(), scrape.size());
        // One sample per metric, its labels cut to the operator's name.
        scoperag.stream().collect(java.util.stream.Collectors.toMap(l -> l.substring(0, l.indexOf('{')), l -> l, (a, b) -> a,
                java.util.TreeMap::new)).values().forEach(l -> System.out.println("  " + l.replaceAll("\\{.*operator_name=\"([^\"]*)\".*\\}",
                "{operator_name=\"$1\",...}")));
        for (String metric : List.of("chunksEmbedded", "chunksPublished", "documentsCommitted", "embeddingLatencyMs", "answers", "routes",
                "stageLatencyMs")) {
            assertThat(scoperag).as(metric).anyMatch(l -> l.matches(metricPattern(metric)));
        }
        assertThat(scoperag).as("documents committed since the recovery, on this TaskManager")
                .anyMatch(l -> l.matches(metricPattern("documentsCommitted")) && !l.endsWith(" 0.0"));
        assertThat(scoperag).as("questions answered on this TaskManager")
                .anyMatch(l -> l.matches(metricPattern("answers")) && l.contains("status=\"answered\"") && !l.endsWith(" 0.0"));
        List<String> restarts = scrape(cluster.process("jobmanager").metricsUri()).stream()
                .filter(l -> l.startsWith("flink_jobmanager_job_numRestarts")).toList();
        restarts.forEach(l -> System.out.println("  " + l));
        assertThat(restarts).as("the JobManager's numRestarts, one per job").hasSize(2);
    }

    @Test
    @Order(4)
    void savepointsFromTheClusterRestoreBothJobsOnAFreshCluster() throws Exception {
        String savepoints = work.resolve("savepoints").toUri().toString();
        String ingestSavepoint = cluster.rest().stopWithSavepoint(jobs.ingestJobId(), savepoints, SAVEPOINT_PATIENCE);
        String querySavepoint = cluster.rest().stopWithSavepoint(jobs.queryJobId(), savepoints, SAVEPOINT_PATIENCE);
        System.out.println("savepoints: " + ingestSavepoint + ", " + querySavepoint);
        List<LocalFlinkCluster.FlinkProcess> old = cluster.processes();
        cluster.close();
        assertThat(old).as("the first cluster's processes are gone").noneMatch(p -> p.process().isAlive());

        cluster = startCluster("cluster-2");
        assertThat(cluster.processes()).as("new processes").noneMatch(p -> old.stream().anyMatch(o -> o.pid() == p.pid()));
        jobs = jars.submit(cluster.rest(), jobArgs(), 2, ingestSavepoint, querySavepoint);
        printJobs(cluster);
        assertThat(cluster.rest().restoredFrom(jobs.ingestJobId())).as("ingest restored").hasValue(ingestSavepoint);
        assertThat(cluster.rest().restoredFrom(jobs.queryJobId())).as("query restored").hasValue(querySavepoint);

        // The restored query job's shard stores answer as before, without reading chunks again.
        Map<String, List<JsonNode>> answers = ask("restored-");
        List<String> questions = questions();
        for (int q = 0; q < questions.size(); q++) {
            JsonNode answer = answers.get("restored-" + q).get(0);
            assertThat(AnswerLog.substance(answer)).as(questions.get(q)).isEqualTo(answersBefore.get(questions.get(q)));
        }

        // A re-sent 10-K is recognised as published (the restored state knows it); a new 10-Q of the same
        // shard, sent after it, goes through the same keyed tasks after it and is published.
        Company company = COMPANIES.get(0);
        String resent = company.ticker() + "-2021-10k";
        String tenQ = company.ticker() + "-2021-10q";
        try (KafkaProducer<String, String> producer = AnswerLog.producer(kafka.bootstrapServers())) {
            AnswerLog.send(producer, "filings", resent + "-again", SyntheticFilings.event(resent + "-again", company, 2021, "10-K", 1));
            AnswerLog.send(producer, "filings", tenQ, SyntheticFilings.event(tenQ, company, 2021, "10-Q", 1));
        }
        ChunkLog log = ChunkLog.readUntil(kafka.bootstrapServers(), l -> l.commits() >= filings().size() + 1);
        System.out.printf("after the restore: %d documents, %d chunks%n", log.commitsByDoc.size(), log.upsertsByKey.size());
        assertThat(log.commitsByDoc).as("the 10-Q added, the re-sent 10-K not again").hasSize(filings().size() + 1);
        assertThat(log.commitsByDoc.values()).as("each committed once").allSatisfy(c -> assertThat(c).hasSize(1));
        log.assertExactlyOnce();
    }

    private static String metricPattern(String name) {
        return "flink_taskmanager_job_task_operator_(\\w+_)?" + name + "(_count|_sum)?\\{.*";
    }

    /** One revenue question per shard, then one corpus-wide. */
    private static List<String> questions() {
        List<String> questions = new ArrayList<>();
        for (Map.Entry<Company, Integer> shard : SyntheticFilings.shards(COMPANIES)) {
            questions.add(SyntheticFilings.revenueQuestion(shard.getKey(), shard.getValue()));
        }
        questions.add(SyntheticFilings.corpusWideQuestion());
        return questions;
    }

    private static Map<String, List<JsonNode>> ask(String prefix) {
        List<String> questions = questions();
        List<String> ids = new ArrayList<>();
        try (KafkaProducer<String, String> producer = AnswerLog.producer(kafka.bootstrapServers())) {
            for (int i = 0; i < questions.size(); i++) {
                AnswerLog.ask(producer, "queries", prefix + i, questions.get(i));
                ids.add(prefix + i);
            }
        }
        return AnswerLog.await(kafka.bootstrapServers(), "answers", ids);
    }

    private static List<String> scrape(URI uri) throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("GET " + uri).isEqualTo(200);
        return response.body().lines().toList();
    }
}
