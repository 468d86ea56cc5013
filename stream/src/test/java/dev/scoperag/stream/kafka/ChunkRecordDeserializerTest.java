package dev.scoperag.stream.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.util.ListCollector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class ChunkRecordDeserializerTest {

    @Test
    void aTombstoneUnderAChunkKeyIsThatChunksRemovalAndUnderAnyOtherKeyNothing() throws Exception {
        List<ChunkTopicRecord> out = new ArrayList<>();
        ChunkRecordDeserializer deserializer = new ChunkRecordDeserializer();

        deserializer.deserialize(tombstone(ChunkTopicRecord.chunkKey("KO:2022", "10-K/0003")), new ListCollector<>(out));
        deserializer.deserialize(tombstone(ChunkTopicRecord.documentKey("KO:2022", "10-K")), new ListCollector<>(out));
        deserializer.deserialize(tombstone("not a chunks key"), new ListCollector<>(out));
        deserializer.deserialize(new ConsumerRecord<>("chunks", 0, 3, null, null), new ListCollector<>(out));

        assertThat(out).containsExactly(new ChunkRemoved("KO:2022", "10-K/0003"));
    }

    private static ConsumerRecord<byte[], byte[]> tombstone(String key) {
        return new ConsumerRecord<>("chunks", 0, 0, key.getBytes(StandardCharsets.UTF_8), null);
    }
}
