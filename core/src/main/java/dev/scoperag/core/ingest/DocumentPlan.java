package dev.scoperag.core.ingest;

import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.RejectedFiling;
import java.util.List;

/**
 * The {@code chunks} records of one document change in publication order (chunks still without
 * embeddings, the commit, tombstones), with where the filing came from, so that a failure while the
 * records are embedded can still send the filing to the dead-letter topic.
 */
public record DocumentPlan(String shard, String docId, String docHash, RejectedFiling.Source source, FilingEvent event,
        List<ChunkTopicRecord> records) {

    public DocumentPlan {
        records = List.copyOf(records);
    }

    /** The ids of the chunks this plan publishes. */
    public List<String> chunkIds() {
        return records.stream().filter(r -> r instanceof ChunkUpserted).map(r -> ((ChunkUpserted) r).chunkId()).toList();
    }
}
