package dev.scoperag.core.filing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.MonthDay;
import org.junit.jupiter.api.Test;

class EdgarIdentityTest {

    @Test
    void aSubmissionHeaderSaysCikFormPeriodAndFiscalYear() throws IOException {
        EdgarIdentity id = EdgarIdentity.read(resource("synthetic-10k-submission.txt")).identity().orElseThrow();
        assertThat(id.cik()).isEqualTo(999999L);
        assertThat(id.form()).isEqualTo("10-K");
        assertThat(id.periodEnd()).isEqualTo(LocalDate.of(2023, 12, 31));
        assertThat(id.fiscalYear()).isEqualTo(2023);
        assertThat(id.fiscalPeriod()).isEqualTo("FY");
        assertThat(id.period()).isNull();
        assertThat(id.company()).isEqualTo("EXAMPLE WIDGETS CORP");
        assertThat(id.accession()).isEqualTo("0000999999-24-000012");
        assertThat(id.filedAt()).isEqualTo("2024-02-15");
    }

    @Test
    void aQuarterlyHeaderWithoutFiscalYearEndKeepsTheCalendarYear() throws IOException {
        EdgarIdentity id = EdgarIdentity.read(resource("MMM_2023Q2_10Q_submission.txt")).identity().orElseThrow();
        assertThat(id.cik()).isEqualTo(66740L);
        assertThat(id.form()).isEqualTo("10-Q");
        assertThat(id.fiscalYear()).isEqualTo(2023);
        assertThat(id.periodEnd()).isEqualTo(LocalDate.of(2023, 6, 30));
    }

    @Test
    void aQuarterIsCountedFromTheFiscalYearEnd() {
        String header = """
                <SEC-DOCUMENT>0001045810-24-000264.txt : 20240828
                <SEC-HEADER>0001045810-24-000264.hdr.sgml : 20240828
                CONFORMED SUBMISSION TYPE:\t10-Q
                CONFORMED PERIOD OF REPORT:\t20240728
                \t\tCENTRAL INDEX KEY:\t\t\t0001045810
                \t\tFISCAL YEAR END:\t\t\t0126
                </SEC-HEADER>
                """;
        EdgarIdentity id = EdgarIdentity.read(header).identity().orElseThrow();
        assertThat(id.fiscalYear()).isEqualTo(2025);
        assertThat(id.period()).isEqualTo("2025Q2");
    }

    @Test
    void aFiftyThreeWeekYearEndingDaysAfterTheNominalEndStaysInItsYear() {
        assertThat(EdgarIdentity.fiscalYearEndOnOrAfter(LocalDate.of(2022, 10, 1), MonthDay.of(9, 30)).getYear()).isEqualTo(2022);
        assertThat(EdgarIdentity.fiscalYearEndOnOrAfter(LocalDate.of(2024, 1, 28), MonthDay.of(1, 26)).getYear()).isEqualTo(2024);
        assertThat(EdgarIdentity.fiscalYearEndOnOrAfter(LocalDate.of(2024, 4, 28), MonthDay.of(1, 26)).getYear()).isEqualTo(2025);
    }

    @Test
    void deiTagsSayTheFiscalYearFocusEvenWhenNestedInMarkup() {
        String html = "<html><body><ix:header><ix:hidden>"
                + "<ix:nonNumeric contextRef=\"c-1\" name=\"dei:DocumentFiscalPeriodFocus\">Q2</ix:nonNumeric>"
                + "<ix:nonNumeric name=\"dei:DocumentFiscalYearFocus\" contextRef=\"c-1\"><span>2026</span></ix:nonNumeric>"
                + "<ix:nonNumeric contextRef=\"c-1\" name=\"dei:EntityCentralIndexKey\">0001045810</ix:nonNumeric>"
                + "</ix:hidden></ix:header>"
                + "<ix:nonNumeric contextRef=\"c-1\" name=\"dei:DocumentType\">10-Q</ix:nonNumeric>"
                + "<ix:nonNumeric contextRef=\"c-1\" name=\"dei:DocumentPeriodEndDate\" format=\"ixt:date-monthname-day-year-en\">"
                + "July&#160;27, 2025</ix:nonNumeric>"
                + "<ix:nonNumeric contextRef=\"c-1\" name=\"dei:TradingSymbol\">NVDA</ix:nonNumeric></body></html>";
        EdgarIdentity id = EdgarIdentity.read(html).identity().orElseThrow();
        assertThat(id.cik()).isEqualTo(1045810L);
        assertThat(id.fiscalYear()).isEqualTo(2026);
        assertThat(id.period()).isEqualTo("2026Q2");
        assertThat(id.periodEnd()).isEqualTo(LocalDate.of(2025, 7, 27));
        assertThat(id.tradingSymbols()).containsExactly("NVDA");
    }

    @Test
    void textWithoutHeaderOrTagsIsNotIdentifiedAndSaysWhy() {
        EdgarIdentity.Result read = EdgarIdentity.read("ITEM 1. BUSINESS\nWe make widgets.");
        assertThat(read.identity()).isEmpty();
        assertThat(read.reason()).contains("SEC header").contains("dei:");
        EdgarIdentity.Result partial = EdgarIdentity.read("<SEC-HEADER>\nCONFORMED SUBMISSION TYPE:\t10-K\n</SEC-HEADER>");
        assertThat(partial.identity()).isEmpty();
        assertThat(partial.reason()).contains("CENTRAL INDEX KEY").contains("CONFORMED PERIOD OF REPORT");
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = EdgarIdentityTest.class.getResourceAsStream("/filings/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
