package dev.scoperag.embedded;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.metadata.storage.Formatter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one directory that holds both the KRaft metadata log and the topic data of the embedded
 * node, locked for as long as a broker uses it.
 *
 * <p>It is formatted (given a cluster id and a bootstrap metadata log) only on first use, so
 * restarting on the same directory resumes the same cluster with its topics, offsets and
 * transactions.
 */
final class KafkaLogDirectory implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaLogDirectory.class);

    private static final String META_PROPERTIES = "meta.properties";
    // Kafka locks its own ".lock" only when the broker starts, after the controller has already
    // opened the metadata log; a second node on the same directory would append to that log
    // before failing. This lock is taken before anything is read or written.
    private static final String OWNER_LOCK = "scoperag-embedded.lock";

    private final Path path;
    private final boolean temporary;
    private final FileChannel lockChannel;
    private final FileLock lock;

    private KafkaLogDirectory(Path path, boolean temporary, FileChannel lockChannel, FileLock lock) {
        this.path = path;
        this.temporary = temporary;
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    /** Creates (if needed) and locks a directory that outlives the broker. */
    static KafkaLogDirectory persistent(Path dir) {
        Path path = dir.toAbsolutePath();
        try {
            Files.createDirectories(path);
            // Checked before locking too, so a wrong directory is refused without a lock file
            // being left in it.
            refuseForeign(path);
        } catch (IOException e) {
            throw unusable(path, e);
        }
        return lock(path, false);
    }

    /** Creates and locks a fresh directory that is deleted on close. */
    static KafkaLogDirectory temporary() {
        try {
            return lock(Files.createTempDirectory("scoperag-kafka-"), true);
        } catch (IOException e) {
            throw new EmbeddedKafkaException(
                    EmbeddedKafkaException.Reason.LOG_DIR_UNUSABLE,
                    "cannot create a temporary log directory",
                    e);
        }
    }

    private static KafkaLogDirectory lock(Path path, boolean temporary) {
        FileChannel channel = null;
        try {
            channel =
                    FileChannel.open(
                            path.resolve(OWNER_LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw inUse(path, null);
            }
            return new KafkaLogDirectory(path, temporary, channel, lock);
        } catch (OverlappingFileLockException e) {
            closeQuietly(channel);
            throw inUse(path, e);
        } catch (IOException e) {
            closeQuietly(channel);
            throw unusable(path, e);
        } catch (RuntimeException e) {
            closeQuietly(channel);
            throw e;
        }
    }

    Path path() {
        return path;
    }

    boolean isTemporary() {
        return temporary;
    }

    /**
     * Formats the directory as a new single-node cluster unless it already is a Kafka log
     * directory.
     *
     * @return true if the directory was formatted now, false if an existing one is resumed
     */
    boolean formatIfNew(int nodeId, String controllerListener) {
        try {
            if (Files.exists(path.resolve(META_PROPERTIES))) {
                return false;
            }
            refuseForeign(path);
            new Formatter()
                    .setNodeId(nodeId)
                    .setClusterId(Uuid.randomUuid().toString())
                    .setDirectories(List.of(path.toString()))
                    .setMetadataLogDirectory(path.toString())
                    .setControllerListenerName(controllerListener)
                    .setPrintStream(
                            new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8))
                    .run();
            return true;
        } catch (EmbeddedKafkaException e) {
            throw e;
        } catch (Exception e) {
            throw new EmbeddedKafkaException(
                    EmbeddedKafkaException.Reason.LOG_DIR_UNUSABLE,
                    "cannot format " + path + ": " + e.getMessage(),
                    e);
        }
    }

    // Formatting writes into the directory; never do that to files we do not own.
    private static void refuseForeign(Path path) throws IOException {
        if (Files.exists(path.resolve(META_PROPERTIES))) {
            return;
        }
        try (Stream<Path> entries = Files.list(path)) {
            if (entries.anyMatch(entry -> !entry.getFileName().toString().equals(OWNER_LOCK))) {
                throw new EmbeddedKafkaException(
                        EmbeddedKafkaException.Reason.LOG_DIR_NOT_KAFKA,
                        path + " is not empty and has no " + META_PROPERTIES
                                + "; give an empty directory or one a previous run created");
            }
        }
    }

    /** Releases the lock, and deletes the directory if it was temporary. */
    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException e) {
            LOG.warn("Could not release the lock on {}", path, e);
        }
        closeQuietly(lockChannel);
        if (temporary) {
            try {
                Utils.delete(path.toFile());
            } catch (IOException e) {
                LOG.warn("Could not delete the temporary Kafka log directory {}", path, e);
            }
        }
    }

    private static EmbeddedKafkaException inUse(Path path, Throwable cause) {
        return new EmbeddedKafkaException(
                EmbeddedKafkaException.Reason.LOG_DIR_IN_USE,
                path + " is used by another embedded Kafka; stop it or choose another directory",
                cause);
    }

    private static EmbeddedKafkaException unusable(Path path, IOException cause) {
        return new EmbeddedKafkaException(
                EmbeddedKafkaException.Reason.LOG_DIR_UNUSABLE,
                "cannot use " + path + " as a log directory: " + cause.getMessage(),
                cause);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // the lock is released with the channel either way
            }
        }
    }
}
