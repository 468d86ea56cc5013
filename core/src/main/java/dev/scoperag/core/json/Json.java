package dev.scoperag.core.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;

/** The one JSON mapping used for every topic record: snake_case names, no nulls written. */
public final class Json {

    public static final ObjectMapper MAPPER =
            new ObjectMapper()
                    .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                    .setSerializationInclusion(JsonInclude.Include.NON_NULL)
                    .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
                    .configure(SerializationFeature.FAIL_ON_EMPTY_BEANS, false);

    /**
     * Reads records that come from outside (filings, questions): a key that appears twice in one object is refused
     * rather than read as its last value, since which of the two the sender meant cannot be known.
     */
    private static final ObjectReader INPUT_READER = MAPPER.reader().with(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private Json() {}

    /**
     * The JSON tree of a record that comes from outside.
     *
     * @throws IOException when it is not JSON, or an object holds a key twice ("Duplicate field 'question'")
     */
    public static JsonNode readInput(byte[] bytes) throws IOException {
        return INPUT_READER.readTree(bytes);
    }

    /** Why {@link #readInput} refused a record, in one line: "not JSON: ..." or "a key appears twice: Duplicate field 'x'". */
    public static String describeInputFailure(IOException e) {
        String message = String.valueOf(e.getMessage());
        int newline = message.indexOf('\n');
        String first = newline < 0 ? message : message.substring(0, newline);
        return (first.startsWith("Duplicate field") ? "a key appears twice: " : "not JSON: ") + first;
    }

    public static byte[] toBytes(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String toString(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static <T> T fromBytes(byte[] bytes, Class<T> type) {
        try {
            return MAPPER.readValue(bytes, type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static JsonNode tree(byte[] bytes) {
        try {
            return MAPPER.readTree(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static JsonNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }
}
