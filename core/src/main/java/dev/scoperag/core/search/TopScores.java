package dev.scoperag.core.search;

/**
 * The {@code capacity} best (ordinal, score) pairs offered so far, in primitive arrays so
 * selecting from thousands of scores allocates nothing per offer. Higher scores win; on equal
 * scores the lower ordinal wins.
 */
final class TopScores {

    private final int[] ordinals;
    private final float[] scores;
    private int size;

    TopScores(int capacity) {
        ordinals = new int[capacity];
        scores = new float[capacity];
    }

    void offer(int ordinal, float score) {
        if (size < ordinals.length) {
            ordinals[size] = ordinal;
            scores[size] = score;
            siftUp(size++);
        } else if (ordinals.length > 0 && better(ordinal, score, ordinals[0], scores[0])) {
            ordinals[0] = ordinal;
            scores[0] = score;
            siftDown(0);
        }
    }

    int size() {
        return size;
    }

    /** Drains the heap into {@code outOrdinals} and {@code outScores}, best first; returns the count. */
    int drainBestFirst(int[] outOrdinals, float[] outScores) {
        int count = size;
        for (int i = count - 1; i >= 0; i--) {
            outOrdinals[i] = ordinals[0];
            outScores[i] = scores[0];
            size--;
            ordinals[0] = ordinals[size];
            scores[0] = scores[size];
            siftDown(0);
        }
        return count;
    }

    private static boolean better(int ordinal, float score, int otherOrdinal, float otherScore) {
        return score > otherScore || (score == otherScore && ordinal < otherOrdinal);
    }

    // A min-heap by "worse first": the root is the entry the next better offer evicts.
    private void siftUp(int index) {
        while (index > 0) {
            int parent = (index - 1) >>> 1;
            if (!better(ordinals[parent], scores[parent], ordinals[index], scores[index])) {
                return;
            }
            swap(index, parent);
            index = parent;
        }
    }

    private void siftDown(int index) {
        while (true) {
            int left = 2 * index + 1;
            if (left >= size) {
                return;
            }
            int worst = left;
            int right = left + 1;
            if (right < size && better(ordinals[left], scores[left], ordinals[right], scores[right])) {
                worst = right;
            }
            if (!better(ordinals[index], scores[index], ordinals[worst], scores[worst])) {
                return;
            }
            swap(index, worst);
            index = worst;
        }
    }

    private void swap(int a, int b) {
        int ordinal = ordinals[a];
        ordinals[a] = ordinals[b];
        ordinals[b] = ordinal;
        float score = scores[a];
        scores[a] = scores[b];
        scores[b] = score;
    }
}
