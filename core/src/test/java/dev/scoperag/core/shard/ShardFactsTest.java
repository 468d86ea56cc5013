package dev.scoperag.core.shard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.fact.Fact;
import dev.scoperag.core.fact.MetricResult;
import dev.scoperag.core.fact.PublishedFacts;
import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.record.FactsPublished;
import dev.scoperag.core.search.SearchMode;
import dev.scoperag.core.search.SearchRequest;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A shard's facts follow its documents' commits as its chunks do, and answer the metric a question asks for. */
class ShardFactsTest {

    private static final String SHARD = "KO:2024";
    private static final String MARGIN = "What was Coca-Cola's 2024 operating margin?";
    private static final Fact.Period FY2024 = Fact.Period.duration(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 31));

    private static FactsPublished facts(String docHash, long revenue, long operatingIncome) {
        List<Fact> facts = List.of(
                new Fact("us-gaap:Revenues", "Net operating revenues", FY2024, Map.of(), "USD", BigDecimal.valueOf(revenue), -6,
                        Fact.Source.xbrl("c-1")),
                new Fact("us-gaap:OperatingIncomeLoss", "Operating income", FY2024, Map.of(), "USD",
                        BigDecimal.valueOf(operatingIncome), -6, Fact.Source.xbrl("c-1")));
        return new FactsPublished(SHARD, "KO", 2024, "10-K", "10-K", docHash,
                facts.stream().map(PublishedFacts::published).toList());
    }

    private static Optional<String> margin(ShardContents shard) throws Exception {
        return shard.metric(MARGIN).map(MetricResult::computation).map(c -> c == null ? null : c.display());
    }

    @Test
    void factsArePendingUntilTheirCommitAndANewVersionsReplaceTheOldOnlyAtItsCommit() throws Exception {
        try (ShardSet shards = ShardSet.inMemory("m")) {
            ShardContents shard = shards.shard(SHARD);
            shard.apply(facts("v1", 47_061_000_000L, 9_992_000_000L));
            MetricResult pending = shard.metric(MARGIN).orElseThrow();
            assertThat(pending.computed()).isFalse();
            assertThat(pending.missing()).containsExactly("no annual facts in the shard's filings");

            shard.apply(TestRecords.commit(SHARD, "10-K", "v1").build());
            assertThat(margin(shard)).contains("21.23%");

            shard.apply(facts("v2", 47_061_000_000L, 10_000_000_000L));
            assertThat(margin(shard)).as("the committed version's facts until the new commit").contains("21.23%");

            shard.apply(TestRecords.commit(SHARD, "10-K", "v2").supersedes("v1").build());
            assertThat(margin(shard)).contains("21.25%");
        }
    }

    @Test
    void aVersionWithoutFactsAndARetractionLeaveTheDocumentWithoutFacts() throws Exception {
        try (ShardSet shards = ShardSet.inMemory("m")) {
            ShardContents shard = shards.shard(SHARD);
            shard.apply(facts("v1", 100, 25));
            shard.apply(TestRecords.commit(SHARD, "10-K", "v1").build());
            assertThat(margin(shard)).contains("25%");

            shard.apply(TestRecords.commit(SHARD, "10-K", "v2").supersedes("v1").build());
            assertThat(shard.metric(MARGIN).orElseThrow().computed()).isFalse();

            shard.apply(facts("v3", 100, 30));
            shard.apply(TestRecords.commit(SHARD, "10-K", "v3").supersedes("v2").build());
            assertThat(margin(shard)).contains("30%");
            shard.apply(new DocumentRetracted(SHARD, "KO", 2024, "10-K", "v3", "2026-12-02T00:00:00Z", null));
            assertThat(shard.metric(MARGIN).orElseThrow().computed()).isFalse();
        }
    }

    @Test
    void aSearchCarriesTheMetricAndAShardReadAgainFromItsStateKeepsItsFacts() throws Exception {
        ShardState state = ShardState.inMemory();
        try (ShardContents shard = ShardContents.load(SHARD, "m", state)) {
            shard.apply(facts("v1", 200, 50));
            shard.apply(TestRecords.commit(SHARD, "10-K", "v1").build());
        }
        try (ShardContents reloaded = ShardContents.load(SHARD, "m", state)) {
            SearchRequest search = SearchRequest.of(MARGIN, new float[] {1f, 0f}).withMode(SearchMode.BM25);
            ShardResult result = reloaded.search(new ShardRequest("q", SHARD, search));
            assertThat(result.metric().computation().display()).isEqualTo("25%");
            assertThat(result.metric().computation().inputs()).extracting(i -> i.facts().get(0).concept())
                    .containsExactly("us-gaap:OperatingIncomeLoss", "us-gaap:Revenues");

            ShardResult notAMetric = reloaded.search(new ShardRequest("q", SHARD,
                    SearchRequest.of("Who audits Coca-Cola?", new float[] {1f, 0f}).withMode(SearchMode.BM25)));
            assertThat(notAMetric.metric()).isNull();
        }
        assertThat(state.pendingFacts().values()).isEmpty();
    }
}
