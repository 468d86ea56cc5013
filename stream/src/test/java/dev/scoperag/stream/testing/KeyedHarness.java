package dev.scoperag.stream.testing;

import dev.scoperag.stream.types.JsonTypeSerializer;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.runtime.state.hashmap.HashMapStateBackend;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;

/**
 * Operator harnesses for the jobs' keyed functions: String keys and the JSON serializer for output
 * records (the harness would otherwise copy records with Kryo). The harness is returned unopened, so
 * a snapshot can be restored into it first. {@link #of} uses heap state, whose entries the harness
 * can count ({@code numKeyedStateEntries()}); {@link #onRocksDb} uses the RocksDB backend the jobs
 * run with, for snapshot and restore.
 */
public final class KeyedHarness {

    private KeyedHarness() {}

    public static <IN, OUT> KeyedOneInputStreamOperatorTestHarness<String, IN, OUT> of(
            KeyedProcessFunction<String, IN, OUT> function, KeySelector<IN, String> key, Class<OUT> outType) throws Exception {
        var harness = new KeyedOneInputStreamOperatorTestHarness<>(new KeyedProcessOperator<>(function), key, Types.STRING);
        harness.setStateBackend(new HashMapStateBackend());
        harness.setup(new JsonTypeSerializer<>(outType));
        return harness;
    }

    public static <IN, OUT> KeyedOneInputStreamOperatorTestHarness<String, IN, OUT> onRocksDb(
            KeyedProcessFunction<String, IN, OUT> function, KeySelector<IN, String> key, Class<OUT> outType) throws Exception {
        var harness = of(function, key, outType);
        harness.setStateBackend(new EmbeddedRocksDBStateBackend());
        return harness;
    }
}
