package dev.scoperag.core.record;

/**
 * The last record of a document version: its chunks, already on the topic, become searchable, and
 * the version it supersedes stops being searchable.
 */
public record DocumentCommitted(
        String shard,
        String ticker,
        Long cik,
        String company,
        int fiscalYear,
        String formType,
        String period,
        String accession,
        String filedAt,
        String docId,
        String docHash,
        String sourceHash,
        long version,
        int chunkCount,
        int charCount,
        int pageCount,
        String supersedesDocHash,
        String committedAt,
        String embeddingModel,
        String pipelineVersion)
        implements ChunkTopicRecord {

    @Override
    public String key() {
        return ChunkTopicRecord.documentKey(shard, docId);
    }
}
