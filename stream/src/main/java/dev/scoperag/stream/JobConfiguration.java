package dev.scoperag.stream;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * A job's configuration from its command line: {@code --config FILE} (flat {@code key: value} lines,
 * as in Flink's config.yaml) and {@code -Dkey=value} or {@code --key value} overrides, later wins.
 */
public final class JobConfiguration {

    private JobConfiguration() {}

    public static Configuration fromArgs(String[] args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--config") && i + 1 < args.length) {
                values.putAll(readFile(Path.of(args[++i])));
            } else if (arg.startsWith("-D") && arg.contains("=")) {
                int eq = arg.indexOf('=');
                values.put(arg.substring(2, eq), arg.substring(eq + 1));
            } else if (arg.startsWith("--") && i + 1 < args.length) {
                values.put(arg.substring(2), args[++i]);
            } else {
                throw new IllegalArgumentException("unrecognised argument: " + arg
                        + " (use --config FILE, -Dkey=value or --key value)");
            }
        }
        return Configuration.fromMap(values);
    }

    /** Reads flat {@code key: value} (or {@code key=value}) lines; {@code #} starts a comment. */
    public static Map<String, String> readFile(Path file) {
        Map<String, String> values = new LinkedHashMap<>();
        try {
            List<String> lines = Files.readAllLines(file);
            for (int n = 1; n <= lines.size(); n++) {
                String line = lines.get(n - 1);
                String trimmed = line.strip();
                if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                    continue;
                }
                int colon = trimmed.indexOf(": ");
                int sep = colon > 0 ? colon : trimmed.indexOf('=');
                if (sep <= 0) {
                    throw new IllegalArgumentException(file + ":" + n + ": not a 'key: value' line: " + line);
                }
                String value = trimmed.substring(sep + (colon > 0 ? 2 : 1)).strip();
                if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                values.put(trimmed.substring(0, sep).strip(), value);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read configuration " + file, e);
        }
        return values;
    }

    /**
     * Runs a job from its command line ({@link #fromArgs}): {@code topology} added to an environment
     * with the streaming defaults ({@link #withStreamingDefaults}), executed as {@code name}.
     */
    public static void run(String[] args, String name, BiConsumer<StreamExecutionEnvironment, Configuration> topology) throws Exception {
        Configuration config = fromArgs(args);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(withStreamingDefaults(config));
        topology.accept(env, config);
        env.execute(name);
    }

    /**
     * {@code config} plus the defaults every ScopeRAG job runs with where the user set nothing:
     * RocksDB state with incremental checkpoints, exactly-once checkpoints every
     * {@link SharedOptions#CHECKPOINT_INTERVAL} into {@link SharedOptions#STATE_DIR}.
     */
    public static Configuration withStreamingDefaults(Configuration config) {
        Duration interval = config.get(SharedOptions.CHECKPOINT_INTERVAL);
        String checkpointDir = config.getOptional(SharedOptions.STATE_DIR).orElse(null);
        Configuration result = new Configuration(config);
        if (!config.contains(StateBackendOptions.STATE_BACKEND)) {
            result.set(StateBackendOptions.STATE_BACKEND, "rocksdb");
        }
        if (!config.contains(CheckpointingOptions.INCREMENTAL_CHECKPOINTS)) {
            result.set(CheckpointingOptions.INCREMENTAL_CHECKPOINTS, true);
        }
        if (!config.contains(CheckpointingOptions.CHECKPOINTING_INTERVAL)) {
            result.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, interval);
        }
        result.set(CheckpointingOptions.CHECKPOINTING_CONSISTENCY_MODE, CheckpointingMode.EXACTLY_ONCE);
        if (checkpointDir != null && !config.contains(CheckpointingOptions.CHECKPOINTS_DIRECTORY)) {
            result.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, checkpointDir);
        }
        return result;
    }
}
