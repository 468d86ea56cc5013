package dev.scoperag.core.answer;

import static dev.scoperag.core.answer.TestContext.candidates;
import static dev.scoperag.core.answer.TestContext.chunk;
import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.route.Route;
import dev.scoperag.core.search.IndexedChunk;
import dev.scoperag.core.search.RankedLists;
import dev.scoperag.core.search.SearchRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class AnswerStageQuotaTest {

    private static final QueryEvent QUERY = new QueryEvent("q1", "What was revenue?", null, null, null);

    // Five KO chunks lead the fused list; one PEP chunk trails them with a score close enough that the cutoff keeps it.
    private static final List<IndexedChunk> CHUNKS = List.of(
            chunk("ko1", "KO", 2022, "revenue one"), chunk("ko2", "KO", 2022, "revenue two"), chunk("ko3", "KO", 2022, "revenue three"),
            chunk("ko4", "KO", 2022, "revenue four"), chunk("ko5", "KO", 2022, "revenue five"), chunk("pep1", "PEP", 2022, "revenue six"));

    private static List<String> contextOf(QueryPlan plan) {
        try (AnswerStage stage = new AnswerStage(new RetrievalOrder(), new ExtractiveAnswerer(ExtractiveAnswerer.Settings.defaults()), null)) {
            ShardResult result = plan.isCorpusWide()
                    ? ShardResult.corpusWide("q1", "store-0", 1, new RankedLists(bm25Hits(), List.of(), List.of()))
                    : new ShardResult("q1", "store-0", candidates(CHUNKS.toArray(new IndexedChunk[0])));
            AnswerStage.Prepared prepared = stage.prepare(plan, List.of(result), List.of(), 0L);
            return prepared.context().stream().map(s -> s.candidate().chunk().chunkId()).toList();
        }
    }

    /** The chunks as a BM25 list in their order. */
    private static List<RankedLists.Hit> bm25Hits() {
        List<RankedLists.Hit> hits = new ArrayList<>();
        for (int i = 0; i < CHUNKS.size(); i++) {
            hits.add(new RankedLists.Hit(CHUNKS.get(i), 10f - i));
        }
        return hits;
    }

    @Test
    void aQuestionRoutedToTwoCompaniesGetsEvidenceFromBoth() {
        Route route = new Route(List.of(), List.of(new Shard("KO", 2022), new Shard("PEP", 2022)), new TreeSet<>(), List.of(), Route.DETERMINISTIC,
                0.95, false, null, "two issuers");
        SearchRequest search = SearchRequest.of("What was revenue?", null);
        QueryPlan plan = new QueryPlan(QUERY, route, List.of(new ShardRequest("q1", "KO:2022", search), new ShardRequest("q1", "PEP:2022", search)),
                null, null, 0L, Map.of());

        assertThat(contextOf(plan)).contains("pep1");
    }

    @Test
    void aCorpusWideSearchIsNotSharedOutBetweenTheCompaniesItHappensToFind() {
        Route route = Route.corpusWide(new TreeSet<>(Set.of()), List.of(), "no issuer named");
        QueryPlan plan = new QueryPlan(QUERY, route, List.of(), SearchRequest.of("What was revenue?", null), null, 0L, Map.of());

        assertThat(contextOf(plan)).isNotEmpty().doesNotContain("pep1").allMatch(id -> id.startsWith("ko"));
    }
}
