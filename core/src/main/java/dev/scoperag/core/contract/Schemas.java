package dev.scoperag.core.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The topic contracts in {@code schemas/}, loaded from the classpath, and validation against them. */
public final class Schemas {

    public static final String FILING_EVENT = "FilingEvent";
    public static final String REJECTED_FILING = "RejectedFiling";
    public static final String CHUNK_UPSERTED = "ChunkUpserted";
    public static final String DOCUMENT_COMMITTED = "DocumentCommitted";
    public static final String DOCUMENT_RETRACTED = "DocumentRetracted";
    public static final String FACTS_PUBLISHED = "FactsPublished";
    public static final String QUERY_EVENT = "QueryEvent";
    public static final String ANSWER_EVENT = "AnswerEvent";

    public static final List<String> ALL = List.of(
            FILING_EVENT, REJECTED_FILING, CHUNK_UPSERTED, DOCUMENT_COMMITTED, DOCUMENT_RETRACTED, FACTS_PUBLISHED, QUERY_EVENT,
            ANSWER_EVENT);

    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private static final Map<String, JsonSchema> LOADED = new ConcurrentHashMap<>();

    private Schemas() {}

    /** The violations of {@code record} against the named schema; empty when it conforms. */
    public static List<String> violations(String schemaName, JsonNode record) {
        return schema(schemaName).validate(record).stream()
                .map(ValidationMessage::getMessage)
                .sorted()
                .toList();
    }

    /** The schema of a {@code chunks} topic record, by its {@code type} property. */
    public static String forChunkRecordType(String type) {
        return switch (type) {
            case "chunk_upserted" -> CHUNK_UPSERTED;
            case "document_committed" -> DOCUMENT_COMMITTED;
            case "document_retracted" -> DOCUMENT_RETRACTED;
            case "facts_published" -> FACTS_PUBLISHED;
            default -> throw new IllegalArgumentException("no schema for chunks record type " + type);
        };
    }

    private static JsonSchema schema(String name) {
        return LOADED.computeIfAbsent(name, n -> {
            String path = "/schemas/" + n + ".schema.json";
            try (InputStream in = Schemas.class.getResourceAsStream(path)) {
                if (in == null) {
                    throw new IllegalArgumentException("no schema on the classpath at " + path);
                }
                return FACTORY.getSchema(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
