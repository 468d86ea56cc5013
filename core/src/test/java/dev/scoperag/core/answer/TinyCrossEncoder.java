package dev.scoperag.core.answer;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes a tiny ONNX graph with a cross-encoder's inputs and output, so the ONNX path of
 * {@link CrossEncoderReranker} runs without a downloaded model. Its relevance logit is the number of
 * attended passage tokens ({@code sum(attention_mask * token_type_ids)}), so a longer passage scores
 * higher, and only when the pair's token types are fed as BERT pairs are (question 0, passage 1).
 *
 * <p>The protobuf is written by hand (field numbers from onnx.proto) because ONNX Runtime's Java API cannot
 * build graphs and no ONNX library is on the test classpath.
 */
final class TinyCrossEncoder {

    private static final int FLOAT = 1;
    private static final int INT64 = 7;

    private TinyCrossEncoder() {
    }

    /** {@code logits} of shape [batch, 1], or [batch, 2] with the negated count first when {@code twoClasses}. */
    static byte[] model(boolean twoClasses) {
        Proto graph = new Proto()
                .message(1, node("Mul", new String[] {"attention_mask", "token_type_ids"}, "passage_mask", null))
                .message(1, node("Cast", new String[] {"passage_mask"}, "passage_mask_f", intAttribute("to", FLOAT)))
                .message(1, node("ReduceSum", new String[] {"passage_mask_f"}, twoClasses ? "positive" : "logits",
                        intsAttribute("axes", 1).bytes(intAttribute("keepdims", 1).toByteArray())));
        if (twoClasses) {
            graph.message(1, node("Neg", new String[] {"positive"}, "negative", null))
                    .message(1, node("Concat", new String[] {"negative", "positive"}, "logits", intAttribute("axis", 1)));
        }
        graph.string(2, "tiny-cross-encoder")
                .message(11, valueInfo("input_ids", INT64, "batch", "tokens"))
                .message(11, valueInfo("attention_mask", INT64, "batch", "tokens"))
                .message(11, valueInfo("token_type_ids", INT64, "batch", "tokens"))
                .message(12, valueInfo("logits", FLOAT, "batch", twoClasses ? 2L : 1L));
        return new Proto()
                .varint(1, 7)
                .message(7, graph)
                .message(8, new Proto().string(1, "").varint(2, 11))
                .toByteArray();
    }

    private static Proto node(String opType, String[] inputs, String output, Proto attributes) {
        Proto node = new Proto();
        for (String input : inputs) {
            node.string(1, input);
        }
        node.string(2, output).string(3, output + "_node").string(4, opType);
        if (attributes != null) {
            node.bytes(attributes.toByteArray());
        }
        return node;
    }

    /** An AttributeProto as field 5 of a node: name (1), i (3), type INT (20 = 2). */
    private static Proto intAttribute(String name, long value) {
        return new Proto().message(5, new Proto().string(1, name).varint(3, value).varint(20, 2));
    }

    /** An INTS attribute: name (1), ints (8), type INTS (20 = 7). */
    private static Proto intsAttribute(String name, long value) {
        return new Proto().message(5, new Proto().string(1, name).varint(8, value).varint(20, 7));
    }

    /** A ValueInfoProto: name (1), type (2) = TypeProto.tensor_type (1) {elem_type (1), shape (2) {dim (1)}}. */
    private static Proto valueInfo(String name, int elementType, Object... dims) {
        Proto shape = new Proto();
        for (Object dim : dims) {
            shape.message(1, dim instanceof String param ? new Proto().string(2, param) : new Proto().varint(1, (Long) dim));
        }
        Proto tensor = new Proto().varint(1, elementType).message(2, shape);
        return new Proto().string(1, name).message(2, new Proto().message(1, tensor));
    }

    /** Just enough protobuf: varints, strings and nested messages. */
    private static final class Proto {

        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Proto varint(int field, long value) {
            writeVarint((long) field << 3);
            writeVarint(value);
            return this;
        }

        Proto string(int field, String value) {
            return lengthDelimited(field, value.getBytes(StandardCharsets.UTF_8));
        }

        Proto message(int field, Proto message) {
            return lengthDelimited(field, message.toByteArray());
        }

        /** Appends already encoded fields. */
        Proto bytes(byte[] encodedFields) {
            out.writeBytes(encodedFields);
            return this;
        }

        byte[] toByteArray() {
            return out.toByteArray();
        }

        private Proto lengthDelimited(int field, byte[] value) {
            writeVarint(((long) field << 3) | 2);
            writeVarint(value.length);
            out.writeBytes(value);
            return this;
        }

        private void writeVarint(long value) {
            while ((value & ~0x7FL) != 0) {
                out.write((int) ((value & 0x7F) | 0x80));
                value >>>= 7;
            }
            out.write((int) value);
        }
    }
}
