package dev.scoperag.launcher.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.chunk.Chunker;
import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.extract.Extractor;
import dev.scoperag.core.fetch.ContentFetcher;
import dev.scoperag.core.fetch.FetchPolicy;
import dev.scoperag.core.fetch.FetchedContent;
import dev.scoperag.core.filing.FilingContent;
import dev.scoperag.core.filing.FilingDecoder;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.ident.Hashes;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.ingest.IngestOptions;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.Durations;
import dev.scoperag.launcher.cli.ProgressLine;
import dev.scoperag.launcher.kafka.CommittedDocuments;
import dev.scoperag.launcher.kafka.KafkaClients;
import dev.scoperag.launcher.kafka.TopicTail;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordTooLargeException;

/**
 * Sends filing events to the {@code filings} topic and follows what the ingest job makes of them:
 * a {@code DocumentCommitted} on {@code chunks} for the very bytes sent, or a record on
 * {@code filings.dlq} with the record's key. A document already published with the same bytes or
 * the same text is not sent again (the job would skip it, silently).
 */
final class Ingestion {

    /** Files up to this size go inline (base64 grows them by a third; the filings topic takes 32 MiB records). */
    static final long INLINE_LIMIT_BYTES = 20L * 1024 * 1024;

    /** When the job has not even read the filings after this long, say so. */
    private static final Duration LIVENESS_WARNING = Duration.ofSeconds(60);

    /** What happened to each filing, and how long the run took. */
    record Result(List<TrackedFiling> filings, Duration elapsed, boolean timedOut) {

        IngestSummary summary() {
            Map<Integer, Long> commits = new HashMap<>();
            int chunks = 0;
            for (TrackedFiling f : filings) {
                if (f.status == TrackedFiling.Status.PUBLISHED) {
                    commits.merge(f.commitPartition, f.commitOffset, Math::max);
                    chunks += f.chunksSeen;
                }
            }
            return new IngestSummary(count(TrackedFiling.Status.PUBLISHED), count(TrackedFiling.Status.UNCHANGED),
                    count(TrackedFiling.Status.REJECTED), count(TrackedFiling.Status.PENDING), chunks, elapsed, commits,
                    filings.stream().filter(f -> f.status == TrackedFiling.Status.REJECTED).map(f -> f.key + ": " + f.reason).toList());
        }

        private int count(TrackedFiling.Status status) {
            return (int) filings.stream().filter(f -> f.status == status).count();
        }
    }

    private final ClientSettings settings;
    private final ContentMode mode;
    private final Duration idleTimeout;
    private final boolean wait;
    private final PrintStream out;
    private final KafkaClients clients;

    Ingestion(ClientSettings settings, ContentMode mode, Duration idleTimeout, boolean wait, PrintStream out) {
        this.settings = settings;
        this.mode = mode;
        this.idleTimeout = idleTimeout;
        this.wait = wait;
        this.out = out;
        this.clients = KafkaClients.of(settings);
    }

    Result run(List<FilingFile> files) {
        long start = System.nanoTime();
        clients.requireTopics(Map.of(settings.filingsTopic(), "the ingest job", settings.chunksTopic(), "the ingest job",
                settings.deadLetterTopic(), "the ingest job"));
        List<TrackedFiling> filings = track(files);
        CommittedDocuments published = CommittedDocuments.read(clients, settings.chunksTopic());
        skipPublished(filings, published);

        try (TopicTail chunks = new TopicTail(clients, settings.chunksTopic());
                TopicTail written = new TopicTail(clients, settings.chunksTopic(), false);
                TopicTail rejections = new TopicTail(clients, settings.deadLetterTopic())) {
            Map<Integer, Long> sentUpTo = send(filings);
            long sent = filings.stream().filter(f -> f.sent).count();
            long skipped = filings.stream().filter(f -> f.status == TrackedFiling.Status.UNCHANGED).count();
            long refused = filings.stream().filter(f -> f.status == TrackedFiling.Status.REJECTED).count();
            out.printf(Locale.ROOT, "sent %d filing%s to %s at %s%s%s%n", sent, sent == 1 ? "" : "s", settings.filingsTopic(),
                    settings.bootstrapServers(), skipped == 0 ? "" : "; " + skipped + " already published, not sent",
                    refused == 0 ? "" : "; " + refused + " refused before sending");
            if (!wait || sent == 0) {
                return new Result(filings, Duration.ofNanos(System.nanoTime() - start), false);
            }
            Thread planner = startPlanner(filings);
            try {
                boolean timedOut = follow(filings, chunks, written, rejections, sentUpTo);
                return new Result(filings, Duration.ofNanos(System.nanoTime() - start), timedOut);
            } finally {
                planner.interrupt();
            }
        }
    }

    private static List<TrackedFiling> track(List<FilingFile> files) {
        Map<String, Integer> seen = new HashMap<>();
        List<TrackedFiling> filings = new ArrayList<>(files.size());
        for (FilingFile f : files) {
            // The record key names the filing on the dead-letter topic, so it must be unique in a run.
            String base = f.label();
            int n = seen.merge(base, 1, Integer::sum);
            filings.add(new TrackedFiling(f, n == 1 ? base : base + "#" + n));
        }
        return filings;
    }

    /** Hashes each file as the job will (after decompression), and sets aside what is already published. */
    private void skipPublished(List<TrackedFiling> filings, CommittedDocuments published) {
        for (TrackedFiling f : filings) {
            FetchedContent content;
            try {
                content = fetchLocally(f);
            } catch (FilingRejectedException e) {
                f.rejected(e.reason().name(), e.detail() + " (on this machine, not sent)");
                continue;
            }
            f.sourceHash = Hashes.sha256(content.bytes());
            DocumentCommitted current = published.get(f.shard(), f.docId());
            if (current == null) {
                continue;
            }
            if (current.sourceHash().equals(f.sourceHash)) {
                f.unchanged(current, "the same bytes are published as version " + current.version());
            } else if (current.docHash().equals(docHashOf(content))) {
                f.unchanged(current, "the same text is published as version " + current.version());
            }
        }
    }

    private FetchedContent fetchLocally(TrackedFiling f) throws FilingRejectedException {
        FetchPolicy policy = FetchPolicy.fileRoot(f.file.root())
                .withMaxBytes(settings.configuration().get(IngestOptions.MAX_CONTENT_SIZE).getBytes());
        return new ContentFetcher(policy).fetch(f.file.event().content());
    }

    private static String docHashOf(FetchedContent content) {
        try {
            return Hashes.sha256(new Extractor().extract(content.bytes(), content.contentTypeHint()).text());
        } catch (FilingRejectedException | RuntimeException e) {
            return null;
        }
    }

    /** Sends every filing still to be sent; returns, per partition of the filings topic, the last offset written. */
    private Map<Integer, Long> send(List<TrackedFiling> filings) {
        Map<TrackedFiling, Future<RecordMetadata>> sends = new LinkedHashMap<>();
        FilingDecoder decoder = new FilingDecoder();
        try (KafkaProducer<String, String> producer = clients.producer()) {
            for (TrackedFiling f : filings) {
                if (f.done()) {
                    continue;
                }
                String value;
                try {
                    value = Json.toString(withContent(f));
                    decoder.decode(value.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                } catch (FilingRejectedException e) {
                    f.rejected(e.reason().name(), e.detail() + " (checked on this machine, not sent)");
                    continue;
                } catch (IOException e) {
                    f.rejected("FETCH_FAILED", "cannot read " + f.file.file() + ": " + e.getMessage() + " (not sent)");
                    continue;
                }
                sends.put(f, producer.send(new ProducerRecord<>(settings.filingsTopic(), f.key, value)));
            }
            producer.flush();
        } catch (org.apache.kafka.common.KafkaException e) {
            throw clients.unreachable(e);
        }
        Map<Integer, Long> sentUpTo = new HashMap<>();
        for (Map.Entry<TrackedFiling, Future<RecordMetadata>> s : sends.entrySet()) {
            try {
                RecordMetadata m = s.getValue().get();
                s.getKey().sent = true;
                sentUpTo.merge(m.partition(), m.offset(), Math::max);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RecordTooLargeException) {
                    s.getKey().rejected("RECORD_TOO_LARGE", "the record is larger than the filings topic or producer accepts: "
                            + "send it by URI (--content uri) with a file root the job can read");
                } else {
                    throw clients.unreachable(e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CommandFailure(CommandFailure.Reason.INGEST_TIMEOUT, "interrupted while sending");
            }
        }
        return sentUpTo;
    }

    private FilingEvent withContent(TrackedFiling f) throws IOException {
        FilingEvent event = f.file.event();
        long size = Files.size(f.file.file());
        f.bytes = size;
        boolean inline = mode == ContentMode.INLINE || (mode == ContentMode.AUTO && size <= INLINE_LIMIT_BYTES);
        if (!inline) {
            return event;
        }
        String hint = event.content() == null ? null : event.content().contentType();
        // Compressed bytes travel compressed; the job decompresses before its size cap and hashing.
        return event.withContent(FilingContent.ofBase64(Base64.getEncoder().encodeToString(Files.readAllBytes(f.file.file())), hint));
    }

    /**
     * Estimates, in the background, how many chunks each sent filing will make, by extracting it as
     * the job does: the total that "time left" needs. Best effort; a failure leaves the estimate open.
     */
    private Thread startPlanner(List<TrackedFiling> filings) {
        Chunker chunker = new Chunker(settings.chunkSize(), settings.chunkStride());
        Thread planner = new Thread(() -> {
            Extractor extractor = new Extractor();
            for (TrackedFiling f : filings) {
                if (Thread.currentThread().isInterrupted()) {
                    return;
                }
                if (!f.sent || f.done()) {
                    continue;
                }
                try {
                    FetchedContent content = fetchLocally(f);
                    ExtractedText text = extractor.extract(content.bytes(), content.contentTypeHint());
                    f.expectedChunks = chunker.count(text.text().length());
                } catch (FilingRejectedException | RuntimeException e) {
                    f.expectedChunks = 0;
                }
            }
        }, "ingest-planner");
        planner.setDaemon(true);
        planner.setPriority(Thread.MIN_PRIORITY);
        planner.start();
        return planner;
    }

    /**
     * Reads chunks and the DLQ until every sent filing has an outcome; true if it gave up idle. Outcomes
     * come from committed records only. Progress counts chunks as the job writes them, before its
     * checkpoint commits them: a checkpoint waits for the document in hand, so committed chunks arrive
     * in bursts, a document at a time.
     */
    private boolean follow(List<TrackedFiling> filings, TopicTail chunks, TopicTail written, TopicTail rejections,
            Map<Integer, Long> sentUpTo) {
        Map<String, List<TrackedFiling>> byShard = new HashMap<>();
        Map<String, TrackedFiling> byKey = new HashMap<>();
        for (TrackedFiling f : filings) {
            if (f.sent) {
                byShard.computeIfAbsent(f.shard(), k -> new ArrayList<>()).add(f);
                byKey.put(f.key, f);
            }
        }
        ProgressLine progress = new ProgressLine(out);
        long start = System.nanoTime();
        long firstChunk = 0;
        long lastActivity = start;
        long nextReport = start;
        boolean warned = false;
        while (filings.stream().anyMatch(f -> f.sent && !f.done())) {
            boolean moved = false;
            for (ConsumerRecord<byte[], byte[]> r : written.poll(Duration.ofMillis(200))) {
                moved |= onChunkWritten(r, byShard);
            }
            for (ConsumerRecord<byte[], byte[]> r : chunks.poll(Duration.ofMillis(10))) {
                moved |= onCommit(r, byShard);
            }
            for (ConsumerRecord<byte[], byte[]> r : rejections.poll(Duration.ofMillis(10))) {
                moved |= onRejection(r, byKey);
            }
            long now = System.nanoTime();
            if (moved) {
                lastActivity = now;
                firstChunk = firstChunk == 0 ? now : firstChunk;
            }
            if (now >= nextReport) {
                progress.update(progressText(filings, Duration.ofNanos(now - start), Duration.ofNanos(firstChunk == 0 ? 0 : now - firstChunk)));
                nextReport = now + 1_000_000_000L;
            }
            if (!warned && now - lastActivity > LIVENESS_WARNING.toNanos() && !jobHasRead(sentUpTo)) {
                progress.breakLine();
                out.println("warning: the ingest job (consumer group " + settings.ingestGroup() + ") has not read the filings sent "
                        + "after " + LIVENESS_WARNING.toSeconds() + " s: is it running against " + settings.bootstrapServers() + "?");
                warned = true;
            }
            if (now - lastActivity > idleTimeout.toNanos()) {
                progress.finish(progressText(filings, Duration.ofNanos(now - start), Duration.ofNanos(now - firstChunk)));
                return true;
            }
        }
        long end = System.nanoTime();
        progress.finish(progressText(filings, Duration.ofNanos(end - start), Duration.ofNanos(firstChunk == 0 ? 0 : end - firstChunk)));
        return false;
    }

    private static boolean onChunkWritten(ConsumerRecord<byte[], byte[]> r, Map<String, List<TrackedFiling>> byShard) {
        List<TrackedFiling> candidates = candidates(r, ChunkTopicRecord.Key.Kind.CHUNK, byShard);
        if (candidates == null) {
            return false;
        }
        String docId = Json.tree(r.value()).path("doc_id").asText();
        for (TrackedFiling f : candidates) {
            if (!f.done() && f.docId().equals(docId)) {
                // A transaction aborted and written again would count twice: progress is capped at the estimate.
                Integer expected = f.expectedChunks;
                f.chunksSeen = expected == null || expected == 0 ? f.chunksSeen + 1 : Math.min(expected, f.chunksSeen + 1);
                return true;
            }
        }
        return false;
    }

    private static boolean onCommit(ConsumerRecord<byte[], byte[]> r, Map<String, List<TrackedFiling>> byShard) {
        List<TrackedFiling> candidates = candidates(r, ChunkTopicRecord.Key.Kind.DOCUMENT, byShard);
        if (candidates == null) {
            return false;
        }
        JsonNode value = Json.tree(r.value());
        if (!value.path("type").asText().equals("document_committed")) {
            return false;
        }
        String docId = value.path("doc_id").asText();
        for (TrackedFiling f : candidates) {
            if (!f.done() && f.docId().equals(docId) && value.path("source_hash").asText().equals(f.sourceHash)) {
                f.published(Json.MAPPER.convertValue(value, DocumentCommitted.class), r.partition(), r.offset());
                return true;
            }
        }
        return false;
    }

    /** The filings of the shard a {@code chunks} record belongs to, when it is of the kind wanted; else null. */
    private static List<TrackedFiling> candidates(ConsumerRecord<byte[], byte[]> r, ChunkTopicRecord.Key.Kind kind,
            Map<String, List<TrackedFiling>> byShard) {
        if (r.value() == null) {
            return null;
        }
        return ChunkTopicRecord.Key.parse(TopicTail.key(r)).filter(k -> k.kind() == kind).map(k -> byShard.get(k.shard())).orElse(null);
    }

    private static boolean onRejection(ConsumerRecord<byte[], byte[]> r, Map<String, TrackedFiling> byKey) {
        if (r.value() == null) {
            return false;
        }
        JsonNode value = Json.tree(r.value());
        TrackedFiling f = byKey.get(value.at("/source/key").asText(TopicTail.key(r)));
        if (f == null || f.done()) {
            return false;
        }
        f.rejected(value.path("reason").asText("REJECTED"), value.path("detail").asText("") + " (stage " + value.path("stage").asText("?") + ")");
        return true;
    }

    /** Whether the ingest job's consumer group has committed offsets past everything sent. */
    private boolean jobHasRead(Map<Integer, Long> sentUpTo) {
        try (Admin admin = clients.admin()) {
            Map<TopicPartition, OffsetAndMetadata> committed = clients.committedOffsets(admin, settings.ingestGroup());
            return sentUpTo.entrySet().stream().allMatch(e -> {
                OffsetAndMetadata c = committed.get(new TopicPartition(settings.filingsTopic(), e.getKey()));
                return c != null && c.offset() > e.getValue();
            });
        } catch (RuntimeException e) {
            return true;
        }
    }

    /**
     * {@code 3/6 documents, 120/236 chunks, 11.8 chunks/s, about 10 s left}. The rate counts from the
     * first chunk seen: before it, the job loads the model and extracts text.
     */
    static String progressText(List<TrackedFiling> filings, Duration elapsed, Duration sinceFirstChunk) {
        List<TrackedFiling> sent = filings.stream().filter(f -> f.sent).toList();
        long done = sent.stream().filter(TrackedFiling::done).count();
        int chunksDone = 0;
        int estimatedTotal = 0;
        int known = 0;
        int knownSum = 0;
        for (TrackedFiling f : sent) {
            if (f.status == TrackedFiling.Status.PUBLISHED) {
                knownSum += f.chunksSeen;
                known++;
            } else if (f.expectedChunks != null) {
                knownSum += f.expectedChunks;
                known++;
            }
        }
        int average = known == 0 ? 0 : Math.round((float) knownSum / known);
        for (TrackedFiling f : sent) {
            chunksDone += f.chunksSeen;
            if (f.status == TrackedFiling.Status.REJECTED) {
                continue;
            }
            int expected = f.status == TrackedFiling.Status.PUBLISHED ? f.chunksSeen
                    : f.expectedChunks != null ? Math.max(f.expectedChunks, f.chunksSeen) : Math.max(average, f.chunksSeen);
            estimatedTotal += expected;
        }
        double seconds = Math.max(sinceFirstChunk.toMillis() / 1000.0, 1.0);
        double rate = chunksDone / seconds;
        String total = known == 0 ? "" : known == sent.size() ? "/" + estimatedTotal : "/~" + estimatedTotal;
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %d/%d documents, %d%s chunks", done, sent.size(),
                chunksDone, total));
        if (chunksDone == 0) {
            line.append(", waiting for the first chunks (").append(Durations.human(elapsed)).append(": the job extracts, then embeds)");
        } else {
            line.append(String.format(Locale.ROOT, ", %.1f chunks/s", rate));
            int left = Math.max(0, estimatedTotal - chunksDone);
            if (done < sent.size()) {
                line.append(", about ").append(Durations.human(Duration.ofMillis((long) (1000 * left / Math.max(rate, 0.01))))).append(" left");
            }
        }
        return line.toString();
    }
}
