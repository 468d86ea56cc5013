package dev.scoperag.core.failure;

/**
 * Why one record's processing failed inside ScopeRAG's own code, as the dead-letter record or the
 * answer record says it: the stage, the exception's class and the first line of its message, bounded.
 */
public record InternalFailure(String stage, String exception, String message) {

    /** The reason code of a record that failed inside ScopeRAG's code, on {@code filings.dlq} and {@code answers}. */
    public static final String REASON = "INTERNAL_ERROR";
    /** At most this many characters of the exception's message are kept. */
    public static final int MAX_MESSAGE_CHARS = 300;

    public InternalFailure {
        stage = stage == null ? "unknown" : stage;
        exception = exception == null ? "unknown" : exception;
        message = message == null ? "" : message;
    }

    /** The failure of {@code error} in {@code stage}; for a wrapped exception, the innermost cause names it. */
    public static InternalFailure of(String stage, Throwable error) {
        Throwable cause = Faults.innermost(error);
        return new InternalFailure(stage, cause.getClass().getName(), firstLine(cause.getMessage()));
    }

    /** {@code stage: Exception: message}, for a record's detail field. */
    public String detail() {
        return stage + ": " + exception + (message.isEmpty() ? "" : ": " + message);
    }

    static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int newline = message.indexOf('\n');
        String line = (newline < 0 ? message : message.substring(0, newline)).strip();
        return BoundedText.of(line, MAX_MESSAGE_CHARS);
    }
}
