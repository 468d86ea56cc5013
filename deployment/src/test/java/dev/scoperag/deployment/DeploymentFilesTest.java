package dev.scoperag.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.deployment.DeploymentFiles.Copy;
import dev.scoperag.deployment.DeploymentFiles.TopicSpec;
import dev.scoperag.ingest.IngestOptions;
import dev.scoperag.query.QueryOptions;
import dev.scoperag.stream.JobConfiguration;
import dev.scoperag.stream.SharedOptions;
import dev.scoperag.stream.kafka.Topics;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.WebOptions;
import org.junit.jupiter.api.Test;

/**
 * docker-compose.yml, the Dockerfile, deploy/ and k8s/ against the code and the build: no Docker
 * engine or Kubernetes runs here, so every image, topic, setting, class, argument and path these
 * files name is checked to exist, and to agree with the others.
 */
class DeploymentFilesTest {

    private static final KnownSettings KNOWN = new KnownSettings();
    private static final JsonNode COMPOSE = DeploymentFiles.yaml("docker-compose.yml");
    private static final String CONFIG_PATH = "/opt/scoperag/conf/scoperag.yaml";
    private static final Pattern SYSTEM_PROPERTY = Pattern.compile("-D([a-z0-9.\\-]+)=");

    @Test
    void imagesAreThoseOfTheBuild() {
        String flink = DeploymentFiles.version("flink.version");
        String kafka = DeploymentFiles.version("kafka.version");
        String version = DeploymentFiles.version("scoperag.version");
        assertThat(DeploymentFiles.dockerfileArgs()).containsEntry("FLINK_IMAGE", "flink:" + flink + "-java17")
                .containsEntry("VERSION", version);
        assertThat(COMPOSE.at("/services/kafka/image").asText()).isEqualTo("apache/kafka:" + kafka);
        assertThat(COMPOSE.at("/services/kafka-init/image").asText()).isEqualTo("apache/kafka:" + kafka);
        assertThat(COMPOSE.at("/x-flink/image").asText()).isEqualTo("scoperag-flink:" + version);
        for (String service : List.of("jobmanager", "taskmanager", "submit-jobs")) {
            assertThat(COMPOSE.at("/services/" + service + "/image").asText()).as(service).isEqualTo("scoperag-flink:" + version);
        }
        assertThat(DeploymentFiles.kubernetes("Kafka", "scoperag").at("/spec/kafka/version").asText()).isEqualTo(kafka);
        String flinkVersion = "v" + flink.replaceAll("^(\\d+)\\.(\\d+).*", "$1_$2");
        for (JsonNode deployment : DeploymentFiles.kubernetes("FlinkDeployment")) {
            assertThat(deployment.at("/spec/image").asText()).isEqualTo("scoperag-flink:" + version);
            assertThat(deployment.at("/spec/flinkVersion").asText()).isEqualTo(flinkVersion);
            assertThat(environment(deployment)).containsEntry("ENABLE_BUILT_IN_PLUGINS", "flink-s3-fs-presto-" + flink + ".jar");
        }
    }

    @Test
    void topicsHaveTheNamesAndSettingsTheJobsUse() {
        Map<String, Topics.Spec> jobs = jobTopics();
        for (List<TopicSpec> deployed : List.of(DeploymentFiles.composeTopics(COMPOSE), DeploymentFiles.kubernetesTopics())) {
            Map<String, TopicSpec> byName = deployed.stream().collect(Collectors.toMap(TopicSpec::name, Function.identity()));
            assertThat(byName.keySet()).containsExactlyInAnyOrderElementsOf(jobs.keySet());
            for (Topics.Spec spec : jobs.values()) {
                assertThat(byName.get(spec.name()).configs()).as(spec.name()).containsAllEntriesOf(spec.configs());
            }
            assertThat(byName.get("chunks").configs()).containsEntry("cleanup.policy", "compact").containsEntry("retention.ms", "-1");
            assertThat(byName.get("filings").configs()).containsKey("retention.ms");
            assertThat(byName.get("queries").configs()).containsKey("retention.ms");
        }
        // The chunks partition count is fixed once records are written: the jobs' setting must be the topic's.
        assertThat(DeploymentFiles.composeTopics(COMPOSE)).filteredOn(t -> t.name().equals("chunks")).singleElement()
                .extracting(TopicSpec::partitions)
                .isEqualTo(Integer.parseInt(composeSettings().get(SharedOptions.CHUNKS_PARTITIONS.key())));
        assertThat(DeploymentFiles.kubernetesTopics()).filteredOn(t -> t.name().equals("chunks")).singleElement()
                .extracting(TopicSpec::partitions)
                .isEqualTo(Integer.parseInt(kubernetesSettings().get(SharedOptions.CHUNKS_PARTITIONS.key())));
        assertThat(DeploymentFiles.kubernetes("KafkaTopic")).allSatisfy(t ->
                assertThat(t.at("/metadata/labels/strimzi.io~1cluster").asText()).isEqualTo("scoperag"));
    }

    @Test
    void everySettingIsAKeyTheCodeKnows() {
        assertThat(KNOWN.flinkKeyCount()).as("Flink's options were read").isGreaterThan(300);
        List<String> unknown = new ArrayList<>();
        composeSettings().keySet().stream().filter(k -> !KNOWN.isScopeRag(k)).forEach(k -> unknown.add("deploy/scoperag-compose.yaml: " + k));
        kubernetesSettings().keySet().stream().filter(k -> !KNOWN.isScopeRag(k)).forEach(k -> unknown.add("k8s/config.yaml: " + k));
        Matcher d = SYSTEM_PROPERTY.matcher(DeploymentFiles.text("deploy/submit-jobs.sh"));
        while (d.find()) {
            if (!KNOWN.isScopeRag(d.group(1))) {
                unknown.add("deploy/submit-jobs.sh: " + d.group(1));
            }
        }
        for (String service : List.of("jobmanager", "taskmanager", "submit-jobs")) {
            Map<String, String> flink = DeploymentFiles.flatSettings(COMPOSE.at("/services/" + service + "/environment/FLINK_PROPERTIES").asText());
            assertThat(flink).as(service).isNotEmpty();
            flink.keySet().stream().filter(k -> !KNOWN.isFlink(k)).forEach(k -> unknown.add("docker-compose.yml " + service + ": " + k));
        }
        for (JsonNode deployment : DeploymentFiles.kubernetes("FlinkDeployment")) {
            DeploymentFiles.strings(deployment.at("/spec/flinkConfiguration")).keySet().stream().filter(k -> !KNOWN.isFlink(k))
                    .forEach(k -> unknown.add("k8s " + deployment.at("/metadata/name").asText() + ": " + k));
        }
        assertThat(unknown).as("settings no option of ScopeRAG or Flink declares").isEmpty();
        // What the check accepts and refuses, on keys no file uses yet.
        assertThat(KNOWN.isScopeRag("scoperag.kafka.client.security.protocol")).isTrue();
        assertThat(KNOWN.isScopeRag("scoperag.kafka.client.security.protocoll")).isFalse();
        assertThat(KNOWN.isScopeRag("scoperag.retrieval.deph")).isFalse();
        assertThat(KNOWN.isFlink("state.backend.type")).isTrue();
        assertThat(KNOWN.isFlink("state.backend.typ")).isFalse();
        // The settings parse as the jobs parse them.
        Configuration compose = JobConfiguration.fromArgs(new String[] {"--config", DeploymentFiles.ROOT.resolve("deploy/scoperag-compose.yaml").toString()});
        assertThat(compose.get(SharedOptions.BOOTSTRAP_SERVERS)).isEqualTo("kafka:9092");
        assertThat(compose.get(SharedOptions.CHECKPOINT_INTERVAL)).isPositive();
    }

    @Test
    void jobsNameRealMainClassesJarsAndArguments() throws Exception {
        Map<String, String> classOfJar = Map.of(
                "/opt/scoperag/jobs/scoperag-ingest-job.jar", "dev.scoperag.ingest.IngestJob",
                "/opt/scoperag/jobs/scoperag-query-job.jar", "dev.scoperag.query.QueryJob");
        String version = DeploymentFiles.version("scoperag.version");
        // The Dockerfile copies each job's cluster jar (the name Maven gives it) to where the deployments run it from.
        for (String jar : classOfJar.keySet()) {
            String module = jar.substring(jar.lastIndexOf('/') + 1).replace("scoperag-", "").replace(".jar", "");
            assertThat(DeploymentFiles.dockerfileCopies()).contains(
                    new Copy(module + "/target/scoperag-" + module + "-" + version + "-cluster.jar", jar));
            assertThat(DeploymentFiles.text(module + "/pom.xml")).contains("<job.main-class>" + classOfJar.get(jar) + "</job.main-class>");
        }
        List<JsonNode> deployments = DeploymentFiles.kubernetes("FlinkDeployment");
        assertThat(deployments).extracting(d -> d.at("/spec/job/jarURI").asText().replace("local://", ""))
                .containsExactlyInAnyOrderElementsOf(classOfJar.keySet());
        for (JsonNode deployment : deployments) {
            String jar = deployment.at("/spec/job/jarURI").asText().replace("local://", "");
            String entryClass = deployment.at("/spec/job/entryClass").asText();
            assertThat(entryClass).isEqualTo(classOfJar.get(jar));
            Method main = Class.forName(entryClass).getMethod("main", String[].class);
            assertThat(Modifier.isStatic(main.getModifiers())).isTrue();
            List<String> args = new ArrayList<>();
            deployment.at("/spec/job/args").forEach(a -> args.add(a.asText()));
            assertThat(args).containsExactly("--config", CONFIG_PATH);
            assertThat(deployment.at("/spec/job/upgradeMode").asText()).isEqualTo("savepoint");
        }
        // compose: the submitter names the same jars, with the configuration the image carries.
        String submit = DeploymentFiles.text("deploy/submit-jobs.sh");
        classOfJar.keySet().forEach(jar -> assertThat(submit).contains(jar));
        assertThat(submit).contains("config=" + CONFIG_PATH);
        assertThat(COMPOSE.at("/services/submit-jobs/command/0").asText()).isEqualTo("/opt/scoperag/bin/submit-jobs.sh");
    }

    @Test
    void pathsTheFilesNameExist() {
        for (Copy copy : DeploymentFiles.dockerfileCopies()) {
            if (!copy.source().contains("/target/")) {
                assertThat(DeploymentFiles.ROOT.resolve(copy.source())).as(copy.toString()).exists();
            }
        }
        assertThat(DeploymentFiles.imageSource(CONFIG_PATH)).isEqualTo(DeploymentFiles.ROOT.resolve("deploy/scoperag-compose.yaml"));
        assertThat(DeploymentFiles.imageSource("/opt/scoperag/bin/submit-jobs.sh")).isExecutable();
        for (Map<String, String> settings : List.of(composeSettings(), kubernetesSettings())) {
            for (String key : List.of(QueryOptions.ISSUER_DIRECTORY.key(), QueryOptions.TICKER_CHANGES.key())) {
                Path source = DeploymentFiles.imageSource(settings.get(key));
                assertThat(source).as(key + " is in the image").isNotNull();
                assertThat(source).as(key).isRegularFile();
            }
        }
        // Host files compose mounts.
        COMPOSE.at("/services/prometheus/volumes").forEach(v -> {
            String host = v.asText().split(":")[0];
            assertThat(DeploymentFiles.ROOT.resolve(host)).as(v.asText()).isRegularFile();
        });
        // k8s: the configuration is mounted where the jobs' --config argument points.
        for (JsonNode deployment : DeploymentFiles.kubernetes("FlinkDeployment")) {
            Map<String, String> mounts = mounts(deployment);
            String volume = mounts.get(CONFIG_PATH.substring(0, CONFIG_PATH.lastIndexOf('/')));
            assertThat(volume).as("a volume at the configuration's directory").isNotNull();
            String configMap = volumeSource(deployment, volume).at("/configMap/name").asText();
            assertThat(DeploymentFiles.kubernetes("ConfigMap", configMap).at("/data").has("scoperag.yaml")).isTrue();
        }
    }

    @Test
    void stateIsRocksDbWithIncrementalCheckpointsOnSharedStorageAndHighAvailability() {
        Map<String, String> compose = DeploymentFiles.flatSettings(COMPOSE.at("/x-flink/environment/FLINK_PROPERTIES").asText());
        assertThat(compose).containsEntry("state.backend.type", "rocksdb").containsEntry("execution.checkpointing.incremental", "true");
        assertThat(compose.get("execution.checkpointing.dir")).startsWith("file:///flink-data/");
        assertThat(compose.get("execution.checkpointing.savepoint-dir")).startsWith("file:///flink-data/");
        assertThat(COMPOSE.at("/x-flink/volumes/0").asText()).isEqualTo("flink-data:/flink-data");
        assertThat(composeSettings().get(SharedOptions.STATE_DIR.key())).startsWith("file:///flink-data/");
        for (JsonNode deployment : DeploymentFiles.kubernetes("FlinkDeployment")) {
            Map<String, String> flink = DeploymentFiles.strings(deployment.at("/spec/flinkConfiguration"));
            assertThat(flink).containsEntry("state.backend.type", "rocksdb").containsEntry("execution.checkpointing.incremental", "true")
                    .containsEntry("high-availability.type", "kubernetes");
            assertThat(flink.get("execution.checkpointing.dir")).startsWith("s3://");
            assertThat(flink.get("execution.checkpointing.savepoint-dir")).startsWith("s3://");
            assertThat(flink.get("high-availability.storageDir")).startsWith("s3://");
            assertThat(deployment.at("/spec/taskManager/resource/memory").asText()).isNotEmpty();
            assertThat(deployment.at("/spec/jobManager/resource/cpu").isNumber()).isTrue();
        }
    }

    @Test
    void metricsAreScrapedWhereTheReporterListens() {
        Map<String, String> compose = DeploymentFiles.flatSettings(COMPOSE.at("/x-flink/environment/FLINK_PROPERTIES").asText());
        String factory = "org.apache.flink.metrics.prometheus.PrometheusReporterFactory";
        assertThat(compose).containsEntry("metrics.reporter.prom.factory.class", factory);
        String port = compose.get("metrics.reporter.prom.port");
        assertThat(DeploymentFiles.text("deploy/prometheus.yml")).contains("port: " + port);
        JsonNode podMonitor = DeploymentFiles.kubernetes("PodMonitor", "scoperag-flink");
        String portName = podMonitor.at("/spec/podMetricsEndpoints/0/port").asText();
        List<String> selected = new ArrayList<>();
        podMonitor.at("/spec/selector/matchExpressions/0/values").forEach(v -> selected.add(v.asText()));
        assertThat(podMonitor.at("/spec/selector/matchExpressions/0/key").asText()).isEqualTo("app");
        List<JsonNode> deployments = DeploymentFiles.kubernetes("FlinkDeployment");
        assertThat(selected).containsExactlyInAnyOrderElementsOf(deployments.stream().map(d -> d.at("/metadata/name").asText()).toList());
        for (JsonNode deployment : deployments) {
            Map<String, String> flink = DeploymentFiles.strings(deployment.at("/spec/flinkConfiguration"));
            assertThat(flink).containsEntry("metrics.reporter.prom.factory.class", factory);
            JsonNode container = mainContainer(deployment);
            List<String> ports = new ArrayList<>();
            container.path("ports").forEach(p -> {
                if (p.path("name").asText().equals(portName)) {
                    ports.add(p.path("containerPort").asText());
                }
            });
            assertThat(ports).as(deployment.at("/metadata/name").asText()).containsExactly(flink.get("metrics.reporter.prom.port"));
        }
    }

    @Test
    void theLlmKeyIsAMountedSecretNeverASetting() {
        // compose: a secret file, named to the jobs by OPENAI_API_KEY_FILE.
        assertThat(COMPOSE.at("/x-flink/environment/OPENAI_API_KEY_FILE").asText()).isEqualTo("/run/secrets/openai_api_key");
        assertThat(COMPOSE.at("/secrets/openai_api_key/file").asText()).isEqualTo("./secrets/openai_api_key");
        assertThat(DeploymentFiles.text(".gitignore")).containsPattern("(?m)^secrets/$");
        // k8s: the Secret is mounted into the query job, and its file is the one OPENAI_API_KEY_FILE names.
        JsonNode query = DeploymentFiles.kubernetes("FlinkDeployment", "scoperag-query");
        String keyFile = environment(query).get("OPENAI_API_KEY_FILE");
        String directory = keyFile.substring(0, keyFile.lastIndexOf('/'));
        String volume = mounts(query).get(directory);
        String secret = volumeSource(query, volume).at("/secret/secretName").asText();
        JsonNode llmSecret = DeploymentFiles.kubernetes("Secret", secret);
        assertThat(llmSecret.at("/stringData").has(keyFile.substring(directory.length() + 1))).isTrue();
        for (JsonNode s : DeploymentFiles.kubernetes("Secret")) {
            s.at("/stringData").forEach(v -> assertThat(v.asText()).as("no secret value is committed").isEmpty());
        }
        for (Map<String, String> settings : List.of(composeSettings(), kubernetesSettings())) {
            assertThat(settings.keySet()).noneMatch(k -> k.contains("key") && k.contains("llm"));
        }
    }

    @Test
    void composePublishesPortsOnLoopbackOnlyAndUploadingJarsThroughTheWebIsOffUnlessAsked() {
        List<String> published = new ArrayList<>();
        COMPOSE.path("services").fields().forEachRemaining(service ->
                service.getValue().path("ports").forEach(port -> published.add(service.getKey() + " " + port.asText())));
        // The short syntax with a host address; a long-syntax entry reads as "" here and fails too.
        assertThat(published).as("ports compose publishes").hasSizeGreaterThanOrEqualTo(3)
                .allSatisfy(port -> assertThat(port).matches("[\\w-]+ 127\\.0\\.0\\.1:\\d+:\\d+"));
        for (String service : List.of("jobmanager", "taskmanager", "submit-jobs")) {
            String submit = DeploymentFiles.flatSettings(COMPOSE.at("/services/" + service + "/environment/FLINK_PROPERTIES").asText())
                    .get(WebOptions.SUBMIT_ENABLE.key());
            assertThat(submit).as(service).isNotNull();
            assertThat(webSubmission(DeploymentFiles.interpolate(submit, Map.of()))).as(service + ", FLINK_WEB_SUBMIT unset").isFalse();
            assertThat(webSubmission(DeploymentFiles.interpolate(submit, Map.of("FLINK_WEB_SUBMIT", "true"))))
                    .as(service + " with FLINK_WEB_SUBMIT=true").isTrue();
        }
        // The submitter goes through flink run, which posts the job graph to /jobs (RestSubmissionIT): not a jar upload.
        assertThat(DeploymentFiles.text("deploy/submit-jobs.sh")).contains("flink run -d -m").doesNotContain("/jars");
    }

    @Test
    void kubernetesExposesNothingOutsideTheClusterAndUploadingJarsThroughTheWebIsOff() {
        assertThat(DeploymentFiles.kubernetes("Ingress")).isEmpty();
        assertThat(DeploymentFiles.kubernetes("Service")).allSatisfy(service ->
                assertThat(service.at("/spec/type").asText("ClusterIP")).as(service.at("/metadata/name").asText()).isIn("", "ClusterIP"));
        JsonNode listeners = DeploymentFiles.kubernetes("Kafka", "scoperag").at("/spec/kafka/listeners");
        assertThat(listeners).isNotEmpty().allSatisfy(l -> assertThat(l.path("type").asText()).as(l.path("name").asText()).isEqualTo("internal"));
        for (JsonNode deployment : DeploymentFiles.kubernetes("FlinkDeployment")) {
            Map<String, String> flink = DeploymentFiles.strings(deployment.at("/spec/flinkConfiguration"));
            assertThat(webSubmission(flink.get(WebOptions.SUBMIT_ENABLE.key()))).as(deployment.at("/metadata/name").asText()).isFalse();
            // Application mode with the jar in the image: the JobManager starts the job itself, nothing is uploaded.
            assertThat(deployment.at("/spec/job/jarURI").asText()).startsWith("local://");
        }
        assertThat(DeploymentFiles.kubernetes("FlinkSessionJob")).as("session jobs are uploaded through /jars").isEmpty();
    }

    /** The value as Flink reads it (a missing or malformed one fails the test rather than passing as false). */
    private static boolean webSubmission(String value) {
        assertThat(value).as(WebOptions.SUBMIT_ENABLE.key()).isNotNull();
        return Configuration.fromMap(Map.of(WebOptions.SUBMIT_ENABLE.key(), value)).get(WebOptions.SUBMIT_ENABLE);
    }

    private static Map<String, Topics.Spec> jobTopics() {
        Configuration defaults = new Configuration();
        Map<String, Topics.Spec> specs = new LinkedHashMap<>();
        for (Topics.Spec spec : List.of(
                Topics.filings(defaults.get(IngestOptions.FILINGS_TOPIC), 1),
                Topics.deadLetters(defaults.get(IngestOptions.DLQ_TOPIC)),
                Topics.chunks(defaults.get(SharedOptions.CHUNKS_TOPIC), 1),
                Topics.plain(defaults.get(QueryOptions.QUERIES_TOPIC), 1),
                Topics.plain(defaults.get(QueryOptions.ANSWERS_TOPIC), 1))) {
            specs.put(spec.name(), spec);
        }
        return specs;
    }

    private static Map<String, String> composeSettings() {
        return DeploymentFiles.flatSettings(DeploymentFiles.text("deploy/scoperag-compose.yaml"));
    }

    private static Map<String, String> kubernetesSettings() {
        return DeploymentFiles.flatSettings(DeploymentFiles.kubernetes("ConfigMap", "scoperag-config").at("/data/scoperag.yaml").asText());
    }

    private static JsonNode mainContainer(JsonNode deployment) {
        for (JsonNode c : deployment.at("/spec/podTemplate/spec/containers")) {
            if (c.path("name").asText().equals("flink-main-container")) {
                return c;
            }
        }
        throw new AssertionError("no flink-main-container in " + deployment.at("/metadata/name").asText());
    }

    private static Map<String, String> environment(JsonNode deployment) {
        Map<String, String> env = new LinkedHashMap<>();
        mainContainer(deployment).path("env").forEach(e -> env.put(e.path("name").asText(), e.path("value").asText()));
        return env;
    }

    /** Mount path to volume name. */
    private static Map<String, String> mounts(JsonNode deployment) {
        Map<String, String> mounts = new LinkedHashMap<>();
        mainContainer(deployment).path("volumeMounts").forEach(m -> mounts.put(m.path("mountPath").asText(), m.path("name").asText()));
        return mounts;
    }

    private static JsonNode volumeSource(JsonNode deployment, String volume) {
        for (JsonNode v : deployment.at("/spec/podTemplate/spec/volumes")) {
            if (v.path("name").asText().equals(volume)) {
                return v;
            }
        }
        throw new AssertionError("no volume " + volume + " in " + deployment.at("/metadata/name").asText());
    }
}
