package dev.scoperag.core.ingest;

import dev.scoperag.core.chunk.Chunk;
import dev.scoperag.core.chunk.Chunker;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.route.AliasLearner;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.record.FactsPublished;
import dev.scoperag.core.record.PipelineVersion;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The {@code chunks} records of one document change, in publication order: a new version's chunks
 * (embeddings still to be filled in), its facts, its commit, then tombstones for the version it supersedes, so
 * the old version stays searchable until the new one is committed. A retraction is its record and
 * the tombstones of its chunks.
 */
public final class PublicationPlanner {

    private final Chunker chunker;
    private final Function<String, IntFunction<String>> sectionsOf;
    private final String embeddingModel;
    private final Clock clock;

    /**
     * @param sectionsOf for a document text, the section label at each offset
     */
    public PublicationPlanner(Chunker chunker, Function<String, IntFunction<String>> sectionsOf, String embeddingModel, Clock clock) {
        this.chunker = chunker;
        this.sectionsOf = sectionsOf;
        this.embeddingModel = embeddingModel;
        this.clock = clock;
    }

    public List<ChunkTopicRecord> plan(DocumentChange change) {
        if (change instanceof DocumentChange.NewVersion v) {
            return planVersion(v);
        }
        return planRetraction((DocumentChange.Retraction) change);
    }

    private List<ChunkTopicRecord> planVersion(DocumentChange.NewVersion v) {
        FilingEvent e = v.event();
        PublishedDocument doc = v.published();
        String shard = v.shard();
        List<Chunk> chunks = chunker.chunk(shard, doc.docHash(), v.text(), sectionsOf.apply(v.text().text()));
        List<ChunkTopicRecord> records = new ArrayList<>(chunks.size() + 1);
        for (Chunk c : chunks) {
            records.add(new ChunkUpserted(shard, e.shard().ticker(), e.tickerAsFiled(), e.fiscalYear(), doc.docId(), doc.docHash(), c.chunkId(),
                    c.textHash(), c.seq(), c.charStart(), c.charEnd(), c.pageStart(), c.pageEnd(), c.section(), c.text(), null));
        }
        if (!v.facts().isEmpty()) {
            records.add(new FactsPublished(shard, e.shard().ticker(), e.fiscalYear(), e.form(), doc.docId(), doc.docHash(),
                    v.facts()));
        }
        PublishedDocument previous = v.previous();
        List<String> learned = learnedAliases(v, e);
        records.add(new DocumentCommitted(shard, e.shard().ticker(), e.tickerAsFiled(), e.cik(), e.company(), e.fiscalYear(), e.form(), e.period(),
                e.accession(), e.filedAt(), doc.docId(), doc.docHash(), doc.sourceHash(), doc.version(), chunks.size(),
                doc.charCount(), v.text().pageCount(), previous == null ? null : previous.docHash(),
                clock.instant().toString(), embeddingModel, PipelineVersion.CURRENT, learned, formerNames(v, e),
                learned == null ? null : dealNames(v, learned)));
        if (previous != null && !previous.docHash().equals(doc.docHash())) {
            removeChunks(shard, previous, records);
        }
        return records;
    }

    /** The names the document teaches for its issuer's products and segments; null when none (the record leaves the field out). */
    private static List<String> learnedAliases(DocumentChange.NewVersion v, FilingEvent e) {
        List<String> learned = AliasLearner.learn(v.text().text(), e.company(), e.shard().ticker());
        return learned.isEmpty() ? null : learned;
    }

    /** Of the learned names, the companies of the issuer's own deals; null when none (the record leaves the field out). */
    private static List<String> dealNames(DocumentChange.NewVersion v, List<String> learned) {
        List<String> deals = AliasLearner.dealNames(v.text().text(), learned);
        return deals.isEmpty() ? null : deals;
    }

    /** The names the document says its issuer went by before; null when none (the record leaves the field out). */
    private static List<String> formerNames(DocumentChange.NewVersion v, FilingEvent e) {
        List<String> former = AliasLearner.formerNames(v.text().text(), e.company());
        return former.isEmpty() ? null : former;
    }

    private List<ChunkTopicRecord> planRetraction(DocumentChange.Retraction r) {
        PublishedDocument removed = r.removed();
        List<ChunkTopicRecord> records = new ArrayList<>();
        String reason = r.event().eventId() == null ? "retracted" : "retracted by filing event " + r.event().eventId();
        records.add(new DocumentRetracted(r.shard(), r.event().shard().ticker(), r.event().fiscalYear(), removed.docId(),
                removed.docHash(), clock.instant().toString(), reason));
        removeChunks(r.shard(), removed, records);
        return records;
    }

    private void removeChunks(String shard, PublishedDocument doc, List<ChunkTopicRecord> records) {
        for (String chunkId : chunker.chunkIds(shard, doc.docHash(), doc.charCount())) {
            records.add(new ChunkRemoved(shard, chunkId));
        }
    }
}
