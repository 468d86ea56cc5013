package dev.scoperag.core.fact;

import dev.scoperag.core.extract.ContentType;
import dev.scoperag.core.extract.ExtractedText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The fact readers that run on a document at ingest, chosen by its content type: inline XBRL for EDGAR HTML and
 * full submissions (which embed the primary document's HTML), statement tables for paged and plain-text filings.
 * Every reader's facts are kept; a reader that fails gives no facts and never fails the document.
 */
public final class FactReaders {

    private final Map<ContentType, List<FactReader>> byType;

    public FactReaders(Map<ContentType, List<FactReader>> byType) {
        this.byType = Map.copyOf(byType);
    }

    /** The readers ingest runs: inline XBRL for HTML and EDGAR submissions. */
    public static FactReaders standard() {
        FactReader inlineXbrl = new InlineXbrlReader();
        return new FactReaders(Map.of(
                ContentType.HTML, List.of(inlineXbrl),
                ContentType.EDGAR_SUBMISSION, List.of(inlineXbrl)));
    }

    /** The facts of a document, from every reader of its content type. */
    public List<Fact> read(byte[] raw, ExtractedText text) {
        List<Fact> facts = new ArrayList<>();
        for (FactReader reader : byType.getOrDefault(text.contentType(), List.of())) {
            try {
                facts.addAll(reader.read(raw, text));
            } catch (RuntimeException e) {
                // A filing whose facts cannot be read is still searchable; its metrics fall back to retrieval.
            }
        }
        return facts;
    }
}
