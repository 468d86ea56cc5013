package dev.scoperag.core.record;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;

/** A dense vector as carried on the topic: float32 little-endian, base64, with its model id. */
public record Embedding(String model, int dims, String vectorB64) {

    public static Embedding of(String model, float[] vector) {
        ByteBuffer buffer = ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asFloatBuffer().put(vector);
        return new Embedding(model, vector.length, Base64.getEncoder().encodeToString(buffer.array()));
    }

    @JsonIgnore
    public float[] vector() {
        ByteBuffer buffer = ByteBuffer.wrap(Base64.getDecoder().decode(vectorB64)).order(ByteOrder.LITTLE_ENDIAN);
        float[] vector = new float[dims];
        buffer.asFloatBuffer().get(vector);
        return vector;
    }
}
