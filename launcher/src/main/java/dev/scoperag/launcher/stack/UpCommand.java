package dev.scoperag.launcher.stack;

import dev.scoperag.ingest.IngestOptions;
import dev.scoperag.launcher.cli.ClientOptions;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.Durations;
import dev.scoperag.stream.SharedOptions;
import dev.scoperag.stream.kafka.KafkaClientProperties;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.flink.configuration.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ./scoperag up}: the embedded stack, kept running with the broker on a fixed localhost port
 * so that any Kafka client can produce filings and consume answers. Ctrl-C stops it cleanly; the
 * next {@code up} on the same data directory resumes from the broker's log and the jobs' retained
 * checkpoints.
 */
@Command(name = "up", description = "The embedded stack, kept running: a Kafka broker on 127.0.0.1 and both jobs, until Ctrl-C.",
        footer = "%nWith --bootstrap-servers (or scoperag.kafka.bootstrap-servers in --config) the jobs run here against that "
                + "Kafka and no broker is started.")
public final class UpCommand implements Callable<Integer> {

    private static final Duration JOB_FAILURE_REPORT_PATIENCE = Duration.ofSeconds(10);

    @Option(names = "--data-dir", paramLabel = "DIR", description = "where the broker log and job state live (default ${DEFAULT-VALUE})")
    private Path data = DataDirectory.defaultRoot();
    @Option(names = "--port", paramLabel = "PORT", description = "the broker port on 127.0.0.1 (default ${DEFAULT-VALUE})") private int port = 9092;
    @Option(names = "--file-root", paramLabel = "DIR", description = "let the ingest job read file: URIs under DIR (filings sent inline need nothing)")
    private Path fileRoot;
    @Option(names = "--broker-only", description = "run the broker alone, to run the jobs elsewhere (e.g. their cluster jars)")
    private boolean brokerOnly;
    @Option(names = "--reset", description = "delete the data directory first: no filings, no checkpoints") private boolean reset;
    @Mixin private ClientOptions kafka = new ClientOptions();

    @Override
    public Integer call() throws InterruptedException {
        ClientSettings client = ClientSettings.from(kafka);
        Path dataDir = data.toAbsolutePath().normalize();
        if (reset) {
            DataDirectory.deleteRecursively(dataDir);
        }
        Configuration jobConfig = EmbeddedDefaults.apply(client.configuration());
        if (fileRoot != null) {
            if (!Files.isDirectory(fileRoot)) {
                throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, "--file-root " + fileRoot + " is not a directory");
            }
            jobConfig.set(IngestOptions.FILE_ROOT, fileRoot.toAbsolutePath().normalize().toString());
        }
        PrintStream out = System.out;
        out.println("starting ScopeRAG in " + dataDir + " ...");
        long start = System.nanoTime();
        EmbeddedStack stack = EmbeddedStack.start(new EmbeddedStack.Settings(DataDirectory.persistent(dataDir), port,
                client.bootstrapGiven() ? client.bootstrapServers() : null, jobConfig, !brokerOnly));
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
