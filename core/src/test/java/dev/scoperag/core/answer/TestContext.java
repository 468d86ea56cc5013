package dev.scoperag.core.answer;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.search.Candidate;
import dev.scoperag.core.search.IndexedChunk;
import java.util.ArrayList;
import java.util.List;

/** Builds chunks of a known document text, and candidates and scored lists of them, for answer-stage tests. */
final class TestContext {

    private TestContext() {
    }

    /** The chunk of {@code documentText} at {@code [start, end)}, so citations can be checked against the document. */
    static IndexedChunk chunk(String id, String ticker, int year, String documentText, int start, int end, int page) {
        return TestRecords.indexedChunk(id, ticker + ":" + year, documentText.substring(start, end))
                .document(ticker + "-" + year + "-10K", "hash-" + ticker + year).seq(start / 1_250).at(start).pages(page, page)
                .section("Item 8").build();
    }

    /** A chunk that is a whole document of its own. */
    static IndexedChunk chunk(String id, String ticker, int year, String text) {
        return TestRecords.indexedChunk(id, ticker + ":" + year, text)
                .document(ticker + "-" + year + "-10K-" + id, "hash-" + ticker + year + "-" + id).pages(0, 0).section("Item 8").build();
    }

    /** Candidates in the given order, ranked 1..n, with RRF-like fused scores. */
    static List<Candidate> candidates(IndexedChunk... chunks) {
        List<Candidate> candidates = new ArrayList<>();
        for (int i = 0; i < chunks.length; i++) {
            candidates.add(new Candidate(chunks[i], i + 1, 10f - i, i + 1, 0.9f - i * 0.01f, 2.0 / (61 + i)));
        }
        return candidates;
    }

    static Scored scored(IndexedChunk chunk, double score) {
        return new Scored(new Candidate(chunk, 1, 1f, 1, 1f, 1.0 / 61), score);
    }

    /** Scored chunks "c0", "c1", ... of one ticker with the given scores, in the given order. */
    static List<Scored> scores(double... scores) {
        List<Scored> list = new ArrayList<>();
        for (int i = 0; i < scores.length; i++) {
            list.add(scored(chunk("c" + i, "AMD", 2022, "text " + i), scores[i]));
        }
        return list;
    }
}
