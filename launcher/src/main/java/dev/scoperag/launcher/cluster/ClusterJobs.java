package dev.scoperag.launcher.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * The two cluster jars {@code mvn package} builds ({@code *-cluster.jar}), submitted to a Flink cluster as a
 * user would: uploaded through the REST API and run there, the main class building the job on the JobManager.
 */
public record ClusterJobs(Path ingestJar, Path queryJar) {

    /** How long a submitted job may take to have every task running: the model loads in each embedding task. */
    public static final Duration RUNNING_PATIENCE = Duration.ofMinutes(4);

    /** The job ids of one submission of both jobs. */
    public record Submitted(String ingestJobId, String queryJobId) {}

    /** The jars under a source tree's {@code ingest-job/target} and {@code query-job/target}. */
    public static ClusterJobs builtUnder(Path root) throws IOException {
        return new ClusterJobs(clusterJar(root.resolve("ingest-job").resolve("target")), clusterJar(root.resolve("query-job").resolve("target")));
    }

    private static Path clusterJar(Path target) throws IOException {
        if (!Files.isDirectory(target)) {
            throw new IOException("no " + target + ": build the cluster jars with mvn -DskipTests package");
        }
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(f -> f.getFileName().toString().endsWith("-cluster.jar")).findFirst()
                    .orElseThrow(() -> new IOException("no *-cluster.jar in " + target + ": build it with mvn -DskipTests package"));
        }
    }

    /**
     * Uploads both jars, runs them with {@code jobArgs} (the jobs' {@code --config FILE} and {@code -Dkey=value}),
     * each at {@code parallelism}, and waits until every task of both is running.
     *
     * @param ingestSavepoint, querySavepoint savepoints to start from, or null to start without state
     */
    public Submitted submit(FlinkRestClient rest, List<String> jobArgs, int parallelism, String ingestSavepoint, String querySavepoint)
            throws IOException, InterruptedException {
        String ingest = rest.runJar(rest.uploadJar(ingestJar), jobArgs, parallelism, ingestSavepoint);
        String query = rest.runJar(rest.uploadJar(queryJar), jobArgs, parallelism, querySavepoint);
        rest.awaitRunning(ingest, RUNNING_PATIENCE);
        rest.awaitRunning(query, RUNNING_PATIENCE);
        return new Submitted(ingest, query);
    }
}
