package dev.scoperag.core.embed;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.LongBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Tokenized texts padded to the longest of the batch, as the int64 inputs of a BERT-style ONNX
 * encoder (bi-encoder or cross-encoder): padded positions have mask 0.
 */
public record TokenBatch(int batch, int length, long[] ids, long[] mask, long[] types) {

    public static final String INPUT_IDS = "input_ids";
    public static final String ATTENTION_MASK = "attention_mask";
    public static final String TOKEN_TYPE_IDS = "token_type_ids";

    public static TokenBatch of(Encoding[] encodings) {
        int batch = encodings.length;
        int length = 0;
        for (Encoding encoding : encodings) {
            length = Math.max(length, encoding.getIds().length);
        }
        long[] ids = new long[batch * length];
        long[] mask = new long[batch * length];
        long[] types = new long[batch * length];
        for (int b = 0; b < batch; b++) {
            long[] tokenIds = encodings[b].getIds();
            System.arraycopy(tokenIds, 0, ids, b * length, tokenIds.length);
            System.arraycopy(encodings[b].getAttentionMask(), 0, mask, b * length, tokenIds.length);
            System.arraycopy(encodings[b].getTypeIds(), 0, types, b * length, tokenIds.length);
        }
        return new TokenBatch(batch, length, ids, mask, types);
    }

    /**
     * Runs {@code session} on this batch and returns its {@code output}; the caller closes the result.
     * The input tensors are released here, once the run is done.
     */
    public OrtSession.Result run(OrtEnvironment environment, OrtSession session, boolean withTokenTypes, String output)
            throws OrtException {
        long[] shape = {batch, length};
        Map<String, OnnxTensor> inputs = new HashMap<>();
        try (OnnxTensor idTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape);
             OnnxTensor maskTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape);
             OnnxTensor typeTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(types), shape)) {
            inputs.put(INPUT_IDS, idTensor);
            inputs.put(ATTENTION_MASK, maskTensor);
            if (withTokenTypes) {
                inputs.put(TOKEN_TYPE_IDS, typeTensor);
            }
            return session.run(inputs, Set.of(output));
        }
    }
}
