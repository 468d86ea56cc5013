package dev.scoperag.core.ingest;

import dev.scoperag.core.answer.ChunkWindows;
import dev.scoperag.core.chunk.Chunker;
import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.extract.Extractor;
import dev.scoperag.core.extract.SectionIndex;
import dev.scoperag.core.fetch.ContentFetcher;
import dev.scoperag.core.fetch.FetchPolicy;
import dev.scoperag.core.fetch.FetchedContent;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.ident.Hashes;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The ingest job's steps for one filing as one plain call, for tools that build an index in process
 * (the evaluation harness): fetch, extract, chunk and embed exactly as the job does, and return the
 * {@code chunks} records of the first version of the document.
 */
public final class DirectIngest {

    private final ContentFetcher fetcher;
    private final Extractor extractor = new Extractor();
    private final PublicationPlanner planner;
    private final ChunkVectors vectors;

    /** Chunk vectors the mean of their windows', as the ingest job makes them by default. */
    public DirectIngest(FetchPolicy policy, Chunker chunker, Embedder embedder, Clock clock) {
        this(policy, chunker, embedder, ChunkVectors.ChunkVector.WINDOW_MEAN, clock);
    }

    public DirectIngest(FetchPolicy policy, Chunker chunker, Embedder embedder, ChunkVectors.ChunkVector chunkVector, Clock clock) {
        this.fetcher = new ContentFetcher(policy);
        this.vectors = new ChunkVectors(embedder, chunker.stride(), ChunkWindows.DEFAULT_WINDOW_CHARS, chunkVector);
        this.planner = new PublicationPlanner(chunker, text -> SectionIndex.of(text)::sectionAt, vectors.id(), clock);
    }

    /** The identity of the vectors this ingest publishes. */
    public String vectorsId() {
        return vectors.id();
    }

    /** What one filing became: its extracted text and its records, chunks embedded, commit last. */
    public record Ingested(FilingEvent event, ExtractedText text, List<ChunkTopicRecord> records) {

        public List<ChunkUpserted> chunks() {
            return records.stream().filter(ChunkUpserted.class::isInstance).map(ChunkUpserted.class::cast).toList();
        }
    }

    /** Fetches and extracts; the slow part (embedding) is {@link #embed}, so callers can show progress between them. */
    public Prepared prepare(FilingEvent event) throws FilingRejectedException {
        FetchedContent content = fetcher.fetch(event.content());
        FetchedFiling fetched = new FetchedFiling(null, event.withContent(null), content.bytes(), content.contentTypeHint(),
                Hashes.sha256(content.bytes()));
        ExtractedText text = extractor.extract(fetched.content(), fetched.contentTypeHint());
        DocumentChange.NewVersion change = DocumentVersioner.newVersion(null, fetched, text).orElseThrow();
        return new Prepared(event, text, planner.plan(change));
    }

    /** A filing fetched, extracted and chunked, its embeddings still to be computed. */
    public record Prepared(FilingEvent event, ExtractedText text, List<ChunkTopicRecord> records) {

        public int chunkCount() {
            return (int) records.stream().filter(ChunkUpserted.class::isInstance).count();
        }
    }

    public Ingested embed(Prepared prepared) {
        List<ChunkUpserted> chunks = prepared.records().stream()
                .filter(ChunkUpserted.class::isInstance).map(ChunkUpserted.class::cast).toList();
        List<ChunkUpserted> embedded = vectors.embed(chunks);
        List<ChunkTopicRecord> records = new ArrayList<>(prepared.records().size());
        int next = 0;
        for (ChunkTopicRecord r : prepared.records()) {
            records.add(r instanceof ChunkUpserted ? embedded.get(next++) : r);
        }
        return new Ingested(prepared.event(), prepared.text(), records);
    }

    public Ingested ingest(FilingEvent event) throws FilingRejectedException {
        return embed(prepare(event));
    }
}
