package dev.scoperag.core.record;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * The embeddings of a chunk's windows (its sentences and table rows, about 400 characters at a time), as carried on the
 * topic: each vector quantized to int8 with its own scale ({@code value = byte * scale}), so a chunk's six or seven
 * vectors take about 2.7 KB where float32 would take 10 KB.
 *
 * @param model the id of the vectors (the model and how the windows were cut)
 * @param spans {@code [start, end)} of each window in the chunk's text, two entries per window
 * @param vectorsB64 {@code count * dims} signed bytes, window after window, base64
 * @param scalesB64 {@code count} float32 little-endian scales, base64
 */
public record WindowVectors(String model, int dims, int count, List<Integer> spans, String vectorsB64, String scalesB64) {

    public WindowVectors {
        Objects.requireNonNull(model, "model");
        spans = List.copyOf(spans);
        if (dims < 1 || count < 0 || spans.size() != 2 * count) {
            throw new IllegalArgumentException("window vectors need dims >= 1 and two span offsets per window: dims "
                    + dims + ", count " + count + ", " + spans.size() + " span offsets");
        }
    }

    /** Quantizes unit vectors (one per window, {@code spans} two offsets each) to int8 with a scale per vector. */
    public static WindowVectors of(String model, List<float[]> vectors, int[] spans) {
        int count = vectors.size();
        int dims = count == 0 ? 1 : vectors.get(0).length;
        byte[] bytes = new byte[count * dims];
        ByteBuffer scales = ByteBuffer.allocate(count * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int w = 0; w < count; w++) {
            float[] v = vectors.get(w);
            if (v.length != dims) {
                throw new IllegalArgumentException("window " + w + " has " + v.length + " dimensions, the first " + dims);
            }
            float max = 0;
            for (float x : v) {
                max = Math.max(max, Math.abs(x));
            }
            float scale = max == 0 ? 1 : max / 127f;
            for (int d = 0; d < dims; d++) {
                bytes[w * dims + d] = (byte) Math.round(v[d] / scale);
            }
            scales.putFloat(scale);
        }
        List<Integer> spanList = new java.util.ArrayList<>(spans.length);
        for (int s : spans) {
            spanList.add(s);
        }
        Base64.Encoder b64 = Base64.getEncoder();
        return new WindowVectors(model, dims, count, spanList, b64.encodeToString(bytes), b64.encodeToString(scales.array()));
    }

    /** The quantized vectors, {@code count * dims} bytes. */
    @JsonIgnore
    public byte[] bytes() {
        byte[] bytes = Base64.getDecoder().decode(vectorsB64);
        if (bytes.length != count * dims) {
            throw new IllegalArgumentException("window vectors hold " + bytes.length + " bytes for " + count + " x " + dims);
        }
        return bytes;
    }

    /** The scale of each vector. */
    @JsonIgnore
    public float[] scales() {
        ByteBuffer buffer = ByteBuffer.wrap(Base64.getDecoder().decode(scalesB64)).order(ByteOrder.LITTLE_ENDIAN);
        if (buffer.remaining() != count * Float.BYTES) {
            throw new IllegalArgumentException("window vectors hold " + buffer.remaining() / Float.BYTES + " scales for " + count);
        }
        float[] scales = new float[count];
        buffer.asFloatBuffer().get(scales);
        return scales;
    }
}
