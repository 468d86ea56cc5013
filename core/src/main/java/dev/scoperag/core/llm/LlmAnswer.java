package dev.scoperag.core.llm;

import dev.scoperag.core.answer.Answer;
import java.util.Objects;

/**
 * An answer with how it was made, for the answer record: by the language model, or extractively because the
 * model's answer was unusable.
 *
 * @param mode {@link #MODE_LLM} or {@link #MODE_EXTRACTIVE_FALLBACK}
 * @param fallbackReason the {@link LlmFailure.Reason} that forced the fallback, null in {@link #MODE_LLM}
 */
public record LlmAnswer(Answer answer, String mode, String fallbackReason) {

    public static final String MODE_LLM = "llm";
    public static final String MODE_EXTRACTIVE_FALLBACK = "extractive-fallback";

    public LlmAnswer {
        Objects.requireNonNull(answer, "answer");
        if (MODE_LLM.equals(mode) != (fallbackReason == null) || !(MODE_LLM.equals(mode) || MODE_EXTRACTIVE_FALLBACK.equals(mode))) {
            throw new IllegalArgumentException("mode llm has no fallback reason, mode extractive-fallback has one: "
                    + mode + ", " + fallbackReason);
        }
    }

    public static LlmAnswer llm(Answer answer) {
        return new LlmAnswer(answer, MODE_LLM, null);
    }

    public static LlmAnswer fallback(Answer answer, LlmFailure.Reason reason) {
        return new LlmAnswer(answer, MODE_EXTRACTIVE_FALLBACK, reason.name());
    }

    public boolean fellBack() {
        return fallbackReason != null;
    }
}
