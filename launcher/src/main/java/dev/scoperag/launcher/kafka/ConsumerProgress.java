package dev.scoperag.launcher.kafka;

import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.Durations;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * How far a job has read a topic, from the offsets its Kafka source commits when a checkpoint
 * completes: once they pass a record, every operator of the job has processed it.
 */
public final class ConsumerProgress {

    private ConsumerProgress() {}

    /**
     * Waits until {@code group} has committed, on every partition named, an offset past the one given.
     *
     * @throws CommandFailure {@code NO_ANSWER} when that does not happen within {@code timeout}
     */
    public static void awaitPast(KafkaClients clients, String group, String topic, Map<Integer, Long> offsets, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Admin admin = clients.admin()) {
            while (true) {
                Map<TopicPartition, OffsetAndMetadata> committed = clients.committedOffsets(admin, group);
                boolean past = offsets.entrySet().stream().allMatch(e -> {
                    OffsetAndMetadata c = committed.get(new TopicPartition(topic, e.getKey()));
                    return c != null && c.offset() > e.getValue();
                });
                if (past) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    throw new CommandFailure(CommandFailure.Reason.NO_ANSWER, "the job reading " + topic + " as " + group
                            + " has not caught up within " + Durations.human(timeout) + ": is it running?");
                }
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CommandFailure(CommandFailure.Reason.NO_ANSWER, "interrupted while waiting for " + group);
                }
            }
        }
    }
}
