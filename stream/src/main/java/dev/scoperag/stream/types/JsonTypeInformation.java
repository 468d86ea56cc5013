package dev.scoperag.stream.types;

import java.util.Objects;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * Flink type information for the immutable core records, serialized as their topic JSON. One
 * format for wire, state and topics keeps savepoints readable across versions that add fields,
 * and keeps Kryo (which does not construct records or immutable lists) out of the jobs.
 */
public final class JsonTypeInformation<T> extends TypeInformation<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> type;

    private JsonTypeInformation(Class<T> type) {
        this.type = type;
    }

    public static <T> JsonTypeInformation<T> of(Class<T> type) {
        return new JsonTypeInformation<>(type);
    }

    @Override
    public boolean isBasicType() {
        return false;
    }

    @Override
    public boolean isTupleType() {
        return false;
    }

    @Override
    public int getArity() {
        return 1;
    }

    @Override
    public int getTotalFields() {
        return 1;
    }

    @Override
    public Class<T> getTypeClass() {
        return type;
    }

    @Override
    public boolean isKeyType() {
        return false;
    }

    @Override
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        return new JsonTypeSerializer<>(type);
    }

    @Override
    public String toString() {
        return "Json<" + type.getSimpleName() + ">";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JsonTypeInformation<?> other && other.type.equals(type);
    }

    @Override
    public int hashCode() {
        return Objects.hash(JsonTypeInformation.class, type);
    }

    @Override
    public boolean canEqual(Object o) {
        return o instanceof JsonTypeInformation;
    }
}
