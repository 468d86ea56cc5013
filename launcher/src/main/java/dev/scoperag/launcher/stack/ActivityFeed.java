package dev.scoperag.launcher.stack;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.launcher.ask.AnswerText;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.kafka.KafkaClients;
import dev.scoperag.launcher.kafka.TopicTail;
import java.io.PrintStream;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What a running stack does, one line per event: documents published on {@code chunks}, filings
 * rejected to {@code filings.dlq}, questions answered on {@code answers}.
 */
final class ActivityFeed implements Runnable {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final ClientSettings settings;
    private final PrintStream out;

    ActivityFeed(ClientSettings settings, PrintStream out) {
        this.settings = settings;
        this.out = out;
    }

    static Thread start(ClientSettings settings, PrintStream out) {
        Thread thread = new Thread(new ActivityFeed(settings, out), "activity-feed");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    @Override
    public void run() {
        KafkaClients clients = KafkaClients.of(settings);
        try (TopicTail chunks = new TopicTail(clients, settings.chunksTopic());
                TopicTail rejections = new TopicTail(clients, settings.deadLetterTopic());
                TopicTail answers = new TopicTail(clients, settings.answersTopic())) {
            while (!Thread.currentThread().isInterrupted()) {
                for (ConsumerRecord<byte[], byte[]> r : chunks.poll(Duration.ofMillis(300))) {
                    boolean ofADocument = ChunkTopicRecord.Key.parse(TopicTail.key(r)).map(ChunkTopicRecord.Key::isDocument).orElse(false);
                    if (r.value() != null && ofADocument) {
                        tryPrint(r, () -> document(Json.tree(r.value())));
                    }
                }
                for (ConsumerRecord<byte[], byte[]> r : rejections.poll(Duration.ofMillis(10))) {
                    if (r.value() != null) {
                        tryPrint(r, () -> {
                            JsonNode v = Json.tree(r.value());
                            print(String.format(Locale.ROOT, "rejected   %s: %s %s", printable(v.at("/source/key").asText("?"), 80),
                                    v.path("reason").asText(), printable(v.path("detail").asText(), 160)));
                        });
                    }
                }
                for (ConsumerRecord<byte[], byte[]> r : answers.poll(Duration.ofMillis(10))) {
                    if (r.value() != null) {
                        tryPrint(r, () -> answer(Json.tree(r.value())));
                    }
                }
            }
        } catch (RuntimeException e) {
            if (!Thread.currentThread().isInterrupted()) {
                print("activity feed stopped: " + e.getMessage());
            }
        }
    }

    private void answer(JsonNode v) {
        String status = v.path("status").asText();
        String queryId = printable(v.path("query_id").asText(), 80);
        if (status.equals("rejected") || status.equals("error")) {
            print(String.format(Locale.ROOT, "%-10s %s: %s %s", status, queryId, v.path("reason").asText(),
                    printable(v.path("detail").asText(), 160)));
            return;
        }
        print(String.format(Locale.ROOT, "%-10s %s \"%s\" - %s, %d citations", status, queryId,
                printable(v.path("question").asText(), 60), AnswerText.route(v.path("route")), v.path("citations").size()));
    }

    /** A record the feed cannot read is named and passed over: the feed goes on. */
    private void tryPrint(ConsumerRecord<byte[], byte[]> r, Runnable print) {
        try {
            print.run();
        } catch (RuntimeException e) {
            print("unreadable record on " + r.topic() + " at offset " + r.offset() + ": " + e.getClass().getSimpleName());
        }
    }

    private void document(JsonNode v) {
        if (v.path("type").asText().equals("document_committed")) {
            int pages = v.path("page_count").asInt();
            print(String.format(Locale.ROOT, "published  %s %s version %d: %d chunks, %s", v.path("shard").asText(), v.path("doc_id").asText(),
                    v.path("version").asInt(), v.path("chunk_count").asInt(),
                    pages > 0 ? pages + " pages" : String.format(Locale.ROOT, "%,d chars", v.path("char_count").asInt())));
        } else if (v.path("type").asText().equals("document_retracted")) {
            print("retracted  " + v.path("shard").asText() + " " + v.path("doc_id").asText());
        }
    }

    private void print(String line) {
        out.println(line(line));
    }

    /** A line of the feeds {@code up} prints: the time, then what happened. */
    static String line(String text) {
        return LocalTime.now().format(TIME) + "  " + text;
    }

    /**
     * Text from a topic as a terminal should show it: control and format characters (bidi overrides,
     * escapes, NUL) as U+FFFD, whitespace runs as one space, at most {@code max} code points.
     */
    static String printable(String s, int max) {
        StringBuilder out = new StringBuilder();
        int shown = 0;
        for (int i = 0; i < s.length() && shown < max; ) {
            int c = s.codePointAt(i);
            i += Character.charCount(c);
            int type = Character.getType(c);
            if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                if (out.length() > 0 && out.charAt(out.length() - 1) != ' ') {
                    out.append(' ');
                    shown++;
                }
            } else if (Character.isISOControl(c) || type == Character.FORMAT || type == Character.SURROGATE
                    || type == Character.PRIVATE_USE || type == Character.UNASSIGNED) {
                out.append('\uFFFD');
                shown++;
            } else {
                out.appendCodePoint(c);
                shown++;
            }
            if (shown == max && i < s.length()) {
                out.append("...");
            }
        }
        return out.toString();
    }
}
