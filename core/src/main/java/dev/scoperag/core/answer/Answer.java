package dev.scoperag.core.answer;

import java.util.List;
import java.util.Objects;

/**
 * What the answer stage concluded for one question: the answer text with its citations, or an
 * abstention with a reason code.
 *
 * @param status {@link AnswerEvent#ANSWERED} or {@link AnswerEvent#ABSTAINED}
 * @param text the answer, citing with markers [1], [2] that index {@code citations} from 1; null when abstained
 * @param reason why the answerer abstained ({@link #WEAK_EVIDENCE}), null when answered
 */
public record Answer(String status, String text, List<Citation> citations, String reason) {

    /** The context holds nothing that shares a salient term with the question, or too little of it. */
    public static final String WEAK_EVIDENCE = "WEAK_EVIDENCE";

    public Answer {
        Objects.requireNonNull(status, "status");
        citations = List.copyOf(citations);
        if (!status.equals(AnswerEvent.ANSWERED) && !status.equals(AnswerEvent.ABSTAINED)) {
            throw new IllegalArgumentException("an answer is answered or abstained, not " + status);
        }
    }

    public static Answer answered(String text, List<Citation> citations) {
        return new Answer(AnswerEvent.ANSWERED, Objects.requireNonNull(text, "text"), citations, null);
    }

    public static Answer abstained(String reason) {
        return new Answer(AnswerEvent.ABSTAINED, null, List.of(), Objects.requireNonNull(reason, "reason"));
    }

    public boolean isAnswered() {
        return status.equals(AnswerEvent.ANSWERED);
    }
}
