package dev.scoperag.launcher.ingest;

import dev.scoperag.core.record.DocumentCommitted;

/** One filing of an ingest run, from listing to its outcome; fields are written by the run's threads. */
final class TrackedFiling {

    /** What became of a filing. */
    enum Status { PENDING, PUBLISHED, UNCHANGED, REJECTED }

    final FilingFile file;
    final String key;
    volatile String sourceHash;
    volatile long bytes;
    /** Chunks the document will make, estimated from a local extraction; null until known. */
    volatile Integer expectedChunks;
    volatile int chunksSeen;
    volatile Status status = Status.PENDING;
    volatile String reason;
    volatile String detail;
    volatile DocumentCommitted committed;
    volatile boolean sent;
    /** Where the commit record is on {@code chunks}: readers that have passed it see the document. */
    volatile int commitPartition = -1;
    volatile long commitOffset = -1;

    TrackedFiling(FilingFile file, String key) {
        this.file = file;
        this.key = key;
    }

    String shard() {
        return file.event().shard().id();
    }

    String docId() {
        return file.event().docId();
    }

    boolean done() {
        return status != Status.PENDING;
    }

    void published(DocumentCommitted c, int partition, long offset) {
        committed = c;
        commitPartition = partition;
        commitOffset = offset;
        chunksSeen = c.chunkCount();
        status = Status.PUBLISHED;
    }

    void unchanged(DocumentCommitted c, String why) {
        committed = c;
        detail = why;
        status = Status.UNCHANGED;
    }

    void rejected(String reasonCode, String why) {
        reason = reasonCode;
        detail = why;
        status = Status.REJECTED;
    }
}
