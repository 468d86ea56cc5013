package dev.scoperag.core.shard;

import dev.scoperag.core.fact.FactCalculator;
import dev.scoperag.core.fact.FilingFacts;
import dev.scoperag.core.fact.MetricQuestion;
import dev.scoperag.core.fact.MetricResult;
import dev.scoperag.core.fact.PublishedFacts;
import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.record.FactsPublished;
import dev.scoperag.core.search.IndexedChunk;
import dev.scoperag.core.search.ShardIndex;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * One shard's contents as the chunks topic makes them, over a {@link ShardState}: a document version's chunks wait,
 * pending, until its DocumentCommitted arrives, so a half-published version is never searched; the commit makes them
 * searchable and drops the version it supersedes, which stayed searchable until then; a retraction drops the
 * document, a tombstone the chunk. For searching it keeps an in-memory copy of the searchable chunks, read from
 * the state once, and a {@link ShardIndex} over them, built on the first search after a change; no search reads the
 * state, so a search may run where the shard's state is out of reach (a corpus-wide search in the job).
 *
 * <p>A shard holding documents embedded by another model than the one questions are embedded with is not searched:
 * its result says {@link #EMBEDDING_MODEL_MISMATCH}.
 */
public final class ShardContents implements AutoCloseable {

    /** The reason a shard of another embedding model is not searched. */
    public static final String EMBEDDING_MODEL_MISMATCH = "EMBEDDING_MODEL_MISMATCH";

    private final String shard;
    private final String embeddingModel;
    private final ShardState state;

    /** The searchable chunks by chunk id, as in the state. */
    private final Map<String, IndexedChunk> visible;
    /** Why the shard cannot be searched with {@link #embeddingModel}, from its documents' commits; empty when it can. */
    private Optional<String> mismatch;
    /** Null until the first search after a change. */
    private ShardIndex index;
    /** The committed versions' facts by document id, as in the state; null until first needed. */
    private Map<String, FactsPublished> facts;

    private ShardContents(String shard, String embeddingModel, ShardState state, Iterable<IndexedChunk> visible,
            Iterable<DocumentCommitted> documents) {
        this.shard = shard;
        this.embeddingModel = embeddingModel;
        this.state = state;
        this.visible = copy(visible);
        this.mismatch = mismatchOf(documents);
    }

    /**
     * The contents of {@code shard} as its state holds them, read once now; later only written.
     *
     * @param embeddingModel the id of the model questions are embedded with
     */
    static ShardContents load(String shard, String embeddingModel, ShardState state) throws Exception {
        return new ShardContents(shard, embeddingModel, state, state.visibleChunks().values(), state.documents().values());
    }

    /** The contents of a shard whose state was read elsewhere (every shard at once, for a corpus-wide search). */
    static ShardContents of(String shard, String embeddingModel, ShardState state, Iterable<IndexedChunk> visible,
            Iterable<DocumentCommitted> documents) {
        return new ShardContents(shard, embeddingModel, state, visible, documents);
    }

    public String shard() {
        return shard;
    }

    /**
     * Takes a chunks-topic record of this shard.
     *
     * @return whether what the shard's searches find may have changed
     */
    public boolean apply(ChunkTopicRecord record) throws Exception {
        if (record instanceof ChunkUpserted chunk) {
            state.pendingChunks().put(chunk.chunkId(), chunk);
            return false;
        }
        if (record instanceof FactsPublished published) {
            state.pendingFacts().put(pendingFactsKey(published.docId(), published.docHash()), published);
            return false;
        }
        boolean changed;
        if (record instanceof DocumentCommitted commit) {
            changed = commit(commit);
        } else if (record instanceof DocumentRetracted retraction) {
            state.documents().remove(retraction.docId());
            dropFacts(retraction.docId());
            changed = removeDocument(retraction.docId(), null);
            mismatch = mismatchOf(state.documents().values());
        } else if (record instanceof ChunkRemoved removed) {
            state.pendingChunks().remove(removed.chunkId());
            changed = visible.remove(removed.chunkId()) != null;
            if (changed) {
                state.visibleChunks().remove(removed.chunkId());
            }
        } else {
            return false;
        }
        if (changed) {
            closeIndex();
        }
        return changed;
    }

    /**
     * The shard's search for {@code request}, or why it cannot search; and, when the question asks for a metric, the
     * metric computed from the shard's facts, or what was missing.
     */
    public ShardResult search(ShardRequest request) {
        Optional<MetricResult> metric;
        try {
            metric = metric(request.search().query());
        } catch (Exception e) {
            // The facts could not be read: the question is answered by retrieval, and the answer says why.
            metric = Optional.of(new MetricResult(null, null, List.of("the shard's facts could not be read: " + e)));
        }
        Optional<String> why = modelMismatch();
        if (why.isPresent()) {
            return ShardResult.failed(request.queryId(), shard, EMBEDDING_MODEL_MISMATCH, why.get())
                    .withMetric(metric.orElse(null));
        }
        return new ShardResult(request.queryId(), shard, index().search(request.search())).withMetric(metric.orElse(null));
    }

    /**
     * The metric a question asks for, computed from the facts of the shard's committed documents; empty when the
     * question asks for none. The shard's fiscal year is the one meant when the question names none.
     */
    public Optional<MetricResult> metric(String question) throws Exception {
        if (question == null) {
            return Optional.empty();
        }
        Optional<MetricQuestion> asked = MetricQuestion.read(question, fiscalYear());
        if (asked.isEmpty()) {
            return Optional.empty();
        }
        List<FilingFacts> filings = new ArrayList<>();
        for (FactsPublished published : facts().values()) {
            filings.add(PublishedFacts.filingFacts(published));
        }
        return Optional.of(MetricResult.of(asked.get(), new FactCalculator().compute(asked.get().metric(),
                asked.get().years(), filings)));
    }

    private int fiscalYear() {
        return Shard.fromId(shard).map(Shard::fiscalYear).orElse(0);
    }

    private Map<String, FactsPublished> facts() throws Exception {
        if (facts == null) {
            facts = new LinkedHashMap<>();
            for (FactsPublished published : state.facts().values()) {
                facts.put(published.docId(), published);
            }
        }
        return facts;
    }

    private void dropFacts(String docId) throws Exception {
        facts().remove(docId);
        state.facts().remove(docId);
        List<String> pending = new ArrayList<>();
        for (FactsPublished published : state.pendingFacts().values()) {
            if (published.docId().equals(docId)) {
                pending.add(pendingFactsKey(published.docId(), published.docHash()));
            }
        }
        for (String key : pending) {
            state.pendingFacts().remove(key);
        }
    }

    private static String pendingFactsKey(String docId, String docHash) {
        return docId + "@" + docHash;
    }

    /** Why the shard cannot be searched with the questions' model, from its documents' commits; empty when it can. */
    public Optional<String> modelMismatch() {
        return mismatch;
    }

    /** Whether the shard's index is current: built since the last change or start. */
    public boolean indexed() {
        return index != null;
    }

    /** The shard's index over its searchable chunks, built now if a change or a start made it stale. */
    public ShardIndex index() {
        if (index == null) {
            index = ShardIndex.build(visible.values());
        }
        return index;
    }

    private boolean commit(DocumentCommitted commit) throws Exception {
        // Every arrived chunk is joined with its commit before anything changes: a commit that cannot be taken
        // leaves the shard as it was, its previous version searchable.
        List<IndexedChunk> arrived = new ArrayList<>();
        for (ChunkUpserted chunk : state.pendingChunks().values()) {
            if (chunk.docId().equals(commit.docId()) && chunk.docHash().equals(commit.docHash())) {
                arrived.add(IndexedChunk.of(chunk, commit));
            }
        }
        removeDocument(commit.docId(), commit.docHash());
                for (IndexedChunk chunk : arrived) {
            state.visibleChunks().put(chunk.chunkId(), chunk);
            visible.put(chunk.chunkId(), chunk);
            state.pendingChunks().remove(chunk.chunkId());
        }
        state.documents().put(commit.docId(), commit);
        commitFacts(commit);
        mismatch = mismatchOf(state.documents().values());
        return true;
    }

    /** The committed version's facts replace the superseded version's; a version without facts leaves none. */
    private void commitFacts(DocumentCommitted commit) throws Exception {
        String key = pendingFactsKey(commit.docId(), commit.docHash());
        FactsPublished arrived = null;
        for (FactsPublished published : state.pendingFacts().values()) {
            if (published.docId().equals(commit.docId()) && published.docHash().equals(commit.docHash())) {
                arrived = published;
            }
        }
        if (arrived == null) {
            facts().remove(commit.docId());
            state.facts().remove(commit.docId());
            return;
        }
        state.facts().put(commit.docId(), arrived);
        facts().put(commit.docId(), arrived);
        state.pendingFacts().remove(key);
    }

    /** Removes the searchable chunks of {@code docId} other than those of {@code keptDocHash} (all when null). */
    private boolean removeDocument(String docId, String keptDocHash) throws Exception {
                Set<String> stale = new HashSet<>();
        for (IndexedChunk c : visible.values()) {
            if (c.docId().equals(docId) && !c.docHash().equals(keptDocHash)) {
                stale.add(c.chunkId());
            }
        }
        for (String chunkId : stale) {
            visible.remove(chunkId);
            state.visibleChunks().remove(chunkId);
        }
        return !stale.isEmpty();
    }

    private static Map<String, IndexedChunk> copy(Iterable<IndexedChunk> chunks) {
        Map<String, IndexedChunk> copy = new LinkedHashMap<>();
        for (IndexedChunk chunk : chunks) {
            copy.put(chunk.chunkId(), chunk);
        }
        return copy;
    }

    private Optional<String> mismatchOf(Iterable<DocumentCommitted> commits) {
        Set<String> others = new TreeSet<>();
        for (DocumentCommitted commit : commits) {
            if (commit.embeddingModel() != null && !commit.embeddingModel().equals(embeddingModel)) {
                others.add(commit.embeddingModel());
            }
        }
        return others.isEmpty() ? Optional.empty() : Optional.of(shard + " holds vectors of " + others
                + " and this query job embeds questions with " + embeddingModel
                + "; re-embed the corpus into a new chunks topic with this model (scoperag.embedding.model-path), or run the "
                + "query job with the model the shard was embedded with");
    }

    private void closeIndex() {
        if (index != null) {
            index.close();
            index = null;
        }
    }

    @Override
    public void close() {
        closeIndex();
    }
}
