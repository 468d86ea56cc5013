package dev.scoperag.launcher.ask;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class AnswerTextTest {

    @Test
    void theContractExampleReadsWithCompanyYearFormAndPagesCountedFromOne() throws Exception {
        JsonNode example = Json.tree(Files.readAllBytes(Path.of("..", "schemas", "examples", "AnswerEvent.example.json")));
        String text = AnswerText.format(example, "");
        assertThat(text).startsWith("answered - routed to MMM FY2018 (deterministic, confidence 0.95)");
        assertThat(text).contains("Purchases of property, plant and equipment (PP&E) were $1,577 million in 2018 [1].");
        // FinanceBench pages are 0-based in the record; people count from 1.
        assertThat(text).contains("[1] 3M (MMM), fiscal year 2018, 10-K, page 60");
    }

    @Test
    void aTextFilingWithoutPagesIsCitedByCharacters() throws Exception {
        JsonNode citation = Json.MAPPER.readTree("{\"ticker\":\"KO\",\"fiscal_year\":2022,\"form_type\":\"10-K\",\"doc_id\":\"10-K\","
                + "\"pages\":[],\"char_start\":1250,\"char_end\":3750}");
        assertThat(AnswerText.citation(citation, java.util.Map.of("KO", "The Coca-Cola Company")))
                .isEqualTo("The Coca-Cola Company (KO), fiscal year 2022, 10-K, characters 1,250-3,750 (no page breaks in this filing)");
    }

    @Test
    void aComputedAnswerPrintsItsFormulaResultAndEveryInputWithItsFact() throws Exception {
        JsonNode answer = Json.MAPPER.readTree("""
                {"query_id":"q","status":"answered","answered_at":"2026-12-03T00:00:00Z",
                 "answer":"Operating margin (AAPL, FY2024): 31.51%.",
                 "citations":[{"chunk_id":"fact:us-gaap:OperatingIncomeLoss@c-1","doc_id":"AAPL_2024_10K","ticker":"AAPL",
                   "fiscal_year":2024,"pages":[],"char_start":-1,"char_end":-1,
                   "quote":"us-gaap:OperatingIncomeLoss [context c-1], 2023-10-01..2024-09-28, AAPL_2024_10K"}],
                 "computation":{"metric":"operating margin","formula":"operating income / revenue","fiscal_years":[2024],
                   "inputs":[{"name":"operating income","fiscal_year":2024,"value":123216000000,"unit":"USD",
                     "facts":[{"doc_id":"AAPL_2024_10K","concept":"us-gaap:OperatingIncomeLoss","context":"c-1",
                       "period":"2023-10-01..2024-09-28","value":123216000000}]}],
                   "result":31.51,"unit":"%","rounding":"2 decimals","display":"31.51%"}}
                """);
        String text = AnswerText.format(answer, "");
        assertThat(text).contains("computation: operating margin = operating income / revenue")
                .contains("result 31.51 % -> 31.51% (2 decimals)")
                .contains("operating income FY2024 = 123216000000 USD")
                .contains("us-gaap:OperatingIncomeLoss [context c-1], 2023-10-01..2024-09-28, AAPL_2024_10K: 123216000000")
                .contains("[1] us-gaap:OperatingIncomeLoss [context c-1], 2023-10-01..2024-09-28, AAPL_2024_10K");
    }
}
