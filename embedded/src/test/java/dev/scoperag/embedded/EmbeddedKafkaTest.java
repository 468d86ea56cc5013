package dev.scoperag.embedded;

import static dev.scoperag.embedded.KafkaClients.pollUntil;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Behaviour of one broker shared by every test in this class. */
class EmbeddedKafkaTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static EmbeddedKafka kafka;
    private static Admin admin;

    @BeforeAll
    static void startBroker() {
        kafka = EmbeddedKafka.start();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()));
    }

    @AfterAll
    static void stopBroker() {
        admin.close();
        kafka.close();
    }

    @Test
    void brokerListensOnLoopbackAndAdvertisesIt() throws Exception {
        assertThat(kafka.bootstrapServers()).isEqualTo("127.0.0.1:" + kafka.port());
        assertThat(kafka.port()).isPositive();

        List<Node> nodes = List.copyOf(admin.describeCluster().nodes().get());
        assertThat(nodes).hasSize(1);
        assertThat(nodes.get(0).host()).isEqualTo("127.0.0.1");
        assertThat(nodes.get(0).port()).isEqualTo(kafka.port());
    }

    @Test
    void readCommittedConsumerSeesCommittedTransactionsAndNotAbortedOnes() throws Exception {
        String topic = "tx-" + UUID.randomUUID();
        kafka.createTopic(topic, 1, Map.of());

        try (KafkaProducer<String, String> producer = KafkaClients.transactionalProducer(kafka)) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "k", "committed-1"));
            producer.send(new ProducerRecord<>(topic, "k", "committed-2"));
            producer.commitTransaction();

            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "k", "aborted-1"));
            producer.send(new ProducerRecord<>(topic, "k", "aborted-2"));
            producer.flush();
            producer.abortTransaction();

            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "k", "committed-3"));
            producer.commitTransaction();
        }

        try (KafkaConsumer<String, String> committed =
                KafkaClients.consumer(kafka, "committed-" + topic, "read_committed")) {
            committed.subscribe(List.of(topic));
            List<String> values = values(pollUntil(committed, 3, TIMEOUT));
            // Anything aborted that slipped through would arrive with or after committed-3.
            values.addAll(values(pollUntil(committed, 1, Duration.ofSeconds(1))));
            assertThat(values).containsExactly("committed-1", "committed-2", "committed-3");

            // Committing the group offset exercises the internal offsets topic at one replica.
            committed.commitSync();
            assertThat(committed.committed(committed.assignment()).values())
                    .allSatisfy(offset -> assertThat(offset.offset()).isPositive());
        }

        // The aborted records were written: a read_uncommitted consumer sees them.
        try (KafkaConsumer<String, String> uncommitted =
                KafkaClients.consumer(kafka, "uncommitted-" + topic, "read_uncommitted")) {
            uncommitted.subscribe(List.of(topic));
            assertThat(values(pollUntil(uncommitted, 5, TIMEOUT)))
                    .containsExactly("committed-1", "committed-2", "aborted-1", "aborted-2", "committed-3");
        }
    }

    @Test
    void compactedTopicIsCreatedWithItsCleanupPolicy() throws Exception {
        String topic = "chunks-" + UUID.randomUUID();
        kafka.createTopic(topic, 4, Map.of("cleanup.policy", "compact"));

        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        Config config = admin.describeConfigs(List.of(resource)).all().get().get(resource);
        assertThat(config.get("cleanup.policy").value()).isEqualTo("compact");
        assertThat(admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions())
                .hasSize(4);
    }

    @Test
    void creatingAnExistingTopicAgainIsAcceptedOnlyWithTheSamePartitionCount() {
        String topic = "again-" + UUID.randomUUID();
        kafka.createTopic(topic, 2, Map.of());

        kafka.createTopic(topic, 2, Map.of());

        assertThatThrownBy(() -> kafka.createTopic(topic, 3, Map.of()))
                .isInstanceOfSatisfying(
                        EmbeddedKafkaException.class,
                        e -> assertThat(e.reason()).isEqualTo(EmbeddedKafkaException.Reason.TOPIC_CONFLICT));
    }

    @Test
    void sendingToAnUnknownTopicDoesNotCreateIt() throws Exception {
        String topic = "never-created-" + UUID.randomUUID();
        Map<String, Object> config =
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                        ProducerConfig.MAX_BLOCK_MS_CONFIG, 2000);
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            assertThatThrownBy(() -> producer.send(new ProducerRecord<>(topic, "v")).get())
                    .hasCauseInstanceOf(TimeoutException.class);
        }
        assertThat(admin.listTopics().names().get()).doesNotContain(topic);
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {5 * 1024 * 1024, EmbeddedKafka.MAX_RECORD_BYTES})
    void largeRecordRoundTripsUnchanged(int size) throws Exception {
        String topic = "large-" + size + "-" + UUID.randomUUID();
        kafka.createTopic(topic, 1, Map.of());
        byte[] sent = new byte[size];
        new Random(size).nextBytes(sent);

        try (KafkaProducer<String, byte[]> producer = KafkaClients.largeRecordProducer(kafka)) {
            producer.send(new ProducerRecord<>(topic, "filing.pdf", sent)).get();
        }

        try (KafkaConsumer<String, byte[]> consumer = KafkaClients.largeRecordConsumer(kafka)) {
            consumer.subscribe(List.of(topic));
            List<ConsumerRecord<String, byte[]>> received = pollUntil(consumer, 1, TIMEOUT);
            assertThat(received).hasSize(1);
            byte[] value = received.get(0).value();
            assertThat(value).hasSize(size);
            assertThat(sha256(value)).isEqualTo(sha256(sent));
        }
    }

    private static List<String> values(List<ConsumerRecord<String, String>> records) {
        return new ArrayList<>(records.stream().map(ConsumerRecord::value).toList());
    }

    private static byte[] sha256(byte[] bytes) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(bytes);
    }
}
