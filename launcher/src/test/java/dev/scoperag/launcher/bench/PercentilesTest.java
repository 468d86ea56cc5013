package dev.scoperag.launcher.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PercentilesTest {

    @Test
    void percentilesAreMeasuredValuesByNearestRank() {
        List<Double> values = new ArrayList<>();
        for (int i = 200; i >= 1; i--) {
            values.add(i * 10.0);
        }
        Percentiles p = Percentiles.of(values);
        assertThat(p.count()).isEqualTo(200);
        assertThat(p.p50()).isEqualTo(1000.0);
        assertThat(p.p95()).isEqualTo(1900.0);
        assertThat(p.p99()).isEqualTo(1980.0);
        assertThat(p.max()).isEqualTo(2000.0);
    }

    @Test
    void fewValuesGiveTheirLargestForTheHighPercentiles() {
        Percentiles p = Percentiles.of(List.of(30.0, 10.0, 20.0));
        assertThat(p.p50()).isEqualTo(20.0);
        assertThat(p.p95()).isEqualTo(30.0);
        assertThat(p.p99()).isEqualTo(30.0);
        assertThat(Percentiles.of(List.of(7.0)).p99()).isEqualTo(7.0);
    }

    @Test
    void noValuesGiveNoFigures() {
        assertThat(Percentiles.of(List.of()).count()).isZero();
        assertThat(Percentiles.of(List.of()).p50()).isNaN();
    }
}
