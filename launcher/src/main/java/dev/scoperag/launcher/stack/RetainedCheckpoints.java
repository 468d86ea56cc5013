package dev.scoperag.launcher.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The checkpoints one job has retained in its directory, laid out by Flink as
 * {@code <dir>/<job id>/chk-<n>/_metadata}: a restart resumes from the newest complete one.
 */
final class RetainedCheckpoints {

    private static final String METADATA = "_metadata";

    private final Path directory;

    RetainedCheckpoints(Path directory) {
        this.directory = directory;
    }

    Path directory() {
        return directory;
    }

    /** The newest checkpoint with its metadata written (a checkpoint is complete once it has), if any. */
    Optional<Path> latest() {
        if (!Files.isDirectory(directory)) {
            return Optional.empty();
        }
        try (Stream<Path> jobs = Files.list(directory)) {
            return jobs.filter(Files::isDirectory)
                    .flatMap(RetainedCheckpoints::checkpointsOf)
                    .filter(chk -> Files.isRegularFile(chk.resolve(METADATA)))
                    .max(Comparator.comparing(RetainedCheckpoints::writtenAt).thenComparing(RetainedCheckpoints::number));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list checkpoints in " + directory, e);
        }
    }

    /**
     * Deletes the directories of earlier runs except the one holding {@code keep}: each run of a job
     * writes under a new job id, and a restored job takes a full checkpoint of its own first.
     */
    void pruneAllBut(Path keep) {
        if (!Files.isDirectory(directory)) {
            return;
        }
        Path keepJob = keep == null ? null : keep.getParent();
        try (Stream<Path> jobs = Files.list(directory)) {
            for (Path job : jobs.filter(Files::isDirectory).toList()) {
                if (!job.equals(keepJob)) {
                    DataDirectory.deleteRecursively(job);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prune checkpoints in " + directory, e);
        }
    }

    private static Stream<Path> checkpointsOf(Path jobDir) {
        try (Stream<Path> children = Files.list(jobDir)) {
            List<Path> checkpoints = children.filter(p -> p.getFileName().toString().startsWith("chk-")).toList();
            return checkpoints.stream();
        } catch (IOException e) {
            return Stream.empty();
        }
    }

    private static FileTime writtenAt(Path checkpoint) {
        try {
            return Files.getLastModifiedTime(checkpoint.resolve(METADATA));
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    private static long number(Path checkpoint) {
        try {
            return Long.parseLong(checkpoint.getFileName().toString().substring(4));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
