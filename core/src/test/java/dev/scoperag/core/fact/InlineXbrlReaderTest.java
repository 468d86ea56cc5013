package dev.scoperag.core.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class InlineXbrlReaderTest {

    /** The line items of the income statement, balance sheet and cash-flow statement, as us-gaap tags them. */
    static final Set<String> PRIMARY_STATEMENT_CONCEPTS = Set.of(
            "Revenues", "RevenueFromContractWithCustomerExcludingAssessedTax", "SalesRevenueNet",
            "CostOfRevenue", "CostOfGoodsAndServicesSold", "GrossProfit", "OperatingExpenses",
            "ResearchAndDevelopmentExpense", "SellingGeneralAndAdministrativeExpense", "OperatingIncomeLoss",
            "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
            "IncomeTaxExpenseBenefit", "NetIncomeLoss", "ProfitLoss", "EarningsPerShareBasic", "EarningsPerShareDiluted",
            "Assets", "AssetsCurrent", "Liabilities", "LiabilitiesCurrent", "StockholdersEquity",
            "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest", "LiabilitiesAndStockholdersEquity",
            "CashAndCashEquivalentsAtCarryingValue", "AccountsReceivableNetCurrent", "InventoryNet",
            "PropertyPlantAndEquipmentNet", "AccountsPayableCurrent", "LongTermDebtNoncurrent", "RetainedEarningsAccumulatedDeficit",
            "NetCashProvidedByUsedInOperatingActivities", "NetCashProvidedByUsedInInvestingActivities",
            "NetCashProvidedByUsedInFinancingActivities", "PaymentsToAcquirePropertyPlantAndEquipment",
            "DepreciationDepletionAndAmortization", "PaymentsOfDividends", "PaymentsOfDividendsCommonStock",
            "PaymentsForRepurchaseOfCommonStock", "ShareBasedCompensation");

    private final InlineXbrlReader reader = new InlineXbrlReader();

    @Test
    void everyTenKsPrimaryStatementFactsEqualAnIndependentReadingOfTheTags() {
        List<String> rows = new ArrayList<>();
        rows.add(String.format("%-18s %6s %9s %9s %9s %9s", "filing", "form", "read", "tagged", "primary", "agree"));
        int primaryTotal = 0;
        int primaryAgreeing = 0;
        List<String> disagreements = new ArrayList<>();
        List<String> withoutStatements = new ArrayList<>();
        for (IxbrlBench filing : IxbrlBench.filings()) {
            byte[] raw = filing.bytes();
            List<Fact> facts = reader.read(raw, null);
            List<Tagging> taggings = Tagging.all(new String(raw, StandardCharsets.UTF_8));
            int primary = 0;
            int agree = 0;
            for (Tagging tagging : taggings) {
                if (!tagging.isPrimaryStatementFact()) {
                    continue;
                }
                primary++;
                if (facts.stream().anyMatch(tagging::agreesWith)) {
                    agree++;
                } else if (filing.isAnnual()) {
                    disagreements.add(filing.docName() + " " + tagging);
                }
            }
            rows.add(String.format("%-18s %6s %9d %9d %9d %9d", filing.docName(), filing.formType(), facts.size(),
                    taggings.size(), primary, agree));
            if (filing.isAnnual()) {
                primaryTotal += primary;
                primaryAgreeing += agree;
                if (primary == 0) {
                    // IBM and Wells Fargo file their statements in the annual report exhibit, not the 10-K body.
                    withoutStatements.add(filing.docName());
                }
            }
        }
        rows.add(String.format("10-K primary-statement facts: %d of %d agree", primaryAgreeing, primaryTotal));
        rows.add("10-Ks whose body has no statements (incorporated by reference): " + withoutStatements);
        System.out.println(String.join("\n", rows));
        assertEquals(List.of(), disagreements);
        assertTrue(primaryTotal > 1_000, "only " + primaryTotal + " primary-statement facts in the 10-Ks");
        assertTrue(withoutStatements.size() <= 2, "10-Ks without statement facts: " + withoutStatements);
    }

    @Test
    void appleFiscal2024RevenueAndNetIncomeAreTheFiledFigures() {
        List<Fact> facts = reader.read(IxbrlBench.named("AAPL_2024_10K").bytes(), null);
        Fact.Period fy2024 = Fact.Period.duration(LocalDate.of(2023, 10, 1), LocalDate.of(2024, 9, 28));
        assertEquals(new BigDecimal("391035000000"),
                total(facts, "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", fy2024));
        assertEquals(new BigDecimal("93736000000"), total(facts, "us-gaap:NetIncomeLoss", fy2024));
        assertEquals(new BigDecimal("364980000000"),
                total(facts, "us-gaap:Assets", Fact.Period.instant(LocalDate.of(2024, 9, 28))));
        assertEquals(new BigDecimal("6.08"), total(facts, "us-gaap:EarningsPerShareDiluted", fy2024));
    }

    @Test
    void readsScaleSignFormatsNestingDimensionsAndDividedUnits() {
        String html = """
                <html xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body>
                <div style="display:none"><ix:header><ix:resources>
                <xbrli:context id="fy"><xbrli:entity><xbrli:identifier scheme="x">1</xbrli:identifier></xbrli:entity>
                  <xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
                <xbrli:context id="end"><xbrli:entity><xbrli:identifier scheme="x">1</xbrli:identifier>
                  <xbrli:segment><xbrldi:explicitMember dimension="us-gaap:StatementBusinessSegmentsAxis">x:CloudMember</xbrldi:explicitMember></xbrli:segment></xbrli:entity>
                  <xbrli:period><xbrli:instant>2024-12-31</xbrli:instant></xbrli:period></xbrli:context>
                <xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
                <xbrli:unit id="eps"><xbrli:divide><xbrli:unitNumerator><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unitNumerator>
                  <xbrli:unitDenominator><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unitDenominator></xbrli:divide></xbrli:unit>
                <xbrli:unit id="n"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit>
                </ix:resources></ix:header></div>
                <table><tr><td>Other income (expense), net</td><td>(<ix:nonFraction name="us-gaap:OtherIncome" contextRef="fy" unitRef="usd" scale="6" sign="-" decimals="-6" format="ixt:num-dot-decimal">1,234</ix:nonFraction>)</td></tr>
                <tr><td>Restructuring</td><td><ix:nonFraction name="us-gaap:Restructuring" contextRef="fy" unitRef="usd" scale="6" format="ixt:fixed-zero">—</ix:nonFraction></td></tr>
                <tr><td>Cloud assets</td><td><ix:nonFraction name="us-gaap:Assets" contextRef="end" unitRef="usd" scale="3" decimals="-3"><ix:nonFraction name="x:CloudAssets" contextRef="end" unitRef="usd" scale="3" decimals="-3">12.5</ix:nonFraction></ix:nonFraction></td></tr>
                <tr><td>EPS</td><td><ix:nonFraction name="us-gaap:EarningsPerShareBasic" contextRef="fy" unitRef="eps" decimals="2">6.08</ix:nonFraction></td></tr></table>
                <p>We operate <ix:nonFraction name="us-gaap:NumberOfSegments" contextRef="fy" unitRef="n" decimals="INF" format="ixt-sec:numwordsen">three</ix:nonFraction> segments
                and <ix:nonFraction name="x:Unknown" contextRef="fy" unitRef="n" format="ixt:date-monthname-day-en">March 3</ix:nonFraction>.
                <ix:nonFraction name="x:Nil" contextRef="fy" unitRef="n" xsi:nil="true"/></p>
                </body></html>
                """;
        Map<String, Fact> byConcept = new HashMap<>();
        for (Fact fact : reader.read(html.getBytes(StandardCharsets.UTF_8), null)) {
            byConcept.put(fact.concept(), fact);
        }
        assertEquals(Set.of("us-gaap:OtherIncome", "us-gaap:Restructuring", "us-gaap:Assets", "x:CloudAssets",
                "us-gaap:EarningsPerShareBasic", "us-gaap:NumberOfSegments"), byConcept.keySet());
        Fact other = byConcept.get("us-gaap:OtherIncome");
        assertEquals(new BigDecimal("-1234000000"), other.value());
        assertEquals("Other income (expense), net", other.label());
        assertEquals(-6, other.decimals());
        assertEquals(Fact.Period.duration(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 31)), other.period());
        assertEquals(Fact.Source.xbrl("fy"), other.source());
        assertEquals(0, BigDecimal.ZERO.compareTo(byConcept.get("us-gaap:Restructuring").value()));
        Fact assets = byConcept.get("us-gaap:Assets");
        assertEquals(new BigDecimal("12500"), assets.value());
        assertEquals(new BigDecimal("12500"), byConcept.get("x:CloudAssets").value());
        assertEquals(Map.of("us-gaap:StatementBusinessSegmentsAxis", "x:CloudMember"), assets.dimensions());
        assertTrue(assets.period().isInstant());
        assertEquals("USD/shares", byConcept.get("us-gaap:EarningsPerShareBasic").unit());
        assertEquals(new BigDecimal("6.08"), byConcept.get("us-gaap:EarningsPerShareBasic").value());
        assertEquals(new BigDecimal("3"), byConcept.get("us-gaap:NumberOfSegments").value());
        assertEquals("pure", byConcept.get("us-gaap:NumberOfSegments").unit());
        assertEquals(null, byConcept.get("us-gaap:NumberOfSegments").decimals());
    }

    @Test
    void aDocumentWithoutInlineXbrlHasNoFacts() {
        assertEquals(List.of(), reader.read("<html><body><p>Revenue was $5 million.</p></body></html>"
                .getBytes(StandardCharsets.UTF_8), null));
        assertEquals(List.of(), reader.read(null, null));
    }

    private static BigDecimal total(List<Fact> facts, String concept, Fact.Period period) {
        List<BigDecimal> values = facts.stream()
                .filter(f -> f.concept().equals(concept) && f.isTotal() && f.period().equals(period))
                .map(Fact::value).toList();
        assertEquals(1, values.size(), concept + " " + period + ": " + values);
        return values.get(0);
    }

    /**
     * One ix:nonFraction read straight from the HTML with regular expressions, independently of the reader: the
     * displayed digits times 10^scale, negated for sign="-", and its context's period and dimensions.
     */
    record Tagging(String concept, String context, String format, BigDecimal value, Integer decimals, Fact.Period period,
            boolean dimensional) {

        private static final Pattern START = Pattern.compile("<ix:nonFraction\\b([^>]*?)(/?)>");
        private static final Pattern ATTRIBUTE = Pattern.compile("([\\w:]+)=\"([^\"]*)\"");
        private static final Pattern CONTEXT = Pattern.compile("<xbrli:context id=\"([^\"]+)\">(.*?)</xbrli:context>", Pattern.DOTALL);
        private static final Pattern DATE = Pattern.compile("<xbrli:(startDate|endDate|instant)>\\s*([0-9-]{10})");

        static List<Tagging> all(String html) {
            Map<String, Fact.Period> periods = new HashMap<>();
            Set<String> dimensional = new java.util.HashSet<>();
            Matcher context = CONTEXT.matcher(html);
            while (context.find()) {
                Map<String, LocalDate> dates = new HashMap<>();
                Matcher date = DATE.matcher(context.group(2));
                while (date.find()) {
                    dates.put(date.group(1), LocalDate.parse(date.group(2)));
                }
                periods.put(context.group(1), dates.containsKey("instant") ? Fact.Period.instant(dates.get("instant"))
                        : Fact.Period.duration(dates.get("startDate"), dates.get("endDate")));
                if (context.group(2).contains("Member")) {
                    dimensional.add(context.group(1));
                }
            }
            List<Tagging> taggings = new ArrayList<>();
            Matcher start = START.matcher(html);
            while (start.find()) {
                if (!start.group(2).isEmpty()) {
                    continue;
                }
                Map<String, String> attributes = new HashMap<>();
                Matcher attribute = ATTRIBUTE.matcher(start.group(1));
                while (attribute.find()) {
                    attributes.put(attribute.group(1), attribute.group(2));
                }
                int close = html.indexOf("</ix:nonFraction>", start.end());
                String shown = html.substring(start.end(), close).replaceAll("<[^>]*>", "").replace(",", "").trim();
                String format = attributes.getOrDefault("format", "");
                BigDecimal value;
                if (format.endsWith("fixed-zero")) {
                    value = BigDecimal.ZERO;
                } else if (shown.matches("[0-9]+(\\.[0-9]+)?")) {
                    value = new BigDecimal(shown);
                } else {
                    continue;
                }
                value = value.movePointRight(Integer.parseInt(attributes.getOrDefault("scale", "0")));
                if ("-".equals(attributes.get("sign"))) {
                    value = value.negate();
                }
                String ctx = attributes.get("contextRef");
                String decimals = attributes.getOrDefault("decimals", "INF");
                taggings.add(new Tagging(attributes.get("name"), ctx, format, value,
                        decimals.equals("INF") ? null : Integer.valueOf(decimals), periods.get(ctx), dimensional.contains(ctx)));
            }
            return taggings;
        }

        boolean isPrimaryStatementFact() {
            return !dimensional && concept.startsWith("us-gaap:")
                    && PRIMARY_STATEMENT_CONCEPTS.contains(concept.substring("us-gaap:".length()));
        }

        /**
         * The fact is this tagging's, or, for a figure tagged again rounded ("$9.3 billion" in the discussion of a
         * statement line), the more precise tagging it rounds, which the reader keeps instead.
         */
        boolean agreesWith(Fact fact) {
            if (!fact.concept().equals(concept) || !context.equals(fact.source().context())
                    || !fact.period().equals(period) || !fact.isTotal()) {
                return false;
            }
            if (fact.value().compareTo(value) == 0) {
                return true;
            }
            boolean morePrecise = decimals != null && (fact.decimals() == null || fact.decimals() > decimals);
            return morePrecise && fact.value().setScale(decimals, java.math.RoundingMode.HALF_UP).compareTo(value) == 0;
        }
    }
}
