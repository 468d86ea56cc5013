package dev.scoperag.core.embed;

import java.util.List;

/** Turns passages and questions into L2-normalized dense vectors of one model. */
public interface Embedder extends AutoCloseable {

    /** Identifies the vectors: two embedders with the same id give interchangeable vectors. */
    String modelId();

    int dimensions();

    float[] embedPassage(String text);

    /** Same vectors as {@link #embedPassage} one at a time, in input order; may batch internally. */
    List<float[]> embedPassages(List<String> texts);

    /**
     * Embeds the texts in order as {@link #embedPassages} does, but stops starting new texts once
     * {@code deadlineNanos} ({@link System#nanoTime()}) has passed: the vectors of a prefix of
     * {@code texts}, at least the first. Lets a caller bound the time of one call without losing the
     * batching and parallel runs of a longer one.
     */
    default List<float[]> embedPassagesWithin(List<String> texts, long deadlineNanos) {
        List<float[]> vectors = new java.util.ArrayList<>(texts.size());
        for (String text : texts) {
            if (!vectors.isEmpty() && System.nanoTime() - deadlineNanos > 0) {
                break;
            }
            vectors.add(embedPassage(text));
        }
        return vectors;
    }

    /** Embeds a question with the model's query instruction, for searching passages. */
    float[] embedQuery(String question);

    @Override
    void close();
}
