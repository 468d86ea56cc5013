package dev.scoperag.core.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class PeriodReaderTest {

    @ParameterizedTest
    @ValueSource(strings = {"FY2018", "FY 2018", "fiscal 2018", "fiscal year 2018", "FY18", "FY'18", "the 2018 fiscal period"})
    void fiscalYearsInEveryForm(String phrase) {
        PeriodMentions p = PeriodReader.read("What was revenue in " + phrase + "?");
        assertThat(p.fiscalYears()).containsExactly(2018);
        assertThat(p.calendarYears()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"in 2022", "as of 2022", "during 2022"})
    void bareYearsAreCalendarYears(String phrase) {
        PeriodMentions p = PeriodReader.read("What was revenue " + phrase + "?");
        assertThat(p.calendarYears()).containsExactly(2022);
        assertThat(p.fiscalYears()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Q2 of FY2023|2023Q2", "Q22023|2023Q2", "2021 Q1|2021Q1", "Q4 FY2023|2023Q4", "2Q23|2023Q2",
            "the third quarter of 2022|2022Q3", "Q3 2022|2022Q3", "2023Q2|2023Q2"})
    void quartersCarryTheirFiscalYear(String phrase, String quarter) {
        PeriodMentions p = PeriodReader.read("What happened in " + phrase + "?");
        assertThat(p.quarters()).containsExactly(quarter);
        assertThat(p.fiscalYears()).containsExactly(Integer.parseInt(quarter.substring(0, 4)));
        assertThat(p.forms()).contains("10-Q", "EARNINGS");
    }

    @Test
    void rangesNameTheirEndsAndHoldTheYearsBetween() {
        PeriodMentions p = PeriodReader.read("What is the 3 year average FY2018 - FY2021 capex?");
        assertThat(p.fiscalYears()).containsExactly(2018, 2021);
        assertThat(p.rangeYears()).containsExactly(2019, 2020);
        assertThat(PeriodReader.read("from FY2016 to FY2017").fiscalYears()).containsExactly(2016, 2017);
        assertThat(PeriodReader.read("between FY2023 and the FY2022 period").fiscalYears()).containsExactly(2022, 2023);
        assertThat(PeriodReader.read("2019-2021").rangeYears()).containsExactly(2020);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "the 8k filing dated 1st July 2022|2022-07-01",
            "As of May 26, 2023, what may it borrow|2023-05-26",
            "as of August 30, 2023|2023-08-30",
            "the filing of 2023-08-30|2023-08-30",
            "on 05/03/2023|2023-05-03"})
    void datesAreReadAndAnEventDateMeansAnEightK(String text, String date) {
        PeriodMentions p = PeriodReader.read(text);
        assertThat(p.dates()).containsExactly(LocalDate.parse(date));
        assertThat(p.forms()).contains("8-K");
        assertThat(p.calendarYears()).isEmpty();
    }

    @Test
    void amountsAndOtherNumbersAreNotYears() {
        PeriodMentions p = PeriodReader.read("Revenue was $2,019 million, up 2019.5 bps; 10-K item 7; COVID-19");
        assertThat(p.fiscalYears()).isEmpty();
        assertThat(p.calendarYears()).isEmpty();
    }

    @Test
    void earningsAloneIsNotAnEarningsRelease() {
        assertThat(PeriodReader.read("What were retained earnings and earnings per share in FY2022?").forms()).isEmpty();
        assertThat(PeriodReader.read("What did the FY2022 earnings release say?").forms()).containsExactly("EARNINGS");
    }

    @Test
    void askingForTheLatestIsNoticed() {
        assertThat(PeriodReader.read("What was the most recent dividend?").latest()).isTrue();
        assertThat(PeriodReader.read("What was revenue in the last fiscal year?").latest()).isTrue();
        assertThat(PeriodReader.read("What was revenue in FY2022?").latest()).isFalse();
    }
    @Test
    void yearsAfterAnExpectationAreExpectedYears() {
        assertThat(PeriodReader.read("is growth expected to accelerate in FY2023").expectedYears()).containsExactly(2023);
        assertThat(PeriodReader.read("What is the FY2024 revenue guidance?").expectedYears()).isEmpty();
        assertThat(PeriodReader.read("What was FY2023 revenue? Management expects growth.").expectedYears()).isEmpty();
        assertThat(PeriodReader.read("guidance for 2024 capex").expectedYears()).containsExactly(2024);
    }
}
