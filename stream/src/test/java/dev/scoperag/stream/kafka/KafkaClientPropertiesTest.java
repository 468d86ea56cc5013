package dev.scoperag.stream.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.GlobalConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaClientPropertiesTest {

    @Test
    void noSettingsMeansAPlaintextClient() {
        assertThat(KafkaClientProperties.from(new Configuration())).isEmpty();
    }

    @Test
    void theFileIsReadAsClientPropertiesAndPrefixedEntriesOverrideIt(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("client.properties"), """
                # a platform team's client.properties
                bootstrap.servers=broker-a:9093
                security.protocol=SASL_SSL
                sasl.mechanism=SCRAM-SHA-512
                sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required \\
                    username="svc" password="p4ss";
                ssl.truststore.location=/etc/kafka/truststore.p12
                """);
        Configuration config = Configuration.fromMap(Map.of(
                KafkaClientProperties.PROPERTIES_FILE.key(), file.toString(),
                KafkaClientProperties.CLIENT_PREFIX + "sasl.mechanism", "PLAIN",
                KafkaClientProperties.CLIENT_PREFIX + "client.dns.lookup", "use_all_dns_ips"));

        Properties props = KafkaClientProperties.from(config);

        assertThat(props).containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.mechanism", "PLAIN")
                .containsEntry("sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required "
                        + "username=\"svc\" password=\"p4ss\";")
                .containsEntry("ssl.truststore.location", "/etc/kafka/truststore.p12")
                .containsEntry("client.dns.lookup", "use_all_dns_ips")
                .as("the broker address is scoperag.kafka.bootstrap-servers, one place for every client")
                .doesNotContainKey("bootstrap.servers");
        assertThat(KafkaClientProperties.withBootstrap("127.0.0.1:9093", props))
                .containsEntry("bootstrap.servers", "127.0.0.1:9093").containsEntry("security.protocol", "SASL_SSL");
    }

    @Test
    void aPrefixedSecretIsTakenOnlyWhenFlinkMasksItsKey() {
        String jaas = KafkaClientProperties.CLIENT_PREFIX + "sasl.jaas.config";
        String password = KafkaClientProperties.CLIENT_PREFIX + "ssl.truststore.password";
        assertThat(GlobalConfiguration.isSensitive(jaas)).isTrue();
        assertThat(GlobalConfiguration.isSensitive(password)).isTrue();
        assertThat(KafkaClientProperties.from(Configuration.fromMap(Map.of(jaas, "x required;", password, "pw"))))
                .containsKeys("sasl.jaas.config", "ssl.truststore.password");

        // A PEM private key is a Kafka secret whose key name Flink does not recognise.
        String pem = KafkaClientProperties.CLIENT_PREFIX + "ssl.keystore.key";
        assertThatThrownBy(() -> KafkaClientProperties.from(Configuration.fromMap(Map.of(pem, "-----BEGIN PRIVATE KEY----- abc"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(pem).hasMessageContaining(KafkaClientProperties.PROPERTIES_FILE.key())
                .hasMessageNotContaining("BEGIN PRIVATE KEY");
    }

    @Test
    void anUnreadableFileIsNamedWithoutItsContent(@TempDir Path dir) {
        Path missing = dir.resolve("missing.properties");
        assertThatThrownBy(() -> KafkaClientProperties.from(Configuration.fromMap(
                Map.of(KafkaClientProperties.PROPERTIES_FILE.key(), missing.toString()))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(missing.toString());
    }
}
