package dev.scoperag.query.functions;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.stream.types.JsonTypeInformation;
import org.apache.flink.util.OutputTag;

/** The side output of answers decided before retrieval: rejected queries and abstentions. */
public final class EarlyAnswers {

    public static final OutputTag<AnswerEvent> TAG = new OutputTag<>("early-answers", JsonTypeInformation.of(AnswerEvent.class));

    private EarlyAnswers() {}
}
