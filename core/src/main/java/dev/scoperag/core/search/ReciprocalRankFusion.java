package dev.scoperag.core.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reciprocal rank fusion (Cormack et al., 2009): an item scores {@code sum 1/(k + rank)} over the
 * rankings it appears in, so agreement between lists outweighs a single top rank.
 */
public final class ReciprocalRankFusion {

    private ReciprocalRankFusion() {
    }

    /**
     * One fused item: its score, its 1-based rank in each input ranking (null where absent) and the
     * best of those ranks.
     */
    public record Fused<T>(T item, String key, double score, List<Integer> ranks, int bestRank) {

        public Fused {
            ranks = Collections.unmodifiableList(Arrays.asList(ranks.toArray(new Integer[0])));
        }

        /** The item's rank in ranking {@code list}, or null if it did not appear there. */
        public Integer rankIn(int list) {
            return ranks.get(list);
        }
    }

    /**
     * Fuses rankings, best first, into one list ordered by fused score, then by best single rank,
     * then by key, so equal inputs always give the same order.
     *
     * @param rankings each list ordered best first; a repeated key within one list counts once,
     *     at its first position
     * @param k the damping constant; 60 in the original paper
     * @param key identifies the same item across rankings, and breaks the last ties
     */
    public static <T> List<Fused<T>> fuse(List<? extends List<? extends T>> rankings, int k,
            Function<? super T, String> key) {
        if (k < 0) {
            throw new IllegalArgumentException("k must not be negative: " + k);
        }
        int lists = rankings.size();
        Map<String, Integer[]> ranksByKey = new HashMap<>();
        Map<String, T> itemByKey = new HashMap<>();
        for (int list = 0; list < lists; list++) {
            List<? extends T> ranking = rankings.get(list);
            for (int position = 0; position < ranking.size(); position++) {
                T item = ranking.get(position);
                String id = Objects.requireNonNull(key.apply(item), "key");
                Integer[] ranks = ranksByKey.computeIfAbsent(id, unused -> new Integer[lists]);
                if (ranks[list] == null) {
                    ranks[list] = position + 1;
                    itemByKey.putIfAbsent(id, item);
                }
            }
        }
        List<Fused<T>> fused = new ArrayList<>(ranksByKey.size());
        for (Map.Entry<String, Integer[]> entry : ranksByKey.entrySet()) {
            Integer[] ranks = entry.getValue();
            int[] present = presentRanksAscending(ranks);
            fused.add(new Fused<>(itemByKey.get(entry.getKey()), entry.getKey(), score(present, k), Arrays.asList(ranks),
                    present[0]));
        }
        fused.sort(Comparator.<Fused<T>>comparingDouble(Fused::score).reversed()
                .thenComparingInt(Fused::bestRank)
                .thenComparing(Fused::key));
        return fused;
    }

    /**
     * Sums the terms smallest rank first: floating-point addition is not associative, and a fixed
     * order makes items whose ranks are a permutation of each other tie exactly.
     */
    static double score(int[] ranksAscending, int k) {
        double score = 0;
        for (int rank : ranksAscending) {
            score += 1.0 / (k + rank);
        }
        return score;
    }

    private static int[] presentRanksAscending(Integer[] ranks) {
        int count = 0;
        for (Integer rank : ranks) {
            if (rank != null) {
                count++;
            }
        }
        int[] present = new int[count];
        int i = 0;
        for (Integer rank : ranks) {
            if (rank != null) {
                present[i++] = rank;
            }
        }
        Arrays.sort(present);
        return present;
    }
}
