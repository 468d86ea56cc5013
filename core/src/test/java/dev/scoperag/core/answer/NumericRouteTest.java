package dev.scoperag.core.answer;

import static dev.scoperag.core.answer.TestContext.candidates;
import static dev.scoperag.core.answer.TestContext.chunk;
import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.contract.Schemas;
import dev.scoperag.core.fact.Computation;
import dev.scoperag.core.fact.FactCalculator;
import dev.scoperag.core.fact.Metric;
import dev.scoperag.core.fact.MetricQuestion;
import dev.scoperag.core.fact.MetricResult;
import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.query.ShardRequest;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.route.Route;
import dev.scoperag.core.search.SearchRequest;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The answer step answers a metric from the computation a shard returned, and falls back to retrieval saying why. */
class NumericRouteTest {

    private static final String QUESTION = "What was Coca-Cola's 2024 operating margin?";

    private static QueryPlan plan() {
        Route route = new Route(List.of(), List.of(new Shard("KO", 2024)), new TreeSet<>(), List.of(), Route.DETERMINISTIC, 0.95,
                false, null, "one issuer");
        SearchRequest search = SearchRequest.of(QUESTION, null);
        return new QueryPlan(new QueryEvent("q1", QUESTION, null, null, null), route,
                List.of(new ShardRequest("q1", "KO:2024", search)), null, null, 0L, Map.of());
    }

    private static Computation margin() {
        Computation.Citation income = new Computation.Citation("KO_2024_10K", "us-gaap:OperatingIncomeLoss", "Operating income",
                "c-1", "2024-01-01..2024-12-31", new BigDecimal("9992000000"), null);
        Computation.Citation revenue = new Computation.Citation("KO_2024_10K", "us-gaap:Revenues", "Net operating revenues",
                "c-1", "2024-01-01..2024-12-31", new BigDecimal("47061000000"), null);
        return new Computation("operating margin", "operating income / revenue", List.of(2024), List.of(
                new Computation.Input("operating income", 2024, new BigDecimal("9992000000"), "USD", List.of(income)),
                new Computation.Input("revenue", 2024, new BigDecimal("47061000000"), "USD", List.of(revenue))),
                new BigDecimal("21.23202652"), "%", "2 decimals", "21.23%");
    }

    private static AnswerEvent answer(ShardResult result) {
        try (AnswerStage stage = new AnswerStage(new RetrievalOrder(), new ExtractiveAnswerer(ExtractiveAnswerer.Settings.defaults()), null)) {
            return stage.answer(plan(), List.of(result), List.of(), 0L);
        }
    }

    @Test
    void aComputedMetricIsTheAnswerWithItsFormulaInputsAndCitations() {
        ShardResult result = new ShardResult("q1", "KO:2024", candidates(chunk("ko1", "KO", 2024, "Operating margin was 21.2% in 2024.")))
                .withMetric(new MetricResult("operating margin", margin(), List.of()));
        AnswerEvent answer = answer(result);

        assertThat(answer.status()).isEqualTo(AnswerEvent.ANSWERED);
        assertThat(answer.answer()).startsWith("Operating margin (KO, FY2024): 21.23%.")
                .contains("Formula: operating income / revenue.")
                .contains("operating income FY2024 = $9,992 million (us-gaap:OperatingIncomeLoss [context c-1]");
        assertThat(answer.computation()).isEqualTo(margin());
        assertThat(answer.citations()).extracting(Citation::chunkId)
                .containsExactly("fact:us-gaap:OperatingIncomeLoss@c-1", "fact:us-gaap:Revenues@c-1");
        assertThat(answer.retrieval()).containsEntry("answer_mode", "numeric");
        assertThat(Schemas.violations(Schemas.ANSWER_EVENT, Json.tree(answer))).isEmpty();
    }

    @Test
    void withTheNumericRouteOffRetrievalAnswersThoughTheShardComputedTheMetric() {
        ShardResult result = new ShardResult("q1", "KO:2024", candidates(chunk("ko1", "KO", 2024, "Operating margin was 21.2% in 2024.")))
                .withMetric(new MetricResult("operating margin", margin(), List.of()));
        try (AnswerStage stage = new AnswerStage(new RetrievalOrder(), new ExtractiveAnswerer(ExtractiveAnswerer.Settings.defaults()), null,
                ContextPolicy.defaults(), false)) {
            AnswerEvent answer = stage.answer(plan(), List.of(result), List.of(), 0L);

            assertThat(answer.computation()).isNull();
            assertThat(answer.retrieval()).containsEntry("answer_mode", "extractive").doesNotContainKey(AnswerStage.NUMERIC_MISSING);
            assertThat(answer.answer()).contains("21.2%");
        }
    }

    @Test
    void aMetricThatCouldNotBeComputedIsAnsweredFromRetrievalSayingWhichFactWasMissing() {
        Metric metric = MetricQuestion.read(QUESTION, 2024).orElseThrow().metric();
        MetricResult missing = MetricResult.of(new MetricQuestion(metric, List.of(2024)),
                new FactCalculator.Missing("operating margin", List.of("no operating income for FY2024 (us-gaap:OperatingIncomeLoss)")));
        ShardResult result = new ShardResult("q1", "KO:2024", candidates(chunk("ko1", "KO", 2024, "Operating margin was 21.2% in 2024.")))
                .withMetric(missing);
        AnswerEvent answer = answer(result);

        assertThat(answer.computation()).isNull();
        assertThat(answer.retrieval()).containsEntry("answer_mode", "extractive");
        assertThat(answer.detail()).contains("did not compute operating margin")
                .contains("no operating income for FY2024");
        assertThat(Schemas.violations(Schemas.ANSWER_EVENT, Json.tree(answer))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {Route.BY_LEARNED_ALIAS, Route.BY_PRODUCT_ALIAS})
    void aQuestionThatNamesAPartOfTheCompanyIsNotAnsweredWithTheCompanysFigure(String how) {
        // "AWS operating margin": AWS, a learned or product alias of Amazon, named the issuer; Amazon's statements compute
        // Amazon's
        String question = "AWS operating margin";
        Route route = new Route(List.of(new Route.Issuer("AMZN", 1018724L, "AMAZON COM INC", true)), List.of(new Shard("AMZN", 2024)),
                new TreeSet<>(), List.of(), Route.DETERMINISTIC, 0.6, false, null, "AMZN by " + how + " 'AWS'",
                List.of(new Route.Naming("AMZN", "AWS", how, how)));
        QueryPlan plan = new QueryPlan(new QueryEvent("q2", question, null, null, null), route,
                List.of(new ShardRequest("q2", "AMZN:2024", SearchRequest.of(question, null))), null, null, 0L, Map.of());
        ShardResult result = new ShardResult("q2", "AMZN:2024", candidates(chunk("a1", "AMZN", 2024,
                "AWS segment operating income was $39.8 billion on net sales of $107.6 billion.")))
                .withMetric(new MetricResult("operating margin", margin(), List.of()));
        try (AnswerStage stage = new AnswerStage(new RetrievalOrder(), new ExtractiveAnswerer(ExtractiveAnswerer.Settings.defaults()), null)) {
            AnswerEvent answer = stage.answer(plan, List.of(result), List.of(), 0L);

            assertThat(answer.computation()).isNull();
            assertThat(answer.retrieval()).containsEntry("answer_mode", "extractive")
                    .hasEntrySatisfying(AnswerStage.NUMERIC_SKIPPED, why -> assertThat((String) why).contains("AWS"));
            assertThat(answer.answer()).contains("AWS segment operating income");
            assertThat(Schemas.violations(Schemas.ANSWER_EVENT, Json.tree(answer))).isEmpty();
        }
        // the same metric asked of the company itself is still the numeric route's
        assertThat(answer(result).computation()).isEqualTo(margin());
    }

    @Test
    void aQuestionRoutedToTwoCompaniesIsNotAnsweredWithOneCompanysFigure() {
        ShardResult ko = new ShardResult("q1", "KO:2024", candidates(chunk("ko1", "KO", 2024, "Operating margin was 21.2% in 2024.")))
                .withMetric(new MetricResult("operating margin", margin(), List.of()));
        ShardResult pep = new ShardResult("q1", "PEP:2024", List.of()).withMetric(new MetricResult("operating margin", margin(), List.of()));
        assertThat(NumericRoute.computed(List.of(ko, pep))).isEmpty();
        assertThat(NumericRoute.computed(List.of(ko))).isPresent();
    }
}
