package dev.scoperag.core.fact;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.TestFiles;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** {@link StatementTableReader} on real filings: FinanceBench's dev questions and the inline XBRL of edgar-ixbrl. */
class StatementTableReaderBenchTest {

    /**
     * The figures the metrics-generated dev questions need, as their evidence pages print them (checked by hand: each
     * question's answer follows from them), keyed "question line item FYyear".
     */
    private static final Map<String, String> PRINTED = new LinkedHashMap<>();

    static {
        PRINTED.put("financebench_id_08135 Total net sales FY2016", "135987000000");
        PRINTED.put("financebench_id_08135 Total net sales FY2017", "177866000000");
        PRINTED.put("financebench_id_04980 Capital spending FY2021", "-4625000000");
        PRINTED.put("financebench_id_04254 Depreciation and amortization FY2021", "636000000");
        PRINTED.put("financebench_id_04254 Operating income FY2021", "1196000000");
        PRINTED.put("financebench_id_04700 Total cost of revenue FY2016", "32780000000");
        PRINTED.put("financebench_id_04660 Total current liabilities FY2016", "577464000");
        PRINTED.put("financebench_id_04660 Total current assets FY2016", "1001425000");
        PRINTED.put("financebench_id_03882 Trade receivables, net FY2020", "1615900000");
        PRINTED.put("financebench_id_10420 NET INCOME (LOSS) ATTRIBUTABLE TO THE AES CORPORATION FY2021", "-409000000");
        PRINTED.put("financebench_id_10420 NET INCOME (LOSS) ATTRIBUTABLE TO THE AES CORPORATION FY2022", "-546000000");
        PRINTED.put("financebench_id_10420 TOTAL ASSETS FY2021", "32963000000");
        PRINTED.put("financebench_id_10420 TOTAL ASSETS FY2022", "38363000000");
        PRINTED.put("financebench_id_10136 Dividends paid FY2022", "-1244500000");
        PRINTED.put("financebench_id_10136 Net earnings attributable to General Mills FY2022", "2707300000");
        PRINTED.put("financebench_id_04080 Cost of sales FY2020", "21162000000");
        PRINTED.put("financebench_id_04080 Cost of sales FY2021", "24576000000");
        PRINTED.put("financebench_id_04080 Inventories FY2020", "7367000000");
        PRINTED.put("financebench_id_04080 Inventories FY2021", "6854000000");
        PRINTED.put("financebench_id_03838 Total net revenue FY2019", "4713500000");
        PRINTED.put("financebench_id_03838 Total net revenue FY2020", "9497578000");
        PRINTED.put("financebench_id_04672 Property, plant and equipment \u00e2 net FY2018", "8738000000");
        PRINTED.put("financebench_id_03620 Depreciation and amortization FY2022", "2763000000");
        PRINTED.put("financebench_id_03620 Operating Profit FY2022", "11512000000");
        PRINTED.put("financebench_id_03620 Capital spending FY2022", "-5207000000");
        PRINTED.put("financebench_id_06272 Dividends FY2022", "-7616000000");
        PRINTED.put("financebench_id_06272 Net Income Attributable to Shareowners of The Coca-Cola Company FY2022", "9542000000");
        PRINTED.put("financebench_id_05718 Dividends paid FY2020", "-389000000");
        PRINTED.put("financebench_id_10499 Cost of products sold FY2018", "17347000000");
        PRINTED.put("financebench_id_10499 Cost of products sold FY2019", "16830000000");
        PRINTED.put("financebench_id_10499 Inventories FY2018", "2667000000");
        PRINTED.put("financebench_id_10499 Inventories FY2019", "2721000000");
        PRINTED.put("financebench_id_03849 Capital expenditures, net of construction payable FY2018", "-1486843000");
        PRINTED.put("financebench_id_03849 Capital expenditures, net of construction payable FY2019", "-739006000");
        PRINTED.put("financebench_id_03849 Capital expenditures, net of construction payable FY2020", "-270579000");
        PRINTED.put("financebench_id_03849 [blank line item referring to total revenue] FY2018", "11763096000");
        PRINTED.put("financebench_id_03849 [blank line item referring to total revenue] FY2019", "12899672000");
        PRINTED.put("financebench_id_03849 [blank line item referring to total revenue] FY2020", "5162082000");
    }

    @Test
    void theStatementFiguresTheDevQuestionsUseAreReadAsPrinted() {
        List<StatementFactsOnDevQuestions.Outcome> outcomes = StatementFactsOnDevQuestions.run(TestFiles.benchDirectory());
        StatementFactsOnDevQuestions.print(outcomes, System.out);

        Map<String, String> read = outcomes.stream().filter(o -> o.fact().isPresent()).collect(Collectors.toMap(
                o -> key(o.need().questionId() + " " + o.need().lineItem() + " FY" + o.need().fiscalYear()),
                o -> o.fact().get().value().toPlainString(), (a, b) -> a, LinkedHashMap::new));
        Map<String, String> expected = new LinkedHashMap<>();
        PRINTED.forEach((k, v) -> expected.put(key(k), new BigDecimal(v).toPlainString()));
        assertThat(read).isEqualTo(expected);
        // Walmart's FY2019 10-K text lost its column years ("Fiscal Years Ended January 31," and no years): unreadable.
        assertThat(outcomes).filteredOn(o -> o.fact().isEmpty()).extracting(o -> o.need().docName()).containsOnly("WALMART_2019_10K");
    }

    /** The line items as the questions file spells them, mojibake included ("Property, plant and equipment â net"), compared as ASCII. */
    private static String key(String spelled) {
        return spelled.replaceAll("[^\\x20-\\x7e]", "");
    }

    @Test
    void tableFactsOfTheInlineXbrlTenKsAgreeWithTheirTaggedFigures() {
        List<TableFactsAgainstInlineXbrl.Agreement> agreements =
                TableFactsAgainstInlineXbrl.run(TestFiles.benchFile("edgar-ixbrl", "files"), "_10K");
        TableFactsAgainstInlineXbrl.print(agreements, System.out);

        int facts = agreements.stream().mapToInt(TableFactsAgainstInlineXbrl.Agreement::facts).sum();
        int agreeing = agreements.stream().mapToInt(TableFactsAgainstInlineXbrl.Agreement::agreeing).sum();
        assertThat(agreements).hasSize(23);
        assertThat(facts).isGreaterThan(4_000);
        assertThat((double) agreeing / facts).isGreaterThanOrEqualTo(0.99);
        // HD opens its statements with "in millions" and no parenthesis or period line, which FinancialStatement does
        // not take for a table; IBM's and WFC's 10-Ks carry their statements in an exhibit.
        assertThat(agreements).filteredOn(a -> a.facts() == 0).extracting(TableFactsAgainstInlineXbrl.Agreement::file)
                .containsExactlyInAnyOrder("HD_2024_10K.htm.gz", "IBM_2024_10K.htm.gz", "WFC_2024_10K.htm.gz");
        assertThat(agreements).filteredOn(a -> a.facts() > 0).allSatisfy(a -> assertThat(a.share()).isGreaterThanOrEqualTo(0.95));
    }
}
