package dev.scoperag.launcher.eval;

import dev.scoperag.core.chunk.Chunker;
import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.fetch.FetchPolicy;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.ingest.Backfill;
import dev.scoperag.core.ingest.ChunkVectors;
import dev.scoperag.core.ingest.DirectIngest;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Ingests a backfill (a corpus.jsonl manifest or a {@code {year}/{TICKER}.ext} directory) in process with
 * the ingest code, one filing at a time, printing documents and chunks done, rate and time left.
 */
public final class CorpusLoader {

    private final DirectIngest ingest;
    private final PrintStream progress;

    public CorpusLoader(Embedder embedder, ChunkVectors.ChunkVector chunkVector, Path corpus, PrintStream progress) {
        this.ingest = new DirectIngest(FetchPolicy.fileRoot(Backfill.root(corpus)), new Chunker(), embedder, chunkVector, Clock.systemUTC());
        this.progress = progress;
    }

    /** A corpus ingested: what each filing became, and the filings that could not be read, with why. */
    public record Loaded(List<DirectIngest.Ingested> documents, List<String> rejected) {}

    public Loaded load(Path corpus) {
        return load(corpus, Set.of());
    }

    /**
     * Ingests the documents named in {@code first} (by event id, the manifest's doc_name) before the others, so
     * the embedding cache covers the questions' documents early in a first, long run.
     */
    public Loaded load(Path corpus, Set<String> first) {
        List<FilingEvent> events = new ArrayList<>(Backfill.list(corpus));
        events.sort(Comparator.comparing(e -> !first.contains(e.eventId())));
        List<DirectIngest.Ingested> documents = new ArrayList<>(events.size());
        List<String> rejected = new ArrayList<>();
        long start = System.nanoTime();
        long chunks = 0;
        for (int i = 0; i < events.size(); i++) {
            FilingEvent event = events.get(i);
            try {
                DirectIngest.Ingested done = ingest.ingest(event);
                documents.add(done);
                chunks += done.chunks().size();
            } catch (FilingRejectedException e) {
                rejected.add(event.eventId() + ": " + e.reason() + " " + e.getMessage());
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double perDoc = seconds / (i + 1);
            progress.printf(Locale.ROOT, "\r  ingested %d/%d documents, %d chunks, %.1f chunks/s, %.0f s left   ",
                    i + 1, events.size(), chunks, chunks / Math.max(seconds, 1e-3), perDoc * (events.size() - i - 1));
            progress.flush();
        }
        progress.println();
        return new Loaded(documents, rejected);
    }
}
