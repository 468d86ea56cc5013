package dev.scoperag.core.ingest;

import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.fact.FactReaders;
import dev.scoperag.core.fact.PublishedFacts;
import dev.scoperag.core.ident.Hashes;
import dev.scoperag.core.record.FactsPublished;
import java.util.List;
import java.util.Optional;

/**
 * Decides whether a fetched filing is a new version of its document. An identical source (same
 * bytes) is skipped before extraction; an identical text (same normalized text from other bytes,
 * say a re-rendered PDF) is skipped after it; anything else supersedes the published version.
 */
public final class DocumentVersioner {

    /** Facts are read here, the last step where a document's raw bytes are at hand. */
    private static final FactReaders FACT_READERS = FactReaders.standard();

    private DocumentVersioner() {}

    public static boolean isIdenticalSource(PublishedDocument current, FetchedFiling fetched) {
        return current != null && current.sourceHash().equals(fetched.sourceHash());
    }

    public static Optional<DocumentChange.NewVersion> newVersion(PublishedDocument current, FetchedFiling fetched, ExtractedText text) {
        String docHash = Hashes.sha256(text.text());
        if (current != null && current.docHash().equals(docHash)) {
            return Optional.empty();
        }
        long version = current == null ? 1 : current.version() + 1;
        PublishedDocument published = new PublishedDocument(
                fetched.event().docId(), fetched.sourceHash(), docHash, text.text().length(), version);
        List<FactsPublished.PublishedFact> facts = FACT_READERS.read(fetched.content(), text).stream()
                .map(PublishedFacts::published).toList();
        return Optional.of(new DocumentChange.NewVersion(fetched.event().shard().id(), fetched.event(), published, text, current,
                fetched.incoming() == null ? null : fetched.incoming().source(), facts));
    }
}
