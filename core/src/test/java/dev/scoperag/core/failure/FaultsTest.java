package dev.scoperag.core.failure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

/** What fails a record and what fails the job. */
class FaultsTest {

    /** Runs work the way a function's isolation does: this class is the boundary. */
    private static Throwable thrownBy(Runnable work) {
        try {
            work.run();
            throw new AssertionError("nothing thrown");
        } catch (Throwable t) {
            return t;
        }
    }

    private static int recurse(int n) {
        return recurse(n + 1) + 1;
    }

    @Test
    void whatOurCodeThrowsOnARecordIsTheRecordsFailure() {
        assertThat(Faults.isInfrastructure(thrownBy(() -> java.util.List.of().iterator().next()), FaultsTest.class)).isFalse();
        assertThat(Faults.isInfrastructure(thrownBy(() -> Integer.parseInt("BRK.B")), FaultsTest.class)).isFalse();
        assertThat(Faults.isInfrastructure(new IllegalStateException("x", new UncheckedIOException(new IOException("y"))), FaultsTest.class))
                .isFalse();
        assertThat(Faults.isInfrastructure(thrownBy(() -> recurse(0)), FaultsTest.class))
                .as("deep recursion over one record's content").isFalse();
    }

    @Test
    void outOfMemoryMissingClassesAndInterruptsFailTheJob() {
        assertThat(Faults.isInfrastructure(new OutOfMemoryError("Java heap space"), FaultsTest.class)).isTrue();
        assertThat(Faults.isInfrastructure(new RuntimeException(new NoClassDefFoundError("org/rocksdb/RocksDB")), FaultsTest.class)).isTrue();
        assertThat(Faults.isInfrastructure(new IllegalStateException(new InterruptedException()), FaultsTest.class)).isTrue();
    }

    @Test
    void aFailureThrownFromStateOrKafkaCodeFailsTheJobButTheTasksOwnFramesBelowTheBoundaryDoNot() {
        RuntimeException fromState = new RuntimeException("Error while retrieving data from RocksDB");
        fromState.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("org.apache.flink.state.rocksdb.RocksDBMapState", "get", "RocksDBMapState.java", 120),
            new StackTraceElement(FaultsTest.class.getName(), "work", "FaultsTest.java", 1),
        });
        assertThat(Faults.isInfrastructure(fromState, FaultsTest.class)).isTrue();
        assertThat(Faults.isInfrastructure(new IllegalStateException("wrapped", fromState), FaultsTest.class)).isTrue();

        RuntimeException ours = new IllegalArgumentException("bad ticker");
        ours.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("dev.scoperag.core.route.IssuerResolver", "identityOfCorpus", "IssuerResolver.java", 80),
            new StackTraceElement(FaultsTest.class.getName(), "work", "FaultsTest.java", 1),
            new StackTraceElement("org.apache.flink.streaming.runtime.io.StreamOneInputProcessor", "processInput", "x.java", 1),
        });
        assertThat(Faults.isInfrastructure(ours, FaultsTest.class)).as("input processor frames are below the boundary").isFalse();
        assertThat(Faults.isInfrastructure(ours, null)).as("without a boundary every frame counts").isTrue();
    }

    @Test
    void anExceptionAlreadyJudgedByAFunctionDownstreamStaysAnInfrastructureFault() {
        class Judged extends RuntimeException implements Faults.Infrastructure {}
        assertThat(Faults.isInfrastructure(new Judged(), FaultsTest.class)).isTrue();
    }

    @Test
    void theFailureRecordNamesTheInnermostCauseAndKeepsOneBoundedLine() {
        String longLine = "x".repeat(1_000);
        InternalFailure f = InternalFailure.of("route",
                new IllegalStateException("outer", new java.util.NoSuchElementException(longLine + "\nsecond line with filing text")));
        assertThat(f.exception()).isEqualTo("java.util.NoSuchElementException");
        assertThat(f.message()).doesNotContain("second line").hasSizeLessThanOrEqualTo(InternalFailure.MAX_MESSAGE_CHARS);
        assertThat(f.detail()).startsWith("route: java.util.NoSuchElementException: xxx");
    }

    @Test
    void boundedTextKeepsShortTextAndNamesWhatItCuts() {
        assertThat(BoundedText.of("AMCR", 10)).isEqualTo("AMCR");
        String cut = BoundedText.of("k".repeat(5_000), 100);
        assertThat(cut).hasSizeLessThanOrEqualTo(100).contains("5000 chars, sha256 ");
        assertThat(BoundedText.of("k".repeat(5_000), 100)).isEqualTo(cut);
        assertThat(BoundedText.of("k".repeat(5_001), 100)).isNotEqualTo(cut);
    }
}
