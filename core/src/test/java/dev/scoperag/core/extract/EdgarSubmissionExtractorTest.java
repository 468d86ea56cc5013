package dev.scoperag.core.extract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.filing.RejectReason;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EdgarSubmissionExtractorTest {

    private final TextNormalizer normalizer = new TextNormalizer();
    private final EdgarSubmissionExtractor extractor =
            new EdgarSubmissionExtractor(new HtmlExtractor(normalizer), normalizer);
    private final String submission =
            new String(TestFilings.bytes(TestFilings.SYNTHETIC_SUBMISSION), StandardCharsets.UTF_8);

    @Test
    void theTenKDocumentIsExtractedNotItsExhibitsGraphicsOrXbrl() throws Exception {
        ExtractedText text = extractor.extract(submission);

        assertThat(text.contentType()).isEqualTo(ContentType.EDGAR_SUBMISSION);
        assertThat(text.text())
                .startsWith("UNITED STATES SECURITIES AND EXCHANGE COMMISSION\nFORM 10-K")
                .contains("Example Widgets designs and manufactures industrial widgets")
                .contains("\nNet sales | $1,234 | $1,102\n")
                .contains("\nOperating loss | (45) | 12")
                .doesNotContain("SUBSIDIARIES", "GmbH", "begin 644", "xs:schema", "HIDDENCONTEXTMARKER",
                        "CONFORMED SUBMISSION TYPE", "<XBRL>", "<?xml");
    }

    @Test
    void thePageBreaksOfTheMainDocumentBecomePagesAndItsPageNumberIsDropped() throws Exception {
        ExtractedText text = extractor.extract(submission);

        assertThat(text.pageCount()).isEqualTo(2);
        assertThat(text.pageAt(text.text().indexOf("Item 7."))).isEqualTo(1);
        assertThat(text.text()).doesNotEndWith("23");
    }

    @Test
    void theDocumentMatchingTheFormTypeWinsEvenWhenAnExhibitComesFirst() throws Exception {
        String exhibitFirst = "<SEC-DOCUMENT>x.txt\n<SEC-HEADER>\nCONFORMED SUBMISSION TYPE:\t10-K/A\n</SEC-HEADER>\n"
                + "<DOCUMENT>\n<TYPE>EX-21\n<TEXT>\nSubsidiary list\n</TEXT>\n</DOCUMENT>\n"
                + "<DOCUMENT>\n<TYPE>10-K/A\n<TEXT>\nAmended annual report text\n</TEXT>\n</DOCUMENT>\n</SEC-DOCUMENT>\n";

        assertThat(extractor.mainDocument(exhibitFirst).type()).isEqualTo("10-K/A");
        assertThat(extractor.extract(exhibitFirst).text()).isEqualTo("Amended annual report text");
    }

    @Test
    void withoutAFormTypeTheFirstDocumentIsTaken() throws Exception {
        String headerless = "<DOCUMENT>\n<TYPE>8-K\n<TEXT>\nCurrent report\n</TEXT>\n</DOCUMENT>\n"
                + "<DOCUMENT>\n<TYPE>EX-99.1\n<TEXT>\nPress release\n</TEXT>\n</DOCUMENT>\n";

        assertThat(extractor.extract(headerless).text()).isEqualTo("Current report");
    }

    @Test
    void aPlainTextDocumentKeepsItsLayoutAndLosesItsSgmlPageAndTableTags() throws Exception {
        String oldStyle = "<SEC-HEADER>\nCONFORMED SUBMISSION TYPE: 10-K405\n</SEC-HEADER>\n"
                + "<DOCUMENT>\n<TYPE>10-K405\n<TEXT>\n<PAGE>\nITEM 7. MANAGEMENT'S DISCUSSION\n"
                + "<TABLE>\n<CAPTION>\n<S>                 <C>      <C>\nNet sales           1,234    1,102\n</TABLE>\n</TEXT>\n</DOCUMENT>\n";

        assertThat(extractor.extract(oldStyle).text())
                .isEqualTo("ITEM 7. MANAGEMENT'S DISCUSSION\n\nNet sales 1,234 1,102");
    }

    @Test
    void aSubmissionWithoutDocumentsIsUnsupported() {
        assertThatThrownBy(() -> extractor.extract("<SEC-HEADER>\nCONFORMED SUBMISSION TYPE: 10-K\n</SEC-HEADER>\n"))
                .isInstanceOfSatisfying(FilingRejectedException.class,
                        e -> assertThat(e.reason()).isEqualTo(RejectReason.UNSUPPORTED_CONTENT_TYPE));
    }
}
