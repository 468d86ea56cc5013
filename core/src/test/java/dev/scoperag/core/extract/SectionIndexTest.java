package dev.scoperag.core.extract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SectionIndexTest {

    private static final String TEN_K = String.join("\n",
            "UNITED STATES SECURITIES AND EXCHANGE COMMISSION",
            "FORM 10-K",
            "EXAMPLE WIDGETS CORP",
            "TABLE OF CONTENTS",
            "PART I",
            "Item 1. | Business | 4",
            "Item 1A. | Risk Factors | 12",
            "Item 1B. | Unresolved Staff Comments | 20",
            "Item 2. | Properties | 20",
            "Item 3. | Legal Proceedings | 21",
            "Item 4. | Mine Safety Disclosures | 21",
            "PART II",
            "Item 5. | Market for Registrant's Common Equity | 22",
            "Item 7. | Management's Discussion and Analysis | 24",
            "Item 7A. | Quantitative and Qualitative Disclosures About Market Risk | 40",
            "Item 8. | Financial Statements and Supplementary Data | 41",
            "",
            "PART I",
            "Item 1. Business",
            "Example Widgets designs and manufactures industrial widgets. COVER-PLACEHOLDER-BUSINESS",
            "Item 1A. Risk Factors",
            "Our business is subject to risks. The discussion in Part II,",
            "Item 7. Management's Discussion and Analysis of Financial Condition, describes how we",
            "manage these risks. RISK-MARKER",
            "ITEM 1B - UNRESOLVED STAFF COMMENTS",
            "None.",
            "Items 1 and 2. Business and Properties",
            "We own three plants. PROPERTIES-MARKER",
            "PART II",
            "PART-II-MARKER",
            "Item 7: Management's Discussion and Analysis of Financial Condition and Results of Operations",
            "Net sales increased 12%. MDA-MARKER",
            "See Item 8 of this report for details, as described in Item 7 of the prior report.",
            "Item 7 of our 2022 report discussed the same trends. STILL-MDA-MARKER",
            "Item 7A. Quantitative and Qualitative Disclosures About Market Risk",
            "We are exposed to interest rate risk. Item 8. Financial Statements and Supplementary Data",
            "Consolidated balance sheets follow. FINANCIALS-MARKER");

    private final SectionIndex index = SectionIndex.of(TEN_K);

    private String sectionOf(String marker) {
        return index.sectionAt(TEN_K.indexOf(marker));
    }

    @Test
    void textBeforeTheFirstHeadingHasNoSection() {
        assertThat(sectionOf("EXAMPLE WIDGETS CORP")).isNull();
        assertThat(index.sectionAt(0)).isNull();
    }

    @Test
    void tableOfContentsRowsDoNotOpenSections() {
        assertThat(sectionOf("Item 7A. | Quantitative")).isNull();
        assertThat(sectionOf("Item 8. | Financial")).isNull();
        assertThat(index.headings()).extracting(SectionIndex.Heading::offset)
                .allSatisfy(offset -> assertThat(offset).isGreaterThan(TEN_K.indexOf("Item 8. | Financial")));
    }

    @Test
    void theSectionInEffectIsTheLastHeadingAtOrBeforeTheOffset() {
        assertThat(sectionOf("COVER-PLACEHOLDER-BUSINESS")).isEqualTo("Item 1. Business");
        assertThat(index.sectionAt(TEN_K.indexOf("Item 1A. Risk Factors"))).isEqualTo("Item 1A. Risk Factors");
        assertThat(index.sectionAt(TEN_K.indexOf("Item 1A. Risk Factors") - 1)).isEqualTo("Item 1. Business");
        assertThat(sectionOf("MDA-MARKER")).isEqualTo(
                "Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations");
        assertThat(sectionOf("FINANCIALS-MARKER")).isEqualTo("Item 8. Financial Statements and Supplementary Data");
        assertThat(index.sectionAt(TEN_K.length() + 100)).isEqualTo("Item 8. Financial Statements and Supplementary Data");
    }

    @Test
    void aCrossReferenceWrappedOntoANewLineIsNotAHeading() {
        assertThat(sectionOf("RISK-MARKER")).isEqualTo("Item 1A. Risk Factors");
        assertThat(sectionOf("STILL-MDA-MARKER")).startsWith("Item 7. ");
    }

    @Test
    void headingStylesOfDifferentFilersAreRecognized() {
        assertThat(sectionOf("None.")).isEqualTo("Item 1B. UNRESOLVED STAFF COMMENTS");
        assertThat(sectionOf("PROPERTIES-MARKER")).isEqualTo("Items 1 and 2. Business and Properties");
        assertThat(sectionOf("PART-II-MARKER")).isEqualTo("Part II");
        assertThat(sectionOf("Net sales increased")).startsWith("Item 7. ");
        assertThat(sectionOf("We are exposed")).isEqualTo("Item 7A. Quantitative and Qualitative Disclosures About Market Risk");
    }

    @Test
    void aLongTitleIsShortenedAtAWordBoundaryInTheLabel() {
        SectionIndex longTitle = SectionIndex.of("Item 5. Market for Registrant's Common Equity, Related Stockholder "
                + "Matters and Issuer Purchases of Equity Securities\nWe paid dividends.");

        assertThat(longTitle.sectionAt(80)).isEqualTo(
                "Item 5. Market for Registrant's Common Equity, Related Stockholder Matters and Issuer Purchases of Equity");
    }

    @Test
    void everyItemOfARealTenKIsFoundIncludingHeadingsGluedIntoALine() throws Exception {
        String ulta = new Extractor().extract(TestFilings.bytes(TestFilings.ULTA_10K_TEXT_GZ), "txt").text();
        SectionIndex sections = SectionIndex.of(ulta);

        assertThat(sections.headings()).extracting(h -> h.label().replaceAll("\\..*", "")).containsExactly(
                "Item 1", "Item 1A", "Item 1B", "Item 2", "Item 3", "Item 4", "Item 4A", "Item 5", "Item 6", "Item 7",
                "Item 7A", "Item 8", "Item 9", "Item 9A", "Item 9B", "Item 9C", "Item 10", "Item 11", "Item 12",
                "Item 13", "Item 14", "Item 15", "Item 16");
        assertThat(sections.sectionAt(ulta.indexOf("We are exposed to interest rate risks")))
                .isEqualTo("Item 7A. Quantitative and Qualitative Disclosures about Market Risk");
        assertThat(sections.sectionAt(ulta.indexOf("Ultamate Rewards"))).isEqualTo("Item 1. Business");
    }

    @Test
    void aPdfTableOfContentsFollowedByTheFirstItemLabelsTheBodyFromItsFirstHeading() {
        StringBuilder text = new StringBuilder("Table of Contents\nBeginning\nPage\nPART I\n");
        String[][] rows = {{"1", "Business", "4"}, {"1A", "Risk Factors", "10"}, {"1B", "Unresolved Staff Comments", "12"},
                {"2", "Properties", "12"}, {"3", "Legal Proceedings", "12"}, {"4", "Mine Safety Disclosures", "12"}};
        for (String[] row : rows) {
            text.append("ITEM ").append(row[0]).append(' ').append(row[1]).append(' ').append(row[2]).append('\n');
        }
        text.append("PART II\nPART III\nPART IV\n\nPART I\nItem 1. Busines s.\n3M is a diversified technology company.\n");
        String pdfText = text.toString();

        SectionIndex sections = SectionIndex.of(pdfText);

        assertThat(sections.sectionAt(pdfText.indexOf("3M is a"))).isEqualTo("Item 1. Busines s");
        assertThat(sections.sectionAt(pdfText.indexOf("ITEM 1A Risk"))).isNull();
    }

    @Test
    void indexingTheSameTextTwiceGivesTheSameHeadings() {
        String ulta = new String(TestFilings.bytes(TestFilings.ULTA_10K_TEXT_GZ), StandardCharsets.UTF_8);
        assertThat(SectionIndex.of(ulta).headings()).isEqualTo(SectionIndex.of(ulta).headings());
    }
}
