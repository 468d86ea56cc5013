package dev.scoperag.core.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.scoperag.core.extract.ContentType;
import dev.scoperag.core.extract.ExtractedText;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FactReadersTest {

    private static final Fact FACT = new Fact("table:net sales", "Net sales",
            Fact.Period.duration(LocalDate.of(2023, 1, 1), LocalDate.of(2023, 12, 31)), Map.of(), "USD", BigDecimal.TEN, null,
            Fact.Source.table(3, 10, 12));

    private static ExtractedText text(ContentType type) {
        return new ExtractedText("Net sales 10", new int[0], type);
    }

    @Test
    void theReadersOfADocumentsContentTypeRunAndAFailingOneGivesNoFactsWithoutFailingTheOthers() {
        FactReader failing = (raw, text) -> {
            throw new IllegalStateException("unreadable table");
        };
        FactReaders readers = new FactReaders(Map.of(ContentType.PDF, List.of(failing, (raw, text) -> List.of(FACT))));
        assertEquals(List.of(FACT), readers.read(null, text(ContentType.PDF)));
        assertEquals(List.of(), readers.read(null, text(ContentType.HTML)));
    }

    @Test
    void theStandardReadersReadInlineXbrlFromHtmlAndEdgarSubmissions() {
        byte[] html = ("<html><body><div style=\"display:none\"><ix:header><ix:resources><xbrli:context id=\"c\"><xbrli:period>"
                + "<xbrli:instant>2024-12-31</xbrli:instant></xbrli:period></xbrli:context><xbrli:unit id=\"u\"><xbrli:measure>"
                + "iso4217:USD</xbrli:measure></xbrli:unit></ix:resources></ix:header></div><ix:nonFraction name=\"us-gaap:Assets\""
                + " contextRef=\"c\" unitRef=\"u\" scale=\"3\">7</ix:nonFraction></body></html>").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (ContentType type : List.of(ContentType.HTML, ContentType.EDGAR_SUBMISSION)) {
            List<Fact> facts = FactReaders.standard().read(html, text(type));
            assertEquals(1, facts.size(), type.toString());
            assertEquals(new BigDecimal("7000"), facts.get(0).value());
        }
        assertEquals(List.of(), FactReaders.standard().read(html, text(ContentType.PDF)), "no statement table in the text");
    }

    @Test
    void theStandardReadersReadStatementTablesFromPdfsAndTextAndFromHtmlWithoutTags() {
        ExtractedText statement = new ExtractedText(String.join("\n",
                "CONSOLIDATED STATEMENTS OF INCOME",
                "(in millions)",
                "Years Ended December 31, 2023 2022",
                "Net sales $ 1,250 $ 1,100",
                "Cost of sales 700 650",
                "Net income $ 200 $ 150",
                ""), new int[0], ContentType.TEXT);
        List<Fact> fromText = FactReaders.standard().read(null, statement);
        assertEquals(java.util.Optional.of("1250000000"), fromText.stream()
                .filter(f -> f.concept().equals("table:net sales") && f.period().end().getYear() == 2023)
                .map(f -> f.value().toPlainString()).findFirst(), fromText.toString());
        byte[] untagged = "<html><body><p>Net sales 1,250</p></body></html>".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        ExtractedText html = new ExtractedText(statement.text(), new int[0], ContentType.HTML);
        assertEquals(fromText, FactReaders.standard().read(untagged, html), "an HTML filing without tags: its tables");
    }
}
