package dev.scoperag.launcher.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.scoperag.launcher.stack.DataDirectory;
import dev.scoperag.launcher.stack.EmbeddedStack;
import dev.scoperag.stream.kafka.KafkaClientProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientSettingsTest {

    @Test
    void kafkaPropertiesNamesTheFileEveryClientOfTheCommandReads(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("client.properties"), "security.protocol=SSL\nssl.truststore.password=hush\n");

        ClientSettings settings = ClientSettings.from(CommandLines.parse(new ClientOptions(), "--bootstrap-servers", "127.0.0.1:9093",
                "--kafka-properties", file.toString(), "-D" + KafkaClientProperties.CLIENT_PREFIX + "client.dns.lookup=use_all_dns_ips"));

        assertThat(settings.configuration().get(KafkaClientProperties.PROPERTIES_FILE)).isEqualTo(file.toAbsolutePath().toString());
        assertThat(settings.kafkaClientProperties()).containsEntry("security.protocol", "SSL")
                .containsEntry("ssl.truststore.password", "hush").containsEntry("client.dns.lookup", "use_all_dns_ips");
    }

    @Test
    void aMissingPropertiesFileIsReportedByPath(@TempDir Path dir) {
        Path missing = dir.resolve("missing.properties");
        assertThatThrownBy(() -> ClientSettings.from(CommandLines.parse(new ClientOptions(), "--kafka-properties", missing.toString())))
                .isInstanceOfSatisfying(CommandFailure.class, e -> assertThat(e.reason()).isEqualTo(CommandFailure.Reason.PATH_NOT_FOUND))
                .hasMessageContaining(missing.toString());
    }

    @Test
    void clientSecurityWithTheEmbeddedBrokerIsAUsageErrorNotAHang(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("client.properties"), "security.protocol=SASL_SSL\n");
        Configuration config = new Configuration();
        config.set(KafkaClientProperties.PROPERTIES_FILE, file.toString());

        assertThatThrownBy(() -> EmbeddedStack.start(new EmbeddedStack.Settings(DataDirectory.persistent(dir.resolve("data")), 0, null,
                config, true)))
                .isInstanceOfSatisfying(CommandFailure.class, e -> assertThat(e.reason()).isEqualTo(CommandFailure.Reason.USAGE))
                .hasMessageContaining("--bootstrap-servers");
    }
}
