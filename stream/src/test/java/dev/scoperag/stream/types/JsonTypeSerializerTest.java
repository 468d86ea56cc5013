package dev.scoperag.stream.types;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.Embedding;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

class JsonTypeSerializerTest {

    private final TypeSerializer<ChunkTopicRecord> serializer = new JsonTypeSerializer<>(ChunkTopicRecord.class);

    private ChunkTopicRecord roundTrip(ChunkTopicRecord record) throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(256);
        serializer.serialize(record, out);
        return serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
    }

    @Test
    void polymorphicRecordsRoundTripWithTheirVectors() throws Exception {
        ChunkUpserted chunk = new ChunkUpserted("MMM:2018", "MMM", 2018, "10-K", "d", "c", "t", 0, 0, 10, 3, 4, "Item 7", "text",
                Embedding.of("m", new float[] {0.5f, -1f, 2.25f}));
        ChunkTopicRecord back = roundTrip(chunk);

        assertThat(back).isInstanceOf(ChunkUpserted.class);
        assertThat(((ChunkUpserted) back).embedding().vector()).containsExactly(0.5f, -1f, 2.25f);
        assertThat(back).isEqualTo(chunk);
        assertThat(roundTrip(new ChunkRemoved("MMM:2018", "c"))).isEqualTo(new ChunkRemoved("MMM:2018", "c"));
    }

    @Test
    void copyingSerializedBytesKeepsTheRecord() throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(new ChunkRemoved("A:2020", "x"), out);
        DataOutputSerializer copy = new DataOutputSerializer(64);
        serializer.copy(new DataInputDeserializer(out.getCopyOfBuffer()), copy);
        assertThat(serializer.deserialize(new DataInputDeserializer(copy.getCopyOfBuffer()))).isEqualTo(new ChunkRemoved("A:2020", "x"));
    }

    @Test
    void aSnapshotRestoresACompatibleSerializer() throws Exception {
        TypeSerializerSnapshot<ChunkTopicRecord> snapshot = serializer.snapshotConfiguration();
        DataOutputSerializer out = new DataOutputSerializer(64);
        TypeSerializerSnapshot.writeVersionedSnapshot(out, snapshot);
        TypeSerializerSnapshot<ChunkTopicRecord> read = TypeSerializerSnapshot.readVersionedSnapshot(
                new DataInputDeserializer(out.getCopyOfBuffer()), getClass().getClassLoader());

        assertThat(read.restoreSerializer()).isEqualTo(serializer);
        assertThat(serializer.snapshotConfiguration().resolveSchemaCompatibility(read).isCompatibleAsIs()).isTrue();
    }
}
