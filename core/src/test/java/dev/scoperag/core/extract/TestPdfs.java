package dev.scoperag.core.extract;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/** PDFs made with PDFBox for tests: text pages, blank pages, encrypted; shared through core's test-jar. */
public final class TestPdfs {

    private TestPdfs() {}

    /** A PDF with one page per entry (an empty entry is a page without text), optionally encrypted. */
    public static byte[] textPdf(List<String> pages, String ownerPassword, String userPassword, boolean canExtract)
            throws IOException {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            for (String pageText : pages) {
                PDPage page = new PDPage();
                document.addPage(page);
                if (!pageText.isEmpty()) {
                    try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                        content.beginText();
                        content.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 12);
                        content.newLineAtOffset(72, 700);
                        content.showText(pageText);
                        content.endText();
                    }
                }
            }
            if (ownerPassword != null) {
                AccessPermission permissions = new AccessPermission();
                permissions.setCanExtractContent(canExtract);
                permissions.setCanPrint(false);
                StandardProtectionPolicy policy = new StandardProtectionPolicy(ownerPassword, userPassword, permissions);
                policy.setEncryptionKeyLength(128);
                document.protect(policy);
            }
            document.save(out);
            return out.toByteArray();
        }
    }

    /** A PDF of {@code pageCount} pages without any content. */
    public static byte[] blankPdf(int pageCount) throws IOException {
        return textPdf(java.util.Collections.nCopies(pageCount, ""), null, null, true);
    }

    /** A one-page PDF that opens only with {@code userPassword}. */
    public static byte[] encryptedPdf(String text, String userPassword) throws IOException {
        return textPdf(List.of(text), "owner-" + userPassword, userPassword, true);
    }
}
