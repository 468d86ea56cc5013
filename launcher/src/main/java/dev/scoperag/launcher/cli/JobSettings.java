package dev.scoperag.launcher.cli;

import dev.scoperag.ingest.IngestOptions;
import dev.scoperag.query.QueryOptions;
import dev.scoperag.stream.kafka.KafkaClientProperties;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;

/**
 * The jobs' settings a command was given ({@code --config} lines, {@code -Dkey=value}), checked
 * against the jobs' ConfigOptions before anything starts: a misspelt key or a value that does not
 * parse is the user's to fix now, not a job failing later, or a setting silently ignored.
 */
public final class JobSettings {

    /** Every ScopeRAG option by key; both jobs declare some of the same keys with the same type. */
    private static final Map<String, ConfigOption<?>> OPTIONS = Stream.concat(IngestOptions.all().stream(), QueryOptions.all().stream())
            .collect(Collectors.toMap(ConfigOption::key, o -> o, (a, b) -> a, LinkedHashMap::new));
    private static final String OWN_PREFIX = "scoperag.";

    private JobSettings() {}

    /**
     * Checks {@code values}: every {@code scoperag.*} key is an option of a job (or a Kafka client
     * setting under {@code scoperag.kafka.client.}), every value parses as its option's type, every
     * number, duration and size is above zero, and the chunk stride is at most the chunk size. Keys of
     * Flink itself are left to Flink.
     *
     * @param origin where each key was set, for the message ({@code -D}, or the configuration file)
     * @throws CommandFailure {@code INVALID_SETTING}, naming the key and what is wrong with its value
     */
    public static void check(Map<String, String> values, Map<String, String> origin) {
        for (Map.Entry<String, String> e : values.entrySet()) {
            String key = e.getKey();
            if (!key.startsWith(OWN_PREFIX) || key.startsWith(KafkaClientProperties.CLIENT_PREFIX)) {
                continue;
            }
            ConfigOption<?> option = OPTIONS.get(key);
            String where = origin.containsKey(key) ? " (" + origin.get(key) + ")" : "";
            if (option == null) {
                throw invalid(key + " is not a setting of either job" + where + ": ./scoperag options lists them");
            }
            problem(option, e.getValue()).ifPresent(p -> {
                throw invalid(key + ": '" + e.getValue() + "' " + p + where);
            });
        }
        Configuration config = Configuration.fromMap(values);
        int size = config.get(IngestOptions.CHUNK_SIZE);
        int stride = config.get(IngestOptions.CHUNK_STRIDE);
        if (stride > size) {
            throw invalid(IngestOptions.CHUNK_STRIDE.key() + " " + stride + " is more than " + IngestOptions.CHUNK_SIZE.key() + " " + size
                    + ": chunks would leave text out between them");
        }
    }

    /** What is wrong with {@code value} for {@code option}, if anything. */
    static Optional<String> problem(ConfigOption<?> option, String value) {
        Object parsed;
        try {
            parsed = Configuration.fromMap(Map.of(option.key(), value)).get(option);
        } catch (IllegalArgumentException e) {
            return Optional.of("is not " + expected(option));
        }
        // Every number, duration and size among the jobs' options is a count, a size or a time: none means anything at 0.
        boolean positive = parsed instanceof Number n ? n.doubleValue() > 0
                : parsed instanceof Duration d ? !d.isNegative() && !d.isZero()
                : !(parsed instanceof MemorySize m) || m.getBytes() > 0;
        return positive ? Optional.empty() : Optional.of("must be more than zero: it takes " + expected(option));
    }

    /** The kind of value an option takes, from its default (every typed option of the jobs has one). */
    private static String expected(ConfigOption<?> option) {
        Object example = option.hasDefaultValue() ? option.defaultValue() : null;
        if (example instanceof Integer || example instanceof Long) {
            return "a whole number such as " + example;
        } else if (example instanceof Number) {
            return "a number such as " + example;
        } else if (example instanceof Duration) {
            return "a duration such as 10 s, 500 ms or 2 min";
        } else if (example instanceof MemorySize) {
            return "a size such as 64 mb";
        } else if (example instanceof Boolean) {
            return "true or false";
        } else if (example instanceof Enum<?> e) {
            return "one of " + Arrays.stream(e.getDeclaringClass().getEnumConstants()).map(Object::toString).collect(Collectors.joining(", "));
        }
        return "a value of the kind it takes (./scoperag options describes it)";
    }

    private static CommandFailure invalid(String message) {
        return new CommandFailure(CommandFailure.Reason.INVALID_SETTING, message);
    }
}
