package dev.scoperag.launcher.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A standalone Flink session cluster on this machine: one JobManager
 * ({@code StandaloneSessionClusterEntrypoint}) and TaskManagers ({@code TaskManagerRunner}), each its own
 * JVM started from a Flink distribution's {@code lib/} and {@code plugins/} alone, with a {@code config.yaml}
 * like the deployments' (RocksDB, incremental checkpoints on a directory every process shares, the
 * Prometheus reporter), on 127.0.0.1 and ports free when it starts. Each process logs to its own file.
 */
public final class LocalFlinkCluster implements AutoCloseable {

    /** Flink's own JVM options for Java 17 (its default config.yaml's {@code env.java.opts.all}). */
    private static final List<String> FLINK_JAVA_OPTS = List.of(
            "--add-exports=java.base/sun.net.util=ALL-UNNAMED", "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.text=ALL-UNNAMED", "--add-opens=java.base/java.time=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED");

    private static final String JOB_MANAGER_CLASS = "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint";
    private static final String TASK_MANAGER_CLASS = "org.apache.flink.runtime.taskexecutor.TaskManagerRunner";
    private static final String RESOURCE_PARAMS_CLASS = "org.apache.flink.runtime.util.bash.BashJavaUtils";
    private static final String RESOURCE_PARAMS_PREFIX = "BASH_JAVA_UTILS_EXEC_RESULT:";
    private static final Duration STARTUP_PATIENCE = Duration.ofMinutes(3);

    /**
     * What to start.
     *
     * @param distribution a Flink distribution: {@code lib/} (the classpath) and {@code plugins/}
     * @param workDir where the configuration, logs, checkpoints, savepoints and temporary files go
     * @param taskManagers how many TaskManager processes
     * @param slotsPerTaskManager each TaskManager's slots
     * @param taskManagerMemory each TaskManager's {@code taskmanager.memory.process.size}
     */
    public record Settings(Path distribution, Path workDir, int taskManagers, int slotsPerTaskManager, String taskManagerMemory) {

        /** Two TaskManagers of four slots and 3 GB each: either alone runs both jobs at parallelism 2. */
        public static Settings twoTaskManagers(Path distribution, Path workDir) {
            return new Settings(distribution, workDir, 2, 4, "3g");
        }
    }

    /**
     * One process of the cluster.
     *
     * @param name {@code jobmanager}, {@code taskmanager-1}, ...; also its log file's name and, for a
     *     TaskManager, its resource id (the {@code taskmanager-id} the REST API reports)
     * @param metricsPort the port of its Prometheus reporter
     */
    public record FlinkProcess(String name, Process process, int metricsPort, Path logFile) {
        public long pid() {
            return process.pid();
        }

        public URI metricsUri() {
            return URI.create("http://127.0.0.1:" + metricsPort + "/metrics");
        }
    }

    private final Settings settings;
    private final Path confDir;
    private final Path logDir;
    private final URI restUri;
    private final List<FlinkProcess> processes = new ArrayList<>();
    private final Thread killOnExit;

    private LocalFlinkCluster(Settings settings, int restPort) {
        this.settings = settings;
        this.confDir = settings.workDir().resolve("conf");
        this.logDir = settings.workDir().resolve("log");
        this.restUri = URI.create("http://127.0.0.1:" + restPort);
        // A JVM that ends without close() (Ctrl-C, a failed test run) still takes the cluster with it.
        this.killOnExit = new Thread(this::killAll, "local-flink-cluster-kill");
        Runtime.getRuntime().addShutdownHook(killOnExit);
    }

    /** Starts the JobManager, then the TaskManagers, and returns once every TaskManager has registered. */
    public static LocalFlinkCluster start(Settings settings) throws IOException, InterruptedException {
        Path lib = settings.distribution().resolve("lib");
        if (!Files.isDirectory(lib)) {
            throw new IllegalArgumentException("no Flink distribution at " + settings.distribution() + " (its lib/ is missing)");
        }
        Path workDir = settings.workDir().toAbsolutePath();
        for (String dir : List.of("conf", "log", "tmp", "uploads", "checkpoints", "savepoints")) {
            Files.createDirectories(workDir.resolve(dir));
        }
        LocalFlinkCluster cluster = new LocalFlinkCluster(new Settings(settings.distribution().toAbsolutePath(), workDir,
                settings.taskManagers(), settings.slotsPerTaskManager(), settings.taskManagerMemory()), freePort());
        try {
            cluster.writeConfiguration();
            cluster.startProcess("jobmanager", JOB_MANAGER_CLASS, "GET_JM_RESOURCE_PARAMS", Map.of());
            FlinkRestClient rest = cluster.rest();
            rest.awaitTaskManagers(0, STARTUP_PATIENCE);
            for (int i = 1; i <= settings.taskManagers(); i++) {
                String name = "taskmanager-" + i;
                cluster.startProcess(name, TASK_MANAGER_CLASS, "GET_TM_RESOURCE_PARAMS", Map.of("taskmanager.resource-id", name));
            }
            rest.awaitTaskManagers(settings.taskManagers(), STARTUP_PATIENCE);
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    private void writeConfiguration() throws IOException {
        Path work = settings.workDir();
        Map<String, String> config = new LinkedHashMap<>();
        config.put("jobmanager.rpc.address", "127.0.0.1");
        config.put("jobmanager.bind-host", "127.0.0.1");
        config.put("jobmanager.rpc.port", Integer.toString(freePort()));
        config.put("jobmanager.memory.process.size", "1600m");
        config.put("rest.address", "127.0.0.1");
        config.put("rest.bind-address", "127.0.0.1");
        config.put("rest.port", Integer.toString(restUri.getPort()));
        config.put("taskmanager.host", "127.0.0.1");
        config.put("taskmanager.bind-host", "127.0.0.1");
        config.put("taskmanager.numberOfTaskSlots", Integer.toString(settings.slotsPerTaskManager()));
        config.put("taskmanager.memory.process.size", settings.taskManagerMemory());
        config.put("taskmanager.memory.managed.fraction", "0.3");
        // A job's slots go to every TaskManager where they can, so records cross processes.
        config.put("taskmanager.load-balance.mode", "slots");
        config.put("state.backend.type", "rocksdb");
        config.put("execution.checkpointing.incremental", "true");
        config.put("execution.checkpointing.dir", work.resolve("checkpoints").toUri().toString());
        config.put("execution.checkpointing.savepoint-dir", work.resolve("savepoints").toUri().toString());
        config.put("execution.checkpointing.externalized-checkpoint-retention", "RETAIN_ON_CANCELLATION");
        config.put("restart-strategy.type", "fixed-delay");
        config.put("restart-strategy.fixed-delay.attempts", "100");
        config.put("restart-strategy.fixed-delay.delay", "2 s");
        // A TaskManager that dies is noticed in seconds, not the default 50.
        config.put("heartbeat.interval", "2000");
        config.put("heartbeat.timeout", "10000");
        config.put("pipeline.max-parallelism", "128");
        config.put("metrics.reporter.prom.factory.class", "org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
        config.put("io.tmp.dirs", work.resolve("tmp").toString());
        config.put("web.tmpdir", work.resolve("tmp").toString());
        config.put("web.upload.dir", work.resolve("uploads").toString());
        config.put("web.submit.enable", "true");
        String yaml = config.entrySet().stream().map(e -> e.getKey() + ": \"" + e.getValue() + "\"")
                .collect(Collectors.joining("\n", "# Written by LocalFlinkCluster: a local standalone session cluster.\n", "\n"));
        Files.writeString(confDir.resolve("config.yaml"), yaml);
        Files.writeString(confDir.resolve("log4j.properties"), """
                rootLogger.level = INFO
                rootLogger.appenderRef.file.ref = MainAppender
                appender.main.name = MainAppender
                appender.main.type = File
                appender.main.append = true
                appender.main.fileName = ${sys:log.file}
                appender.main.layout.type = PatternLayout
                appender.main.layout.pattern = %d{yyyy-MM-dd HH:mm:ss,SSS} %-5p %-60c %x - %m%n
                logger.kafka.name = org.apache.kafka
                logger.kafka.level = WARN
                """);
    }

    private void startProcess(String name, String mainClass, String resourceParams, Map<String, String> dynamic)
            throws IOException, InterruptedException {
        int metricsPort = freePort();
        List<String> flinkArgs = new ArrayList<>(List.of("--configDir", confDir.toString()));
        Map<String, String> properties = new LinkedHashMap<>(dynamic);
        properties.put("metrics.reporter.prom.port", Integer.toString(metricsPort));
        properties.forEach((k, v) -> flinkArgs.add("-D" + k + "=" + v));
        List<String> memory = resourceParams(resourceParams, flinkArgs);
        List<String> command = new ArrayList<>();
        command.add(javaBinary());
        command.addAll(Arrays.asList(memory.get(0).trim().split("\\s+")));
        command.addAll(FLINK_JAVA_OPTS);
        Path logFile = logDir.resolve(name + ".log");
        command.add("-Dlog.file=" + logFile);
        command.add("-Dlog4j.configurationFile=" + confDir.resolve("log4j.properties").toUri());
        command.add("-cp");
        command.add(settings.distribution().resolve("lib") + "/*");
        command.add(mainClass);
        command.addAll(flinkArgs);
        if (memory.size() > 1 && !memory.get(1).isBlank()) {
            // "-D key=value -D key=value": the memory sizes Flink derived, pinned as its start scripts pin them.
            for (String part : memory.get(1).trim().split("\\s*-D\\s+")) {
                if (!part.isBlank()) {
                    command.add("-D" + part.trim());
                }
            }
        }
        ProcessBuilder builder = processBuilder(command);
        builder.redirectOutput(logDir.resolve(name + ".out").toFile());
        builder.redirectErrorStream(true);
        processes.add(new FlinkProcess(name, builder.start(), metricsPort, logFile));
    }

    /** The JVM options and pinned memory settings Flink's start scripts compute with {@code BashJavaUtils}. */
    private List<String> resourceParams(String command, List<String> flinkArgs) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(javaBinary(), "-cp", settings.distribution().resolve("lib") + "/*",
                RESOURCE_PARAMS_CLASS, command));
        cmd.addAll(flinkArgs);
        Process process = processBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IllegalStateException("Flink's BashJavaUtils " + command + " failed:\n" + output);
        }
        List<String> results = output.lines().filter(l -> l.startsWith(RESOURCE_PARAMS_PREFIX))
                .map(l -> l.substring(RESOURCE_PARAMS_PREFIX.length())).toList();
        if (results.isEmpty()) {
            throw new IllegalStateException("Flink's BashJavaUtils " + command + " printed no result:\n" + output);
        }
        return results;
    }

    private ProcessBuilder processBuilder(List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(settings.workDir().toFile());
        builder.environment().put("FLINK_CONF_DIR", confDir.toString());
        builder.environment().put("FLINK_LIB_DIR", settings.distribution().resolve("lib").toString());
        builder.environment().put("FLINK_PLUGINS_DIR", settings.distribution().resolve("plugins").toString());
        builder.environment().put("FLINK_LOG_DIR", logDir.toString());
        return builder;
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The REST API's address, e.g. {@code http://127.0.0.1:PORT}. */
    public URI restUri() {
        return restUri;
    }

    public FlinkRestClient rest() {
        return new FlinkRestClient(restUri);
    }

    public Path workDir() {
        return settings.workDir();
    }

    /** Every process started, the JobManager first; a killed one stays in the list. */
    public List<FlinkProcess> processes() {
        return List.copyOf(processes);
    }

    public FlinkProcess process(String name) {
        return processes.stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no process " + name));
    }

    /** Kills a process with SIGKILL (no shutdown hook, nothing flushed) and waits until it is gone. */
    public void killHard(FlinkProcess process) throws InterruptedException {
        process.process().destroyForcibly();
        process.process().waitFor();
    }

    /** Stops every process: SIGTERM, then SIGKILL for any still running after 15 seconds. */
    @Override
    public void close() {
        for (FlinkProcess p : processes) {
            p.process().destroy();
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        for (FlinkProcess p : processes) {
            try {
                long left = Math.max(0, deadline - System.nanoTime());
                if (!p.process().waitFor(left, java.util.concurrent.TimeUnit.NANOSECONDS)) {
                    p.process().destroyForcibly().waitFor();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                killAll();
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(killOnExit);
        } catch (IllegalStateException e) {
            // The JVM is shutting down already; the hook runs, and finds everything stopped.
        }
    }

    private void killAll() {
        for (FlinkProcess p : processes) {
            p.process().destroyForcibly();
        }
    }
}
