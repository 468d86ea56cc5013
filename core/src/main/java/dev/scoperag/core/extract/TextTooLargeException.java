package dev.scoperag.core.extract;

/** A document whose normalized text passes the configured character limit; the extractor rejects it as TOO_LARGE. */
public final class TextTooLargeException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public TextTooLargeException(long maxCharacters) {
        this("the text is longer than the limit of " + maxCharacters + " characters once normalized");
    }

    public TextTooLargeException(String message) {
        super(message);
    }
}
