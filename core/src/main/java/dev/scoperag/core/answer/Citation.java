package dev.scoperag.core.answer;

import java.util.List;

/** Where a piece of an answer comes from: a chunk of a committed document, with the quoted text. */
public record Citation(
        String chunkId, String docId, String ticker, int fiscalYear, String formType, List<Integer> pages,
        int charStart, int charEnd, String quote) {}
