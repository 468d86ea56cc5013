package dev.scoperag.core.search;

import dev.scoperag.core.TestRecords;

/** Builds small chunks with synthetic unit vectors for search tests. */
final class TestChunks {

    static final int DIMENSIONS = 8;

    private TestChunks() {
    }

    /** A unit vector along {@code direction} ({@code v[direction] = 1}). */
    static float[] axis(int direction) {
        float[] vector = new float[DIMENSIONS];
        vector[direction] = 1f;
        return vector;
    }

    /** {@code values} scaled to unit length. */
    static float[] unit(float... values) {
        double norm = 0;
        for (float value : values) {
            norm += value * value;
        }
        float[] vector = new float[values.length];
        for (int i = 0; i < values.length; i++) {
            vector[i] = (float) (values[i] / Math.sqrt(norm));
        }
        return vector;
    }

    static IndexedChunk chunk(String id, String text, float[] vector) {
        return chunk(id, "AMD:2022", "10-K", null, text, vector);
    }

    static IndexedChunk chunk(String id, String shard, String form, String period, String text, float[] vector) {
        return TestRecords.indexedChunk(id, shard, text).document(form + (period == null ? "" : "-" + period), "hash-" + id)
                .form(form, period).pages(1, 1).vector(vector).build();
    }
}
