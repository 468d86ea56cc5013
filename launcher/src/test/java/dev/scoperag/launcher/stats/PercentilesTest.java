package dev.scoperag.launcher.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PercentilesTest {

    @Test
    void percentilesAreTheMeasuredValuesAtTheirNearestRankToATenthOfAPercent() {
        List<Double> values = new ArrayList<>();
        for (int i = 200; i >= 1; i--) {
            values.add(i * 10.0);
        }
        Percentiles p = Percentiles.of(values);
        assertThat(p.count()).isEqualTo(200);
        assertThat(p.p50()).isCloseTo(1000.0, within(1.0));
        assertThat(p.p95()).isCloseTo(1900.0, within(1.9));
        assertThat(p.p99()).isCloseTo(1980.0, within(1.98));
        assertThat(p.max()).isCloseTo(2000.0, within(2.0));
    }

    @Test
    void fewValuesGiveTheirLargestForTheHighPercentiles() {
        Percentiles p = Percentiles.of(List.of(30.0, 10.0, 20.0));
        assertThat(p.p50()).isCloseTo(20.0, within(0.02));
        assertThat(p.p95()).isCloseTo(30.0, within(0.03));
        assertThat(p.p99()).isCloseTo(30.0, within(0.03));
        assertThat(Percentiles.of(List.of(7.0)).p99()).isCloseTo(7.0, within(0.007));
    }

    @Test
    void theHighPercentilesAreTheNearestRankNotARoundedOne() {
        // Of 11 values, p95 is rank ceil(10.45) = 11: the largest, where rounding the rank would give the tenth.
        List<Double> values = new ArrayList<>();
        for (int i = 1; i <= 11; i++) {
            values.add(i * 100.0);
        }
        assertThat(Percentiles.of(values).p95()).isCloseTo(1100.0, within(1.1));
    }

    @Test
    void aStageAnAnswerDidNotTimeIsLeftOut() {
        List<Double> values = new ArrayList<>(List.of(10.0, 20.0));
        values.add(Double.NaN);
        assertThat(Percentiles.of(values).count()).isEqualTo(2);
        assertThat(Percentiles.of(values).max()).isCloseTo(20.0, within(0.02));
    }

    @Test
    void noValuesGiveNoFigures() {
        assertThat(Percentiles.of(List.of()).count()).isZero();
        assertThat(Percentiles.of(List.of()).p50()).isNaN();
    }
}
