package dev.scoperag.system;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * Watches every log event at INFO and above, from every logger of this JVM (the broker, Flink, both
 * jobs, Kafka clients, the launcher), for text that must never be logged: each event's message and
 * the full text of its exception are searched for the forbidden strings as the event happens.
 *
 * <p>The test configuration keeps most loggers at WARN or ERROR; while the audit runs every configured
 * logger is lowered to INFO, so what is checked is what a production deployment logs by default. The
 * existing appenders keep their old threshold, so the console is not flooded.
 */
final class InfoLogAudit implements AutoCloseable {

    private static final String NAME = "info-log-audit";

    private final LoggerContext context = (LoggerContext) LogManager.getContext(false);
    private final Map<String, Level> originalLevels = new HashMap<>();
    private final List<Appender> rootAppenders = new ArrayList<>();
    private final List<String> forbidden = new CopyOnWriteArrayList<>();
    private final List<String> violations = new CopyOnWriteArrayList<>();
    private final AtomicLong events = new AtomicLong();
    private final List<String> probes = new CopyOnWriteArrayList<>();
    private final List<String> heard = new CopyOnWriteArrayList<>();
    private final Appender appender;

    InfoLogAudit() {
        Configuration config = context.getConfiguration();
        LoggerConfig root = config.getRootLogger();
        Level rootLevel = root.getLevel();
        appender = new AbstractAppender(NAME, null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                inspect(event);
            }
        };
        appender.start();
        // Existing appenders of the root keep printing only what they printed before.
        for (Appender existing : new ArrayList<>(root.getAppenders().values())) {
            root.removeAppender(existing.getName());
            root.addAppender(existing, rootLevel, null);
            rootAppenders.add(existing);
        }
        List<LoggerConfig> loggers = new ArrayList<>(config.getLoggers().values());
        loggers.add(root);
        for (LoggerConfig logger : loggers) {
            originalLevels.putIfAbsent(logger.getName(), logger.getLevel());
            if (logger.getLevel().isMoreSpecificThan(Level.INFO)) {
                logger.setLevel(Level.INFO);
            }
        }
        root.addAppender(appender, Level.INFO, null);
        context.updateLoggers();
    }

    /** Adds a string no event at INFO or above may contain. */
    void forbid(String text) {
        forbidden.add(text);
    }

    /** Logs an INFO event through {@code loggerName} and says whether the audit saw it. */
    boolean hearsInfoFrom(String loggerName) {
        String probe = "audit-probe-" + System.nanoTime();
        probes.add(probe);
        LogManager.getLogger(loggerName).info("probe {}", probe);
        return heard.contains(probe);
    }

    /** Events seen so far, to show the audit was not vacuous. */
    long events() {
        return events.get();
    }

    /** Each offending event: its logger, level and the forbidden text it held (masked). */
    List<String> violations() {
        return List.copyOf(violations);
    }

    private void inspect(LogEvent event) {
        events.incrementAndGet();
        StringBuilder text = new StringBuilder(event.getMessage().getFormattedMessage());
        if (event.getThrown() != null) {
            StringWriter trace = new StringWriter();
            event.getThrown().printStackTrace(new PrintWriter(trace));
            text.append('\n').append(trace);
        }
        String all = text.toString();
        for (String probe : probes) {
            if (all.contains(probe)) {
                heard.add(probe);
            }
        }
        List<Integer> found = new ArrayList<>();
        String masked = all;
        for (int i = 0; i < forbidden.size(); i++) {
            if (all.contains(forbidden.get(i))) {
                found.add(i);
            }
            masked = masked.replace(forbidden.get(i), "<forbidden #" + i + ">");
        }
        if (!found.isEmpty()) {
            violations.add(event.getLevel() + " " + event.getLoggerName() + " logged forbidden strings " + found + ": "
                    + masked.lines().limit(4).toList());
        }
    }

    @Override
    public void close() {
        Configuration config = context.getConfiguration();
        LoggerConfig root = config.getRootLogger();
        root.removeAppender(NAME);
        for (Appender existing : rootAppenders) {
            root.removeAppender(existing.getName());
            root.addAppender(existing, null, null);
        }
        List<LoggerConfig> loggers = new ArrayList<>(config.getLoggers().values());
        loggers.add(root);
        for (LoggerConfig logger : loggers) {
            Level level = originalLevels.get(logger.getName());
            if (level != null) {
                logger.setLevel(level);
            }
        }
        context.updateLoggers();
        appender.stop();
    }
}
