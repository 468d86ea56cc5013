package dev.scoperag.embedded;

import static dev.scoperag.embedded.KafkaClients.pollUntil;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Starting, stopping and resuming brokers, each test with its own. */
class EmbeddedKafkaLifecycleTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void restartOnTheSameLogDirectoryKeepsTopicsRecordsAndGroupOffsets(@TempDir Path dir) {
        String topic = "filings";
        String group = "resume";
        String clusterId;
        int port;
        try (EmbeddedKafka first = EmbeddedKafka.builder().logDirectory(dir).start()) {
            clusterId = first.clusterId();
            port = first.port();
            first.createTopic(topic, 2, Map.of("cleanup.policy", "compact"));
            try (KafkaProducer<String, String> producer = KafkaClients.transactionalProducer(first)) {
                producer.initTransactions();
                producer.beginTransaction();
                producer.send(new ProducerRecord<>(topic, 0, "AAPL/2023", "before-restart-1"));
                producer.send(new ProducerRecord<>(topic, 1, "MSFT/2023", "before-restart-2"));
                producer.commitTransaction();
            }
            try (KafkaConsumer<String, String> consumer = KafkaClients.consumer(first, group, "read_committed")) {
                consumer.assign(List.of(new TopicPartition(topic, 0)));
                assertThat(pollUntil(consumer, 1, TIMEOUT)).hasSize(1);
                consumer.commitSync();
            }
        }
        assertThat(dir).isDirectoryContaining(p -> p.getFileName().toString().equals("meta.properties"));

        // Same port as before, so clients keep their bootstrap address across a restart.
        try (EmbeddedKafka second = EmbeddedKafka.builder().logDirectory(dir).port(port).start()) {
            assertThat(second.clusterId()).isEqualTo(clusterId);
            assertThat(second.bootstrapServers()).isEqualTo("127.0.0.1:" + port);
            // Setting up topics on every start must be harmless on a resumed directory.
            second.createTopic(topic, 2, Map.of("cleanup.policy", "compact"));

            try (KafkaConsumer<String, String> fresh = KafkaClients.consumer(second, "fresh", "read_committed")) {
                fresh.subscribe(List.of(topic));
                assertThat(pollUntil(fresh, 2, TIMEOUT))
                        .extracting(ConsumerRecord::value)
                        .containsExactlyInAnyOrder("before-restart-1", "before-restart-2");
            }
            try (KafkaConsumer<String, String> resumed = KafkaClients.consumer(second, group, "read_committed")) {
                TopicPartition partition = new TopicPartition(topic, 0);
                assertThat(resumed.committed(Set.of(partition)).get(partition).offset())
                        .isPositive();
            }
        }
    }

    @Test
    void temporaryLogDirectoryIsDeletedOnClose() {
        EmbeddedKafka kafka = EmbeddedKafka.start();
        Path dir = kafka.logDirectory();
        assertThat(dir).isDirectory();

        kafka.close();

        assertThat(dir).doesNotExist();
    }

    @Test
    void nonEmptyDirectoryThatIsNotAKafkaLogIsRefused(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "not Kafka data");

        assertThatThrownBy(() -> EmbeddedKafka.builder().logDirectory(dir).start())
                .isInstanceOfSatisfying(
                        EmbeddedKafkaException.class,
                        e -> assertThat(e.reason()).isEqualTo(EmbeddedKafkaException.Reason.LOG_DIR_NOT_KAFKA));
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).containsExactly(dir.resolve("notes.txt"));
        }
    }

    @Test
    void secondBrokerOnALogDirectoryInUseIsRefusedAndTheFirstKeepsWorking(@TempDir Path dir) {
        String clusterId;
        try (EmbeddedKafka first = EmbeddedKafka.builder().logDirectory(dir).start()) {
            clusterId = first.clusterId();

            assertThatThrownBy(() -> EmbeddedKafka.builder().logDirectory(dir).start())
                    .isInstanceOfSatisfying(
                            EmbeddedKafkaException.class,
                            e -> assertThat(e.reason()).isEqualTo(EmbeddedKafkaException.Reason.LOG_DIR_IN_USE));

            first.createTopic("created-while-locked", 1, Map.of());
        }
        // Had the refused broker written to the metadata log, resuming it could fail or lose the topic.
        try (EmbeddedKafka resumed = EmbeddedKafka.builder().logDirectory(dir).start()) {
            assertThat(resumed.clusterId()).isEqualTo(clusterId);
            resumed.createTopic("created-while-locked", 1, Map.of());
            assertThatThrownBy(() -> resumed.createTopic("created-while-locked", 2, Map.of()))
                    .isInstanceOfSatisfying(
                            EmbeddedKafkaException.class,
                            e -> assertThat(e.reason()).isEqualTo(EmbeddedKafkaException.Reason.TOPIC_CONFLICT));
        }
    }

    @Test
    void takenPortIsReportedAsPortInUse() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            assertThatThrownBy(() -> EmbeddedKafka.builder().port(taken.getLocalPort()).start())
                    .isInstanceOfSatisfying(
                            EmbeddedKafkaException.class,
                            e -> assertThat(e.reason()).isEqualTo(EmbeddedKafkaException.Reason.PORT_IN_USE));
        }
    }
}
