package dev.scoperag.launcher.cli;

import java.io.PrintStream;

/**
 * One line of progress that rewrites itself on a terminal, and is printed at a slower pace when
 * the output goes to a file or a pipe, so a log stays readable.
 */
public final class ProgressLine {

    private static final long PIPE_INTERVAL_NANOS = 10_000_000_000L;

    private final PrintStream out;
    private final boolean terminal;
    private long lastPrinted;
    private int lastLength;
    private boolean pending;

    public ProgressLine(PrintStream out) {
        this(out, System.console() != null);
    }

    public ProgressLine(PrintStream out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    public void update(String line) {
        long now = System.nanoTime();
        if (terminal) {
            String padded = line + " ".repeat(Math.max(0, lastLength - line.length()));
            out.print("\r" + padded);
            out.flush();
            lastLength = line.length();
            pending = true;
        } else if (lastPrinted == 0 || now - lastPrinted >= PIPE_INTERVAL_NANOS) {
            out.println(line);
            lastPrinted = now;
        }
    }

    /** Ends the line (on a terminal), so what follows starts on a fresh one. */
    public void finish(String line) {
        if (terminal) {
            update(line);
            out.println();
        } else {
            out.println(line);
        }
        pending = false;
        lastLength = 0;
    }

    /** Ends a rewritten line before other output, without printing anything more. */
    public void breakLine() {
        if (pending) {
            out.println();
            pending = false;
            lastLength = 0;
        }
    }
}
