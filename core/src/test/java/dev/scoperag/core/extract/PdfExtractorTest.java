package dev.scoperag.core.extract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.filing.RejectReason;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.junit.jupiter.api.Test;

class PdfExtractorTest {

    private final PdfExtractor extractor = new PdfExtractor(new TextNormalizer());
    private final byte[] ultaEarnings = TestFilings.bytes(TestFilings.ULTA_EARNINGS_PDF);

    @Test
    void everyPdfPageGetsAStartAndTheStartsAreOrderedWithinTheText() throws Exception {
        ExtractedText text = extractor.extract(ultaEarnings);

        assertThat(text.pageCount()).isEqualTo(pdfPageCount(ultaEarnings)).isEqualTo(9);
        int[] starts = text.pageStarts();
        assertThat(starts[0]).isZero();
        for (int i = 1; i < starts.length; i++) {
            assertThat(starts[i]).isGreaterThan(starts[i - 1]).isLessThan(text.text().length());
        }
        assertThat(text.contentType()).isEqualTo(ContentType.PDF);
    }

    @Test
    void aPhraseLandsOnThePdfPageItIsPrintedOn() throws Exception {
        ExtractedText text = extractor.extract(ultaEarnings);

        assertThat(text.pageAt(text.text().indexOf("Condensed Consolidated Balance Sheets"))).isEqualTo(6);
        assertThat(text.pageAt(text.text().indexOf("Condensed Consolidated Statements of Cash Flows"))).isEqualTo(7);
        assertThat(text.pageAt(text.text().indexOf("Sales by Category"))).isEqualTo(8);
        assertThat(text.pageAt(text.text().indexOf("Ulta Beauty Announces Fourth Quarter"))).isZero();
    }

    @Test
    void aFinancialStatementRowReadsAsOneLine() throws Exception {
        String text = extractor.extract(ultaEarnings).text();

        assertThat(text).contains("\nTotal assets $ 5,370,411 $ 4,764,379\n");
        assertThat(text).contains("\nNet cash provided by operating activities 1,481,915 1,059,265\n");
    }

    @Test
    void extractingTheSamePdfTwiceGivesIdenticalText() throws Exception {
        ExtractedText first = extractor.extract(ultaEarnings);
        ExtractedText second = new PdfExtractor(new TextNormalizer()).extract(ultaEarnings.clone());

        assertThat(second.text()).isEqualTo(first.text());
        assertThat(second.pageStarts()).isEqualTo(first.pageStarts());
    }

    @Test
    void aTruncatedPdfIsRejectedAsCorrupt() {
        byte[] truncated = Arrays.copyOf(ultaEarnings, 600);

        assertThatThrownBy(() -> extractor.extract(truncated))
                .isInstanceOfSatisfying(FilingRejectedException.class,
                        e -> assertThat(e.reason()).isEqualTo(RejectReason.PDF_CORRUPT));
    }

    @Test
    void aPdfThatNeedsAUserPasswordIsRejectedAsEncrypted() throws Exception {
        byte[] encrypted = TestPdfs.textPdf(List.of("Confidential revenue figures"), "owner-secret", "user-secret", true);

        assertThatThrownBy(() -> extractor.extract(encrypted))
                .isInstanceOfSatisfying(FilingRejectedException.class,
                        e -> assertThat(e.reason()).isEqualTo(RejectReason.PDF_ENCRYPTED));
    }

    @Test
    void aPdfWithOnlyOwnerRestrictionsIsReadNormally() throws Exception {
        byte[] restricted = TestPdfs.textPdf(List.of("Restricted but readable revenue"), "owner-secret", "", false);

        assertThat(extractor.extract(restricted).text()).isEqualTo("Restricted but readable revenue");
    }

    @Test
    void aBlankPdfIsRejectedForHavingNoText() throws Exception {
        byte[] blank = TestPdfs.textPdf(List.of("", ""), null, null, true);

        assertThatThrownBy(() -> extractor.extract(blank))
                .isInstanceOfSatisfying(FilingRejectedException.class,
                        e -> assertThat(e.reason()).isEqualTo(RejectReason.NO_TEXT));
    }

    @Test
    void aPdfOfThreeThousandBlankPagesIsRejectedForHavingNoText() throws Exception {
        byte[] blank = TestPdfs.blankPdf(3_000);

        assertThatThrownBy(() -> extractor.extract(blank))
                .isInstanceOfSatisfying(FilingRejectedException.class, e -> {
                    assertThat(e.reason()).isEqualTo(RejectReason.NO_TEXT);
                    assertThat(e.detail()).contains("3000 pages");
                });
    }

    @Test
    void anImageOnlyPdfIsRejectedForHavingNoText() throws Exception {
        byte[] scanned;
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDPage page = new PDPage();
            document.addPage(page);
            BufferedImage scan = new BufferedImage(200, 100, BufferedImage.TYPE_INT_RGB);
            scan.getGraphics().drawString("scanned text is pixels", 10, 50);
            PDImageXObject image = LosslessFactory.createFromImage(document, scan);
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                content.drawImage(image, 72, 500);
            }
            document.save(out);
            scanned = out.toByteArray();
        }

        assertThatThrownBy(() -> extractor.extract(scanned))
                .isInstanceOfSatisfying(FilingRejectedException.class,
                        e -> assertThat(e.reason()).isEqualTo(RejectReason.NO_TEXT));
    }

    @Test
    void aBlankPageInTheMiddleKeepsLaterPagesAtTheirPdfIndex() throws Exception {
        byte[] pdf = TestPdfs.textPdf(List.of("cover page", "", "results page"), null, null, true);

        ExtractedText text = extractor.extract(pdf);

        assertThat(text.pageCount()).isEqualTo(3);
        assertThat(text.pageAt(text.text().indexOf("results page"))).isEqualTo(2);
        assertThat(text.pageAt(text.text().indexOf("cover page"))).isEqualTo(0);
    }

    @Test
    void aPdfWhoseTextPassesTheLimitIsStoppedWhileItIsReadAndIsTooLarge() throws Exception {
        List<String> pages = java.util.Collections.nCopies(40, "Revenue grew in every segment of the business this year.");
        byte[] pdf = TestPdfs.textPdf(pages, null, null, true);

        // 40 pages of about 57 characters: over four times a limit of 400 by the tenth page.
        assertThatThrownBy(() -> new Extractor(400).extract(pdf, "pdf"))
                .isInstanceOfSatisfying(FilingRejectedException.class, e -> {
                    assertThat(e.reason()).isEqualTo(RejectReason.TOO_LARGE);
                    assertThat(e.detail()).contains("as it was read");
                });
        assertThat(new Extractor(10_000).extract(pdf, "pdf").pageCount()).isEqualTo(40);
    }

    private static int pdfPageCount(byte[] pdf) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return document.getNumberOfPages();
        }
    }
}
