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
}
