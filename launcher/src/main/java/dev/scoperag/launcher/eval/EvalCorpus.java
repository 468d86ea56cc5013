package dev.scoperag.launcher.eval;

import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The corpus as the evaluation sees it: each document by its benchmark name with the identity the
 * pipeline gave it (shard and document id), and every chunk's text and page span by chunk id, so
 * an answer's context can be checked against the gold evidence.
 */
public final class EvalCorpus {

    /**
     * A document of the corpus.
     *
     * @param paged whether its text has page breaks (PDF); EDGAR text and HTML have none
     */
    public record Document(String name, String shard, String docId, String ticker, Long cik, int fiscalYear, String formType,
            String period, boolean paged) {

        public String key() {
            return key(shard, docId);
        }

        static String key(String shard, String docId) {
            return shard + "/" + docId;
        }

        /** Whether a chunk belongs to the same company: by CIK when both are known, else by ticker. */
        boolean sameIssuer(Document other) {
            if (cik != null && other.cik != null) {
                return cik.equals(other.cik);
            }
            return ticker.equals(other.ticker);
        }
    }

    private final Map<String, Document> byName;
    private final Map<String, Document> byKey;
    private final Map<String, ChunkUpserted> chunks;
    private final List<ChunkTopicRecord> records;

    private EvalCorpus(Map<String, Document> byName, Map<String, Document> byKey, Map<String, ChunkUpserted> chunks,
            List<ChunkTopicRecord> records) {
        this.byName = byName;
        this.byKey = byKey;
        this.chunks = chunks;
        this.records = records;
    }

    /**
     * Joins the filing events of a backfill (named by their event ids, FinanceBench's doc names) with the
     * chunks records they became; events that left no committed document are absent.
     */
    public static EvalCorpus of(List<FilingEvent> events, List<ChunkTopicRecord> records) {
        Map<String, DocumentCommitted> commits = new HashMap<>();
        Map<String, ChunkUpserted> chunks = new HashMap<>();
        for (ChunkTopicRecord record : records) {
            if (record instanceof DocumentCommitted commit) {
                commits.put(Document.key(commit.shard(), commit.docId()), commit);
            } else if (record instanceof ChunkUpserted chunk) {
                chunks.put(chunk.chunkId(), chunk);
            }
        }
        Map<String, Document> byName = new LinkedHashMap<>();
        Map<String, Document> byKey = new LinkedHashMap<>();
        for (FilingEvent event : events) {
            String key = Document.key(event.shard().id(), event.docId());
            DocumentCommitted commit = commits.get(key);
            if (commit == null) {
                continue;
            }
            Document document = new Document(event.eventId(), commit.shard(), commit.docId(), commit.ticker(), commit.cik(),
                    commit.fiscalYear(), commit.formType(), commit.period(), commit.pageCount() > 0);
            byName.put(document.name(), document);
            byKey.put(key, document);
        }
        return new EvalCorpus(byName, byKey, chunks, List.copyOf(records));
    }

    public Optional<Document> document(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public Optional<Document> document(String shard, String docId) {
        return Optional.ofNullable(byKey.get(Document.key(shard, docId)));
    }

    public Optional<ChunkUpserted> chunk(String chunkId) {
        return Optional.ofNullable(chunks.get(chunkId));
    }

    public int documentCount() {
        return byName.size();
    }

    public int chunkCount() {
        return chunks.size();
    }

    /** Every chunks record, in topic order: what a query engine is built from. */
    public List<ChunkTopicRecord> records() {
        return records;
    }
}
