package dev.scoperag.core.answer;

import java.util.List;

/**
 * Keeps a compact context from a reranked list: as many candidates as carry most of the score, and
 * none after a sharp drop.
 *
 * <p>Scores are first min-max normalised over the list (best 1, worst 0), because rerankers score on
 * different scales (logits, blends in 0..1) and only the shape of the list is comparable. Then, walking
 * best first, the cut falls before candidate {@code i} at the first of:
 * <ol>
 *   <li><b>max</b>: {@code i == max};
 *   <li><b>cliff</b>: the normalised score drops by more than {@code cliff} from candidate {@code i-1}
 *       to {@code i}, i.e. by more than that share of the list's whole score range in one step;
 *   <li><b>mass</b>: the candidates before {@code i} already hold {@code mass} of the summed normalised
 *       scores.
 * </ol>
 * The first {@code min} candidates are kept whatever the rules say. When every score is equal there is no
 * shape to read, and {@code max} candidates are kept. The input must be sorted best first, as
 * {@link Reranker#rerank} returns it.
 *
 * @param min candidates always kept (at least 1)
 * @param max candidates kept at most: the query's top_k
 * @param mass share of the summed normalised score after which the context is complete, in (0, 1]
 * @param cliff a one-step drop, as a share of the score range, that ends the context, in (0, 1]
 */
public record AdaptiveCutoff(int min, int max, double mass, double cliff) {

    public AdaptiveCutoff {
        if (min < 1 || max < min) {
            throw new IllegalArgumentException("need 1 <= min <= max: min " + min + ", max " + max);
        }
        if (!(mass > 0 && mass <= 1) || !(cliff > 0 && cliff <= 1)) {
            throw new IllegalArgumentException("mass and cliff must be in (0, 1]: " + mass + ", " + cliff);
        }
    }

    /** At least 1, at most {@code topK}; stop at 80% of the score mass or at a drop of 40% of the range. */
    public static AdaptiveCutoff defaults(int topK) {
        return new AdaptiveCutoff(1, topK, 0.8, 0.4);
    }

    public AdaptiveCutoff withMax(int value) {
        return new AdaptiveCutoff(Math.min(min, value), value, mass, cliff);
    }

    /** The leading part of {@code reranked} to keep as context. */
    public List<Scored> cut(List<Scored> reranked) {
        return reranked.subList(0, keep(reranked));
    }

    /** How many leading candidates {@link #cut} keeps. */
    public int keep(List<Scored> reranked) {
        int n = reranked.size();
        if (n <= min) {
            return n;
        }
        for (int i = 1; i < n; i++) {
            if (reranked.get(i).score() > reranked.get(i - 1).score()) {
                throw new IllegalArgumentException("reranked list is not sorted best first at " + i);
            }
        }
        double best = reranked.get(0).score();
        double worst = reranked.get(n - 1).score();
        double range = best - worst;
        if (range <= 0) {
            return Math.min(n, max);
        }
        double total = 0;
        for (Scored scored : reranked) {
            total += (scored.score() - worst) / range;
        }
        double kept = 1.0;
        double previous = 1.0;
        for (int i = 1; i < n; i++) {
            double normalised = (reranked.get(i).score() - worst) / range;
            boolean stop = i >= max || previous - normalised > cliff || kept >= mass * total;
            if (stop && i >= min) {
                return i;
            }
            kept += normalised;
            previous = normalised;
        }
        return Math.min(n, max);
    }
}
