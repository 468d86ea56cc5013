package dev.scoperag.launcher.stack;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One failure of a job as its exception history shows it: the exception to show a user (class and
 * first line of its message) and the key of the record being processed, when the failure names one.
 *
 * @param timestamp when the job manager recorded the failure, epoch milliseconds
 * @param exception the exception's simple class name
 * @param message the first line of its message, empty when it has none
 * @param recordKey the key of the record whose processing failed, when an exception in the chain names it
 */
record JobFailure(long timestamp, String exception, String message, Optional<String> recordKey) {

    /** How a record-processing function names the record it failed on: {@code ... record key 'KEY' ...}. */
    private static final Pattern RECORD_KEY = Pattern.compile("record key '([^'\\r\\n]*)'");
    private static final Pattern HEADER = Pattern.compile("^(?:Caused by: )?([A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)*)(?::\\s?(.*))?$");
    /** How Flink's JobException begins when the restart strategy allows no more restarts. */
    private static final String RESTARTS_EXHAUSTED = "Recovery is suppressed by";
    /** A message longer than this is cut: one line of the feed, not a log. */
    private static final int MAX_MESSAGE = 200;

    /**
     * Reads a stringified exception chain ({@code Throwable.printStackTrace} form, as the REST API's
     * {@code stacktrace} field). The exception shown is the one whose message names a record key (the
     * wrapper a record-processing function puts around what failed), else the outermost one, looking
     * past Flink's own wrapper when it gives up restarting.
     */
    static JobFailure of(long timestamp, String stackTrace) {
        List<String[]> chain = chain(stackTrace == null ? "" : stackTrace);
        if (chain.isEmpty()) {
            return new JobFailure(timestamp, "unknown", "", Optional.empty());
        }
        if (chain.size() > 1 && chain.get(0)[1].startsWith(RESTARTS_EXHAUSTED)) {
            // Flink's word that it gives up says nothing about the fault; what it wraps does.
            chain = chain.subList(1, chain.size());
        }
        String[] shown = chain.get(0);
        Optional<String> key = Optional.empty();
        for (String[] link : chain) {
            Matcher m = RECORD_KEY.matcher(link[1]);
            if (m.find()) {
                shown = link;
                key = Optional.of(m.group(1));
                break;
            }
        }
        if (key.isEmpty()) {
            // Named on a later line of a message: the key still helps, the outermost exception still says what failed.
            Matcher m = RECORD_KEY.matcher(stackTrace == null ? "" : stackTrace);
            key = m.find() ? Optional.of(m.group(1)) : Optional.empty();
        }
        String name = shown[0].substring(shown[0].lastIndexOf('.') + 1);
        String message = shown[1].length() <= MAX_MESSAGE ? shown[1] : shown[1].substring(0, MAX_MESSAGE - 3) + "...";
        return new JobFailure(timestamp, name, message, key);
    }

    /** Class name and first message line of each exception of the chain, outermost first; suppressed ones left out. */
    private static List<String[]> chain(String stackTrace) {
        List<String[]> links = new ArrayList<>();
        String[] lines = stackTrace.split("\\R");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (i > 0 && !line.startsWith("Caused by: ")) {
                continue;
            }
            Matcher m = HEADER.matcher(line.strip());
            if (m.matches()) {
                links.add(new String[] {m.group(1), m.group(2) == null ? "" : m.group(2).strip()});
            }
        }
        return links;
    }

    /** {@code IllegalStateException: the first line}, or the class alone. */
    String describe() {
        return message.isEmpty() ? exception : exception + ": " + message;
    }
}
