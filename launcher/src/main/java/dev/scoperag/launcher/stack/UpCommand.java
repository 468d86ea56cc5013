package dev.scoperag.launcher.stack;

import dev.scoperag.ingest.IngestOptions;
import dev.scoperag.launcher.cli.Arguments;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.Durations;
import dev.scoperag.launcher.cli.Option;
import dev.scoperag.launcher.cli.Usage;
import dev.scoperag.stream.SharedOptions;
import dev.scoperag.stream.kafka.KafkaClientProperties;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.flink.configuration.Configuration;

/**
 * {@code ./scoperag up}: the embedded stack, kept running with the broker on a fixed localhost port
 * so that any Kafka client can produce filings and consume answers. Ctrl-C stops it cleanly; the
 * next {@code up} on the same data directory resumes from the broker's log and the jobs' retained
 * checkpoints.
 */
public final class UpCommand {

    static final Option DATA_DIR = Option.value("--data-dir", "DIR", "where the broker log and job state live (default "
            + DataDirectory.defaultRoot() + ")");
    static final Option PORT = Option.value("--port", "PORT", "the broker port on 127.0.0.1 (default 9092)");
    static final Option FILE_ROOT = Option.value("--file-root", "DIR",
            "let the ingest job read file: URIs under DIR (filings sent inline need nothing)");
    static final Option BROKER_ONLY = Option.flag("--broker-only", "run the broker alone, to run the jobs elsewhere (e.g. their cluster jars)");
    static final Option RESET = Option.flag("--reset", "delete the data directory first: no filings, no checkpoints");

    private static final int DEFAULT_PORT = 9092;
    private static final Duration JOB_FAILURE_REPORT_PATIENCE = Duration.ofSeconds(10);
    private static final List<Option> OPTIONS = options();

    private UpCommand() {}

    private static List<Option> options() {
        List<Option> all = new ArrayList<>(List.of(DATA_DIR, PORT, FILE_ROOT, BROKER_ONLY, RESET));
        all.addAll(ClientSettings.OPTIONS);
        return List.copyOf(all);
    }

    public static String usage() {
        return Usage.of("up", List.of("[options]"), OPTIONS, """
                With --bootstrap-servers (or scoperag.kafka.bootstrap-servers in --config) the jobs run here against that
                Kafka and no broker is started.""");
    }

    public static int run(String[] argv) throws InterruptedException {
        Arguments args = Arguments.parse(argv, OPTIONS);
        ClientSettings client = ClientSettings.from(args);
        Path dataDir = args.value(DATA_DIR.name()).map(Path::of).orElse(DataDirectory.defaultRoot()).toAbsolutePath().normalize();
        int port = args.intValue(PORT.name(), DEFAULT_PORT);
        if (args.flag(RESET.name())) {
            DataDirectory.deleteRecursively(dataDir);
        }
        Configuration jobConfig = EmbeddedDefaults.apply(client.configuration());
        args.value(FILE_ROOT.name()).ifPresent(root -> {
            if (!Files.isDirectory(Path.of(root))) {
                throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, "--file-root " + root + " is not a directory");
            }
            jobConfig.set(IngestOptions.FILE_ROOT, Path.of(root).toAbsolutePath().normalize().toString());
        });
        PrintStream out = System.out;
        out.println("starting ScopeRAG in " + dataDir + " ...");
        long start = System.nanoTime();
        EmbeddedStack stack = EmbeddedStack.start(new EmbeddedStack.Settings(DataDirectory.persistent(dataDir), port,
                client.bootstrapGiven() ? client.bootstrapServers() : null, jobConfig, !args.flag(BROKER_ONLY.name())));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            out.println(stack.ingestJob().isPresent() ? "\nstopping: cancelling the jobs (their checkpoints stay), then the broker ..."
                    : "\nstopping the broker ...");
            long t = System.nanoTime();
            stack.close();
            out.println("stopped cleanly in " + Durations.human(Duration.ofNanos(System.nanoTime() - t))
                    + "; ./scoperag up" + (dataDir.equals(DataDirectory.defaultRoot()) ? "" : " --data-dir " + dataDir) + " resumes");
        }, "scoperag-shutdown"));
        printBanner(stack, Duration.ofNanos(System.nanoTime() - start), out);
        return serve(stack, out);
    }

    /**
     * Prints what the stack does (documents, rejections, answers; job restarts, recoveries and failures)
     * until a job ends while the stack is not stopping, then says so.
     *
     * @return the exit status: {@code STACK_FAILED}'s, as the stack is no longer whole
     */
    static int serve(EmbeddedStack stack, PrintStream out) throws InterruptedException {
        ActivityFeed.start(ClientSettings.of(stack.ingestConfig().clone()), out);
        // Cancelling on Ctrl-C records no failure, so the feed has nothing to say while the stack stops.
        Optional<JobHealthFeed> health = JobHealthFeed.start(stack, out);
        EmbeddedStack.EndedJob ended = stack.jobEnded().join();
        // The failed job's own line (exception, record key, restarts) comes before the last word, which then need not repeat it.
        boolean reported = health.isPresent() && health.get().settle(ended.job(), JOB_FAILURE_REPORT_PATIENCE);
        out.println("the stack is no longer whole: " + ended.job().name() + " " + (reported ? ended.status() : ended.outcome())
                + "; stopping (exit status " + CommandFailure.Reason.STACK_FAILED.exitStatus() + ")");
        return CommandFailure.Reason.STACK_FAILED.exitStatus();
    }

    private static void printBanner(EmbeddedStack stack, Duration took, PrintStream out) {
        out.println("ScopeRAG is up (" + Durations.human(took) + ")");
        String topics = String.join(", ", List.of(stack.ingestConfig().get(IngestOptions.FILINGS_TOPIC),
                stack.ingestConfig().get(IngestOptions.DLQ_TOPIC), stack.ingestConfig().get(SharedOptions.CHUNKS_TOPIC),
                stack.queryConfig().get(dev.scoperag.query.QueryOptions.QUERIES_TOPIC),
                stack.queryConfig().get(dev.scoperag.query.QueryOptions.ANSWERS_TOPIC)));
        out.println("  Kafka        " + stack.bootstrapServers() + stack.embeddedKafka().map(k -> "  (embedded KRaft broker, log in "
                + k.logDirectory() + ")").orElse("  (external)"));
        out.println("  topics       " + topics);
        for (EmbeddedStack.RunningJob job : List.of(stack.ingestJob(), stack.queryJob()).stream().flatMap(java.util.Optional::stream).toList()) {
            out.println(String.format("  %-12s %s", job.name(), job.restoredFrom().map(p -> "restored from " + p).orElse("started without state")));
        }
        stack.restAddress().ifPresent(uri -> out.println("  Flink REST   " + uri + "  (e.g. " + uri + "/jobs/overview)"));
        out.println("  state        " + stack.data().root() + " (RocksDB, retained checkpoints)");
        if (stack.ingestJob().isEmpty()) {
            out.println("  jobs         not running here (--broker-only)");
        }
        String target = stack.bootstrapServers().endsWith(":9092") ? "" : " --bootstrap-servers " + stack.bootstrapServers();
        // The file's path only: what is in it (passwords, JAAS settings) is never printed.
        target += stack.ingestConfig().getOptional(KafkaClientProperties.PROPERTIES_FILE).map(f -> " --kafka-properties " + f).orElse("");
        out.println("try, in another terminal:");
        out.println("  ./scoperag ingest" + target + " samples/corpus.jsonl");
        out.println("  ./scoperag ask" + target + " \"What were Amcor's net sales in fiscal 2023?\"");
        out.println("Ctrl-C stops it cleanly; ./scoperag up again resumes where it stopped.");
    }
}
