package dev.scoperag.core.search;

import dev.scoperag.core.record.WindowVectors;

/**
 * The window vectors of an index's chunks in one int8 matrix, rows in chunk-ordinal order, and the best cosine of a
 * question with one of a chunk's windows: what the reranker's semantic feature reads instead of running the model
 * over the candidates at query time.
 */
final class PackedWindows {

    private static final PackedWindows NONE = new PackedWindows(new byte[0], new float[0], new int[1], new int[0][], 0);

    private final byte[] bytes;
    private final float[] scales;
    /** Chunk {@code o}'s windows are rows {@code first[o]} to {@code first[o + 1] - 1}. */
    private final int[] first;
    /** Chunk {@code o}'s window spans in its text, two offsets per window. */
    private final int[][] spans;
    private final int dimensions;

    private PackedWindows(byte[] bytes, float[] scales, int[] first, int[][] spans, int dimensions) {
        this.bytes = bytes;
        this.scales = scales;
        this.first = first;
        this.spans = spans;
        this.dimensions = dimensions;
    }

    /**
     * Packs the chunks' window vectors, in the order given; chunks without them have no rows.
     *
     * @throws IllegalArgumentException if the chunks' window vectors differ in length
     */
    static PackedWindows of(IndexedChunk[] chunks) {
        int rows = 0;
        int dimensions = 0;
        for (IndexedChunk chunk : chunks) {
            WindowVectors w = chunk.windows();
            if (w == null || w.count() == 0) {
                continue;
            }
            if (dimensions != 0 && w.dims() != dimensions) {
                throw new IllegalArgumentException("chunk " + chunk.chunkId() + " has window vectors of " + w.dims()
                        + " dimensions, others " + dimensions);
            }
            dimensions = w.dims();
            rows += w.count();
        }
        if (rows == 0) {
            return NONE;
        }
        byte[] bytes = new byte[rows * dimensions];
        float[] scales = new float[rows];
        int[] first = new int[chunks.length + 1];
        int[][] spans = new int[chunks.length][];
        int row = 0;
        for (int o = 0; o < chunks.length; o++) {
            first[o] = row;
            WindowVectors w = chunks[o].windows();
            if (w == null || w.count() == 0) {
                continue;
            }
            spans[o] = w.spans().stream().mapToInt(Integer::intValue).toArray();
            System.arraycopy(w.bytes(), 0, bytes, row * dimensions, w.count() * dimensions);
            System.arraycopy(w.scales(), 0, scales, row, w.count());
            row += w.count();
        }
        first[chunks.length] = row;
        return new PackedWindows(bytes, scales, first, spans, dimensions);
    }

    /**
     * Whether {@code query} can score these windows: there are some and it is a vector of their length.
     *
     * @throws IllegalArgumentException if there are windows and the query's length differs from theirs
     */
    boolean scores(float[] query) {
        if (query == null || dimensions == 0) {
            return false;
        }
        if (query.length != dimensions) {
            throw new IllegalArgumentException("window query vector has " + query.length + " dimensions, windows " + dimensions);
        }
        return true;
    }

    /** The cosine of {@code query} (a unit vector) with each of chunk {@code ordinal}'s windows; null when it has none. */
    float[] scores(int ordinal, float[] query) {
        int from = first[ordinal];
        int to = first[ordinal + 1];
        if (from == to) {
            return null;
        }
        float[] scores = new float[to - from];
        for (int row = from; row < to; row++) {
            scores[row - from] = dot(row, query) * scales[row];
        }
        return scores;
    }

    /**
     * The best cosine of {@code query} (a unit vector) with one of chunk {@code ordinal}'s windows, the most of
     * {@link #scores(int, float[])} without its array; NaN when the chunk has no windows.
     */
    float best(int ordinal, float[] query) {
        int from = first[ordinal];
        int to = first[ordinal + 1];
        float best = Float.NaN;
        for (int row = from; row < to; row++) {
            float score = dot(row, query) * scales[row];
            best = Float.isNaN(best) ? score : Math.max(best, score);
        }
        return best;
    }

    /** Row {@code row}'s int8 values times {@code query}, four sums so the adds do not wait on each other. */
    private float dot(int row, float[] query) {
        int offset = row * dimensions;
        float s0 = 0;
        float s1 = 0;
        float s2 = 0;
        float s3 = 0;
        int d = 0;
        for (int upper = dimensions & ~3; d < upper; d += 4) {
            s0 += bytes[offset + d] * query[d];
            s1 += bytes[offset + d + 1] * query[d + 1];
            s2 += bytes[offset + d + 2] * query[d + 2];
            s3 += bytes[offset + d + 3] * query[d + 3];
        }
        for (; d < dimensions; d++) {
            s0 += bytes[offset + d] * query[d];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** Chunk {@code ordinal}'s window spans, two offsets per window; null when it has no windows. */
    int[] spans(int ordinal) {
        return spans[ordinal] == null ? null : spans[ordinal].clone();
    }
}
