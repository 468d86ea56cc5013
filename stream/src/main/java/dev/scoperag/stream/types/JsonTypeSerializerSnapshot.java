package dev.scoperag.stream.types;

import java.io.IOException;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Snapshot of a {@link JsonTypeSerializer}: the record class. JSON ignores unknown fields and
 * defaults missing ones, so state written by an older version restores as is.
 */
public final class JsonTypeSerializerSnapshot<T> implements TypeSerializerSnapshot<T> {

    private Class<T> type;

    /** Used by Flink when reading a snapshot. */
    public JsonTypeSerializerSnapshot() {}

    JsonTypeSerializerSnapshot(Class<T> type) {
        this.type = type;
    }

    @Override
    public int getCurrentVersion() {
        return 1;
    }

    @Override
    public void writeSnapshot(DataOutputView out) throws IOException {
        out.writeUTF(type.getName());
    }

    @Override
    @SuppressWarnings("unchecked")
    public void readSnapshot(int readVersion, DataInputView in, ClassLoader classLoader) throws IOException {
        String name = in.readUTF();
        try {
            type = (Class<T>) Class.forName(name, false, classLoader);
        } catch (ClassNotFoundException e) {
            throw new IOException("cannot restore state of " + name, e);
        }
    }

    @Override
    public TypeSerializer<T> restoreSerializer() {
        return new JsonTypeSerializer<>(type);
    }

    @Override
    public TypeSerializerSchemaCompatibility<T> resolveSchemaCompatibility(TypeSerializerSnapshot<T> oldSnapshot) {
        if (oldSnapshot instanceof JsonTypeSerializerSnapshot<T> old && old.type.getName().equals(type.getName())) {
            return TypeSerializerSchemaCompatibility.compatibleAsIs();
        }
        return TypeSerializerSchemaCompatibility.incompatible();
    }
}
