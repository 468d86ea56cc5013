package dev.scoperag.launcher.cli;

import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of every command that talks to Kafka: where it is, how to connect to it, and the jobs' settings. */
public final class ClientOptions {

    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT,...",
            description = "Kafka to talk to (default: scoperag.kafka.bootstrap-servers from --config, else localhost:9092)")
    private String bootstrapServers;

    @Option(names = "--kafka-properties", paramLabel = "FILE",
            description = "a Kafka client.properties file (security.protocol, ssl.*, sasl.*) for a secured Kafka; sets "
                    + "scoperag.kafka.properties-file")
    private String kafkaProperties;

    @Option(names = "--config", paramLabel = "FILE", description = "the jobs' configuration file (key: value lines); -Dkey=value overrides one setting")
    private String config;

    @Mixin
    private SettingOverrides settings = new SettingOverrides();

    public Optional<String> bootstrapServers() {
        return Optional.ofNullable(bootstrapServers);
    }

    public Optional<String> kafkaProperties() {
        return Optional.ofNullable(kafkaProperties);
    }

    public Optional<String> config() {
        return Optional.ofNullable(config);
    }

    public SettingOverrides settings() {
        return settings;
    }
}
