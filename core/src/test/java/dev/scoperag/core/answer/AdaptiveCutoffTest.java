package dev.scoperag.core.answer;

import static dev.scoperag.core.answer.TestContext.scores;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AdaptiveCutoffTest {

    @Test
    void aDropLargerThanTheCliffEndsTheContext() {
        // Normalised 1, 0.95, 0.9, 0.2, 0.1, 0: the step from 0.9 to 0.2 is 70% of the range.
        AdaptiveCutoff cutoff = new AdaptiveCutoff(1, 10, 1.0, 0.4);

        assertThat(cutoff.keep(scores(10, 9.5, 9, 2, 1, 0))).isEqualTo(3);
    }

    @Test
    void theContextEndsOnceItHoldsTheScoreMass() {
        // Normalised 1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0 sum to 5.4; 80% is 4.32, reached after 6 (4.5).
        AdaptiveCutoff cutoff = new AdaptiveCutoff(1, 20, 0.8, 1.0);

        assertThat(cutoff.keep(scores(10, 9, 8, 7, 6, 5, 4, 3, 2, 0))).isEqualTo(6);
    }

    @Test
    void neverMoreThanMax() {
        AdaptiveCutoff cutoff = new AdaptiveCutoff(1, 3, 1.0, 1.0);

        assertThat(cutoff.cut(scores(10, 9.9, 9.8, 9.7, 9.6, 0))).hasSize(3);
    }

    @Test
    void alwaysAtLeastMinEvenAfterACliff() {
        AdaptiveCutoff cutoff = new AdaptiveCutoff(2, 10, 0.8, 0.4);

        assertThat(cutoff.keep(scores(10, 1, 0.9, 0.8))).isEqualTo(2);
        assertThat(new AdaptiveCutoff(1, 10, 0.8, 0.4).keep(scores(10, 1, 0.9, 0.8))).isEqualTo(1);
    }

    @Test
    void equalScoresHaveNoShapeSoMaxIsKept() {
        assertThat(new AdaptiveCutoff(1, 4, 0.5, 0.1).keep(scores(3, 3, 3, 3, 3, 3))).isEqualTo(4);
    }

    @Test
    void theRulesReadTheShapeNotTheScale() {
        AdaptiveCutoff cutoff = AdaptiveCutoff.defaults(10);

        // Logits and a 0..1 blend with the same shape are cut at the same place.
        assertThat(cutoff.keep(scores(8.0, 7.5, 7.0, -2.0, -3.0)))
                .isEqualTo(cutoff.keep(scores(0.80, 0.775, 0.75, 0.30, 0.25)))
                .isEqualTo(3);
    }

    @Test
    void shortListsAreKeptWhole() {
        assertThat(AdaptiveCutoff.defaults(5).cut(scores(4.0))).hasSize(1);
        assertThat(AdaptiveCutoff.defaults(5).cut(scores())).isEmpty();
    }

    @Test
    void anUnsortedListIsRejected() {
        assertThatThrownBy(() -> AdaptiveCutoff.defaults(5).keep(scores(1, 2, 3)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not sorted");
    }
}
