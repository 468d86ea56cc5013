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

    /** Embeds a question with the model's query instruction, for searching passages. */
    float[] embedQuery(String question);

    /** Same vectors as {@link #embedQuery} one at a time, in input order; may run them as one batch. */
    default List<float[]> embedQueries(List<String> questions) {
        return questions.stream().map(this::embedQuery).toList();
    }

    @Override
    void close();
}
