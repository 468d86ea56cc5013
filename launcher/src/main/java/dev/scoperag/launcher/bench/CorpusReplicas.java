package dev.scoperag.launcher.bench;

import dev.scoperag.core.chunk.Chunker;
import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Grows a published corpus by repeating its documents under other issuers: replica {@code n} of
 * ticker {@code AMZN} is {@code AMZNR<n>}, named "Bench Replica AMZNR<n>", with no CIK, so no
 * question that names the original company (or its ticker) can route to a replica. The records are
 * those the ingest job would publish for the same text in the replica's shard: the same chunks,
 * offsets, pages and embeddings, with the shard, ticker and chunk ids (SHA-256 of shard, document
 * hash and offset) of the new shard.
 */
public final class CorpusReplicas {

    static final String NAME_PREFIX = "Bench Replica ";

    private CorpusReplicas() {}

    public static String ticker(String original, int replica) {
        if (replica < 1) {
            throw new IllegalArgumentException("replicas are numbered from 1, not " + replica);
        }
        return original + "R" + replica;
    }

    public static String company(String replicaTicker) {
        return NAME_PREFIX + replicaTicker;
    }

    /** Whether a ticker is one this class made. */
    public static boolean isReplica(String ticker) {
        return ticker.matches(".+R[1-9][0-9]*");
    }

    /**
     * The records of replica {@code replica} of the committed documents among {@code published}, in
     * the same order: each document's chunks, then its commit. Chunks of versions that were never
     * committed, and other record types, are left out.
     */
    public static List<ChunkTopicRecord> replicate(List<ChunkTopicRecord> published, int replica) {
        Set<String> committed = new HashSet<>();
        for (ChunkTopicRecord r : published) {
            if (r instanceof DocumentCommitted c) {
                committed.add(version(c.shard(), c.docId(), c.docHash()));
            }
        }
        List<ChunkTopicRecord> copies = new ArrayList<>(published.size());
        for (ChunkTopicRecord r : published) {
            if (r instanceof ChunkUpserted c && committed.contains(version(c.shard(), c.docId(), c.docHash()))) {
                copies.add(copy(c, replica));
            } else if (r instanceof DocumentCommitted c) {
                copies.add(copy(c, replica));
            }
        }
        return copies;
    }

    static ChunkUpserted copy(ChunkUpserted c, int replica) {
        Shard shard = replicaShard(c.shard(), replica);
        return new ChunkUpserted(shard.id(), shard.ticker(), c.fiscalYear(), c.docId(), c.docHash(),
                Chunker.chunkId(shard.id(), c.docHash(), c.charStart()), c.textHash(), c.seq(), c.charStart(), c.charEnd(),
                c.pageStart(), c.pageEnd(), c.section(), c.text(), c.embedding());
    }

    static DocumentCommitted copy(DocumentCommitted c, int replica) {
        Shard shard = replicaShard(c.shard(), replica);
        return new DocumentCommitted(shard.id(), shard.ticker(), null, company(shard.ticker()), c.fiscalYear(), c.formType(),
                c.period(), null, c.filedAt(), c.docId(), c.docHash(), c.sourceHash(), c.version(), c.chunkCount(), c.charCount(),
                c.pageCount(), null, c.committedAt(), c.embeddingModel(), c.pipelineVersion());
    }

    private static Shard replicaShard(String shardId, int replica) {
        Shard original = Shard.parse(shardId);
        return new Shard(ticker(original.ticker(), replica), original.fiscalYear());
    }

    private static String version(String shard, String docId, String docHash) {
        return shard + "/" + docId + "@" + docHash;
    }
}
