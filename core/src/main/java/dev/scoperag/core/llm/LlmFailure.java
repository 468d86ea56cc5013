package dev.scoperag.core.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.openai.errors.OpenAIInvalidDataException;
import com.openai.errors.OpenAIServiceException;
import java.io.InterruptedIOException;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/** Why a call to the language model gave no usable result; the {@link Reason} goes into the answer record. */
public final class LlmFailure extends RuntimeException {

    /** Reason codes a caller records when it falls back from the LLM. */
    public enum Reason {
        /** No reply within the client timeout or the call's deadline. */
        LLM_TIMEOUT,
        /** The endpoint failed: connection refused, HTTP error status, retries exhausted. */
        LLM_ERROR,
        /** A reply came but is not the JSON the request's schema asked for. */
        LLM_MALFORMED_OUTPUT,
        /** The answer cites a passage it was not given, or cites none. */
        LLM_INVALID_CITATION,
        /**
         * The answer repeats the system prompt or the passage fences: the model obeyed an instruction (in a passage
         * or the question) to reveal them.
         */
        LLM_PROMPT_LEAK
    }

    private final Reason reason;

    public LlmFailure(Reason reason, String message) {
        super(reason + ": " + message);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    public LlmFailure(Reason reason, String message, Throwable cause) {
        super(reason + ": " + message, cause);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    public Reason reason() {
        return reason;
    }

    /** The failure behind {@code error} as completed futures report it, classified when it is not one already. */
    public static LlmFailure from(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof LlmFailure) {
            return (LlmFailure) cause;
        }
        if (cause instanceof OpenAIServiceException service) {
            // The status and the error type only: the body an endpoint sends back may echo the prompt (question and filing
            // text) or part of the key ("Incorrect API key provided: sk-..."), and this message is logged and recorded.
            return new LlmFailure(Reason.LLM_ERROR, "HTTP " + service.statusCode()
                    + service.type().map(t -> " " + t).orElse("") + service.code().map(c -> " (" + c + ")").orElse(""));
        }
        return new LlmFailure(classify(cause), cause.getClass().getSimpleName() + ": " + cause.getMessage(), cause);
    }

    private static Reason classify(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            // OkHttp reports both its call timeout and socket read timeouts as InterruptedIOException subclasses.
            if (t instanceof TimeoutException || t instanceof InterruptedIOException) {
                return Reason.LLM_TIMEOUT;
            }
            if (t instanceof OpenAIInvalidDataException || t instanceof JsonProcessingException) {
                return Reason.LLM_MALFORMED_OUTPUT;
            }
        }
        return Reason.LLM_ERROR;
    }
}
