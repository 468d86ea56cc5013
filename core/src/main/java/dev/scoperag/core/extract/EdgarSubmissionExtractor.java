package dev.scoperag.core.extract;

import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.filing.RejectReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Extracts the main document of an EDGAR full submission ({@code <SEC-DOCUMENT>} .txt): the 10-K,
 * 10-Q or 8-K itself, not its exhibits, graphics or XBRL attachments.
 */
public final class EdgarSubmissionExtractor {

    private static final Pattern SUBMISSION_TYPE =
            Pattern.compile("CONFORMED SUBMISSION TYPE:\\s*(\\S+)");
    private static final Pattern DOCUMENT_TYPE = Pattern.compile("<TYPE>\\s*([^\\r\\n<]+)");
    private static final Pattern HTML_MARKUP =
            Pattern.compile("(?i)<(?:html|body|div|p|font|br|span|tr|td)[\\s>/]");
    // Old plain-text documents lay out pages and tables with SGML tags that are not content.
    private static final Pattern SGML_LAYOUT_TAG =
            Pattern.compile("</?(?:PAGE|TABLE|CAPTION|S|C|FN|XBRL|PDF)>");

    private final HtmlExtractor html;
    private final TextNormalizer normalizer;

    public EdgarSubmissionExtractor(HtmlExtractor html, TextNormalizer normalizer) {
        this.html = html;
        this.normalizer = normalizer;
    }

    /** One {@code <DOCUMENT>} of a submission: its {@code <TYPE>} and its {@code <TEXT>} body. */
    public record SubmissionDocument(String type, String body) {
    }

    /** The normalized text of the submission's main document. */
    public ExtractedText extract(String submission) throws FilingRejectedException {
        SubmissionDocument main = mainDocument(submission);
        String body = main.body();
        ExtractedText text = HTML_MARKUP.matcher(body).find()
                ? html.extract(SGML_LAYOUT_TAG.matcher(body).replaceAll(""), ContentType.EDGAR_SUBMISSION)
                : normalizer.whole(SGML_LAYOUT_TAG.matcher(body).replaceAll(""), ContentType.EDGAR_SUBMISSION);
        if (text.text().isBlank()) {
            throw new FilingRejectedException(RejectReason.NO_TEXT,
                    "the submission's " + main.type() + " document has no text");
        }
        return text;
    }

    /** The first document whose type is the submission's form type, else the first document. */
    public SubmissionDocument mainDocument(String submission) throws FilingRejectedException {
        List<SubmissionDocument> documents = documents(submission);
        if (documents.isEmpty()) {
            throw new FilingRejectedException(RejectReason.UNSUPPORTED_CONTENT_TYPE,
                    "an EDGAR submission without any <DOCUMENT> block");
        }
        String form = formType(submission);
        if (form != null) {
            for (SubmissionDocument document : documents) {
                if (document.type().equalsIgnoreCase(form)) {
                    return document;
                }
            }
        }
        return documents.get(0);
    }

    static List<SubmissionDocument> documents(String submission) {
        List<SubmissionDocument> documents = new ArrayList<>();
        int from = 0;
        while (true) {
            int start = submission.indexOf("<DOCUMENT>", from);
            if (start < 0) {
                return documents;
            }
            int end = submission.indexOf("</DOCUMENT>", start);
            end = end < 0 ? submission.length() : end;
            String block = submission.substring(start, end);
            Matcher type = DOCUMENT_TYPE.matcher(block);
            documents.add(new SubmissionDocument(
                    type.find() ? type.group(1).strip().toUpperCase(Locale.ROOT) : "", textBody(block)));
            from = end;
        }
    }

    private static String textBody(String block) {
        int open = block.indexOf("<TEXT>");
        if (open < 0) {
            return "";
        }
        int close = block.indexOf("</TEXT>", open);
        return block.substring(open + "<TEXT>".length(), close < 0 ? block.length() : close);
    }

    private static String formType(String submission) {
        // The header ends where the first document starts; do not read a form type out of a document.
        int headerEnd = submission.indexOf("<DOCUMENT>");
        String header = headerEnd < 0 ? submission : submission.substring(0, headerEnd);
        Matcher matcher = SUBMISSION_TYPE.matcher(header);
        return matcher.find() ? matcher.group(1).strip() : null;
    }
}
