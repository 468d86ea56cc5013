package dev.scoperag.launcher.bench;

import dev.scoperag.launcher.stats.Percentiles;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.scoperag.core.answer.AnswerEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LatencyTableTest {

    static AnswerEvent answer(String status, Boolean corpusWide, List<AnswerEvent.ShardRef> shards, double totalMs) {
        AnswerEvent.RouteSummary route = new AnswerEvent.RouteSummary("deterministic", 1.0, Boolean.TRUE.equals(corpusWide), List.of(),
                shards);
        Map<String, Object> retrieval = corpusWide == null ? null : Map.of("corpus_wide", corpusWide);
        return new AnswerEvent("q", "question", status, null, null, "answer", List.of(), route, retrieval,
                Map.of("route", 1.0, "rerank", totalMs / 2, "total", totalMs), Map.of(), "2026-12-02T21:00:00Z");
    }

    @Test
    void answersAreClassifiedByHowTheJobSearched() {
        List<AnswerEvent.ShardRef> amazon = List.of(new AnswerEvent.ShardRef("AMZN", 2019));
        assertThat(Observation.of("a", 5, answer("answered", false, amazon, 10)).path()).isEqualTo(Observation.Path.ROUTED);
        assertThat(Observation.of("a", 5, answer("answered", false, amazon, 10)).shards()).containsExactly("AMZN:2019");
        assertThat(Observation.of("b", 5, answer("answered", true, List.of(), 10)).path()).isEqualTo(Observation.Path.CORPUS_WIDE);
        assertThat(Observation.of("c", 5, answer("abstained", null, List.of(), 10)).path()).isEqualTo(Observation.Path.NOT_SEARCHED);
        AnswerEvent rejected = AnswerEvent.rejected("q", "", "EMPTY_QUESTION", "no question", "2026-12-02T21:00:00Z");
        assertThat(Observation.of("d", 5, rejected).path()).isEqualTo(Observation.Path.NOT_SEARCHED);
    }

    @Test
    void eachPathHasItsOwnPercentilesPerStage() {
        List<AnswerEvent.ShardRef> amazon = List.of(new AnswerEvent.ShardRef("AMZN", 2019));
        List<Observation> seen = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            seen.add(Observation.of("r" + i, 1000 + i, answer("answered", false, amazon, i)));
        }
        seen.add(Observation.of("c", 9000, answer("answered", true, List.of(), 5000)));

        LatencyTable table = new LatencyTable(seen);

        assertThat(table.count(Observation.Path.ROUTED)).isEqualTo(100);
        assertThat(table.count(Observation.Path.CORPUS_WIDE)).isEqualTo(1);
        assertThat(table.count(Observation.Path.NOT_SEARCHED)).isZero();
        assertThat(table.get(Observation.Path.ROUTED, "total").p50()).isCloseTo(50.0, within(0.05));
        assertThat(table.get(Observation.Path.ROUTED, "total").p99()).isCloseTo(99.0, within(0.1));
        assertThat(table.get(Observation.Path.ROUTED, "rerank").p95()).isCloseTo(47.5, within(0.05));
        assertThat(table.get(Observation.Path.ROUTED, LatencyTable.VISIBLE).p50()).isCloseTo(1050.0, within(1.05));
        assertThat(table.get(Observation.Path.CORPUS_WIDE, "total").p50()).isCloseTo(5000.0, within(5.0));
        assertThat(table.get(Observation.Path.ROUTED, "answer").count()).as("a stage no answer timed").isZero();
        assertThat(String.join("\n", table.lines(10))).contains("routed", "corpus-wide", "100 answers (100 answered), 10.00 answers/s").doesNotContain("not-searched");
    }
}
