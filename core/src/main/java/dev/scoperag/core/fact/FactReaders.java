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

    /**
     * The readers ingest runs: statement tables for PDFs and plain text; for HTML and EDGAR submissions inline XBRL,
     * and the statement tables only when the filing carries no tags (an older or untagged filing): a tagged filing's
     * table figures would repeat its exact facts less exactly.
     */
    public static FactReaders standard() {
        FactReader tables = new StatementTableReader();
        FactReader taggedElseTables = orElse(new InlineXbrlReader(), tables);
        return new FactReaders(Map.of(
                ContentType.PDF, List.of(tables),
                ContentType.TEXT, List.of(tables),
                ContentType.HTML, List.of(taggedElseTables),
                ContentType.EDGAR_SUBMISSION, List.of(taggedElseTables)));
    }

    /** {@code first}'s facts, or {@code second}'s when {@code first} reads none (or fails). */
    static FactReader orElse(FactReader first, FactReader second) {
        return (raw, text) -> {
            List<Fact> facts;
            try {
                facts = first.read(raw, text);
            } catch (RuntimeException e) {
                facts = List.of();
            }
            return facts.isEmpty() ? second.read(raw, text) : facts;
        };
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
