package dev.scoperag.core.fact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.scoperag.core.extract.ContentType;
import dev.scoperag.core.extract.ExtractedText;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StatementTableReaderTest {

    private static final String INCOME = """
            Item 8. Financial Statements
            Example Corp
            Consolidated Statements of Operations
            Years ended December 31, 2022, 2021, and 2020
            2022 2021 2020
            (in millions, except per share amounts)
            Revenue:
            Regulated $ 3,538 $ 2,868 $ 2,661
            Non-Regulated 9,079 8,273 6,999
            Total revenue 12,617 11,141 9,660
            Cost of Sales:
            Regulated (3,162) (2,448) (2,235)
            Goodwill impairment expense (1) (777) - -
            Gain from disposal of discontinued businesses, net of income tax expense of $0, $1, and $0, respectively
            - 4 3
            Net income attributable to Example Corp $ (546) $ (409) $ 46
            Basic earnings per share:
            Net income per share $ (0.82) $ (0.61) $ 0.07
            Weighted-average shares outstanding:
            Basic 667 666 665
            See Accompanying Notes to Consolidated Financial Statements.
            Note 1. General
            Revenue 1 2 3
            """;

    private final StatementTableReader reader = new StatementTableReader();

    @Test
    void aStatementIsReadWithItsPeriodsScaleAndSigns() {
        List<Fact> facts = reader.read(null, text(INCOME));

        assertThat(value(facts, "table:total revenue", 2022)).contains(new BigDecimal("12617000000"));
        assertThat(value(facts, "table:total revenue", 2020)).contains(new BigDecimal("9660000000"));
        // A section's generic rows are told apart by their section.
        assertThat(value(facts, "table:revenue regulated", 2021)).contains(new BigDecimal("2868000000"));
        assertThat(value(facts, "table:cost of sales regulated", 2021)).contains(new BigDecimal("-2448000000"));
        assertThat(value(facts, "table:net income attributable to example corp", 2022)).contains(new BigDecimal("-546000000"));
        Fact revenue = fact(facts, "table:total revenue", 2021).orElseThrow();
        assertThat(revenue.label()).isEqualTo("Total revenue");
        assertThat(revenue.period()).isEqualTo(Fact.Period.duration(LocalDate.of(2021, 1, 1), LocalDate.of(2021, 12, 31)));
        assertThat(revenue.unit()).isEqualTo("USD");
        assertThat(revenue.source().kind()).isEqualTo(Fact.Kind.TABLE);
        assertThat(INCOME.substring(revenue.source().charStart(), revenue.source().charEnd())).contains("11,141");
    }

    @Test
    void footnoteMarksDashesAndValuesOnTheirOwnLineAreRead() {
        List<Fact> facts = reader.read(null, text(INCOME));
        assertThat(fact(facts, "table:goodwill impairment expense", 2022).orElseThrow().label()).isEqualTo("Goodwill impairment expense");
        assertThat(value(facts, "table:goodwill impairment expense", 2022)).contains(new BigDecimal("-777000000"));
        assertThat(value(facts, "table:goodwill impairment expense", 2021)).contains(BigDecimal.ZERO);
        String wrapped = "table:gain from disposal of discontinued businesses net of income tax expense of 0 1 and 0 respectively";
        assertThat(value(facts, wrapped, 2022)).contains(BigDecimal.ZERO);
        assertThat(value(facts, wrapped, 2021)).contains(new BigDecimal("4000000"));
    }

    @Test
    void perShareAndShareCountRowsKeepTheirOwnUnits() {
        List<Fact> facts = reader.read(null, text(INCOME));
        Fact eps = fact(facts, "table:net income per share", 2022).orElseThrow();
        assertThat(eps.unit()).isEqualTo("USD/shares");
        assertThat(eps.value()).isEqualByComparingTo("-0.82");
        Fact shares = fact(facts, "table:weighted average shares outstanding basic", 2022).orElseThrow();
        assertThat(shares.unit()).isEqualTo("shares");
        assertThat(shares.value()).isEqualByComparingTo("667000000");
    }

    @Test
    void theNotesAfterTheStatementAreNotRead() {
        List<Fact> facts = reader.read(null, text(INCOME));
        assertThat(facts).noneMatch(f -> f.value().compareTo(new BigDecimal("1000000")) == 0);
        assertThat(facts).allMatch(f -> f.source().charStart() < INCOME.indexOf("See Accompanying"));
    }

    @Test
    void columnsDatedInTheHeaderGiveBalanceSheetInstantsAndFiftyTwoWeekYears() {
        String balance = """
                The Example Company
                Consolidated Balance Sheets
                (in thousands, except share data)
                December 28, 2019 December 29, 2018
                ASSETS
                Cash and cash equivalents $ 2,279 $ 1,130
                Trade receivables (net of allowances of $33 at December 28, 2019 and $24 at December 29, 2018) 1,973 2,129
                Inventories 2,721 2,667
                Total current assets 7,875 8,734
                """;
        List<Fact> facts = reader.read(null, text(balance));
        Fact inventories = fact(facts, "table:inventories", 2018).orElseThrow();
        assertThat(inventories.period()).isEqualTo(Fact.Period.instant(LocalDate.of(2018, 12, 29)));
        assertThat(inventories.value()).isEqualByComparingTo("2667000");
        assertThat(value(facts, "table:trade receivables net of allowances of 33 at december 28 2019 and 24 at december 29 2018", 2019))
                .contains(new BigDecimal("1973000"));
    }

    @Test
    void quarterlyColumnsTakeTheirDurationsFromTheHeader() {
        String quarter = """
                Consolidated Statements of Income
                (Dollars in millions)
                Three Months Ended June 30, | Six Months Ended June 30,
                2023 | 2022 | 2023 | 2022
                Net sales | $ 8,325 | $ 8,702 | $ 16,356 | $ 17,531
                Cost of sales | 4,685 | 4,935 | 9,222 | 9,891
                Operating income | 1,230 | 1,372 | 2,471 | 2,682
                """;
        List<Fact> facts = reader.read(null, text(quarter));
        assertThat(facts).filteredOn(f -> f.concept().equals("table:net sales")).extracting(f -> f.period().days())
                .containsExactly(91L, 91L, 181L, 181L);
        assertThat(facts).filteredOn(f -> f.concept().equals("table:net sales")).extracting(Fact::value)
                .containsExactly(new BigDecimal("8.325E+9"), new BigDecimal("8.702E+9"), new BigDecimal("1.6356E+10"), new BigDecimal("1.7531E+10"));
    }

    @Test
    void bareYearColumnsEndWhereTheDocumentSaysThatFiscalYearEnded() {
        String document = """
                Annual report for the fiscal year ended May 29, 2022
                Fiscal 2021 was the fiscal year ended May 30, 2021.
                Consolidated Statements of Earnings
                (In Millions, Except per Share Data)
                Fiscal Year
                2022 2021
                Net sales $ 18,992.8 $ 18,127.0
                Cost of sales 12,590.6 11,678.7
                Net earnings 2,707.3 2,339.8
                """;
        List<Fact> facts = reader.read(null, text(document));
        assertThat(fact(facts, "table:net sales", 2022).orElseThrow().period().end()).isEqualTo(LocalDate.of(2022, 5, 29));
        assertThat(fact(facts, "table:net sales", 2021).orElseThrow().period().end()).isEqualTo(LocalDate.of(2021, 5, 30));
        assertThat(value(facts, "table:net sales", 2022)).contains(new BigDecimal("18992800000"));
    }

    @Test
    void aQuarterlyEdgarSubmissionIsReadFromItsExtractedText() throws Exception {
        byte[] submission;
        try (var in = StatementTableReaderTest.class.getResourceAsStream("/filings/MMM_2023Q2_10Q_submission.txt")) {
            submission = in.readAllBytes();
        }
        List<Fact> facts = reader.read(submission, new dev.scoperag.core.extract.Extractor().extract(submission, null));
        Fact quarter = facts.stream().filter(f -> f.concept().equals("table:operating income loss") && f.period().days() < 100)
                .filter(f -> f.period().end().getYear() == 2023).findFirst().orElseThrow();
        assertThat(quarter.label()).isEqualTo("Operating income (loss)");
        assertThat(quarter.period()).isEqualTo(Fact.Period.duration(LocalDate.of(2023, 4, 1), LocalDate.of(2023, 6, 30)));
        assertThat(quarter.value()).isEqualByComparingTo("-8958000000");
        Fact shares = facts.stream().filter(f -> f.unit().equals("shares") && f.period().end().getYear() == 2023).findFirst().orElseThrow();
        assertThat(shares.label()).isEqualTo("Weighted average 3M common shares outstanding - basic");
        assertThat(shares.value()).isEqualByComparingTo("553900000");
        Fact eps = facts.stream().filter(f -> f.unit().equals("USD/shares") && f.period().end().getYear() == 2023).findFirst().orElseThrow();
        assertThat(eps.value()).isEqualByComparingTo("-12.35");
    }

    @Test
    void aRowWhoseValuesCannotBePlacedInColumnsGivesNoFact() {
        String gaps = """
                Consolidated Statements of Cash Flows
                Years Ended December 31,
                (in millions)
                2022 2021 2020
                Net income 100 90 80
                Depreciation 10 9 8
                Proceeds from a sale 55
                Capital expenditures (20) (19) (18)
                """;
        List<Fact> facts = reader.read(null, text(gaps));
        assertThat(facts).noneMatch(f -> f.concept().equals("table:proceeds from a sale"));
        assertThat(value(facts, "table:capital expenditures", 2020)).contains(new BigDecimal("-18000000"));
    }

    @Test
    void proseThatNamesAStatementGivesNoFacts() {
        String prose = "Amounts are recorded on our consolidated balance sheets. As of December 31, 2016 and 2017, restricted cash was "
                + "$1.3 billion and $1.9 billion, and we had 2,016 and 2,017 employees in 2016 and 2017.\nOther text 12 13\n";
        assertThat(reader.read(null, text(prose))).isEmpty();
    }

    @Test
    void aPagedDocumentCitesThePageOfEachFigure() {
        String page1 = "Cover page\n";
        String page2 = INCOME;
        ExtractedText paged = new ExtractedText(page1 + page2, new int[] {0, page1.length()}, ContentType.PDF);
        Fact revenue = fact(reader.read(null, paged), "table:total revenue", 2022).orElseThrow();
        assertThat(revenue.source().page()).isEqualTo(2);
    }

    @Test
    void oddTextNeverThrowsAndGivesNoFacts() {
        Random random = new Random(18);
        StringBuilder noise = new StringBuilder("Consolidated Balance Sheets\n(in millions)\n");
        String alphabet = "0123456789,.()$-— \n|abcXYZ%:December 31, 2022";
        for (int i = 0; i < 200_000; i++) {
            noise.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        assertThatCode(() -> reader.read(null, text(noise.toString()))).doesNotThrowAnyException();
        assertThat(reader.read(null, text(""))).isEmpty();
        assertThat(reader.read(null, null)).isEmpty();
        assertThat(reader.read(null, text("Consolidated Statements of Operations\n(in millions)\n"))).isEmpty();
    }

    private static ExtractedText text(String text) {
        return new ExtractedText(text, new int[0], ContentType.TEXT);
    }

    private static Optional<Fact> fact(List<Fact> facts, String concept, int year) {
        return facts.stream().filter(f -> f.concept().equals(concept) && f.period().end().getYear() == year).findFirst();
    }

    private static Optional<BigDecimal> value(List<Fact> facts, String concept, int year) {
        return fact(facts, concept, year).map(f -> f.value().stripTrailingZeros()).map(v -> v.signum() == 0 ? BigDecimal.ZERO : v)
                .map(v -> new BigDecimal(v.toPlainString()));
    }
}
