package dev.scoperag.core.chunk;

/**
 * A window of a document's normalized text: {@code text == documentText.substring(charStart, charEnd)}.
 * Pages are 0-based and null for documents without page breaks.
 */
public record Chunk(
        String chunkId,
        String textHash,
        int seq,
        int charStart,
        int charEnd,
        Integer pageStart,
        Integer pageEnd,
        String section,
        String text) {}
