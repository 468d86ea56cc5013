package dev.scoperag.launcher.bench;

import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.search.IndexedChunk;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What window vectors cost in bytes, per chunk: on the {@code chunks} topic (the record's JSON, as the sink writes it),
 * in the query job's state (the JSON of the searchable chunk its shard store keeps in RocksDB) and in a shard index's
 * memory; each with and without the window vectors, so "before" is the same chunk as a record without them.
 */
record RecordSizes(int chunks, double topicBytes, double topicBytesWithout, double stateBytes, double stateBytesWithout,
        double windows, double indexBytes, double indexBytesWithout) {

    static RecordSizes of(List<ChunkUpserted> published, List<DocumentCommitted> commits) {
        Map<String, DocumentCommitted> commitOf = new HashMap<>();
        commits.forEach(c -> commitOf.put(c.shard() + "/" + c.docId() + "@" + c.docHash(), c));
        long topic = 0;
        long topicWithout = 0;
        long state = 0;
        long stateWithout = 0;
        long windows = 0;
        long index = 0;
        long indexWithout = 0;
        int counted = 0;
        for (ChunkUpserted chunk : published) {
            DocumentCommitted commit = commitOf.get(chunk.shard() + "/" + chunk.docId() + "@" + chunk.docHash());
            if (commit == null) {
                continue;
            }
            ChunkUpserted without = chunk.withVectors(chunk.embedding(), null);
            topic += Json.toBytes(chunk).length;
            topicWithout += Json.toBytes(without).length;
            state += Json.toBytes(IndexedChunk.of(chunk, commit)).length;
            stateWithout += Json.toBytes(IndexedChunk.of(without, commit)).length;
            int count = chunk.windows() == null ? 0 : chunk.windows().count();
            int dims = chunk.embedding().dims();
            windows += count;
            // The index packs each vector as float32, each window as int8 with a float32 scale.
            indexWithout += (long) dims * Float.BYTES;
            index += (long) dims * Float.BYTES + (long) count * (dims + Float.BYTES);
            counted++;
        }
        double n = Math.max(counted, 1);
        return new RecordSizes(counted, topic / n, topicWithout / n, state / n, stateWithout / n, windows / n, index / n,
                indexWithout / n);
    }

    void print(PrintStream out) {
        out.printf(Locale.ROOT, "bytes per chunk (%d chunks, %.1f windows each): on chunks %.0f (without window vectors %.0f), "
                        + "query job state %.0f (without %.0f), shard index vectors %.0f (without %.0f)%n",
                chunks, windows, topicBytes, topicBytesWithout, stateBytes, stateBytesWithout, indexBytes, indexBytesWithout);
    }
}
