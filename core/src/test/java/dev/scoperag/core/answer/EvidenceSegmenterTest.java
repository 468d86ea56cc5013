package dev.scoperag.core.answer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class EvidenceSegmenterTest {

    private static List<String> units(String text) {
        return EvidenceSegmenter.segments(text).stream().map(s -> s.text(text)).toList();
    }

    private static List<Boolean> rowFlags(String text) {
        return EvidenceSegmenter.segments(text).stream().map(EvidenceSegmenter.Segment::tableRow).toList();
    }

    @Test
    void aPdfTableRowOnOneLineIsOneUnit() {
        String text = "Cash Flows from Investing Activities\n"
                + "Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)\n"
                + "Proceeds from sale of PP&E and other assets 262 49 58\n";

        assertThat(units(text)).containsExactly(
                "Cash Flows from Investing Activities",
                "Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)",
                "Proceeds from sale of PP&E and other assets 262 49 58");
        assertThat(rowFlags(text)).containsExactly(false, true, true);
    }

    @Test
    void edgarCellsOnTheirOwnLinesJoinTheirLabel() {
        String text = "Loss on disposal of property and equipment\n6,688\n5,358\n6,827\n"
                + "Merchandise inventories\n(104,233)\n$\n(331,003)\n125,486\n";

        assertThat(units(text)).containsExactly(
                "Loss on disposal of property and equipment\n6,688\n5,358\n6,827",
                "Merchandise inventories\n(104,233)\n$\n(331,003)\n125,486");
        assertThat(rowFlags(text)).containsExactly(true, true);
    }

    @Test
    void cellsAtTheStartOfAChunkAreARowWithoutLabel() {
        assertThat(units("(25,666)\n(24,008)\nStock-based compensation expense\n43,044\n"))
                .containsExactly("(25,666)\n(24,008)", "Stock-based compensation expense\n43,044");
    }

    @Test
    void wrappedProseIsJoinedAndCutIntoSentences() {
        String text = "Net sales increased 6.1% in 2018 compared\nto 2017, driven by U.S. growth. Operating income was\n"
                + "$7.2 billion. 3M Co. paid dividends of $3.2 billion.";

        assertThat(units(text)).containsExactly(
                "Net sales increased 6.1% in 2018 compared\nto 2017, driven by U.S. growth.",
                "Operating income was\n$7.2 billion.",
                "3M Co. paid dividends of $3.2 billion.");
    }

    @Test
    void aBlankLineEndsAParagraph() {
        assertThat(units("Item 7. Management's Discussion\n\nRevenue grew in all segments"))
                .containsExactly("Item 7. Management's Discussion", "Revenue grew in all segments");
    }

    @Test
    void proseEndingInOneYearIsNotARow() {
        assertThat(EvidenceSegmenter.isOneLineRow("The Company expects to complete the integration of the acquired "
                + "business by the end of fiscal 2019")).isFalse();
        assertThat(EvidenceSegmenter.isOneLineRow("Total revenue 1,577")).isTrue();
        assertThat(EvidenceSegmenter.isOneLineRow("Net sales $ 232,887 $ 177,866")).isTrue();
        assertThat(EvidenceSegmenter.isOneLineRow("(Millions) 2018 2017 2016")).isTrue();
    }

    @Test
    void everyUnitIsATrimmedSpanOfTheText() {
        String text = "  Revenue was up.  Costs fell.\n\n Total 5 6 \n";
        for (EvidenceSegmenter.Segment segment : EvidenceSegmenter.segments(text)) {
            String unit = segment.text(text);
            assertThat(unit).isNotEmpty().isEqualTo(unit.strip());
        }
        assertThat(units(text)).containsExactly("Revenue was up.", "Costs fell.", "Total 5 6");
    }
}
