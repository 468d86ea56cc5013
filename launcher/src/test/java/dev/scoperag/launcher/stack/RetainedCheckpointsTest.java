package dev.scoperag.launcher.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RetainedCheckpointsTest {

    @TempDir Path dir;

    @Test
    void theNewestCompleteCheckpointOfAnyRunIsTheOneToResumeFrom() throws Exception {
        checkpoint("run-a", "chk-7", Instant.parse("2026-01-01T10:00:00Z"));
        Path newest = checkpoint("run-b", "chk-3", Instant.parse("2026-01-01T11:00:00Z"));
        // Started but not complete: no _metadata yet.
        Files.createDirectories(dir.resolve("run-b").resolve("chk-4"));

        assertThat(new RetainedCheckpoints(dir).latest()).contains(newest);
    }

    @Test
    void noCheckpointMeansAStartWithoutState() {
        assertThat(new RetainedCheckpoints(dir.resolve("absent")).latest()).isEmpty();
    }

    @Test
    void pruningKeepsOnlyTheRunOfTheCheckpointResumedFrom() throws Exception {
        checkpoint("run-a", "chk-7", Instant.parse("2026-01-01T10:00:00Z"));
        Path keep = checkpoint("run-b", "chk-3", Instant.parse("2026-01-01T11:00:00Z"));
        new RetainedCheckpoints(dir).pruneAllBut(keep);
        assertThat(dir.resolve("run-a")).doesNotExist();
        assertThat(keep.resolve("_metadata")).exists();
    }

    private Path checkpoint(String run, String name, Instant at) throws Exception {
        Path chk = Files.createDirectories(dir.resolve(run).resolve(name));
        Path metadata = Files.writeString(chk.resolve("_metadata"), "m");
        Files.setLastModifiedTime(metadata, FileTime.from(at));
        return chk;
    }
}
