package dev.scoperag.core.failure;

import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tells an infrastructure fault from a record's failure. An infrastructure fault (out of memory, a
 * cancelled task, the state backend, the network stack, the broker) must fail the job, so that Flink
 * restores it from its last checkpoint; anything else that goes wrong while ScopeRAG's own code
 * processes a record is that record's failure, whatever the record contains, and must not.
 */
public final class Faults {

    /**
     * Code whose exceptions are faults of the machinery around a function: keyed state and its
     * backends, timers, the network stack, Kafka clients. A failure thrown from inside any of them is
     * not the record's doing, even when a record's processing called it.
     */
    private static final List<String> INFRASTRUCTURE_CODE = List.of(
            "org.rocksdb.",
            "org.apache.flink.runtime.state.",
            "org.apache.flink.state.",
            "org.apache.flink.contrib.streaming.state.",
            "org.apache.flink.runtime.io.",
            "org.apache.flink.streaming.runtime.io.",
            "org.apache.flink.runtime.checkpoint.",
            "org.apache.flink.connector.kafka.",
            "org.apache.kafka.");

    private Faults() {}

    /**
     * Whether {@code error} must fail the job rather than the record being processed.
     *
     * @param boundary the class that ran the record's work (its frames and those below it, the task's
     *     own, are not looked at), or null to look at every frame (work done on another thread)
     */
    public static boolean isInfrastructure(Throwable error, Class<?> boundary) {
        if (Thread.currentThread().isInterrupted()) {
            return true; // the task is being cancelled: whatever failed, failed because of that
        }
        for (Throwable t : chain(error)) {
            if (t instanceof Infrastructure) {
                return true; // already judged, by a function downstream in the same chain
            }
            if (t instanceof StackOverflowError) {
                continue; // deep recursion over one record's content: the thread survives it
            }
            if (t instanceof VirtualMachineError || t instanceof LinkageError || t instanceof ThreadDeath) {
                return true; // out of memory, a class missing from the deployment
            }
            if (t instanceof InterruptedException || t instanceof InterruptedIOException || t instanceof ClosedByInterruptException) {
                return true;
            }
            if (thrownFromInfrastructure(t, boundary == null ? null : boundary.getName())) {
                return true;
            }
        }
        return false;
    }

    /** The innermost cause of {@code error} (itself when it has none), stopping at a cycle. */
    public static Throwable innermost(Throwable error) {
        List<Throwable> chain = chain(error);
        return chain.get(chain.size() - 1);
    }

    private static boolean thrownFromInfrastructure(Throwable t, String boundary) {
        // Only the frames above the boundary: below it are the task's own (input processors, timer
        // services, source readers), which are on the stack of every record's work.
        for (StackTraceElement frame : t.getStackTrace()) {
            String className = frame.getClassName();
            if (boundary != null && (className.equals(boundary) || className.startsWith(boundary + "$"))) {
                return false;
            }
            for (String prefix : INFRASTRUCTURE_CODE) {
                if (className.startsWith(prefix)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Throwable> chain(Throwable error) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        java.util.ArrayList<Throwable> chain = new java.util.ArrayList<>();
        for (Throwable t = error; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
            chain.add(t);
        }
        return chain;
    }

    /** Marks an exception already judged an infrastructure fault, so no function upstream takes it for its record's. */
    public interface Infrastructure {}
}
