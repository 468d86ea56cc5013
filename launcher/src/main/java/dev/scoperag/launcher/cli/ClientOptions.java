package dev.scoperag.launcher.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of every command that talks to Kafka: where it is, how to connect, the jobs' settings ({@link ClientSettings} reads them). */
public final class ClientOptions {

    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT,...",
            description = "Kafka to talk to (default: scoperag.kafka.bootstrap-servers from --config, else localhost:9092)")
    String bootstrapServers;
    @Option(names = "--kafka-properties", paramLabel = "FILE",
            description = "a Kafka client.properties file (security.protocol, ssl.*, sasl.*) for a secured Kafka; sets "
                    + "scoperag.kafka.properties-file") String kafkaProperties;
    @Option(names = "--config", paramLabel = "FILE", description = "the jobs' configuration file (key: value lines); -Dkey=value overrides one setting")
    String config;
    @Mixin SettingOverrides settings = new SettingOverrides();

}
