package dev.scoperag.stream.kafka;

import static org.apache.flink.configuration.ConfigOptions.key;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;

/**
 * The Kafka client settings every ScopeRAG client is built with (sources, sinks, admin clients, the
 * launcher's producers and consumers): security (TLS, mutual TLS, SASL) and any other client property,
 * from a standard {@code client.properties} file and {@code scoperag.kafka.client.<kafka key>} entries.
 *
 * <p>Secrets belong in the file: only its path is configuration, so it is all Flink or the launcher can
 * ever print. A pass-through entry of a secret Flink would not mask in its logs is refused.
 */
public final class KafkaClientProperties {

    /** {@code scoperag.kafka.client.security.protocol: SASL_SSL} sets {@code security.protocol} on every client. */
    public static final String CLIENT_PREFIX = "scoperag.kafka.client.";

    public static final ConfigOption<String> PROPERTIES_FILE = key("scoperag.kafka.properties-file")
            .stringType().noDefaultValue()
            .withDescription("A Kafka client.properties file (security.protocol, ssl.*, sasl.*, ...) applied to every Kafka client "
                    + "of the job (sources, sinks, topic creation) and of the launcher's commands; the place for passwords and "
                    + "JAAS settings, which are then never part of the configuration. Single settings can also be given as "
                    + CLIENT_PREFIX + "<kafka key> (they override the file); bootstrap.servers always comes from "
                    + "scoperag.kafka.bootstrap-servers.");

    private static final List<ConfigDef> CLIENT_DEFINITIONS =
            List.of(ProducerConfig.configDef(), ConsumerConfig.configDef(), AdminClientConfig.configDef());

    private KafkaClientProperties() {}

    /**
     * The client properties {@code config} asks for: the file first, then the prefixed entries; never
     * {@code bootstrap.servers}. Empty when neither is set (a plaintext broker).
     *
     * @throws IllegalArgumentException if the file cannot be read, or a prefixed entry holds a secret Flink would print
     */
    public static Properties from(Configuration config) {
        Properties props = new Properties();
        config.getOptional(PROPERTIES_FILE).ifPresent(file -> props.putAll(readFile(Path.of(file))));
        List<String> unmasked = new ArrayList<>();
        for (Map.Entry<String, String> entry : config.toMap().entrySet()) {
            if (entry.getKey().startsWith(CLIENT_PREFIX)) {
                String kafkaKey = entry.getKey().substring(CLIENT_PREFIX.length());
                if (isSecret(kafkaKey) && !GlobalConfiguration.isSensitive(entry.getKey())) {
                    unmasked.add(entry.getKey());
                }
                props.setProperty(kafkaKey, entry.getValue());
            }
        }
        if (!unmasked.isEmpty()) {
            throw new IllegalArgumentException(String.join(", ", unmasked) + " would appear in Flink's logs unmasked: put "
                    + (unmasked.size() == 1 ? "it" : "them") + " in the file named by " + PROPERTIES_FILE.key());
        }
        props.remove(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
        return props;
    }

    /** {@code security} plus {@code bootstrap.servers}: the base every client adds its own settings to. */
    public static Properties withBootstrap(String bootstrapServers, Properties security) {
        Properties props = new Properties();
        props.putAll(security);
        props.setProperty(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return props;
    }

    private static Properties readFile(Path file) {
        Properties props = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            props.load(reader);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the Kafka client properties " + file + " ("
                    + PROPERTIES_FILE.key() + "): " + e, e);
        }
        return props;
    }

    // Kafka's own PASSWORD type marks what it hides in its logs: passwords, JAAS settings, PEM keys.
    private static boolean isSecret(String kafkaKey) {
        for (ConfigDef definition : CLIENT_DEFINITIONS) {
            ConfigDef.ConfigKey known = definition.configKeys().get(kafkaKey);
            if (known != null && known.type == ConfigDef.Type.PASSWORD) {
                return true;
            }
        }
        return false;
    }
}
