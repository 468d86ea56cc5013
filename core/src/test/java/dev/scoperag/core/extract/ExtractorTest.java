package dev.scoperag.core.extract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.filing.RejectReason;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

class ExtractorTest {

    private final Extractor extractor = new Extractor();

    @Test
    void aPdfIsDetectedFromItsBytesWhateverTheHintSays() throws Exception {
        byte[] pdf = TestPdfs.textPdf(List.of("Quarterly revenue"), null, null, true);

        assertThat(extractor.extract(pdf, null).contentType()).isEqualTo(ContentType.PDF);
        assertThat(extractor.extract(pdf, "text/plain").contentType()).isEqualTo(ContentType.PDF);
        assertThat(extractor.extract(pdf, "htm").text()).isEqualTo("Quarterly revenue");
    }

    @Test
    void anEdgarSubmissionIsDetectedEvenWhenHintedAsHtml() throws Exception {
        byte[] submission = TestFilings.bytes(TestFilings.SYNTHETIC_SUBMISSION);

        assertThat(extractor.extract(submission, "html").contentType()).isEqualTo(ContentType.EDGAR_SUBMISSION);
        assertThat(extractor.extract(submission, null).text()).doesNotContain("SUBSIDIARIES");
    }

    @Test
    void htmlIsDetectedFromDoctypeHtmlTagOrXhtmlDeclaration() throws Exception {
        assertThat(Extractor.detect(utf8("<!DOCTYPE html>\n<html><body>x</body></html>"), null)).isEqualTo(ContentType.HTML);
        assertThat(Extractor.detect(utf8("  <HTML><BODY>x</BODY></HTML>"), ContentType.PDF)).isEqualTo(ContentType.HTML);
        assertThat(Extractor.detect(utf8("<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">"), null))
                .isEqualTo(ContentType.HTML);
    }

    @Test
    void anHtmlFragmentIsHtmlOnlyWhenHintedSo() throws Exception {
        byte[] fragment = utf8("<div>Exhibit 99.1</div><p>Press release</p>");

        assertThat(Extractor.detect(fragment, ContentType.HTML)).isEqualTo(ContentType.HTML);
        assertThat(Extractor.detect(fragment, null)).isEqualTo(ContentType.TEXT);
        assertThat(extractor.extract(fragment, "htm").text()).isEqualTo("Exhibit 99.1\nPress release");
    }

    @Test
    void aRealEdgarTextFilingIsReadAsTextWithoutPages() throws Exception {
        ExtractedText text = extractor.extract(TestFilings.bytes(TestFilings.ULTA_10K_TEXT_GZ), "txt");

        assertThat(text.contentType()).isEqualTo(ContentType.TEXT);
        assertThat(text.hasPages()).isFalse();
        assertThat(text.text()).startsWith("Item 1. Business\nOverview\nUlta Beauty is the largest specialty beauty retailer");
        assertThat(text.text().length()).isGreaterThan(240_000);
    }

    @Test
    void extractingTheSameFilingTwiceGivesIdenticalText() throws Exception {
        byte[] filing = TestFilings.bytes(TestFilings.ULTA_10K_TEXT_GZ);

        assertThat(new Extractor().extract(filing.clone(), null)).isEqualTo(extractor.extract(filing, null));
    }

    @Test
    void windows1252TextIsDecodedWithItsSmartQuotes() throws Exception {
        byte[] text = "Management\u2019s discussion \u2014 fiscal 2023".getBytes("windows-1252");

        assertThat(extractor.extract(text, null).text()).isEqualTo("Management\u2019s discussion \u2014 fiscal 2023");
    }

    @Test
    void gzipContentIsRejectedWithADetailSayingToDecompressIt() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(utf8("Item 1. Business"));
        }

        assertThatThrownBy(() -> extractor.extract(out.toByteArray(), "txt"))
                .isInstanceOfSatisfying(FilingRejectedException.class, e -> {
                    assertThat(e.reason()).isEqualTo(RejectReason.UNSUPPORTED_CONTENT_TYPE);
                    assertThat(e.detail()).contains("gzip");
                });
    }

    @Test
    void imagesZipsAndOtherBinaryContentAreUnsupported() throws Exception {
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(zip)) {
            out.putNextEntry(new ZipEntry("10k.htm"));
            out.write(utf8("<html>10-K</html>"));
        }
        byte[] noise = new byte[4096];
        new java.util.Random(7).nextBytes(noise);
        noise[0] = 'A';

        for (byte[] binary : List.of(png, zip.toByteArray(), noise, utf8("text\0with\0nuls"))) {
            assertThatThrownBy(() -> extractor.extract(binary, null))
                    .isInstanceOfSatisfying(FilingRejectedException.class,
                            e -> assertThat(e.reason()).isEqualTo(RejectReason.UNSUPPORTED_CONTENT_TYPE));
        }
    }

    @Test
    void binaryDeclaredAsPdfButWithoutAPdfHeaderIsACorruptPdf() {
        byte[] noise = new byte[2048];
        new java.util.Random(11).nextBytes(noise);
        noise[0] = 'x';

        assertThatThrownBy(() -> extractor.extract(noise, "application/pdf"))
                .isInstanceOfSatisfying(FilingRejectedException.class,
                        e -> assertThat(e.reason()).isEqualTo(RejectReason.PDF_CORRUPT));
    }

    @Test
    void emptyOrWhitespaceTextIsRejectedForHavingNoText() {
        assertThatThrownBy(() -> extractor.extract(utf8(" \n\t\n "), "txt"))
                .isInstanceOfSatisfying(FilingRejectedException.class,
                        e -> assertThat(e.reason()).isEqualTo(RejectReason.NO_TEXT));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
