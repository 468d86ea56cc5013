package dev.scoperag.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ReciprocalRankFusionTest {

    private static List<ReciprocalRankFusion.Fused<String>> fuse(int k, List<List<String>> rankings) {
        return ReciprocalRankFusion.fuse(rankings, k, Function.identity());
    }

    private static List<String> order(List<ReciprocalRankFusion.Fused<String>> fused) {
        return fused.stream().map(ReciprocalRankFusion.Fused::item).toList();
    }

    @Test
    void scoresAreTheSumOfReciprocalRanksOffsetByK() {
        // k = 60: a = 1/61 + 1/63, b = 1/62 + 1/61, c = 1/63, d = 1/62
        List<ReciprocalRankFusion.Fused<String>> fused =
                fuse(60, List.of(List.of("a", "b", "c"), List.of("b", "d", "a")));

        assertThat(order(fused)).containsExactly("b", "a", "d", "c");
        assertThat(fused.get(0).score()).isCloseTo(1.0 / 62 + 1.0 / 61, within(1e-15));
        assertThat(fused.get(1).score()).isCloseTo(1.0 / 61 + 1.0 / 63, within(1e-15));
        assertThat(fused.get(2).score()).isCloseTo(1.0 / 62, within(1e-15));
        assertThat(fused.get(3).score()).isCloseTo(1.0 / 63, within(1e-15));
        assertThat(fused.get(1).ranks()).containsExactly(1, 3);
        assertThat(fused.get(2).ranks()).containsExactly(null, 2);
        assertThat(fused.get(3).rankIn(1)).isNull();
    }

    @Test
    void secondInBothListsBeatsFirstInOneListOnly() {
        // "both" = 2/62 = 0.03226; "top" = 1/61 = 0.01639
        List<ReciprocalRankFusion.Fused<String>> fused =
                fuse(60, List.of(List.of("top", "both"), List.of("other", "both")));

        assertThat(order(fused)).containsExactly("both", "other", "top");
        assertThat(fused.get(0).score()).isCloseTo(2.0 / 62, within(1e-15));
    }

    @Test
    void equalScoresFallBackToBestSingleRankThenKey() {
        // "p" ranks (3, 1) and "q" ranks (1, 3): equal scores (1/61 + 1/63 = 0.032266) and equal
        // best rank, so the key decides. "r" ranks (2, 2): 2/62 = 0.032258, just below.
        List<ReciprocalRankFusion.Fused<String>> fused =
                fuse(60, List.of(List.of("q", "r", "p"), List.of("p", "r", "q")));

        assertThat(order(fused)).containsExactly("p", "q", "r");
        assertThat(fused.get(0).score()).isEqualTo(fused.get(1).score());
    }

    @Test
    void bestSingleRankBreaksATieOfScores() {
        // k = 0: "a" ranks (1, -) and "z" ranks (-, 1) score 1; "b" ranks (2, 2) scores 1/2 + 1/2 = 1.
        // All tie on score; a and z reached rank 1 so they precede b, and the key orders a before z.
        List<ReciprocalRankFusion.Fused<String>> fused =
                fuse(0, List.of(List.of("a", "b"), List.of("z", "b"), List.of()));

        assertThat(order(fused)).containsExactly("a", "z", "b");
        assertThat(fused).allSatisfy(f -> assertThat(f.score()).isEqualTo(1.0));
    }

    @Test
    void tiedItemsComeOutInKeyOrderWhateverTheInputOrder() {
        List<String> first = fuse(60, List.of(List.of("m"), List.of("k"))).stream()
                .map(ReciprocalRankFusion.Fused::item).toList();
        List<String> second = fuse(60, List.of(List.of("k"), List.of("m"))).stream()
                .map(ReciprocalRankFusion.Fused::item).toList();

        assertThat(first).containsExactly("k", "m").isEqualTo(second);
    }

    @Test
    void aRepeatedItemCountsOnceAtItsFirstPosition() {
        List<ReciprocalRankFusion.Fused<String>> fused = fuse(60, List.of(Arrays.asList("a", "b", "a")));

        assertThat(order(fused)).containsExactly("a", "b");
        assertThat(fused.get(0).score()).isCloseTo(1.0 / 61, within(1e-15));
        assertThat(fused.get(1).rankIn(0)).isEqualTo(2);
    }

    @Test
    void emptyRankingsFuseToNothing() {
        assertThat(fuse(60, List.of())).isEmpty();
        assertThat(fuse(60, List.of(List.of(), List.of()))).isEmpty();
    }

    @Test
    void negativeKIsRejected() {
        assertThatThrownBy(() -> fuse(-1, List.of(List.of("a")))).isInstanceOf(IllegalArgumentException.class);
    }
}
