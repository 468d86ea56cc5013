package dev.scoperag.core.extract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextNormalizerTest {

    private final TextNormalizer normalizer = new TextNormalizer();

    @Test
    void wordsBrokenAtLineEndsAreJoinedOnlyBetweenLowercaseLetters() {
        assertThat(normalizer.normalize("we manu-\nfacture widgets")).isEqualTo("we manufacture widgets");
        assertThat(normalizer.normalize("trailing spaces manu-  \n   facture")).isEqualTo("trailing spaces manufacture");
        assertThat(normalizer.normalize("the COVID-\n19 pandemic")).isEqualTo("the COVID-\n19 pandemic");
        assertThat(normalizer.normalize("Non-\nGAAP measures")).isEqualTo("Non-\nGAAP measures");
        assertThat(normalizer.normalize("a list -\nnext")).isEqualTo("a list -\nnext");
    }

    @Test
    void oddSpacesTabsAndRunsCollapseToOneSpaceAndLinesAreTrimmed() {
        String raw = "  Net\u00A0sales\t\t$\u2009 1,234  \u202F(millions)   \nnext\u3000line  ";
        assertThat(normalizer.normalize(raw)).isEqualTo("Net sales $ 1,234 (millions)\nnext line");
    }

    @Test
    void invisibleAndControlCharactersAreRemovedButLineBreaksKept() {
        String raw = "zero\u200Bwidth soft\u00ADhyphen bell\u0007 bom\uFEFF\r\nwindows\rold-mac\fform-feed";
        assertThat(normalizer.normalize(raw)).isEqualTo("zerowidth softhyphen bell bom\nwindows\nold-mac\nform-feed");
    }

    @Test
    void compatibilityFormsAreFoldedByNfkc() {
        assertThat(normalizer.normalize("ﬁnancial ﬂows ＡＢＣ")).isEqualTo("financial flows ABC");
    }

    @Test
    void threeOrMoreLineBreaksBecomeOneBlankLine() {
        assertThat(normalizer.normalize("a\n\n\n\n  \n\nb\n\nc")).isEqualTo("a\n\nb\n\nc");
    }

    @Test
    void pageNumberLinesAreDroppedAtPageEdgesButNumbersInsideAPageAreKept() {
        String page = "3\nRevenue by year\n2023\n1,234\nPage 4 of 9\nend of text\n- 12 -\n\n17\n";
        assertThat(normalizer.normalize(page)).isEqualTo("Revenue by year\n2023\n1,234\nend of text");
        assertThat(normalizer.normalize("Notes\nF-12")).isEqualTo("Notes");
        assertThat(normalizer.normalize("Contents\nii")).isEqualTo("Contents");
    }

    @Test
    void joinedPagesStartWhereTheirTextStartsAndEmptyPagesShareTheNextStart() {
        ExtractedText joined = normalizer.joinPages(
                List.of("first  page\n1", "", " \n2\n", "third page"), ContentType.PDF, true);

        assertThat(joined.text()).isEqualTo("first page\n\nthird page");
        assertThat(joined.pageStarts()).containsExactly(0, 12, 12, 12);
        assertThat(joined.pageAt(joined.text().indexOf("third"))).isEqualTo(3);
    }

    @Test
    void trailingEmptyPagesStartAtTheEndOfTheText() {
        ExtractedText joined = normalizer.joinPages(List.of("only page", "", ""), ContentType.PDF, true);
        assertThat(joined.pageStarts()).containsExactly(0, 9, 9);
    }

    @Test
    void emptyPagesAreDroppedWhenIndexesNeedNotMatchASource() {
        ExtractedText joined = normalizer.joinPages(List.of("a", "", "b"), ContentType.HTML, false);
        assertThat(joined.pageStarts()).containsExactly(0, 3);
    }

    @Test
    void normalizingARealFilingTwiceChangesNothing() {
        String raw = new String(TestFilings.bytes(TestFilings.ULTA_10K_TEXT_GZ), java.nio.charset.StandardCharsets.UTF_8);
        String once = normalizer.normalize(raw);
        assertThat(normalizer.normalize(once)).isEqualTo(once);
        assertThat(normalizer.normalize(raw)).isEqualTo(once);
    }

    @Test
    void aLongDocumentNormalizedSliceBySliceIsTheSameAsNormalizedWhole() {
        // Combining marks after ASCII letters, ligatures, fullwidth forms, and long runs without ASCII,
        // across many 64 Ki-character slices.
        StringBuilder raw = new StringBuilder();
        for (int i = 0; i < 40_000; i++) {
            raw.append("Cafe\u0301 \uFB01scal ＦＹ２０２３ ").append("\u4e2d\u6587".repeat(i % 7)).append(i % 13 == 0 ? "\n" : " ");
        }
        raw.append("\uFDFA".repeat(100_000));
        String whole = java.text.Normalizer.normalize(raw.toString(), java.text.Normalizer.Form.NFKC);
        String sliced = new TextNormalizer(Long.MAX_VALUE).whole(raw.toString(), ContentType.TEXT).text();
        assertThat(sliced).isEqualTo(new TextNormalizer().whole(whole, ContentType.TEXT).text());
    }

    @Test
    void textThatNormalizationExpandsPastTheLimitIsStoppedEarly() {
        String raw = "\uFDFA".repeat(1_000_000); // 18 million characters once normalized
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new TextNormalizer(6_000_000).whole(raw, ContentType.TEXT))
                .isInstanceOf(TextTooLargeException.class);
        assertThat(new TextNormalizer(6_000_000).whole("\uFDFA".repeat(1_000), ContentType.TEXT).text()).hasSize(18_000);
    }
}
