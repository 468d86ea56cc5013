package dev.scoperag.core.concurrent;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/** Waiting for threads that run native code (an ONNX run cannot be interrupted) before what they use is closed. */
public final class Termination {

    private Termination() {}

    /**
     * Waits up to {@code patience} for {@code executor}, already shut down, to end, even if this thread is interrupted
     * (a cancelled task is): closing a model under a run in flight would crash the process. The interrupt is kept.
     *
     * @return whether the executor ended in time
     */
    public static boolean await(ExecutorService executor, Duration patience) {
        boolean interrupted = false;
        long deadline = System.nanoTime() + patience.toNanos();
        try {
            while (true) {
                try {
                    return executor.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
