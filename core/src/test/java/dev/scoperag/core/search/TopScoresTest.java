package dev.scoperag.core.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TopScoresTest {

    @Test
    void keepsTheBestScoresBestFirstAndPrefersLowerOrdinalsOnTies() {
        TopScores top = new TopScores(3);
        float[] scores = {0.1f, 0.9f, 0.5f, 0.9f, 0.7f, 0.2f};
        for (int i = 0; i < scores.length; i++) {
            top.offer(i, scores[i]);
        }
        int[] ordinals = new int[3];
        float[] best = new float[3];

        assertThat(top.drainBestFirst(ordinals, best)).isEqualTo(3);
        assertThat(ordinals).containsExactly(1, 3, 4);
        assertThat(best).containsExactly(0.9f, 0.9f, 0.7f);
    }

    @Test
    void agreesWithAFullSortOnRandomScores() {
        Random random = new Random(42);
        float[] scores = new float[2_000];
        for (int i = 0; i < scores.length; i++) {
            scores[i] = random.nextInt(500) / 500f; // coarse values, so ties occur
        }
        TopScores top = new TopScores(50);
        for (int i = 0; i < scores.length; i++) {
            top.offer(i, scores[i]);
        }
        int[] ordinals = new int[50];
        top.drainBestFirst(ordinals, new float[50]);

        int[] expected = IntStream.range(0, scores.length).boxed()
                .sorted((a, b) -> scores[a] != scores[b] ? Float.compare(scores[b], scores[a]) : Integer.compare(a, b))
                .limit(50).mapToInt(Integer::intValue).toArray();
        assertThat(ordinals).containsExactly(expected);
    }

    @Test
    void fewerOffersThanCapacityAreAllKept() {
        TopScores top = new TopScores(10);
        top.offer(4, 0.3f);
        top.offer(2, 0.6f);
        int[] ordinals = new int[top.size()];

        assertThat(top.drainBestFirst(ordinals, new float[2])).isEqualTo(2);
        assertThat(ordinals).containsExactly(2, 4);
    }
}
