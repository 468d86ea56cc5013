package dev.scoperag.core.extract;

import java.util.Locale;

/** The document formats the ingest job reads. */
public enum ContentType {
    PDF("pdf"),
    HTML("html"),
    EDGAR_SUBMISSION("edgar-submission"),
    TEXT("text");

    private final String wireName;

    ContentType(String wireName) {
        this.wireName = wireName;
    }

    /** The name used in {@code content.content_type} of a FilingEvent. */
    public String wireName() {
        return wireName;
    }

    /** The type named by a hint ({@code pdf}, {@code htm}, {@code application/pdf}, ...), or null. */
    public static ContentType fromHint(String hint) {
        if (hint == null || hint.isBlank()) {
            return null;
        }
        String h = hint.trim().toLowerCase(Locale.ROOT);
        return switch (h) {
            case "pdf", "application/pdf" -> PDF;
            case "html", "htm", "text/html", "application/xhtml+xml" -> HTML;
            case "edgar-submission", "edgar", "submission" -> EDGAR_SUBMISSION;
            case "text", "txt", "text/plain" -> TEXT;
            default -> null;
        };
    }
}
