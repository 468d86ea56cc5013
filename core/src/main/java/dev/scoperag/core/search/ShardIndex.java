package dev.scoperag.core.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.SingleInstanceLockFactory;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.IOUtils;

/**
 * An immutable, searchable snapshot of a set of chunks (one shard's):
 * BM25 over an in-memory Lucene index and exact dense search (each chunk by its best stored window when the search
 * has a window vector, see {@link SearchMode#HYBRID}; else by its own vector, one packed matrix), fused
 * by reciprocal rank, with a third list of the chunks holding a financial statement the question
 * names ({@link FinancialStatement}, tagged once when the snapshot is built). Searches may run
 * concurrently; close the snapshot once no search uses it.
 */
public final class ShardIndex implements AutoCloseable {

    static final String TEXT = "text";
    static final String SHARD = "shard";
    static final String FORM = "form";
    static final String PERIOD = "period";
    static final String ORDINAL = "ordinal";

    /** Long pasted questions would otherwise overrun Lucene's clause limit; a question needs far fewer. */
    static final int MAX_QUERY_TERMS = 256;

    private static final FieldType TEXT_FIELD = textField();
    /** Chunks holding a financial statement the question names, at most this many per search. */
    static final int STATEMENT_DEPTH = 5;

    private final IndexedChunk[] chunks;
    private final FilterKeys[] filterKeys;
    /** The ordinals of the chunks holding each statement, tagged once here: few per filing, so a search scans only these. */
    private final Map<FinancialStatement, int[]> ordinalsByStatement;
    private final float[] vectors;
    private final int dimensions;
    private final PackedWindows windows;
    private final FilingAnalyzer analyzer;
    private final ByteBuffersDirectory directory;
    private final DirectoryReader reader;
    private final IndexSearcher searcher;
    private final int[] ordinalOfDoc;

    private ShardIndex(IndexedChunk[] chunks, FilterKeys[] filterKeys, float[] vectors, int dimensions, PackedWindows windows,
            FilingAnalyzer analyzer, ByteBuffersDirectory directory, DirectoryReader reader) throws IOException {
        this.chunks = chunks;
        this.filterKeys = filterKeys;
        this.ordinalsByStatement = ordinalsByStatement(chunks);
        this.vectors = vectors;
        this.dimensions = dimensions;
        this.windows = windows;
        this.analyzer = analyzer;
        this.directory = directory;
        this.reader = reader;
        this.searcher = new IndexSearcher(reader);
        searcher.setSimilarity(new BM25Similarity());
        // Lucene's default query cache is JVM-wide; many small snapshots replaced on every commit
        // would only churn it, and filters over a few thousand documents are cheap to recompute.
        searcher.setQueryCache(null);
        this.ordinalOfDoc = ordinalsByDoc(reader, chunks.length);
    }

    /**
     * Indexes {@code chunks}; their order does not matter (they are held sorted by chunk id, which
     * also breaks score ties).
     *
     * @throws IllegalArgumentException if two chunks share a chunk id or vectors differ in length
     */
    public static ShardIndex build(Collection<IndexedChunk> chunks) {
        IndexedChunk[] sorted = chunks.toArray(new IndexedChunk[0]);
        Arrays.sort(sorted, Comparator.comparing(IndexedChunk::chunkId));
        int dimensions = sorted.length == 0 ? 0 : sorted[0].dimensions();
        float[] vectors = new float[sorted.length * dimensions];
        FilterKeys[] filterKeys = new FilterKeys[sorted.length];
        PackedWindows windows = PackedWindows.of(sorted);
        for (int i = 0; i < sorted.length; i++) {
            if (i > 0 && sorted[i].chunkId().equals(sorted[i - 1].chunkId())) {
                throw new IllegalArgumentException("chunk " + sorted[i].chunkId() + " appears twice");
            }
            if (sorted[i].dimensions() != dimensions) {
                throw new IllegalArgumentException("chunk " + sorted[i].chunkId() + " has " + sorted[i].dimensions()
                        + " dimensions, others " + dimensions);
            }
            sorted[i].copyVectorInto(vectors, i * dimensions);
            filterKeys[i] = FilterKeys.of(sorted[i]);
            // The hits hand out chunks without their vectors: the packed matrix holds them, and each would
            // otherwise travel on with its candidate through the gather state and the answer queue (~4 KB of JSON).
            sorted[i] = sorted[i].withoutVector();
        }
        FilingAnalyzer analyzer = new FilingAnalyzer();
        // One buffer per file: the default many-block layout makes every IndexInput slice (several
        // per term per query) duplicate each block's ByteBuffer, about 250 KB of garbage a query.
        ByteBuffersDirectory directory = new ByteBuffersDirectory(new SingleInstanceLockFactory(),
                ByteBuffersDataOutput::new, ByteBuffersDirectory.OUTPUT_AS_ONE_BUFFER);
        DirectoryReader reader = null;
        try {
            IndexWriterConfig config = new IndexWriterConfig(analyzer)
                    .setOpenMode(IndexWriterConfig.OpenMode.CREATE)
                    .setSimilarity(new BM25Similarity())
                    .setUseCompoundFile(false)
                    // Large enough that a shard flushes as one segment: fewer leaves to search.
                    .setRAMBufferSizeMB(64);
            try (IndexWriter writer = new IndexWriter(directory, config)) {
                for (int ordinal = 0; ordinal < sorted.length; ordinal++) {
                    writer.addDocument(document(sorted[ordinal].text(), filterKeys[ordinal], ordinal));
                }
                writer.commit();
            }
            reader = DirectoryReader.open(directory);
            return new ShardIndex(sorted, filterKeys, vectors, dimensions, windows, analyzer, directory, reader);
        } catch (IOException e) {
            IOUtils.closeWhileHandlingException(reader, directory, analyzer);
            throw new UncheckedIOException("building an in-memory index failed", e);
        } catch (RuntimeException e) {
            IOUtils.closeWhileHandlingException(reader, directory, analyzer);
            throw e;
        }
    }

    /** How many chunks the snapshot holds. */
    public int size() {
        return chunks.length;
    }

    /** The length of the vectors held, 0 for an empty snapshot. */
    public int dimensions() {
        return dimensions;
    }

    /**
     * Runs the lists the request asks for over the chunks its filter admits, fuses them and returns
     * at most {@code limit} candidates, best first. A list it cannot build (no query terms, no
     * vector) is simply empty.
     *
     * @throws IllegalArgumentException if the query vector's length differs from the index's
     */
    public List<Candidate> search(SearchRequest request) {
        return rankedLists(request).fuse(request.rrfK(), request.limit());
    }

    /**
     * The lists {@link #search} fuses, unfused, with their raw scores: BM25 and dense each at most
     * {@code depth} long, the statement list at most {@link #STATEMENT_DEPTH}. Every score depends
     * only on this index's chunks, so the lists of several indexes merge exactly
     * ({@link RankedLists#merge}).
     *
     * @throws IllegalArgumentException if the query vector's length differs from the index's
     */
    public RankedLists rankedLists(SearchRequest request) {
        if (chunks.length == 0) {
            return RankedLists.empty();
        }
        DocumentFilter filter = request.filter();
        boolean[] admitted = filter.isUnrestricted() ? null : admitted(filter);
        if (admitted != null && !any(admitted)) {
            return RankedLists.empty();
        }
        float[] windowQuery = windows.scores(request.windowVector()) ? request.windowVector() : null;
        List<RankedLists.Hit> bm25 = request.mode().usesBm25() ? bm25(request.query(), filter, request.depth(), windowQuery) : List.of();
        float[] queryVector = request.queryVector();
        List<RankedLists.Hit> dense = request.mode().usesDense() && queryVector != null
                ? dense(queryVector, admitted, request.depth(), windowQuery, request.mode().denseByWindows())
                : List.of();
        List<RankedLists.Hit> statements = statements(FinancialStatement.namedIn(request.query()), admitted, queryVector, windowQuery);
        return new RankedLists(bm25, dense, statements);
    }

    @Override
    public void close() {
        try {
            reader.close();
            directory.close();
        } catch (IOException e) {
            throw new UncheckedIOException("closing an in-memory index failed", e);
        } finally {
            analyzer.close();
        }
    }

    /**
     * The third list: chunks holding a statement the question names ("from the statement of income"),
     * closest to the question first, or in document order without a vector. The statement is a table of
     * figures with few of the question's words, so neither of the other lists ranks it; empty when the
     * question names none.
     */
    private List<RankedLists.Hit> statements(Set<FinancialStatement> named, boolean[] admitted, float[] queryVector,
            float[] windowQuery) {
        List<RankedLists.Hit> hits = new ArrayList<>();
        for (FinancialStatement statement : named) {
            for (int ordinal : ordinalsByStatement.getOrDefault(statement, new int[0])) {
                if (admitted == null || admitted[ordinal]) {
                    float score = queryVector == null || queryVector.length != dimensions ? 0
                            : dot(vectors, ordinal * dimensions, queryVector, dimensions);
                    hits.add(hit(ordinal, score, windowQuery));
                }
            }
        }
        hits.sort(RankedLists.STATEMENT_ORDER);
        return hits.subList(0, Math.min(hits.size(), STATEMENT_DEPTH));
    }

    private static Map<FinancialStatement, int[]> ordinalsByStatement(IndexedChunk[] chunks) {
        Map<FinancialStatement, List<Integer>> lists = new EnumMap<>(FinancialStatement.class);
        for (int ordinal = 0; ordinal < chunks.length; ordinal++) {
            int o = ordinal;
            FinancialStatement.headedIn(chunks[ordinal].text())
                    .ifPresent(s -> lists.computeIfAbsent(s, k -> new ArrayList<>()).add(o));
        }
        Map<FinancialStatement, int[]> ordinals = new EnumMap<>(FinancialStatement.class);
        lists.forEach((s, list) -> ordinals.put(s, list.stream().mapToInt(Integer::intValue).toArray()));
        return ordinals;
    }

    private List<RankedLists.Hit> bm25(String query, DocumentFilter filter, int depth, float[] windowQuery) {
        List<String> terms = analyzer.terms(TEXT, query);
        if (terms.isEmpty()) {
            return List.of();
        }
        BooleanQuery.Builder anyTerm = new BooleanQuery.Builder();
        for (String term : terms.subList(0, Math.min(terms.size(), MAX_QUERY_TERMS))) {
            anyTerm.add(new TermQuery(new Term(TEXT, term)), Occur.SHOULD);
        }
        // The terms are a MUST sub-query: beside a FILTER clause, top-level SHOULD clauses would
        // become optional and every admitted chunk would match with score 0.
        BooleanQuery.Builder scoped = new BooleanQuery.Builder().add(anyTerm.build(), Occur.MUST);
        if (!filter.isUnrestricted()) {
            scoped.add(filterQuery(filter), Occur.FILTER);
        }
        try {
            TopDocs top = searcher.search(scoped.build(), Math.min(depth, chunks.length));
            List<RankedLists.Hit> hits = new ArrayList<>(top.scoreDocs.length);
            for (ScoreDoc scoreDoc : top.scoreDocs) {
                hits.add(hit(ordinalOfDoc[scoreDoc.doc], scoreDoc.score, windowQuery));
            }
            return hits;
        } catch (IOException e) {
            throw new UncheckedIOException("searching an in-memory index failed", e);
        }
    }

    /**
     * The dense list: each admitted chunk scored by its best window when {@code byWindows}, the search has a window
     * vector and the chunk has windows; otherwise by its own vector.
     */
    private List<RankedLists.Hit> dense(float[] query, boolean[] admitted, int depth, float[] windowQuery, boolean byWindows) {
        if (query.length != dimensions) {
            throw new IllegalArgumentException("query vector has " + query.length + " dimensions, index " + dimensions);
        }
        float[] bestWindowQuery = byWindows ? windowQuery : null;
        TopScores top = new TopScores(Math.min(depth, chunks.length));
        for (int ordinal = 0, offset = 0; ordinal < chunks.length; ordinal++, offset += dimensions) {
            if (admitted == null || admitted[ordinal]) {
                float best = bestWindowQuery == null ? Float.NaN : windows.best(ordinal, bestWindowQuery);
                top.offer(ordinal, Float.isNaN(best) ? dot(vectors, offset, query, dimensions) : best);
            }
        }
        int[] ordinals = new int[top.size()];
        float[] scores = new float[top.size()];
        int count = top.drainBestFirst(ordinals, scores);
        List<RankedLists.Hit> hits = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            hits.add(hit(ordinals[i], scores[i], windowQuery));
        }
        return hits;
    }

    /** A list entry, with the chunk's window scores when the search has a window vector and the chunk window vectors. */
    private RankedLists.Hit hit(int ordinal, float score, float[] windowQuery) {
        float[] scores = windowQuery == null ? null : windows.scores(ordinal, windowQuery);
        return new RankedLists.Hit(chunks[ordinal], score, scores, scores == null ? null : windows.spans(ordinal));
    }

    /**
     * Dot product of a matrix row with the query; equals cosine similarity for unit vectors. Four
     * accumulators because the JIT will not reorder a floating-point sum, and one running sum
     * serializes every add.
     */
    static float dot(float[] matrix, int offset, float[] query, int length) {
        float s0 = 0;
        float s1 = 0;
        float s2 = 0;
        float s3 = 0;
        int i = 0;
        for (int upper = length & ~3; i < upper; i += 4) {
            s0 += matrix[offset + i] * query[i];
            s1 += matrix[offset + i + 1] * query[i + 1];
            s2 += matrix[offset + i + 2] * query[i + 2];
            s3 += matrix[offset + i + 3] * query[i + 3];
        }
        for (; i < length; i++) {
            s0 += matrix[offset + i] * query[i];
        }
        return (s0 + s1) + (s2 + s3);
    }

    private boolean[] admitted(DocumentFilter filter) {
        boolean[] admitted = new boolean[chunks.length];
        for (int i = 0; i < chunks.length; i++) {
            admitted[i] = filter.allows(filterKeys[i]);
        }
        return admitted;
    }

    private static boolean any(boolean[] values) {
        for (boolean value : values) {
            if (value) {
                return true;
            }
        }
        return false;
    }

    /** The Lucene form of {@link DocumentFilter#allows}; the two must admit the same chunks. */
    private static Query filterQuery(DocumentFilter filter) {
        BooleanQuery.Builder query = new BooleanQuery.Builder();
        addRestriction(query, SHARD, filter.shards());
        addRestriction(query, FORM, filter.forms());
        addRestriction(query, PERIOD, filter.periods());
        return query.build();
    }

    private static void addRestriction(BooleanQuery.Builder query, String field, Set<String> values) {
        if (!values.isEmpty()) {
            query.add(new TermInSetQuery(field, values.stream().map(BytesRef::new).toList()), Occur.FILTER);
        }
    }

    private static Document document(String text, FilterKeys keys, int ordinal) {
        Document document = new Document();
        document.add(new Field(TEXT, text, TEXT_FIELD));
        document.add(new StringField(SHARD, keys.shard(), Field.Store.NO));
        if (keys.form() != null) {
            document.add(new StringField(FORM, keys.form(), Field.Store.NO));
            if (!keys.baseForm().equals(keys.form())) {
                document.add(new StringField(FORM, keys.baseForm(), Field.Store.NO));
            }
        }
        if (keys.period() != null) {
            document.add(new StringField(PERIOD, keys.period(), Field.Store.NO));
        }
        document.add(new NumericDocValuesField(ORDINAL, ordinal));
        return document;
    }

    /** Maps Lucene doc ids to chunk ordinals once, so a search needs no doc-values lookups. */
    private static int[] ordinalsByDoc(DirectoryReader reader, int count) throws IOException {
        int[] ordinals = new int[reader.maxDoc()];
        for (LeafReaderContext leaf : reader.leaves()) {
            NumericDocValues values = leaf.reader().getNumericDocValues(ORDINAL);
            if (values == null) {
                continue;
            }
            for (int doc = values.nextDoc(); doc != NumericDocValues.NO_MORE_DOCS; doc = values.nextDoc()) {
                ordinals[leaf.docBase + doc] = (int) values.longValue();
            }
        }
        if (ordinals.length != count) {
            throw new IllegalStateException("index holds " + ordinals.length + " documents for " + count + " chunks");
        }
        return ordinals;
    }

    private static FieldType textField() {
        FieldType type = new FieldType();
        type.setTokenized(true);
        // Frequencies and norms are all BM25 needs; positions would only serve phrase queries.
        type.setIndexOptions(IndexOptions.DOCS_AND_FREQS);
        type.setStored(false);
        type.freeze();
        return type;
    }
}
