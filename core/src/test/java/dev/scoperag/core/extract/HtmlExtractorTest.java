package dev.scoperag.core.extract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.filing.RejectReason;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HtmlExtractorTest {

    private final HtmlExtractor extractor = new HtmlExtractor(new TextNormalizer());

    private ExtractedText extract(String html) throws FilingRejectedException {
        return extractor.extract(html.getBytes(StandardCharsets.UTF_8), ContentType.HTML);
    }

    @Test
    void eachTableRowBecomesOneLineWithCurrencyAndParenthesesKeptOnTheirNumbers() throws Exception {
        String html = "<html><body><p>Results</p><table>"
                + "<tr><th>(In millions)</th><th></th><th>2023</th><th></th><th>2022</th></tr>"
                + "<tr><td>Net&nbsp;sales</td><td>$</td><td>10,208</td><td>$</td><td>9,617</td></tr>"
                + "<tr><td><div>Operating</div><div>loss</div></td><td></td><td>(45</td><td>)</td><td>12.5</td><td>%</td></tr>"
                + "<tr><td></td><td>&#160;</td></tr>"
                + "</table><p>After the table</p></body></html>";

        assertThat(extract(html).text()).isEqualTo("Results\n"
                + "(In millions) | 2023 | 2022\n"
                + "Net sales | $10,208 | $9,617\n"
                + "Operating loss | (45) | 12.5%\n"
                + "After the table");
    }

    @Test
    void blockElementsAndLineBreaksStartNewLinesWhileInlineElementsDoNot() throws Exception {
        String html = "<html><body><div><span>Item 1.</span> <span style=\"font-weight:bold\">Business</span></div>"
                + "<div>first line<br>second line</div><p>para\n  graph with   source\nnewlines</p>"
                + "<ul><li>one</li><li>two</li></ul></body></html>";

        assertThat(extract(html).text())
                .isEqualTo("Item 1. Business\nfirst line\nsecond line\npara graph with source newlines\none\ntwo");
    }

    @Test
    void scriptsStylesHiddenElementsAndTheInlineXbrlHeaderAreDropped() throws Exception {
        String html = "<html><head><title>TITLE</title><style>p{color:red}</style></head><body>"
                + "<script>var x = 'SCRIPT';</script>"
                + "<div style=\"display: none\"><ix:header><ix:hidden>dei:HIDDEN</ix:hidden></ix:header></div>"
                + "<ix:header>UNWRAPPED-HEADER</ix:header>"
                + "<p>Visible <ix:nonNumeric name=\"dei:EntityRegistrantName\">Example Corp</ix:nonNumeric></p>"
                + "</body></html>";

        assertThat(extract(html).text()).isEqualTo("Visible Example Corp");
    }

    @Test
    void cssPageBreaksSplitTheDocumentIntoPagesAndDropTheirPageNumbers() throws Exception {
        String html = "<html><body>"
                + "<div>Cover page</div><div style=\"text-align:center\">1</div>"
                + "<hr style=\"page-break-after:always\"/>"
                + "<div>Business overview</div><div>2</div>"
                + "<div style=\"break-before: page\">Risk factors</div><div>3</div>"
                + "<div style=\"page-break-after: always\"></div>"
                + "</body></html>";

        ExtractedText text = extract(html);

        assertThat(text.text()).isEqualTo("Cover page\n\nBusiness overview\n\nRisk factors");
        assertThat(text.pageCount()).isEqualTo(3);
        assertThat(text.pageAt(text.text().indexOf("Risk factors"))).isEqualTo(2);
    }

    @Test
    void htmlWithoutPageBreakMarkersHasNoPages() throws Exception {
        ExtractedText text = extract("<html><body><p>One</p><hr><p>Two</p></body></html>");

        assertThat(text.hasPages()).isFalse();
        assertThat(text.text()).isEqualTo("One\nTwo");
    }

    @Test
    void theCharsetDeclaredInAMetaTagIsHonoured() throws Exception {
        byte[] windows1252 = "<html><head><meta charset=\"windows-1252\"></head><body><p>Management\u2019s view</p></body></html>"
                .getBytes("windows-1252");

        assertThat(extractor.extract(windows1252, ContentType.HTML).text()).isEqualTo("Management\u2019s view");
    }

    @Test
    void htmlWithNoVisibleTextIsRejectedForHavingNoText() {
        assertThatThrownBy(() -> extract("<html><body><script>x()</script><div style='display:none'>hidden</div></body></html>"))
                .isInstanceOfSatisfying(FilingRejectedException.class,
                        e -> assertThat(e.reason()).isEqualTo(RejectReason.NO_TEXT));
    }
}
