package dev.scoperag.launcher.demo;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.launcher.ask.AnswerText;
import dev.scoperag.launcher.ask.QueryClient;
import dev.scoperag.launcher.cli.BundledFiles;
import dev.scoperag.launcher.cli.ClientOptions;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.Durations;
import dev.scoperag.launcher.ingest.IngestCommand;
import dev.scoperag.launcher.ingest.IngestSummary;
import dev.scoperag.launcher.kafka.ConsumerProgress;
import dev.scoperag.launcher.kafka.KafkaClients;
import dev.scoperag.launcher.stack.DataDirectory;
import dev.scoperag.launcher.stack.EmbeddedDefaults;
import dev.scoperag.launcher.stack.EmbeddedStack;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ./scoperag demo}: the embedded default end to end. Starts a KRaft broker and both jobs on
 * one MiniCluster (RocksDB state in a temporary directory), ingests the sample filings through
 * Kafka, asks the sample questions, prints each answer with its citations, and stops. With
 * {@code --bootstrap-servers} it drives jobs already running against that Kafka instead.
 *
 * <p>Exit status 0 when every question gets the outcome the samples expect (answered with
 * citations, or abstained), 1 otherwise.
 */
@Command(name = "demo", description = "The embedded default end to end: ingests the sample filings, asks the sample questions, "
        + "prints each answer with its citations, and stops.")
public final class DemoCommand implements Callable<Integer> {

    private static final Duration INGEST_IDLE_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration CATCH_UP_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration ANSWER_TIMEOUT = Duration.ofMinutes(3);

    @Option(names = "--samples", paramLabel = "DIR", description = "sample filings and questions (default samples/ in the checkout)")
    private Path samples = BundledFiles.samples();
    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "keep the demo's broker log and job state in DIR (default: a temporary directory)") private Path dataDir;
    @Mixin private ClientOptions kafka = new ClientOptions();

    @Override
    public Integer call() {
        Path corpus = samples.resolve("corpus.jsonl");
        Path questionsFile = samples.resolve("questions.jsonl");
        if (!Files.isRegularFile(corpus) || !Files.isRegularFile(questionsFile)) {
            throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, "no samples at " + samples
                    + " (corpus.jsonl and questions.jsonl): run from the checkout, or pass --samples");
        }
        List<DemoQuestion> questions = DemoQuestion.read(questionsFile);
        ClientSettings given = ClientSettings.from(kafka);
        PrintStream out = System.out;
        long start = System.nanoTime();
        out.printf(Locale.ROOT, "ScopeRAG demo: %d sample filings, %d questions (%s)%n%n", lineCount(corpus), questions.size(), samples);

        EmbeddedStack stack = null;
        ClientSettings settings = given;
        try {
            if (given.bootstrapGiven()) {
                out.println("using the jobs already running against " + given.bootstrapServers());
            } else {
                out.println("starting the embedded stack: a KRaft Kafka broker on 127.0.0.1, the ingest and query jobs on one Flink");
                out.println("MiniCluster, RocksDB state and checkpoints in a temporary directory, the bundled embedding model ...");
                long t = System.nanoTime();
                DataDirectory data = dataDir != null ? DataDirectory.persistent(dataDir) : DataDirectory.temporary("scoperag-demo-");
                stack = EmbeddedStack.start(new EmbeddedStack.Settings(data, 0, null, EmbeddedDefaults.apply(given.configuration()), true));
                settings = ClientSettings.of(stack.ingestConfig());
                out.printf(Locale.ROOT, "  up in %s: Kafka at %s, state in %s%n%n", Durations.human(Duration.ofNanos(System.nanoTime() - t)),
                        stack.bootstrapServers(), stack.data().root());
            }
            out.println("ingesting " + corpus + " through the filings topic ...");
            IngestSummary ingested = IngestCommand.ingest(settings, List.of(corpus.toString()), INGEST_IDLE_TIMEOUT, out);
            out.println();

            long t = System.nanoTime();
            out.print("waiting for the query job to load the new shards from chunks ...");
            out.flush();
            ConsumerProgress.awaitPast(KafkaClients.of(settings), settings.queryChunksGroup(), settings.chunksTopic(),
                    ingested.commitOffsets(), CATCH_UP_TIMEOUT);
            out.printf(Locale.ROOT, " %s%n%n", Durations.human(Duration.ofNanos(System.nanoTime() - t)));

            Map<String, QueryClient.Answer> answers = ask(settings, questions, out);
            int unexpected = printAnswers(questions, answers, out);

            out.printf(Locale.ROOT, "demo done in %s: %d filings (%d chunks) ingested in %s, %d rejected; %d questions, %d with the expected outcome%n",
                    Durations.human(Duration.ofNanos(System.nanoTime() - start)), ingested.accepted(), ingested.chunks(),
                    Durations.human(ingested.elapsed()), ingested.rejected(), questions.size(), questions.size() - unexpected);
            return unexpected == 0 && ingested.rejected() == 0 ? 0 : 1;
        } finally {
            if (stack != null) {
                long t = System.nanoTime();
                stack.close();
                out.println("embedded stack stopped in " + Durations.human(Duration.ofNanos(System.nanoTime() - t)));
            }
        }
    }

    private static Map<String, QueryClient.Answer> ask(ClientSettings settings, List<DemoQuestion> questions, PrintStream out) {
        out.println("asking " + questions.size() + " questions through the queries topic ...");
        Map<String, String> ids = new LinkedHashMap<>();
        long t = System.nanoTime();
        try (QueryClient client = new QueryClient(settings)) {
            for (DemoQuestion q : questions) {
                String id = QueryClient.newQueryId();
                ids.put(id, q.question());
                client.send(QueryClient.query(id, q.question(), QueryEvent.Hints.none(), null));
            }
            Map<String, QueryClient.Answer> answers = client.await(ids.keySet(), ANSWER_TIMEOUT);
            out.printf(Locale.ROOT, "  %d answers in %s%n%n", answers.size(), Durations.human(Duration.ofNanos(System.nanoTime() - t)));
            return answers;
        }
    }

    /** Prints every answer under its question; returns how many did not have the expected outcome. */
    private static int printAnswers(List<DemoQuestion> questions, Map<String, QueryClient.Answer> answers, PrintStream out) {
        int unexpected = 0;
        List<QueryClient.Answer> inOrder = new ArrayList<>(answers.values());
        for (int i = 0; i < questions.size(); i++) {
            DemoQuestion q = questions.get(i);
            JsonNode a = inOrder.get(i).record();
            out.printf(Locale.ROOT, "[%d] %s%n", i + 1, q.question());
            out.print(AnswerText.format(a, "    "));
            String status = a.path("status").asText();
            boolean asExpected = status.equals(q.expect()) && (!status.equals("answered") || a.path("citations").size() > 0);
            if (!asExpected) {
                unexpected++;
                out.println("    (expected " + q.expect() + ")");
            }
            out.println();
        }
        return unexpected;
    }

    private static long lineCount(Path file) {
        try {
            return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).count();
        } catch (IOException e) {
            return 0;
        }
    }

    /** A sample question and the outcome the samples should give it. */
    record DemoQuestion(String question, String expect) {

        static List<DemoQuestion> read(Path file) {
            List<DemoQuestion> questions = new ArrayList<>();
            try {
                for (String line : Files.readAllLines(file)) {
                    if (line.isBlank()) {
                        continue;
                    }
                    JsonNode n = Json.MAPPER.readTree(line);
                    questions.add(new DemoQuestion(n.path("question").asText(), n.path("expect").asText("answered")));
                }
            } catch (IOException e) {
                throw new CommandFailure(CommandFailure.Reason.UNSUPPORTED_INPUT, "cannot read " + file + ": " + e.getMessage(), e);
            }
            return questions;
        }
    }
}
