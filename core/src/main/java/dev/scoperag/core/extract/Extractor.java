package dev.scoperag.core.extract;

import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.filing.RejectReason;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Turns the bytes of a filing into normalized text: detects the format (the hint is trusted only
 * when the bytes do not contradict it) and hands the bytes to the extractor for that format.
 */
public final class Extractor {

    private static final int SNIFF_BYTES = 64 * 1024;
    // Above this share of control or undecodable characters the bytes are not a text document.
    private static final double MAX_UNPRINTABLE_SHARE = 0.02;
    private static final Pattern HTML_MARKUP =
            Pattern.compile("(?i)<(?:html|head|body|div|p|font|br|span|table|tr|td)[\\s>/]");

    private final TextNormalizer normalizer;
    private final PdfExtractor pdf;
    private final HtmlExtractor html;
    private final EdgarSubmissionExtractor submission;

    private final long maxCharacters;

    /** Without a limit on the size of the text. */
    public Extractor() {
        this(Long.MAX_VALUE);
    }

    /** @param maxCharacters the most characters a document's normalized text may have; a larger one is TOO_LARGE */
    public Extractor(long maxCharacters) {
        this.maxCharacters = maxCharacters;
        this.normalizer = new TextNormalizer(maxCharacters);
        this.pdf = new PdfExtractor(normalizer);
        this.html = new HtmlExtractor(normalizer);
        this.submission = new EdgarSubmissionExtractor(html, normalizer);
    }

    /**
     * Extracts and normalizes a filing.
     *
     * @param contentTypeHint the type named by the event or the file extension, or null
     * @throws FilingRejectedException with UNSUPPORTED_CONTENT_TYPE, PDF_CORRUPT, PDF_ENCRYPTED, NO_TEXT or TOO_LARGE
     */
    public ExtractedText extract(byte[] bytes, String contentTypeHint) throws FilingRejectedException {
        ContentType type = detect(bytes, ContentType.fromHint(contentTypeHint));
        try {
            return switch (type) {
                case PDF -> pdf.extract(bytes);
                case HTML -> html.extract(bytes, ContentType.HTML);
                case EDGAR_SUBMISSION -> submission.extract(TextDecoder.decode(bytes));
                case TEXT -> plainText(bytes);
            };
        } catch (TextTooLargeException e) {
            throw new FilingRejectedException(RejectReason.TOO_LARGE, type.name().toLowerCase(Locale.ROOT) + " content: "
                    + e.getMessage() + " (scoperag.ingest.max-characters)");
        }
    }

    /** The most characters a document's text may have, as this extractor was built. */
    public long maxCharacters() {
        return maxCharacters;
    }

    /**
     * The format of {@code bytes}: what the bytes show when they show it, else the hint, else TEXT.
     *
     * @throws FilingRejectedException UNSUPPORTED_CONTENT_TYPE for binary content (gzip, zip, images)
     */
    public static ContentType detect(byte[] bytes, ContentType hinted) throws FilingRejectedException {
        rejectKnownBinary(bytes);
        String head = new String(bytes, 0, Math.min(bytes.length, SNIFF_BYTES), StandardCharsets.ISO_8859_1);
        // A PDF may carry junk before its header; readers accept the header in the first 1 KiB.
        if (head.substring(0, Math.min(head.length(), 1024)).contains("%PDF-")) {
            return ContentType.PDF;
        }
        if (looksLikeSubmission(head)) {
            return ContentType.EDGAR_SUBMISSION;
        }
        if (looksLikeHtmlDocument(head)) {
            return ContentType.HTML;
        }
        if (!looksLikeText(bytes)) {
            if (hinted == ContentType.PDF) {
                throw new FilingRejectedException(RejectReason.PDF_CORRUPT,
                        "content declared as PDF has no %PDF- header");
            }
            throw new FilingRejectedException(RejectReason.UNSUPPORTED_CONTENT_TYPE,
                    "binary content that is not a PDF (control characters or invalid text encoding)");
        }
        // An HTML fragment without <html> (EDGAR exhibits sometimes start with <div>) is trusted to the hint.
        if (hinted == ContentType.HTML && HTML_MARKUP.matcher(head).find()) {
            return ContentType.HTML;
        }
        return ContentType.TEXT;
    }

    private ExtractedText plainText(byte[] bytes) throws FilingRejectedException {
        ExtractedText text = normalizer.whole(TextDecoder.decode(bytes), ContentType.TEXT);
        if (text.text().isBlank()) {
            throw new FilingRejectedException(RejectReason.NO_TEXT, "the text document is empty");
        }
        return text;
    }

    private static void rejectKnownBinary(byte[] bytes) throws FilingRejectedException {
        if (TextDecoder.startsWith(bytes, 0x1F, 0x8B)) {
            throw new FilingRejectedException(RejectReason.UNSUPPORTED_CONTENT_TYPE,
                    "gzip-compressed content: it must be decompressed before extraction");
        }
        String format = TextDecoder.startsWith(bytes, 'P', 'K', 3, 4) ? "zip (or docx/xlsx)"
                : TextDecoder.startsWith(bytes, 0x89, 'P', 'N', 'G') ? "PNG image"
                : TextDecoder.startsWith(bytes, 0xFF, 0xD8, 0xFF) ? "JPEG image"
                : TextDecoder.startsWith(bytes, 'G', 'I', 'F', '8') ? "GIF image"
                : TextDecoder.startsWith(bytes, 'I', 'I', '*', 0) || TextDecoder.startsWith(bytes, 'M', 'M', 0, '*') ? "TIFF image"
                : null;
        if (format != null) {
            throw new FilingRejectedException(RejectReason.UNSUPPORTED_CONTENT_TYPE,
                    format + " content; expected PDF, HTML, an EDGAR submission or plain text");
        }
    }

    private static boolean looksLikeSubmission(String head) {
        String start = head.substring(0, Math.min(head.length(), 8 * 1024));
        return start.contains("<SEC-DOCUMENT>") || start.contains("<SEC-HEADER>") || start.contains("<IMS-HEADER>")
                || (start.contains("<DOCUMENT>") && start.contains("<TYPE>"));
    }

    private static boolean looksLikeHtmlDocument(String head) {
        String start = head.substring(0, Math.min(head.length(), 4 * 1024)).toLowerCase(Locale.ROOT);
        return start.contains("<!doctype html") || start.contains("<html")
                || (start.contains("<?xml") && start.contains("xhtml"));
    }

    private static boolean looksLikeText(byte[] bytes) {
        if (TextDecoder.startsWith(bytes, 0xFE, 0xFF) || TextDecoder.startsWith(bytes, 0xFF, 0xFE)) {
            return true; // UTF-16 with a byte order mark: NULs are expected
        }
        int sniffed = Math.min(bytes.length, SNIFF_BYTES);
        for (int i = 0; i < sniffed; i++) {
            if (bytes[i] == 0) {
                return false;
            }
        }
        // Cut the sample at a character boundary so a UTF-8 sequence split by the cut does not
        // make valid UTF-8 look invalid.
        while (sniffed < bytes.length && sniffed > 0 && (bytes[sniffed] & 0xC0) == 0x80) {
            sniffed--;
        }
        byte[] sample = bytes.length == sniffed ? bytes : Arrays.copyOf(bytes, sniffed);
        String text = TextDecoder.decode(sample);
        int unprintable = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean layout = c == '\n' || c == '\r' || c == '\t' || c == '\f';
            if ((Character.isISOControl(c) && !layout) || c == '\uFFFD') {
                unprintable++;
            }
        }
        return unprintable <= MAX_UNPRINTABLE_SHARE * Math.max(1, text.length());
    }
}
