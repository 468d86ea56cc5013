package dev.scoperag.core.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class FinancialStatementTest {

    @Test
    void readsTheStatementsAQuestionNames() {
        assertThat(FinancialStatement.namedIn("What is the FY2016 COGS for Microsoft? Provide a response by primarily using the statement of income."))
                .containsExactly(FinancialStatement.INCOME);
        assertThat(FinancialStatement.namedIn("Answer by primarily using information that is shown in the balance sheet: net PPNE?"))
                .containsExactly(FinancialStatement.BALANCE_SHEET);
        assertThat(FinancialStatement.namedIn("Based on the statement of financial position and the income statement, what is ROA?"))
                .containsExactly(FinancialStatement.INCOME, FinancialStatement.BALANCE_SHEET);
        assertThat(FinancialStatement.namedIn("Using the cash flow statement, what was capex?")).containsExactly(FinancialStatement.CASH_FLOWS);
        assertThat(FinancialStatement.namedIn("Using the statement of cash flows, what was capex?")).containsExactly(FinancialStatement.CASH_FLOWS);
        // The three sections only the cash flow statement has, named together, name it.
        assertThat(FinancialStatement.namedIn("Which of operating, investing and financing activities used the most cash?"))
                .containsExactly(FinancialStatement.CASH_FLOWS);
        assertThat(FinancialStatement.namedIn("Among operations, investing, and financing activities, which brought in the most?"))
                .containsExactly(FinancialStatement.CASH_FLOWS);
        assertThat(FinancialStatement.namedIn("What were the operating and financing costs of the new plant?")).isEmpty();
        assertThat(FinancialStatement.namedIn("What drove gross margin change as of FY2022 for JnJ?")).isEmpty();
        assertThat(FinancialStatement.namedIn(null)).isEmpty();
    }

    @Test
    void findsAStatementTitleThatOpensItsTable() {
        assertThat(FinancialStatement.headedIn("AMAZON.COM, INC.\nCONSOLIDATED STATEMENTS OF OPERATIONS\n(in millions, except per share data)\n"
                + "Year Ended December 31,\n2015 2016 2017\nNet product sales $ 79,268"))
                .contains(FinancialStatement.INCOME);
        assertThat(FinancialStatement.headedIn("ITEM 8. FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA\nINCOME STATEMENTS\n"
                + "(In millions, except per share amounts)\nYear Ended June 30, 2016 2015 2014")).contains(FinancialStatement.INCOME);
        assertThat(FinancialStatement.headedIn("3M Company and Subsidiaries\nConsolidated Balance Shee t\nAt December 31\n(Dollars in millions)"))
                .contains(FinancialStatement.BALANCE_SHEET);
        assertThat(FinancialStatement.headedIn("WalmartInc.\nConsolidatedStatementsofIncome\nFiscalYearsEndedJanuary31,\n"
                + "(Amounts in millions, except per share data)")).contains(FinancialStatement.INCOME);
        assertThat(FinancialStatement.headedIn("Consolidated Statements of Earnings\n$ and shares in millions, except per share amounts\n"
                + "Fiscal Years Ended January 28, 2023")).contains(FinancialStatement.INCOME);
        assertThat(FinancialStatement.headedIn("Ulta Beauty, Inc.\nConsolidated Statements of Cash Flows\nFiscal year ended\n(In thousands)"))
                .contains(FinancialStatement.CASH_FLOWS);
    }

    @Test
    void ignoresTablesOfContentsProseReferencesAndOtherStatements() {
        assertThat(FinancialStatement.headedIn("Index to Consolidated Financial Statements\nConsolidated Statements of Operations 45\n"
                + "Consolidated Balance Sheets 47\nConsolidated Statements of Cash Flows 48\nNotes to Consolidated Financial Statements 49"))
                .isEmpty();
        assertThat(FinancialStatement.headedIn("Revenue is recognized as described in Note 2; see the consolidated statements of operations "
                + "for the amounts recognized in each period, which management reviews quarterly with the audit committee of the board."))
                .isEmpty();
        assertThat(FinancialStatement.headedIn("Consolidated Statements of Comprehensive Income\n(in millions)\nYears Ended December 31,"))
                .isEmpty();
    }

    @Test
    void aTitleReferredToInProseIsNotAHeadingEvenWhenATableFollows() {
        // A note's sentence naming the statement, then the note's own table with its period and unit lines.
        assertThat(FinancialStatement.headedIn("The effects of derivatives are classified as follows in the Company's Consolidated Balance "
                + "Sheets: January 31, (Amounts in millions) Balance Sheet classification Assets: Other long-term assets $ 212")).isEmpty();
        assertThat(FinancialStatement.headedIn("are recorded in other gains and losses in the Company's Consolidated Statements of Income. "
                + "Note 5. Accrued Liabilities The Company's accrued liabilities consist of the following as of January 31, 2019 "
                + "and 2018: January 31, (Amounts in millions) Accrued wages and benefits $ 6,504 $ 6,998")).isEmpty();
        // The auditor's report names every statement, with the dates they cover.
        assertThat(FinancialStatement.headedIn("We have audited the accompanying consolidated balance sheets of Walmart Inc. (the Company) as "
                + "of January 31, 2019 and 2018, the related consolidated statements of income, comprehensive income, shareholders' "
                + "equity and cash flows for each of the three years in the period ended January 31, 2019")).isEmpty();
        assertThat(FinancialStatement.headedIn("Interest expense is reflected on our Consolidated Statements of Operations for the years "
                + "ended December 31, 2022, 2021 and 2020")).isEmpty();
        assertThat(FinancialStatement.headedIn("in the accompanying Condensed Consolidated Balance Sheets (in millions) as of December 31, "
                + "2021")).isEmpty();
        assertThat(FinancialStatement.headedIn("assumed in the merger are included in AES\u2019 Consolidated Balance Sheet as of December 31, "
                + "2021")).isEmpty();
        assertThat(FinancialStatement.headedIn("Table of Contents Off- Balance Sheet Arrangements and Contractual Obligations: As of "
                + "December 31, 2019, the Company has not utilized special purpose entities")).isEmpty();

        // The statements themselves, under the company's name, a date line or the previous statement's footer.
        assertThat(FinancialStatement.headedIn("March 28, 2019 Walmart Inc. Consolidated Statements of Income Fiscal Years Ended January 31, "
                + "(Amounts in millions, except per share data) Revenues: Net sales $ 510,329")).contains(FinancialStatement.INCOME);
        assertThat(FinancialStatement.headedIn("Comprehensive income attributable to Walmart $ 6,745 See accompanying notes. Walmart Inc. "
                + "Consolidated Balance Sheets As of January 31, (Amounts in millions) ASSETS")).contains(FinancialStatement.BALANCE_SHEET);
        assertThat(FinancialStatement.headedIn("Item 1. Financial Statements 3M Company and Subsidiaries CONDENSED CONSOLIDATED BALANCE SHEET "
                + "(Unaudited) (Dollars in millions) June 30, 2023")).contains(FinancialStatement.BALANCE_SHEET);
        // A prose reference first does not hide the statement after it.
        assertThat(FinancialStatement.headedIn("as reported in our consolidated balance sheets. See accompanying notes. The Boeing Company "
                + "and Subsidiaries Consolidated Statements of Financial Position (Dollars in millions) December 31, 2022 2021"))
                .contains(FinancialStatement.BALANCE_SHEET);
        assertThat(FinancialStatement.headingsIn("recorded in the Company's Consolidated Statements of Income. Years ended December 31 "
                + "x ".repeat(200) + "Walmart Inc. Consolidated Statements of Income Fiscal Years Ended January 31,"))
                .singleElement().extracting(FinancialStatement.Heading::titleStart).isNotEqualTo(0);
    }

    @Test
    void onlyATitleInTheChunksFirstHalfCounts() {
        String table = "Consolidated Balance Sheets\n(in millions)\nDecember 31, 2022";
        assertThat(FinancialStatement.headedIn("x ".repeat(400) + table)).contains(FinancialStatement.BALANCE_SHEET);
        assertThat(FinancialStatement.headedIn("x ".repeat(1_200) + table)).isEqualTo(Optional.empty());
    }

    @Test
    void headingsOfAWholeDocumentAreFoundWithTheirOffsetsEvenWhenTheTitleIsSplit() {
        String document = "Index\nConsolidated Balance Sheets 47\n" + "y ".repeat(300) + "\nSQUARE, INC.\nCONSOLIDATED\nBALANCE\nSHEETS\n(In thousands)\nDecember\n31,\n"
                + "2016 2015\nAssets\n" + "x ".repeat(2_000) + "\nConsolidated Statements of Cash Flows\nYears Ended December 31,\n";
        java.util.List<FinancialStatement.Heading> headings = FinancialStatement.headingsIn(document);
        assertThat(headings).extracting(FinancialStatement.Heading::statement)
                .containsExactly(FinancialStatement.BALANCE_SHEET, FinancialStatement.CASH_FLOWS);
        FinancialStatement.Heading balance = headings.get(0);
        assertThat(document.substring(balance.titleStart(), balance.titleEnd())).isEqualTo("CONSOLIDATED\nBALANCE\nSHEETS");
        assertThat(document.substring(headings.get(1).titleStart(), headings.get(1).titleEnd())).isEqualTo("Consolidated Statements of Cash Flows");
    }
}
