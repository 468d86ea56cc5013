package dev.scoperag.launcher.bench;

import dev.scoperag.launcher.stack.DataDirectory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * What the embedded stack holds at one point: the JVM heap in use after a full collection (the
 * broker, both jobs and the benchmark share the JVM), RocksDB's working files, the query job's
 * retained checkpoints and the broker's log, in bytes.
 */
record Footprint(long heapAfterGc, long rocksDb, long queryCheckpoints, long kafkaLog) {

    static Footprint of(DataDirectory data) {
        for (int i = 0; i < 2; i++) {
            System.gc();
        }
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        return new Footprint(heap, size(data.rocksdb()), size(data.checkpoints("query")), size(data.kafka()));
    }

    static long size(Path dir) {
        if (!Files.exists(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.mapToLong(p -> {
                try {
                    return Files.isRegularFile(p) ? Files.size(p) : 0;
                } catch (IOException e) {
                    return 0;  // deleted while walking (a compaction, a pruned checkpoint)
                }
            }).sum();
        } catch (IOException | UncheckedIOException e) {
            return -1;
        }
    }

    String describe() {
        return String.format(Locale.ROOT, "heap used after GC %s, RocksDB working files %s, query job checkpoints %s, Kafka log %s",
                mb(heapAfterGc), mb(rocksDb), mb(queryCheckpoints), mb(kafkaLog));
    }

    private static String mb(long bytes) {
        return bytes < 0 ? "?" : String.format(Locale.ROOT, "%.0f MB", bytes / 1048576.0);
    }
}
