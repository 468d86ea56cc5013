package dev.scoperag.launcher.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.launcher.cli.BundledFiles;
import dev.scoperag.launcher.cli.ClientOptions;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.stack.DataDirectory;
import dev.scoperag.stream.SharedOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ./scoperag cluster}: a local standalone Flink cluster (a JobManager and two TaskManagers, each
 * its own JVM, from Flink's own jars) running both cluster jars against a Kafka already up (such as
 * {@code ./scoperag up --broker-only}): the cluster path of a deployment, on this machine. Ctrl-C stops it.
 */
@Command(name = "cluster", description = "A local Flink session cluster (a JobManager and two TaskManagers, each its own JVM) "
        + "running both cluster jars against a Kafka already up, until Ctrl-C.",
        footer = "%nStarts the cluster on 127.0.0.1 from flink-distribution/target/flink and submits ingest-job/ and "
                + "query-job/target/*-cluster.jar through its REST API, against Kafka at --bootstrap-servers "
                + "(default localhost:9092: ./scoperag up --broker-only).")
public final class ClusterCommand implements Callable<Integer> {

    @Option(names = "--dir", paramLabel = "DIR", description = "the cluster's configuration, logs, checkpoints and savepoints "
            + "(default ${DEFAULT-VALUE}; emptied first)")
    private Path directory = DataDirectory.defaultRoot().resolveSibling("scoperag-cluster");
    @Option(names = "--parallelism", paramLabel = "N", description = "each job's parallelism (default ${DEFAULT-VALUE}: one task per TaskManager)")
    private int parallelism = 2;
    @Mixin private ClientOptions kafka = new ClientOptions();

    @Override
    public Integer call() throws Exception {
        ClientSettings client = ClientSettings.from(kafka);
        Path dir = directory.toAbsolutePath().normalize();
        Path home = BundledFiles.home();
        Path distribution = home.resolve("flink-distribution").resolve("target").resolve("flink");
        if (!Files.isDirectory(distribution.resolve("lib"))) {
            throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, "no Flink distribution at " + distribution
                    + " (mvn -DskipTests package builds it)");
        }
        ClusterJobs jars;
        try {
            jars = ClusterJobs.builtUnder(home);
        } catch (IOException e) {
            throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, e.getMessage());
        }
        List<String> jobArgs = new ArrayList<>();
        client.configuration().toMap().forEach((k, v) -> jobArgs.add("-D" + k + "=" + v));
        jobArgs.add("-D" + SharedOptions.BOOTSTRAP_SERVERS.key() + "=" + client.bootstrapServers());

        PrintStream out = System.out;
        emptyClusterDirectory(dir);
        out.println("starting a Flink cluster in " + dir + " ...");
        LocalFlinkCluster cluster = LocalFlinkCluster.start(LocalFlinkCluster.Settings.twoTaskManagers(distribution, dir));
        AtomicBoolean stopping = new AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopping.set(true);
            out.println("\nstopping the cluster ...");
            cluster.close();
        }, "scoperag-cluster-shutdown"));
        for (LocalFlinkCluster.FlinkProcess p : cluster.processes()) {
            out.printf("  %-14s pid %-8d metrics %s  log %s%n", p.name(), p.pid(), p.metricsUri(), p.logFile());
        }
        out.println("  REST           " + cluster.restUri() + "  (e.g. " + cluster.restUri() + "/jobs/overview)");
        out.println("submitting " + jars.ingestJar().getFileName() + " and " + jars.queryJar().getFileName()
                + " (Kafka " + client.bootstrapServers() + ") ...");
        ClusterJobs.Submitted jobs = jars.submit(cluster.rest(), jobArgs, parallelism, null, null);
        for (JsonNode job : cluster.rest().jobsOverview().path("jobs")) {
            out.printf("  %-16s %s %s%n", job.path("name").asText(), job.path("jid").asText(), job.path("state").asText());
        }
        out.println("both jobs are running (ingest " + jobs.ingestJobId() + ", query " + jobs.queryJobId() + "); try, in another terminal:");
        String target = client.bootstrapGiven() ? " --bootstrap-servers " + client.bootstrapServers() : "";
        out.println("  ./scoperag ingest" + target + " samples/corpus.jsonl");
        out.println("  ./scoperag ask" + target + " \"What were Amcor's net sales in fiscal 2023?\"");
        out.println("Ctrl-C stops the cluster (checkpoints stay in " + dir.resolve("checkpoints") + ").");
        // The cluster is whole while its JobManager runs; a TaskManager lost is the jobs' to recover from.
        cluster.process("jobmanager").process().waitFor();
        if (stopping.get()) {
            return 0;
        }
        out.println("the JobManager ended (see " + cluster.process("jobmanager").logFile() + "); stopping");
        return CommandFailure.Reason.STACK_FAILED.exitStatus();
    }

    /** Empties a directory an earlier run left; refuses one that holds anything else. */
    private static void emptyClusterDirectory(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        boolean empty;
        try (Stream<Path> entries = Files.list(dir)) {
            empty = entries.findAny().isEmpty();
        }
        if (!empty && !Files.isRegularFile(dir.resolve("conf").resolve("config.yaml"))) {
            throw new CommandFailure(CommandFailure.Reason.DATA_DIR_IN_USE, dir + " holds something other than an earlier cluster's files");
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
