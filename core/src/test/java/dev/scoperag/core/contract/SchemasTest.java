package dev.scoperag.core.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.RejectedFiling;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.api.Test;

class SchemasTest {

    static final java.util.List<String> ALL = Schemas.ALL;

    static JsonNode example(String name) throws IOException {
        try (InputStream in = SchemasTest.class.getResourceAsStream("/schemas/examples/" + name + ".example.json")) {
            assertThat(in).as("example of %s", name).isNotNull();
            return Json.MAPPER.readTree(in);
        }
    }

    @ParameterizedTest
    @FieldSource("ALL")
    void everyTopicRecordHasAnExampleThatConforms(String name) throws IOException {
        assertThat(Schemas.violations(name, example(name))).isEmpty();
    }

    @ParameterizedTest
    @FieldSource("ALL")
    void anEmptyObjectViolatesEverySchema(String name) {
        assertThat(Schemas.violations(name, Json.MAPPER.createObjectNode())).isNotEmpty();
    }

    @Test
    void theJavaRecordsReadAndWriteTheExamples() throws IOException {
        for (String name : new String[] {"ChunkUpserted", "DocumentCommitted", "DocumentRetracted", "FactsPublished"}) {
            ChunkTopicRecord record = Json.MAPPER.treeToValue(example(name), ChunkTopicRecord.class);
            JsonNode written = Json.MAPPER.readTree(Json.toString(record));
            assertThat(Schemas.violations(name, written)).as(name).isEmpty();
            assertThat(written).isEqualTo(withoutNulls(example(name)));
        }
        RejectedFiling rejected = Json.MAPPER.treeToValue(example("RejectedFiling"), RejectedFiling.class);
        assertThat(Schemas.violations(Schemas.REJECTED_FILING, Json.tree(rejected))).isEmpty();
    }

    private static JsonNode withoutNulls(JsonNode node) {
        ObjectNode copy = node.deepCopy();
        var names = new java.util.ArrayList<String>();
        copy.fieldNames().forEachRemaining(names::add);
        names.stream().filter(n -> copy.get(n).isNull()).forEach(copy::remove);
        return copy;
    }
}
