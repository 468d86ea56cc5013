package dev.scoperag.launcher.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Where the embedded stack keeps its state: the broker's log directory, each job's retained
 * checkpoints and RocksDB working files. A temporary one is deleted when the stack stops.
 */
public record DataDirectory(Path root, boolean temporary) {

    /** {@code $XDG_DATA_HOME/scoperag}, else {@code ~/.local/share/scoperag}: outside any checkout. */
    public static Path defaultRoot() {
        String xdg = System.getenv("XDG_DATA_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".local", "share");
        return base.resolve("scoperag");
    }

    public static DataDirectory persistent(Path root) {
        return new DataDirectory(root.toAbsolutePath().normalize(), false);
    }

    public static DataDirectory temporary(String prefix) {
        try {
            return new DataDirectory(Files.createTempDirectory(prefix), true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory", e);
        }
    }

    public Path kafka() {
        return root.resolve("kafka");
    }

    public Path checkpoints(String job) {
        return root.resolve("checkpoints").resolve(job);
    }

    public Path rocksdb() {
        return root.resolve("rocksdb");
    }

    public Path tmp() {
        return root.resolve("tmp");
    }

    /** Deletes the directory if it is temporary; a persistent one is kept for the next start. */
    public void release() {
        if (temporary) {
            deleteRecursively(root);
        }
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }
}
