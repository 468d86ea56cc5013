package dev.scoperag.core.filing;

/**
 * Where a filing's bytes are: exactly one of an allow-listed URI, inline text or inline base64.
 * {@code contentType} ({@code pdf}, {@code html}, {@code edgar-submission}, {@code text}) is a hint;
 * the bytes decide when it is absent.
 */
public record FilingContent(String uri, String text, String base64, String contentType) {

    public static FilingContent ofUri(String uri) {
        return new FilingContent(uri, null, null, null);
    }

    public static FilingContent ofText(String text) {
        return new FilingContent(null, text, null, "text");
    }

    public static FilingContent ofBase64(String base64, String contentType) {
        return new FilingContent(null, null, base64, contentType);
    }
}
