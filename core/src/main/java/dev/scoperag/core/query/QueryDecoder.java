package dev.scoperag.core.query;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.contract.Schemas;
import dev.scoperag.core.json.Json;
import java.io.IOException;
import java.util.List;

/**
 * Turns a {@code queries} record into a QueryEvent, or says why it cannot be answered: not JSON, not
 * the schema, an empty question, or one {@link QuestionScreen} refuses.
 */
public final class QueryDecoder {

    private final QuestionScreen screen = new QuestionScreen();

    public QueryEvent decode(String recordKey, byte[] value) throws QueryRejectedException {
        if (value == null || value.length == 0) {
            throw new QueryRejectedException(QueryRejectedException.Reason.MALFORMED_QUERY, recordKey, "empty record value");
        }
        JsonNode node;
        try {
            node = Json.readInput(value);
        } catch (IOException e) {
            throw new QueryRejectedException(QueryRejectedException.Reason.MALFORMED_QUERY, recordKey, Json.describeInputFailure(e));
        }
        if (node == null || !node.isObject()) {
            throw new QueryRejectedException(QueryRejectedException.Reason.MALFORMED_QUERY, recordKey, "not a JSON object");
        }
        String queryId = node.path("query_id").isTextual() ? node.get("query_id").asText() : recordKey;
        JsonNode question = node.get("question");
        if (question == null || question.isNull() || (question.isTextual() && question.asText().isBlank())) {
            throw new QueryRejectedException(QueryRejectedException.Reason.EMPTY_QUESTION, queryId, "the question is empty");
        }
        List<String> violations = Schemas.violations(Schemas.QUERY_EVENT, node);
        if (!violations.isEmpty()) {
            throw new QueryRejectedException(QueryRejectedException.Reason.SCHEMA_VIOLATION, queryId, String.join("; ", violations));
        }
        QueryEvent event;
        try {
            event = Json.MAPPER.treeToValue(node, QueryEvent.class);
        } catch (JsonProcessingException e) {
            throw new QueryRejectedException(QueryRejectedException.Reason.SCHEMA_VIOLATION, queryId, firstLine(e));
        }
        screen.check(queryId, event.question());
        return event;
    }

    private static String firstLine(Exception e) {
        String message = String.valueOf(e.getMessage());
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
