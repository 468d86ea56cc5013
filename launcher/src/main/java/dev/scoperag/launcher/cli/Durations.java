package dev.scoperag.launcher.cli;

import java.time.Duration;
import org.apache.flink.util.TimeUtils;
import picocli.CommandLine.TypeConversionException;

/** Durations on the command line, in Flink's notation ({@code 90 s}, {@code 10min}, {@code 2h}). */
public final class Durations {

    private Durations() {}

    /**
     * The duration {@code text} says; picocli names the option when it is not one. A bare number is refused: Flink
     * reads it as milliseconds, where a user who types {@code --timeout 150} means seconds.
     */
    public static Duration parse(String text) {
        if (text.strip().matches("\\d+")) {
            throw new TypeConversionException("'" + text + "' has no unit: say " + text.strip() + "s, " + text.strip() + "ms or "
                    + text.strip() + "min");
        }
        try {
            return TimeUtils.parseDuration(text);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("'" + text + "' is not a duration such as 90s, 10min or 2h");
        }
    }

    /** {@code 42 s}, {@code 3 min 05 s}: for people, not for parsing. */
    public static String human(Duration d) {
        long seconds = Math.round(d.toMillis() / 1000.0);
        if (seconds < 60) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return String.format("%d min %02d s", seconds / 60, seconds % 60);
        }
        return String.format("%d h %02d min", seconds / 3600, (seconds % 3600) / 60);
    }
}
