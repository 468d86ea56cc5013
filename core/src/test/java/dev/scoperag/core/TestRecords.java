package dev.scoperag.core;

import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.PipelineVersion;
import dev.scoperag.core.record.WindowVectors;
import dev.scoperag.core.search.IndexedChunk;

/**
 * Builders of the records tests make by the dozen ({@link IndexedChunk}, {@link DocumentCommitted}), with plain
 * defaults, so that a test names only what it is about. The ticker and fiscal year come from the shard id.
 */
public final class TestRecords {

    private TestRecords() {}

    /** A searchable chunk of {@code shard} ({@code TICKER:YEAR}) with {@code text}, a 10-K's, vector {1}. */
    public static ChunkBuilder indexedChunk(String chunkId, String shard, String text) {
        return new ChunkBuilder(chunkId, shard, text);
    }

    /** The commit of document {@code docId} version {@code docHash} of {@code shard}: a 10-K of one chunk, model "m". */
    public static CommitBuilder commit(String shard, String docId, String docHash) {
        return new CommitBuilder(shard, docId, docHash);
    }

    /** The ticker of a shard id: up to its last ':', since a hostile ticker may hold one (the year never does). */
    static String tickerOf(String shard) {
        return shard.substring(0, shard.lastIndexOf(':'));
    }

    static int yearOf(String shard) {
        return Integer.parseInt(shard.substring(shard.lastIndexOf(':') + 1));
    }

    /** Builds an {@link IndexedChunk}. */
    public static final class ChunkBuilder {

        private final String chunkId;
        private final String shard;
        private final String text;
        private String ticker;
        private WindowVectors windows;
        private String docId = "doc";
        private String docHash = "hash";
        private String formType = "10-K";
        private String period;
        private int seq;
        private int charStart;
        private int charEnd;
        private Integer pageStart;
        private Integer pageEnd;
        private String section = "Item 7";
        private float[] vector = {1f};

        private ChunkBuilder(String chunkId, String shard, String text) {
            this.chunkId = chunkId;
            this.shard = shard;
            this.text = text;
            this.ticker = tickerOf(shard);
            this.charEnd = text.length();
        }

        /** The ticker, when it is not the shard's. */
        public ChunkBuilder ticker(String value) {
            ticker = value;
            return this;
        }

        public ChunkBuilder document(String id, String hash) {
            docId = id;
            docHash = hash;
            return this;
        }

        public ChunkBuilder form(String form, String filingPeriod) {
            formType = form;
            period = filingPeriod;
            return this;
        }

        public ChunkBuilder seq(int value) {
            seq = value;
            return this;
        }

        /** Where the text sits in its document: from {@code start}, as long as the text. */
        public ChunkBuilder at(int start) {
            charStart = start;
            charEnd = start + text.length();
            return this;
        }

        /** Where the chunk sits in its document, when that is not where its text would ({@link #at}). */
        public ChunkBuilder chars(int start, int end) {
            charStart = start;
            charEnd = end;
            return this;
        }

        public ChunkBuilder pages(Integer first, Integer last) {
            pageStart = first;
            pageEnd = last;
            return this;
        }

        public ChunkBuilder section(String value) {
            section = value;
            return this;
        }

        public ChunkBuilder vector(float... value) {
            vector = value;
            return this;
        }

        public ChunkBuilder windows(WindowVectors value) {
            windows = value;
            return this;
        }

        public IndexedChunk build() {
            return new IndexedChunk(chunkId, shard, ticker, yearOf(shard), docId, docHash, formType, period, seq, charStart, charEnd,
                    pageStart, pageEnd, section, text, vector, windows);
        }
    }

    /** Builds a {@link DocumentCommitted}. */
    public static final class CommitBuilder {

        private final String shard;
        private final String docId;
        private final String docHash;
        private String ticker;
        private String tickerAsFiled;
        private Long cik = 1L;
        private String company;
        private int fiscalYear;
        private String formType = "10-K";
        private String period;
        private String accession;
        private String filedAt;
        private String sourceHash;
        private long version = 1;
        private int chunkCount = 1;
        private int charCount = 100;
        private int pageCount = 1;
        private String supersedesDocHash;
        private String committedAt = "2026-12-02T00:00:00Z";
        private String embeddingModel = "m";
        private String pipelineVersion = PipelineVersion.CURRENT;
        private java.util.List<String> learnedAliases;
        private java.util.List<String> formerNames;
        private java.util.List<String> dealNames;

        private CommitBuilder(String shard, String docId, String docHash) {
            this.shard = shard;
            this.docId = docId;
            this.docHash = docHash;
            this.ticker = tickerOf(shard);
            this.company = ticker + " Inc.";
            this.fiscalYear = yearOf(shard);
            this.sourceHash = docHash;
        }

        /** The issuer: its ticker as the filer spelled it when that differs from the shard's (else null), CIK and name. */
        public CommitBuilder issuer(String asFiled, Long issuerCik, String name) {
            tickerAsFiled = asFiled;
            cik = issuerCik;
            company = name;
            return this;
        }

        /** The ticker, when it is not the shard's. */
        public CommitBuilder ticker(String value) {
            ticker = value;
            return this;
        }

        /** The fiscal year, when it is not the shard's. */
        public CommitBuilder fiscalYear(int value) {
            fiscalYear = value;
            return this;
        }

        public CommitBuilder form(String form, String filingPeriod) {
            formType = form;
            period = filingPeriod;
            return this;
        }

        public CommitBuilder filing(String accessionNumber, String filed) {
            accession = accessionNumber;
            filedAt = filed;
            return this;
        }

        public CommitBuilder sourceHash(String value) {
            sourceHash = value;
            return this;
        }

        public CommitBuilder version(long value) {
            version = value;
            return this;
        }

        public CommitBuilder counts(int chunks, int chars, int pages) {
            chunkCount = chunks;
            charCount = chars;
            pageCount = pages;
            return this;
        }

        public CommitBuilder supersedes(String docHashBefore) {
            supersedesDocHash = docHashBefore;
            return this;
        }

        public CommitBuilder committedAt(String value) {
            committedAt = value;
            return this;
        }

        public CommitBuilder model(String value) {
            embeddingModel = value;
            return this;
        }

        public CommitBuilder formerNames(java.util.List<String> value) {
            formerNames = value;
            return this;
        }

        public CommitBuilder dealNames(java.util.List<String> value) {
            dealNames = value;
            return this;
        }

        public CommitBuilder learnedAliases(java.util.List<String> value) {
            learnedAliases = value;
            return this;
        }

        public CommitBuilder pipeline(String value) {
            pipelineVersion = value;
            return this;
        }

        public DocumentCommitted build() {
            return new DocumentCommitted(shard, ticker, tickerAsFiled, cik, company, fiscalYear, formType, period, accession, filedAt,
                    docId, docHash, sourceHash, version, chunkCount, charCount, pageCount, supersedesDocHash, committedAt,
                    embeddingModel, pipelineVersion, learnedAliases, formerNames, dealNames);
        }
    }
}
