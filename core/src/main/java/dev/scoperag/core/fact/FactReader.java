package dev.scoperag.core.fact;

import dev.scoperag.core.extract.ExtractedText;
import java.util.List;

/**
 * Reads a document's facts at ingest, next to its chunks. A reader never throws for content it cannot read: a filing
 * without tags or without a recognizable statement table has no facts, and its chunks are published all the same.
 */
public interface FactReader {

    /**
     * @param raw the document as received (the HTML of an EDGAR filing, where inline XBRL is), or null when only the
     *     text is at hand
     * @param text the document's extracted text, whose offsets a fact's {@link Fact.Source} refers to
     */
    List<Fact> read(byte[] raw, ExtractedText text);
}
