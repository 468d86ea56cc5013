package dev.scoperag.core.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class FactCalculatorTest {

    private static List<FilingFacts> apple;
    private final FactCalculator calculator = new FactCalculator();

    @BeforeAll
    static void readApple() {
        IxbrlBench filing = IxbrlBench.named("AAPL_2024_10K");
        apple = List.of(new FilingFacts(filing.docName(), "10-K", 2024, new InlineXbrlReader().read(filing.bytes(), null)));
    }

    private Computation computed(String metric, Integer... years) {
        FactCalculator.Result result = calculator.compute(Metrics.named(metric).orElseThrow(), List.of(years), apple);
        return assertInstanceOf(FactCalculator.Computed.class, result, result.toString()).computation();
    }

    @Test
    void appleFiscal2024OperatingMarginIsOperatingIncomeOverNetSales() {
        Computation margin = computed("operating margin", 2024);
        assertEquals("31.51%", margin.display());
        assertEquals("operating income / revenue", margin.formula());
        assertEquals(List.of(new BigDecimal("123216000000"), new BigDecimal("391035000000")),
                margin.inputs().stream().map(Computation.Input::value).toList());
        Computation.Citation revenue = margin.inputs().get(1).facts().get(0);
        assertEquals("us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", revenue.concept());
        assertEquals("2023-10-01..2024-09-28", revenue.period());
        assertTrue(revenue.context() != null && !revenue.context().isBlank());
    }

    @Test
    void earlierYearsAreTheComparativeColumnsOfTheSameFiling() {
        assertEquals("$383,285 million", computed("revenue", 2023).display());
        assertEquals("$394,328 million", computed("revenue", 2022).display());
        assertEquals("$9,447 million", computed("capital expenditure", 2024).display());
    }

    @Test
    void aMultiYearAverageAveragesTheYearlyResults() {
        Computation average = computed("capex as % of revenue", 2022, 2023, 2024);
        BigDecimal expected = new BigDecimal("9447").divide(new BigDecimal("391035"), java.math.MathContext.DECIMAL64)
                .add(new BigDecimal("10959").divide(new BigDecimal("383285"), java.math.MathContext.DECIMAL64))
                .add(new BigDecimal("10708").divide(new BigDecimal("394328"), java.math.MathContext.DECIMAL64))
                .divide(BigDecimal.valueOf(3), java.math.MathContext.DECIMAL64).multiply(BigDecimal.valueOf(100));
        assertEquals(0, expected.setScale(6, java.math.RoundingMode.HALF_UP)
                .compareTo(average.result().setScale(6, java.math.RoundingMode.HALF_UP)), average.toString());
        assertEquals(List.of(2022, 2023, 2024), average.fiscalYears());
        assertEquals(6, average.inputs().size());
    }

    @Test
    void averagesOfBalancesTakeTheYearsStartAndEnd() {
        // ROA needs total assets at the end of FY2023 and FY2024, both in the FY2024 balance sheet.
        Computation roa = computed("return on assets", 2024);
        Computation.Input assets = roa.inputs().get(1);
        assertEquals(2, assets.facts().size());
        assertEquals(0, new BigDecimal("364980000000").add(new BigDecimal("352583000000"))
                .divide(BigDecimal.valueOf(2)).compareTo(assets.value()));
    }

    @Test
    void aMissingInputIsNamedAndNothingIsComputed() {
        // The FY2024 10-K has balance sheets at the ends of FY2024 and FY2023 only: ROA for FY2022 needs FY2022 and FY2021.
        FactCalculator.Result result = calculator.compute(Metrics.named("return on assets").orElseThrow(), List.of(2022), apple);
        FactCalculator.Missing missing = assertInstanceOf(FactCalculator.Missing.class, result);
        assertTrue(missing.describe().contains("no total assets at the end of FY2022"), missing.describe());
    }

    @Test
    void twoDisagreeingFactsAreReportedAsAmbiguous() {
        Fact.Period fy = Fact.Period.duration(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 31));
        List<Fact> facts = List.of(
                new Fact("us-gaap:Revenues", null, fy, Map.of(), "USD", new BigDecimal("100"), -6, Fact.Source.xbrl("a")),
                new Fact("us-gaap:Revenues", null, fy, Map.of(), "USD", new BigDecimal("120"), -6, Fact.Source.xbrl("b")));
        FactCalculator.Result result = calculator.compute(Metrics.named("revenue").orElseThrow(), List.of(2024),
                List.of(new FilingFacts("doc", "10-K", 2024, facts)));
        assertTrue(assertInstanceOf(FactCalculator.Missing.class, result).describe().contains("ambiguous"));
    }

    @Test
    void tableFactsAreFoundByTheirLineItem() {
        Fact.Period fy = Fact.Period.duration(LocalDate.of(2023, 2, 1), LocalDate.of(2024, 1, 31));
        List<Fact> facts = List.of(
                new Fact("table:net sales", "Net sales", fy, Map.of(), "USD", new BigDecimal("2000000000"), null,
                        Fact.Source.table(41, 100, 110)),
                new Fact("table:cost of sales", "Cost of sales", fy, Map.of(), "USD", new BigDecimal("1500000000"), null,
                        Fact.Source.table(41, 120, 130)));
        FactCalculator.Result result = calculator.compute(Metrics.named("gross margin").orElseThrow(), List.of(2023),
                List.of(new FilingFacts("pdf", "10-K", 2023, facts)));
        Computation margin = assertInstanceOf(FactCalculator.Computed.class, result).computation();
        assertEquals("25%", margin.display());
        assertEquals(41, margin.inputs().get(0).facts().get(0).page());
    }

    @Test
    void questionsAreReadForTheirMetricAndYears() {
        assertEquals(Optional.of(new MetricQuestion(Metrics.named("capital expenditure").orElseThrow(), List.of(2021))),
                MetricQuestion.read("What is the FY2021 capital expenditure for PepsiCo?", 2022));
        assertEquals(Optional.of(new MetricQuestion(Metrics.named("capex as % of revenue").orElseThrow(),
                        List.of(2018, 2019, 2020))),
                MetricQuestion.read("What is MGM's FY2018-FY2020 average capex as a % of revenue?", 2020));
        assertEquals(Optional.of(new MetricQuestion(Metrics.named("operating margin").orElseThrow(), List.of(2024))),
                MetricQuestion.read("What was Coca-Cola's 2024 operating margin?", 2023));
        assertEquals(List.of(2022), MetricQuestion.read("What is the quick ratio for FY22?", 2023).orElseThrow().years());
        assertEquals(List.of(2023), MetricQuestion.read("What is Nike's inventory turnover?", 2023).orElseThrow().years());
    }

    @Test
    void questionsNoFilingWideAnnualFigureAnswersGoToRetrieval() {
        assertEquals(Optional.empty(), MetricQuestion.read("What was the revenue of the Americas segment in FY2024?", 2024));
        assertEquals(Optional.empty(), MetricQuestion.read("How much did revenue change from FY2022 to FY2023?", 2023));
        assertEquals(Optional.empty(), MetricQuestion.read("What is the ratio of net income to total assets in 2024?", 2024));
        assertEquals(Optional.empty(), MetricQuestion.read("Who is the CEO of Apple?", 2024));
        assertEquals(Optional.empty(), MetricQuestion.read("What was revenue in FY2022 and FY2023?", 2023));
    }

    @Test
    void aQuestionAskingWhetherWhichOrWhyIsNoMetricQuestionThoughItNamesOne() {
        assertEquals(Optional.empty(), MetricQuestion.read("Does Adobe have an improving operating margin profile as of FY2022?", 2022));
        assertEquals(Optional.empty(), MetricQuestion.read(
                "Are there any product categories / service categories that represent more than 20% of revenues for the company?", 2022));
        assertEquals(Optional.empty(), MetricQuestion.read("Which segment drove the gross margin in FY2023?", 2023));
        assertEquals(Optional.empty(), MetricQuestion.read("How did the operating margin develop in 2023?", 2023));
        assertEquals(List.of(2020), MetricQuestion.read("How much did American Water Works pay out in cash dividends for FY2020?", 2020)
                .orElseThrow().years());
    }

    @Test
    void aMetricWhoseInputsTheQuestionAlsoNamesIsTheOneAsked() {
        assertEquals(Optional.of(new MetricQuestion(Metrics.named("EBITDA").orElseThrow(), List.of(2021))), MetricQuestion.read(
                "What is American Water Works's FY2021 unadjusted operating income + depreciation and amortization from the cash flow "
                        + "statement (unadjusted EBITDA) in USD millions?", 2021));
        assertEquals(Optional.empty(), MetricQuestion.read("What were the FY2021 operating income and capital expenditure?", 2021),
                "two line items, neither an input of the other");
    }

    @Test
    void theParentsNetIncomeIsReadNotTheNoncontrollingInterestsShare() {
        Fact.Period fy = Fact.Period.duration(java.time.LocalDate.of(2021, 5, 30), java.time.LocalDate.of(2022, 5, 29));
        List<Fact> facts = List.of(
                tableFact("net earnings attributable to redeemable and noncontrolling interests", fy, "27700000"),
                tableFact("net earnings attributable to general mills", fy, "2707300000"),
                tableFact("dividends paid", fy, "-1244500000"));
        FactCalculator.Result result = calculator.compute(Metrics.named("retention ratio").orElseThrow(), List.of(2022),
                List.of(new FilingFacts("GIS_2022_10K", "10-K", 2022, facts)));
        assertEquals("54.03%", ((FactCalculator.Computed) result).computation().display().lines().findFirst().orElseThrow()
                .replaceAll(".*: ", "").replaceAll("\\.$", ""));
    }

    private static Fact tableFact(String lineItem, Fact.Period period, String value) {
        return new Fact("table:" + lineItem, lineItem, period, java.util.Map.of(), "USD", new java.math.BigDecimal(value), null,
                Fact.Source.table(45, 0, 1));
    }

    @Test
    void aGrowthRateOverTwoConsecutiveYearsIsTheLaterYearsGrowth() {
        Metric growth = Metrics.named("revenue growth").orElseThrow();
        assertEquals(Optional.of(new MetricQuestion(growth, List.of(2020))),
                MetricQuestion.read("What is the FY2019 - FY2020 total revenue growth rate for Block?", 2020));
        assertEquals(Optional.of(new MetricQuestion(growth, List.of(2017))),
                MetricQuestion.read("What is Amazon's year-over-year change in revenue from FY2016 to FY2017?", 2017));
        assertEquals(Optional.empty(), MetricQuestion.read("What was the change in net income from FY2016 to FY2017?", 2017));
    }

    @Test
    void aDefinitionInTheQuestionNamesInputsNotTheMetricAsked() {
        assertEquals(Optional.of(new MetricQuestion(Metrics.named("inventory turnover").orElseThrow(), List.of(2021))), MetricQuestion.read(
                "What is the FY2021 inventory turnover ratio for Nike? Inventory turnover ratio is defined as: (FY2021 COGS) / (average "
                        + "inventory between FY2020 and FY2021). Round your answer to two decimal places.", 2021));
        assertEquals(Optional.of(new MetricQuestion(Metrics.named("current ratio").orElseThrow(), List.of(2016))), MetricQuestion.read(
                "What is Block's FY2016 working capital ratio? Define working capital ratio as total current assets divided by "
                        + "total current liabilities. Round your answer to two decimal places.", 2016));
    }

    @Test
    void aPaymentPrintedInParenthesesInACashFlowTableIsTheAmountSpent() {
        Fact capex = new Fact("table:purchases of property and equipment", "Purchases of property and equipment",
                Fact.Period.duration(java.time.LocalDate.of(2020, 1, 1), java.time.LocalDate.of(2020, 12, 31)), java.util.Map.of(), "USD",
                new java.math.BigDecimal("-270000000"), null, Fact.Source.table(50, 0, 5));
        FactCalculator.Result result = calculator.compute(Metrics.named("capital expenditure").orElseThrow(), List.of(2020),
                List.of(new FilingFacts("MGM_2020_10K", "10-K", 2020, List.of(capex))));
        assertEquals("$270 million", ((FactCalculator.Computed) result).computation().display().lines().findFirst().orElseThrow()
                .replaceAll(".*: ", "").replaceAll("\\.$", "").replace(".00", ""));
    }
}
