package dev.scoperag.core.record;

/**
 * The last record of a document version: its chunks, already on the topic, become searchable, and
 * the version it supersedes stops being searchable.
 *
 * <p>{@code ticker} is the shard's canonical spelling; {@code tickerAsFiled} is what the filer
 * wrote when it differs ({@code BRK.B}), else null. {@code learnedAliases} are the names the document
 * uses for the issuer's own products, segments and subsidiaries ("Azure", "YouTube"), which the
 * router reads as names of the issuer; null or empty when none were found. {@code formerNames} are the names the
 * company went by before, as the document writes them right after its own name ("Square, Inc." in Block's), which the
 * router reads as the issuer's names; null or empty when it gives none. {@code dealNames} are those of the learned
 * names the document writes as companies its issuer spun off, sold or holds, or acquired ("Kenvue" in Johnson &amp;
 * Johnson's 2023 10-K), which the router reads as the issuer's where that company's own filings are not in the corpus;
 * null or empty when there are none.
 */
public record DocumentCommitted(
        String shard,
        String ticker,
        String tickerAsFiled,
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
        String pipelineVersion,
        java.util.List<String> learnedAliases,
        java.util.List<String> formerNames,
        java.util.List<String> dealNames)
        implements ChunkTopicRecord {

    /** A document whose deal names were not read (records written before they were). */
    public DocumentCommitted(String shard, String ticker, String tickerAsFiled, Long cik, String company, int fiscalYear,
            String formType, String period, String accession, String filedAt, String docId, String docHash,
            String sourceHash, long version, int chunkCount, int charCount, int pageCount, String supersedesDocHash,
            String committedAt, String embeddingModel, String pipelineVersion, java.util.List<String> learnedAliases,
            java.util.List<String> formerNames) {
        this(shard, ticker, tickerAsFiled, cik, company, fiscalYear, formType, period, accession, filedAt, docId, docHash,
                sourceHash, version, chunkCount, charCount, pageCount, supersedesDocHash, committedAt, embeddingModel,
                pipelineVersion, learnedAliases, formerNames, null);
    }

    /** A document whose former names were not read (records written before they were). */
    public DocumentCommitted(String shard, String ticker, String tickerAsFiled, Long cik, String company, int fiscalYear,
            String formType, String period, String accession, String filedAt, String docId, String docHash,
            String sourceHash, long version, int chunkCount, int charCount, int pageCount, String supersedesDocHash,
            String committedAt, String embeddingModel, String pipelineVersion, java.util.List<String> learnedAliases) {
        this(shard, ticker, tickerAsFiled, cik, company, fiscalYear, formType, period, accession, filedAt, docId, docHash,
                sourceHash, version, chunkCount, charCount, pageCount, supersedesDocHash, committedAt, embeddingModel,
                pipelineVersion, learnedAliases, null, null);
    }

    /** A document whose aliases were not learned (records written before they were). */
    public DocumentCommitted(String shard, String ticker, String tickerAsFiled, Long cik, String company, int fiscalYear,
            String formType, String period, String accession, String filedAt, String docId, String docHash,
            String sourceHash, long version, int chunkCount, int charCount, int pageCount, String supersedesDocHash,
            String committedAt, String embeddingModel, String pipelineVersion) {
        this(shard, ticker, tickerAsFiled, cik, company, fiscalYear, formType, period, accession, filedAt, docId, docHash,
                sourceHash, version, chunkCount, charCount, pageCount, supersedesDocHash, committedAt, embeddingModel,
                pipelineVersion, (java.util.List<String>) null);
    }

    /** A document filed under its canonical ticker spelling. */
    public DocumentCommitted(String shard, String ticker, Long cik, String company, int fiscalYear, String formType,
            String period, String accession, String filedAt, String docId, String docHash, String sourceHash, long version,
            int chunkCount, int charCount, int pageCount, String supersedesDocHash, String committedAt,
            String embeddingModel, String pipelineVersion) {
        this(shard, ticker, null, cik, company, fiscalYear, formType, period, accession, filedAt, docId, docHash,
                sourceHash, version, chunkCount, charCount, pageCount, supersedesDocHash, committedAt, embeddingModel,
                pipelineVersion);
    }

    @Override
    public String key() {
        return ChunkTopicRecord.documentKey(shard, docId);
    }
}
