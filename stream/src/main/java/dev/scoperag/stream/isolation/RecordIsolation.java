package dev.scoperag.stream.isolation;

import dev.scoperag.core.failure.BoundedText;
import dev.scoperag.core.failure.Faults;
import dev.scoperag.core.failure.InternalFailure;
import dev.scoperag.stream.metrics.LabeledCounters;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.flink.metrics.MetricGroup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way every ScopeRAG function runs a record's work, so that no record stops a job: whatever
 * the record contains, a failure of the work becomes that record's {@link InternalFailure} (a
 * dead-letter record on the ingest side, an answer with status {@code error} on the query side),
 * counted as {@code recordFailures{stage}}; only an infrastructure fault ({@link Faults}) fails the
 * job, rethrown as a {@link RecordProcessingException} that names the stage and the record's key.
 *
 * <p>Functions compute inside the isolated work and emit outside it, so a record's output is either
 * whole or absent, never half sent.
 */
public final class RecordIsolation {

    /** Record keys in logs and exception messages are cut to this many characters. */
    static final int MAX_KEY_CHARS = 200;
    private static final Logger LOG = LoggerFactory.getLogger(RecordIsolation.class);

    /** A record's work that returns its result. */
    public interface Work<T> {
        T call() throws Exception;
    }

    /** A record's work without a result. */
    public interface Action {
        void run() throws Exception;
    }

    private final LabeledCounters failures;

    /** Counts failures as {@code recordFailures{stage}} in {@code metrics}. */
    public RecordIsolation(MetricGroup metrics) {
        this.failures = new LabeledCounters(metrics, "recordFailures", "stage");
    }

    /**
     * Runs {@code work} for the record keyed {@code recordKey}.
     *
     * @return its result, or empty when it failed (then {@code onFailure} has been given the failure)
     * @throws RecordProcessingException on an infrastructure fault; an {@link Error} such as out of memory is rethrown as is
     */
    public <T> Optional<T> call(String stage, String recordKey, Work<T> work, Consumer<InternalFailure> onFailure) {
        try {
            return Optional.ofNullable(work.call());
        } catch (Throwable e) {
            onFailure.accept(judge(stage, recordKey, e, RecordIsolation.class));
            return Optional.empty();
        }
    }

    /** Runs {@code action} for the record keyed {@code recordKey}; false when it failed (after {@code onFailure}). */
    public boolean run(String stage, String recordKey, Action action, Consumer<InternalFailure> onFailure) {
        try {
            action.run();
            return true;
        } catch (Throwable e) {
            onFailure.accept(judge(stage, recordKey, e, RecordIsolation.class));
            return false;
        }
    }

    /**
     * The failure of a record's work that ran elsewhere (on a worker thread, in a future): counted
     * and returned, or thrown when it is an infrastructure fault.
     */
    public InternalFailure failureOf(String stage, String recordKey, Throwable error) {
        return judge(stage, recordKey, error, null);
    }

    private InternalFailure judge(String stage, String recordKey, Throwable error, Class<?> boundary) {
        String key = BoundedText.of(String.valueOf(recordKey), MAX_KEY_CHARS);
        if (Faults.isInfrastructure(error, boundary)) {
            if (error instanceof Error fatal && !(error instanceof StackOverflowError)) {
                throw fatal;
            }
            if (error instanceof RecordProcessingException already) {
                throw already;
            }
            throw new RecordProcessingException(stage, key, error);
        }
        InternalFailure failure = InternalFailure.of(stage, error);
        failures.inc(stage);
        // The exception's class and where it was thrown, not its message: a message can quote the
        // record, and records hold filing text and questions.
        LOG.warn("record {} failed in stage {}: {} at {}", key, stage, failure.exception(), origin(error));
        LOG.debug("record {} failed in stage {}", key, stage, error);
        return failure;
    }

    private static String origin(Throwable error) {
        StackTraceElement[] frames = Faults.innermost(error).getStackTrace();
        return frames.length == 0 ? "unknown" : frames[0].toString();
    }
}
