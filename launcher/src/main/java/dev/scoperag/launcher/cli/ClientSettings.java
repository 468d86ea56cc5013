package dev.scoperag.launcher.cli;

import dev.scoperag.ingest.IngestOptions;
import dev.scoperag.query.QueryJob;
import dev.scoperag.query.QueryOptions;
import dev.scoperag.stream.JobConfiguration;
import dev.scoperag.stream.SharedOptions;
import dev.scoperag.stream.kafka.KafkaClientProperties;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.flink.configuration.Configuration;

/**
 * Where a command finds Kafka and the topics, and how its clients connect: the same configuration file
 * the jobs read ({@code --config}, flat {@code key: value} lines), {@code -Dkey=value} overrides,
 * {@code --bootstrap-servers} and {@code --kafka-properties}, later wins. So one file drives the jobs
 * and the commands alike.
 */
public final class ClientSettings {

    private final Configuration config;
    private final boolean bootstrapGiven;

    private ClientSettings(Configuration config, boolean bootstrapGiven) {
        this.config = config;
        this.bootstrapGiven = bootstrapGiven;
    }

    /**
     * The settings of a command line, checked against the jobs' options.
     *
     * @throws CommandFailure {@code PATH_NOT_FOUND} for a missing file, {@code INVALID_SETTING} for a malformed
     *     configuration line, an unknown {@code scoperag.*} key or a value its option does not take
     */
    public static ClientSettings from(ClientOptions args) {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> origin = new LinkedHashMap<>();
        Optional.ofNullable(args.config).ifPresent(file -> {
            Path path = Path.of(file);
            if (!Files.isRegularFile(path)) {
                throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, "no configuration file " + path.toAbsolutePath());
            }
            values.putAll(readConfiguration(path));
            values.keySet().forEach(k -> origin.put(k, "in " + path));
        });
        values.putAll(args.settings.values());
        args.settings.values().keySet().forEach(k -> origin.put(k, "given with -D"));
        JobSettings.check(values, origin);
        Optional.ofNullable(args.bootstrapServers).ifPresent(b -> values.put(SharedOptions.BOOTSTRAP_SERVERS.key(), b));
        Optional.ofNullable(args.kafkaProperties).ifPresent(file -> {
            Path path = Path.of(file);
            if (!Files.isRegularFile(path)) {
                throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, "no Kafka client properties file " + path.toAbsolutePath());
            }
            // Absolute, so that the jobs of ./scoperag up find it whatever their working directory.
            values.put(KafkaClientProperties.PROPERTIES_FILE.key(), path.toAbsolutePath().normalize().toString());
        });
        return new ClientSettings(Configuration.fromMap(values), values.containsKey(SharedOptions.BOOTSTRAP_SERVERS.key()));
    }

    private static Map<String, String> readConfiguration(Path path) {
        try {
            return JobConfiguration.readFile(path);
        } catch (IllegalArgumentException e) {
            // The message names the file, the line number and the line.
            throw new CommandFailure(CommandFailure.Reason.INVALID_SETTING, e.getMessage());
        } catch (UncheckedIOException e) {
            throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, "cannot read the configuration file " + path.toAbsolutePath()
                    + ": " + e.getCause().getMessage());
        }
    }

    public static ClientSettings of(Configuration config) {
        return new ClientSettings(config, config.contains(SharedOptions.BOOTSTRAP_SERVERS));
    }

    public Configuration configuration() {
        return config;
    }

    /** True when the user named a broker (option, -D or config file) rather than relying on the default. */
    public boolean bootstrapGiven() {
        return bootstrapGiven;
    }

    public String bootstrapServers() {
        return config.get(SharedOptions.BOOTSTRAP_SERVERS);
    }

    /**
     * The security and other client settings every Kafka client of a command is built with.
     *
     * @throws CommandFailure {@code USAGE} if the properties file cannot be read or a setting would be printed
     */
    public Properties kafkaClientProperties() {
        try {
            return KafkaClientProperties.from(config);
        } catch (IllegalArgumentException e) {
            throw CommandFailure.usage(e.getMessage());
        }
    }

    public String filingsTopic() {
        return config.get(IngestOptions.FILINGS_TOPIC);
    }

    public String deadLetterTopic() {
        return config.get(IngestOptions.DLQ_TOPIC);
    }

    public String chunksTopic() {
        return config.get(SharedOptions.CHUNKS_TOPIC);
    }

    public String queriesTopic() {
        return config.get(QueryOptions.QUERIES_TOPIC);
    }

    public String answersTopic() {
        return config.get(QueryOptions.ANSWERS_TOPIC);
    }

    /** The consumer group whose committed offsets show how far the query job has read {@code chunks}. */
    public String queryChunksGroup() {
        return QueryJob.chunksGroupId(config);
    }

    public String ingestGroup() {
        return config.get(IngestOptions.GROUP_ID);
    }

    public int chunkSize() {
        return config.get(IngestOptions.CHUNK_SIZE);
    }

    public int chunkStride() {
        return config.get(IngestOptions.CHUNK_STRIDE);
    }
}
