package dev.scoperag.core.answer;

import static dev.scoperag.core.answer.TestContext.chunk;
import static dev.scoperag.core.answer.TestContext.scored;
import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.search.IndexedChunk;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class ExtractiveAnswererTest {

    static final String CAPEX_ROW = "Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)";

    /** A page of a 3M-like 10-K: MD&A prose, then the cash-flow statement as PDF text lays it out. */
    static final String MMM_10K = "Liquidity and Capital Resources\n"
            + "The Company believes it is in a strong position to access capital markets. Cash flows from\n"
            + "operating activities were strong in 2018, and the Company continued to invest in its business.\n\n"
            + "3M Company and Subsidiaries\n"
            + "Consolidated Statement of Cash Flows\n"
            + "Years ended December 31\n"
            + "(Millions) 2018 2017 2016\n"
            + "Cash Flows from Operating Activities\n"
            + "Net income including noncontrolling interest $ 5,363 $ 4,869 $ 5,058\n"
            + "Depreciation and amortization 1,488 1,544 1,474\n"
            + "Net cash provided by (used in) operating activities 6,439 6,240 6,662\n"
            + "Cash Flows from Investing Activities\n"
            + CAPEX_ROW + "\n"
            + "Proceeds from sale of PP&E and other assets 262 49 58\n"
            + "Acquisitions, net of cash acquired 13 (2,023) (16)\n"
            + "Purchases of marketable securities and investments (1,828) (2,152) (1,410)\n"
            + "Net cash provided by (used in) investing activities 222 (3,086) (1,403)\n\n"
            + "The accompanying Notes to Consolidated Financial Statements are an integral part of this statement.\n";

    static final String AMZN_ROW = "Purchases of property and equipment (11,955) (10,058) (7,804)";

    static final String AMZN_10K = "AMAZON.COM, INC.\nCONSOLIDATED STATEMENTS OF CASH FLOWS\n(in millions)\n"
            + "Year Ended December 31, 2016 2017 2018\n"
            + "INVESTING ACTIVITIES:\n"
            + AMZN_ROW + "\n"
            + "Proceeds from property and equipment incentives 1,067 1,897 2,104\n";

    static final String BOARD = "Corporate Governance\nThe Board of Directors has three standing committees: the Audit "
            + "Committee, the Compensation Committee and the Nominating and Governance Committee. Each committee "
            + "consists solely of independent directors and meets at least four times a year.\n";

    private static final ExtractiveAnswerer ANSWERER = new ExtractiveAnswerer(ExtractiveAnswerer.Settings.defaults());

    @AfterAll
    static void close() {
        ANSWERER.close();
    }

    /** The cash-flow part of the 3M page as a chunk starting mid-document, on PDF page index 59 (p. 60). */
    static IndexedChunk mmmCashFlowChunk() {
        int start = MMM_10K.indexOf("3M Company and Subsidiaries");
        return chunk("mmm-cf", "MMM", 2018, MMM_10K, start, MMM_10K.length(), 59);
    }

    @Test
    void quotesTheTableRowHoldingTheAskedFigureWithItsExactDocumentSpan() {
        IndexedChunk cashFlow = mmmCashFlowChunk();

        Answer answer = ANSWERER.answer("What is the FY2018 capital expenditure amount (in USD millions) for 3M?",
                List.of(scored(cashFlow, 0.9)), List.of("3M CO"));

        assertThat(answer.status()).isEqualTo(AnswerEvent.ANSWERED);
        assertThat(answer.text()).isEqualTo("According to MMM's FY2018 10-K (p. 60): " + CAPEX_ROW + " [1]");
        assertThat(answer.citations()).hasSize(1);
        Citation citation = answer.citations().get(0);
        assertThat(citation.quote()).isEqualTo(CAPEX_ROW);
        assertThat(MMM_10K.substring(citation.charStart(), citation.charEnd())).isEqualTo(citation.quote());
        assertThat(citation.charStart()).isEqualTo(MMM_10K.indexOf(CAPEX_ROW));
        assertThat(citation.chunkId()).isEqualTo("mmm-cf");
        assertThat(citation.docId()).isEqualTo(cashFlow.docId());
        assertThat(citation.ticker()).isEqualTo("MMM");
        assertThat(citation.fiscalYear()).isEqualTo(2018);
        assertThat(citation.formType()).isEqualTo("10-K");
        assertThat(citation.pages()).containsExactly(59);
    }

    @Test
    void citesTheRightChunkAmongSeveral() {
        IndexedChunk board = chunk("mmm-board", "MMM", 2018, BOARD);
        IndexedChunk prose = chunk("mmm-liquidity", "MMM", 2018, MMM_10K, 0, MMM_10K.indexOf("3M Company"), 58);

        Answer answer = ANSWERER.answer("How much did 3M spend on capital expenditures in 2018?",
                List.of(scored(board, 0.9), scored(prose, 0.8), scored(mmmCashFlowChunk(), 0.7)), List.of("3M CO"));

        assertThat(answer.citations()).extracting(Citation::chunkId).containsExactly("mmm-cf");
        assertThat(answer.citations().get(0).quote()).isEqualTo(CAPEX_ROW);
    }

    @Test
    void aSpanInTwoOverlappingChunksIsQuotedOnce() {
        int rowStart = MMM_10K.indexOf(CAPEX_ROW);
        IndexedChunk first = chunk("mmm-a", "MMM", 2018, MMM_10K, 0, rowStart + CAPEX_ROW.length() + 10, 59);
        IndexedChunk second = chunk("mmm-b", "MMM", 2018, MMM_10K, MMM_10K.indexOf("(Millions)"), MMM_10K.length(), 59);

        Answer answer = ANSWERER.answer("What was capital expenditure in 2018?",
                List.of(scored(second, 0.9), scored(first, 0.8)), List.of());

        assertThat(answer.citations()).hasSize(1);
        Citation citation = answer.citations().get(0);
        assertThat(citation.chunkId()).isEqualTo("mmm-b");
        assertThat(MMM_10K.substring(citation.charStart(), citation.charEnd())).isEqualTo(CAPEX_ROW);
    }

    @Test
    void abstainsWhenTheContextDoesNotSpeakOfWhatWasAsked() {
        Answer answer = ANSWERER.answer("What is the FY2018 capital expenditure amount (in USD millions) for 3M?",
                List.of(scored(chunk("mmm-board", "MMM", 2018, BOARD), 0.95)), List.of("3M CO"));

        assertThat(answer.status()).isEqualTo(AnswerEvent.ABSTAINED);
        assertThat(answer.reason()).isEqualTo(Answer.WEAK_EVIDENCE);
        assertThat(answer.text()).isNull();
        assertThat(answer.citations()).isEmpty();
    }

    @Test
    void abstainsOnAnEmptyContext() {
        assertThat(ANSWERER.answer("What was revenue in 2018?", List.of()).reason()).isEqualTo(Answer.WEAK_EVIDENCE);
    }

    @Test
    void abstainsWhenTheBestUnitCoversTooLittleOfTheQuestion() {
        // Shares "segment" only: 1 of the question's 7 weighted terms (segment 1, revenue 2, 2018 2, europ 1, growth 1).
        String text = "Each segment is managed separately.";
        Answer answer = ANSWERER.answer("What was the segment revenue growth in Europe in 2018?",
                List.of(scored(chunk("c", "MMM", 2017, text), 1.0)));

        assertThat(answer.reason()).isEqualTo(Answer.WEAK_EVIDENCE);
    }

    @Test
    void aComparisonQuotesEveryCompany() {
        IndexedChunk amazon = chunk("amzn-cf", "AMZN", 2018, AMZN_10K, 0, AMZN_10K.length(), 37);

        Answer answer = ANSWERER.answer("Compare the capital expenditure of 3M and Amazon in FY2018.",
                List.of(scored(mmmCashFlowChunk(), 0.9), scored(amazon, 0.4)), List.of("3M CO", "AMAZON COM INC"));

        assertThat(answer.citations()).extracting(Citation::ticker).containsExactly("MMM", "AMZN");
        assertThat(answer.citations()).extracting(Citation::quote).containsExactly(CAPEX_ROW, AMZN_ROW);
        assertThat(answer.text()).isEqualTo(
                "According to MMM's FY2018 10-K (p. 60): " + CAPEX_ROW + " [1]\n"
                        + "According to AMZN's FY2018 10-K (p. 38): " + AMZN_ROW + " [2]");
    }

    @Test
    void quotesAnEdgarRowWhoseCellsAreOnSeparateLines() {
        String document = "CONSOLIDATED STATEMENTS OF CASH FLOWS\nFiscal year ended\nFebruary 3,\n2024\nJanuary 28,\n2023\n"
                + "Depreciation and amortization\n244,384\n240,262\n257,062\n"
                + "Loss on disposal of property and equipment\n6,688\n5,358\n6,827\n"
                + "Stock-based compensation expense\n43,044\n47,259\n27,583\n";
        String row = "Loss on disposal of property and equipment\n6,688\n5,358\n6,827";
        IndexedChunk chunk = TestRecords.indexedChunk("ulta-cf", "ULTA:2023", document).document("ULTA-2023-10K", "h").seq(3).at(4_000)
                .section("Item 8").build();

        Answer answer = ANSWERER.answer("What was the loss on disposal of property and equipment in fiscal 2023?",
                List.of(scored(chunk, 0.5)));

        Citation citation = answer.citations().get(0);
        assertThat(citation.quote()).isEqualTo(row);
        assertThat(citation.charStart()).isEqualTo(4_000 + document.indexOf(row));
        assertThat(citation.charEnd() - citation.charStart()).isEqualTo(row.length());
        assertThat(citation.pages()).isEmpty();
        assertThat(answer.text()).isEqualTo("According to ULTA's FY2023 10-K: "
                + "Loss on disposal of property and equipment 6,688 5,358 6,827 [1]");
    }
}
