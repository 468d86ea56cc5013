package dev.scoperag.launcher.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArmSummaryTest {

    static QuestionScore score(Boolean routed, boolean docHit, int firstHitRank, Double recall, int context, int wrong, Boolean numeric,
            double totalMs) {
        return new QuestionScore("q", "answered", routed, docHit, firstHitRank, recall, context, wrong, numeric, null, null, List.of(),
                List.of(), Map.of("rerank", totalMs / 2, "total", totalMs), "answer");
    }

    @Test
    void percentilesAreByNearestRankToATenthOfAPercent() {
        List<Double> values = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            values.add(i * 10.0);
        }
        ArmSummary.Percentiles p = ArmSummary.Percentiles.of(values);
        assertThat(p.p50()).isCloseTo(100.0, within(0.1));
        assertThat(p.p95()).isCloseTo(190.0, within(0.19));
        assertThat(ArmSummary.Percentiles.of(List.of(7.0)).p95()).isCloseTo(7.0, within(0.007));
    }

    @Test
    void recallsAreMeansOverQuestionsAndTheWrongIssuerShareIsOverAllContextChunks() {
        ArmSummary s = ArmSummary.of("hdrr", List.of(
                score(true, true, 1, 1.0, 5, 0, true, 100),
                score(true, true, 2, 0.5, 5, 1, null, 200),
                score(false, false, 0, 0.0, 2, 2, false, 300),
                score(true, true, 0, null, 0, 0, null, 400)), 5);

        assertThat(s.routingAccuracy()).isEqualTo(0.75);
        assertThat(s.docRecall()).isEqualTo(0.75);
        assertThat(s.pageRecall()).isEqualTo(0.5);
        assertThat(s.mrr()).isCloseTo((1 + 0.5) / 4, within(1e-9));
        assertThat(s.evidenceRecall()).isEqualTo(0.5);
        assertThat(s.wrongIssuerShare()).isCloseTo(3 / 12.0, within(1e-9));
        assertThat(s.numericMatch()).isEqualTo(0.5);
        assertThat(s.numericQuestions()).isEqualTo(2);
        assertThat(s.shortContexts()).isEqualTo(2);
        assertThat(s.emptyContexts()).isEqualTo(1);
        assertThat(s.meanContextSize()).isEqualTo(3.0);
        assertThat(s.latencyMs().get("total").p50()).isCloseTo(200.0, within(0.2));
        assertThat(s.latencyMs().get("rerank").p95()).isCloseTo(200.0, within(0.2));
    }

    @Test
    void anArmThatDoesNotRouteHasNoRoutingAccuracy() {
        ArmSummary s = ArmSummary.of("cbr", List.of(score(null, true, 1, 1.0, 5, 0, null, 10)), 5);

        assertThat(s.routingAccuracy()).isNull();
        assertThat(s.toJson()).containsEntry("routing_accuracy", null).containsEntry("numeric_match", null);
    }
}
