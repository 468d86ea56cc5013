package dev.scoperag.launcher.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.flink.runtime.JobException;
import org.apache.flink.util.ExceptionUtils;
import org.apache.flink.util.FlinkExpectedException;
import org.junit.jupiter.api.Test;

class JobFailureTest {

    @Test
    void theKeyComesFromTheExceptionInTheChainThatNamesTheRecordAndThatExceptionIsShown() {
        Throwable fault = new IllegalStateException("Flink wrapper of what the operator threw",
                new UncheckedIOException("stage 'publish' failed on record key 'MSFT:2023/10-K' (broker gone)",
                        new IOException("Connection refused")));

        JobFailure failure = JobFailure.of(42, ExceptionUtils.stringifyException(fault));

        assertThat(failure.timestamp()).isEqualTo(42);
        assertThat(failure.recordKey()).contains("MSFT:2023/10-K");
        assertThat(failure.describe()).isEqualTo("UncheckedIOException: stage 'publish' failed on record key 'MSFT:2023/10-K' (broker gone)");
    }

    @Test
    void withoutARecordKeyTheOutermostExceptionIsShownWithTheFirstLineOfItsMessage() {
        Throwable fault = new FlinkExpectedException("The TaskExecutor is shutting down.\nsecond line", new IOException("inner"));

        JobFailure failure = JobFailure.of(1, ExceptionUtils.stringifyException(fault));

        assertThat(failure.recordKey()).isEmpty();
        assertThat(failure.describe()).isEqualTo("FlinkExpectedException: The TaskExecutor is shutting down.");
    }

    @Test
    void aKeyNamedOnALaterLineOfAMessageIsStillFound() {
        Throwable fault = new IllegalStateException("processing failed\nstage 'route', record key 'q-7'");

        JobFailure failure = JobFailure.of(1, ExceptionUtils.stringifyException(fault));

        assertThat(failure.recordKey()).contains("q-7");
        assertThat(failure.describe()).isEqualTo("IllegalStateException: processing failed");
    }

    @Test
    void flinksGivingUpOnRestartsIsLookedPastToTheFaultItWraps() {
        Throwable fault = new JobException("Recovery is suppressed by FixedDelayRestartBackoffTimeStrategy(maxNumberRestartAttempts=1)",
                new FlinkExpectedException("The TaskExecutor is shutting down."));

        assertThat(JobFailure.of(1, ExceptionUtils.stringifyException(fault)).describe())
                .isEqualTo("FlinkExpectedException: The TaskExecutor is shutting down.");
    }

    @Test
    void aLongMessageIsCutAndAnExceptionWithoutMessageIsItsClassAlone() {
        JobFailure longOne = JobFailure.of(1, ExceptionUtils.stringifyException(new IllegalArgumentException("x".repeat(1000))));
        assertThat(longOne.message()).hasSize(200).endsWith("...");

        assertThat(JobFailure.of(1, ExceptionUtils.stringifyException(new NullPointerException())).describe()).isEqualTo("NullPointerException");
        assertThat(JobFailure.of(1, "").describe()).isEqualTo("unknown");
    }
}
