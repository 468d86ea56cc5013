package dev.scoperag.deployment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.scoperag.stream.JobConfiguration;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.yaml.snakeyaml.Yaml;

/** The deployment files of the repository, parsed: docker-compose.yml, the Dockerfile, deploy/ and k8s/. */
final class DeploymentFiles {

    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern COPY = Pattern.compile("(?m)^COPY\\s+(\\S+)\\s+(\\S+)\\s*$");
    private static final Pattern ARG = Pattern.compile("(?m)^ARG\\s+(\\w+)=(\\S+)\\s*$");
    private static final Pattern COMPOSE_VARIABLE = Pattern.compile("\\$\\{(\\w+)(?::-([^}]*))?}");

    /** A topic as a deployment file creates it. */
    record TopicSpec(String name, int partitions, Map<String, String> configs) {}

    /** A Dockerfile COPY: a path in the repository (build arguments expanded) to a path in the image. */
    record Copy(String source, String destination) {}

    private DeploymentFiles() {}

    static String version(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("system property " + property + " is not set: run through Maven");
        }
        return value;
    }

    static JsonNode yaml(String path) {
        List<JsonNode> docs = yamlDocuments(path);
        if (docs.size() != 1) {
            throw new IllegalStateException(path + " holds " + docs.size() + " documents, expected one");
        }
        return docs.get(0);
    }

    /** SnakeYAML, which resolves anchors, aliases and merge keys ({@code <<: *flink}) as compose does. */
    static List<JsonNode> yamlDocuments(String path) {
        try (Reader reader = Files.newBufferedReader(ROOT.resolve(path))) {
            List<JsonNode> result = new ArrayList<>();
            for (Object doc : new Yaml().loadAll(reader)) {
                if (doc != null) {
                    result.add(JSON.valueToTree(doc));
                }
            }
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every Kubernetes resource under k8s/, in file order. */
    static List<JsonNode> kubernetesResources() {
        try (Stream<Path> files = Files.list(ROOT.resolve("k8s"))) {
            return files.filter(f -> f.toString().endsWith(".yaml")).sorted()
                    .flatMap(f -> yamlDocuments(ROOT.relativize(f).toString()).stream()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<JsonNode> kubernetes(String kind) {
        return kubernetesResources().stream().filter(r -> r.path("kind").asText().equals(kind)).toList();
    }

    static JsonNode kubernetes(String kind, String name) {
        return kubernetes(kind).stream().filter(r -> r.at("/metadata/name").asText().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " named " + name + " under k8s/"));
    }

    static String text(String path) {
        try {
            return Files.readString(ROOT.resolve(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Flat {@code key: value} settings, the format of the jobs' --config files and of FLINK_PROPERTIES. */
    static Map<String, String> flatSettings(String text) {
        try {
            Path file = Files.createTempFile("settings", ".yaml");
            try {
                Files.writeString(file, text);
                return new LinkedHashMap<>(JobConfiguration.readFile(file));
            } finally {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A compose file value as {@code docker compose} reads it with {@code environment} set: {@code ${NAME}} and
     * {@code ${NAME:-default}} replaced. Other forms fail, so a test never checks a value compose reads otherwise.
     */
    static String interpolate(String value, Map<String, String> environment) {
        Matcher m = COMPOSE_VARIABLE.matcher(value);
        StringBuilder result = new StringBuilder();
        while (m.find()) {
            String set = environment.get(m.group(1));
            String replacement = set != null && !set.isEmpty() ? set : m.group(2);
            if (replacement == null) {
                replacement = set == null ? "" : set;
            }
            m.appendReplacement(result, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(result);
        if (result.indexOf("$") >= 0 && !value.contains("$$")) {
            throw new IllegalArgumentException("a compose variable form the test does not read: " + value);
        }
        return result.toString();
    }

    /** A map node (flinkConfiguration, a KafkaTopic's config) as strings. */
    static Map<String, String> strings(JsonNode map) {
        Map<String, String> result = new LinkedHashMap<>();
        map.fields().forEachRemaining(e -> result.put(e.getKey(), e.getValue().asText()));
        return result;
    }

    static List<Copy> dockerfileCopies() {
        String dockerfile = text("Dockerfile");
        Map<String, String> args = new LinkedHashMap<>();
        Matcher a = ARG.matcher(dockerfile);
        while (a.find()) {
            args.put(a.group(1), a.group(2));
        }
        List<Copy> copies = new ArrayList<>();
        Matcher c = COPY.matcher(dockerfile);
        while (c.find()) {
            String source = c.group(1);
            for (Map.Entry<String, String> arg : args.entrySet()) {
                source = source.replace("${" + arg.getKey() + "}", arg.getValue());
            }
            copies.add(new Copy(source, c.group(2)));
        }
        return copies;
    }

    static Map<String, String> dockerfileArgs() {
        Map<String, String> args = new LinkedHashMap<>();
        Matcher a = ARG.matcher(text("Dockerfile"));
        while (a.find()) {
            args.put(a.group(1), a.group(2));
        }
        return args;
    }

    /**
     * The repository file an image path comes from: the COPY whose destination is the path or one of
     * its directories; null when no COPY puts anything there.
     */
    static Path imageSource(String imagePath) {
        for (Copy copy : dockerfileCopies()) {
            String dest = copy.destination();
            if (imagePath.equals(dest)) {
                return ROOT.resolve(copy.source());
            }
            if (dest.endsWith("/") && imagePath.startsWith(dest)) {
                return ROOT.resolve(copy.source()).resolve(imagePath.substring(dest.length()));
            }
        }
        return null;
    }

    /** The topics the compose kafka-init service creates, from its kafka-topics.sh lines. */
    static List<TopicSpec> composeTopics(JsonNode compose) {
        StringBuilder script = new StringBuilder();
        compose.at("/services/kafka-init/command").forEach(line -> script.append(line.asText()).append('\n'));
        List<TopicSpec> topics = new ArrayList<>();
        Matcher m = Pattern.compile("--topic (\\S+) --partitions (\\d+)((?: --config \\S+=\\S+)*)").matcher(script);
        while (m.find()) {
            Map<String, String> configs = new LinkedHashMap<>();
            Matcher c = Pattern.compile("--config (\\S+)=(\\S+)").matcher(m.group(3));
            while (c.find()) {
                configs.put(c.group(1), c.group(2));
            }
            topics.add(new TopicSpec(m.group(1), Integer.parseInt(m.group(2)), configs));
        }
        return topics;
    }

    static List<TopicSpec> kubernetesTopics() {
        return kubernetes("KafkaTopic").stream().map(t -> new TopicSpec(t.at("/metadata/name").asText(),
                t.at("/spec/partitions").asInt(), strings(t.at("/spec/config")))).toList();
    }
}
