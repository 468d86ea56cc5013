package dev.scoperag.launcher.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * What the ingest job did with a batch of filings sent to a fresh stack: the records it published on
 * {@code chunks} and the filings it sent to the dead-letter topic, read from the start of both until
 * every filing has one or the other.
 */
public final class PublishedFilings {

    /** How far the reading has come, for a progress line. */
    public record Progress(int commits, int rejected, int records, Duration elapsed) {}

    private final List<ChunkTopicRecord> records = new ArrayList<>();
    private final List<JsonNode> deadLetters = new ArrayList<>();
    private final Map<TopicPartition, Long> publishedUpTo = new HashMap<>();
    private int commits;

    private PublishedFilings() {}

    /**
     * Reads until {@code filings} documents are committed or rejected, reporting progress about every second.
     *
     * @throws CommandFailure {@code INGEST_TIMEOUT} when they are not within {@code timeout}
     */
    public static PublishedFilings read(KafkaClients clients, String chunksTopic, String deadLetterTopic, int filings, Duration timeout,
            Consumer<Progress> progress) {
        PublishedFilings published = new PublishedFilings();
        long start = System.nanoTime();
        long nextReport = start;
        try (TopicTail topics = TopicTail.fromBeginning(clients, chunksTopic, deadLetterTopic)) {
            while (published.commits + published.deadLetters.size() < filings) {
                if (System.nanoTime() - start > timeout.toNanos()) {
                    throw new CommandFailure(CommandFailure.Reason.INGEST_TIMEOUT, "the ingest job handled "
                            + (published.commits + published.deadLetters.size()) + " of " + filings + " filings in " + Durations.human(timeout));
                }
                for (ConsumerRecord<byte[], byte[]> r : topics.poll(Duration.ofMillis(200))) {
                    published.take(r, deadLetterTopic);
                }
                if (System.nanoTime() >= nextReport) {
                    progress.accept(published.progress(start));
                    nextReport = System.nanoTime() + 1_000_000_000L;
                }
            }
        }
        progress.accept(published.progress(start));
        return published;
    }

    private void take(ConsumerRecord<byte[], byte[]> r, String deadLetterTopic) {
        if (r.topic().equals(deadLetterTopic)) {
            if (r.value() != null) {
                deadLetters.add(Json.tree(r.value()));
            }
            return;
        }
        publishedUpTo.put(new TopicPartition(r.topic(), r.partition()), r.offset() + 1);
        if (r.value() != null) {
            ChunkTopicRecord record = Json.fromBytes(r.value(), ChunkTopicRecord.class);
            records.add(record);
            commits += record instanceof DocumentCommitted ? 1 : 0;
        }
    }

    private Progress progress(long startNanos) {
        return new Progress(commits, deadLetters.size(), records.size(), Duration.ofNanos(System.nanoTime() - startNanos));
    }

    /** Every record published on {@code chunks}, in the order read. */
    public List<ChunkTopicRecord> records() {
        return Collections.unmodifiableList(records);
    }

    public int commits() {
        return commits;
    }

    /** The dead-letter records of the rejected filings (source, reason, detail). */
    public List<JsonNode> deadLetters() {
        return Collections.unmodifiableList(deadLetters);
    }

    /** A rejection as people read it: the filing's key, the reason code and the detail. */
    public static String describe(JsonNode deadLetter) {
        return deadLetter.path("source").path("key").asText("?") + ": " + deadLetter.path("reason").asText() + " "
                + deadLetter.path("detail").asText();
    }

    /** Per partition of {@code chunks}, the offset after the last record read: a reader past it has taken in all of them. */
    public Map<TopicPartition, Long> publishedUpTo() {
        return Collections.unmodifiableMap(publishedUpTo);
    }
}
