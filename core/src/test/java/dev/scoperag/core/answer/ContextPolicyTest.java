package dev.scoperag.core.answer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.search.Candidate;
import dev.scoperag.core.search.IndexedChunk;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContextPolicyTest {

    @Test
    void dropsAChunkThatSharesHalfItsTextWithABetterOneOfTheSameDocument() {
        Scored first = scored("doc-a", "v1", 1250, 3750, 0.9);
        Scored neighbour = scored("doc-a", "v1", 2500, 5000, 0.8);
        Scored elsewhere = scored("doc-a", "v1", 10000, 12500, 0.7);
        Scored otherDocument = scored("doc-b", "v1", 1250, 3750, 0.6);

        List<Scored> kept = ContextPolicy.defaults().distinct(List.of(first, neighbour, elsewhere, otherDocument));

        assertThat(kept).containsExactly(first, elsewhere, otherDocument);
    }

    @Test
    void keepsAChunkOverlappingLessThanHalfAndOneOfAnotherVersion() {
        Scored first = scored("doc-a", "v1", 0, 2500, 0.9);
        Scored slightOverlap = scored("doc-a", "v1", 2000, 4500, 0.8);
        Scored otherVersion = scored("doc-a", "v2", 0, 2500, 0.7);

        assertThat(ContextPolicy.defaults().distinct(List.of(first, slightOverlap, otherVersion)))
                .containsExactly(first, slightOverlap, otherVersion);
    }

    @Test
    void keepsEverythingWhenOff() {
        List<Scored> reranked = List.of(scored("doc-a", "v1", 0, 2500, 0.9), scored("doc-a", "v1", 1250, 3750, 0.8));

        assertThat(ContextPolicy.defaults().withDropOverlapping(false).distinct(reranked)).isEqualTo(reranked);
    }

    @Test
    void takesTopKUnlessTheAdaptiveCutoffIsOn() {
        List<Scored> cliff = List.of(scored("a", "v", 0, 10, 1.0), scored("b", "v", 0, 10, 0.1),
                scored("c", "v", 0, 10, 0.05), scored("d", "v", 0, 10, 0.0));

        assertThat(ContextPolicy.defaults().cutoff(3).cut(cliff)).hasSize(3);
        assertThat(ContextPolicy.defaults().withAdaptiveCutoff(true).cutoff(3).cut(cliff)).hasSize(1);
    }

    @Test
    void aNamedStatementMissingFromTheContextTakesTheLastSlotFromTheLatestYear() {
        Scored prose1 = scored("p1", "Net sales increased 31% in fiscal 2019.", 2019, 0.9);
        Scored prose2 = scored("p2", "Operating income rose on higher volumes.", 2019, 0.8);
        Scored prose3 = scored("p3", "Segment results are discussed below.", 2019, 0.7);
        Scored olderStatement = scored("s2018", INCOME_STATEMENT, 2018, 0.5);
        Scored statement = scored("s2019", INCOME_STATEMENT, 2019, 0.4);
        List<Scored> reranked = List.of(prose1, prose2, prose3, olderStatement, statement);
        List<Scored> context = List.of(prose1, prose2, prose3);
        String question = "What is the FY2018 - FY2019 change in operating margin? Use the statement of income.";

        assertThat(ContextPolicy.defaults().withStatements(question, reranked, List.of(), context)).containsExactly(prose1, prose2, statement);
        assertThat(ContextPolicy.defaults().withStatements("What drove operating margin?", reranked, List.of(), context)).isEqualTo(context);
        assertThat(ContextPolicy.defaults().withStatementSlot(false).withStatements(question, reranked, List.of(), context)).isEqualTo(context);
        List<Scored> alreadyThere = List.of(prose1, statement, prose2);
        assertThat(ContextPolicy.defaults().withStatements(question, reranked, List.of(), alreadyThere)).isEqualTo(alreadyThere);
    }

    /** The latest filing's statement has both years as comparatives; an earlier filing's has only the first. */
    @Test
    void anEarlierYearsStatementInTheContextDoesNotStandInForTheLatestOne() {
        Scored prose1 = scored("p1", "Net sales increased 31% in fiscal 2019.", 2019, 0.9);
        Scored prose2 = scored("p2", "Operating income rose on higher volumes.", 2019, 0.8);
        Scored olderStatement = scored("s2018", INCOME_STATEMENT, 2018, 0.7);
        Scored statement = scored("s2019", INCOME_STATEMENT, 2019, 0.4);
        List<Scored> reranked = List.of(prose1, prose2, olderStatement, statement);
        List<Scored> context = List.of(prose1, olderStatement, prose2);
        String question = "What is the FY2018 - FY2019 change in operating margin? Use the statement of income.";

        assertThat(ContextPolicy.defaults().withStatements(question, reranked, List.of(), context)).containsExactly(prose1, olderStatement, statement);
    }

    /** The reranker scores the first 20 candidates; the statement a shard's search added past its cut is still there. */
    @Test
    void theSlotTakesTheStatementFromTheCandidatesTheRerankerDidNotScore() {
        Scored prose1 = scored("p1", "Net sales increased 31% in fiscal 2019.", 2019, 0.9);
        Scored prose2 = scored("p2", "Operating income rose on higher volumes.", 2019, 0.8);
        Scored olderStatement = scored("s2018", INCOME_STATEMENT, 2018, 0.7);
        Scored statement = scored("s2019", INCOME_STATEMENT, 2019, 0.1);
        List<Scored> reranked = List.of(prose1, prose2, olderStatement);
        List<Scored> context = List.of(prose1, prose2, olderStatement);
        String question = "What is the FY2018 - FY2019 change in operating margin? Use the statement of income.";

        List<Scored> withSlot = ContextPolicy.defaults().withStatements(question, reranked,
                List.of(prose1.candidate(), statement.candidate()), context);

        assertThat(withSlot).extracting(s -> s.candidate().chunk().chunkId()).containsExactly("p1", "s2018", "s2019");
        assertThat(ContextPolicy.defaults().withStatements(question, reranked, List.of(), context)).isEqualTo(context);
    }

    private static final String INCOME_STATEMENT =
            "Consolidated Statements of Income (Amounts in millions) Fiscal Years Ended January 31, 2019 2018 Revenues 514,405";

    private static Scored scored(String id, String text, int fiscalYear, double score) {
        IndexedChunk chunk = TestRecords.indexedChunk(id, "A:" + fiscalYear, text).document(id, "v").section(null).build();
        return new Scored(new Candidate(chunk, 1, (float) score, 1, (float) score, score), score);
    }

    private static Scored scored(String docId, String docHash, int start, int end, double score) {
        IndexedChunk chunk = TestRecords.indexedChunk(docId + "@" + start + "/" + docHash, "A:2023", "x".repeat(end - start))
                .document(docId, docHash).seq(start / 1250).at(start).section(null).build();
        return new Scored(new Candidate(chunk, 1, (float) score, 1, (float) score, score), score);
    }
}
