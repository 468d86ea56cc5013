package dev.scoperag.stream.testing;

import dev.scoperag.stream.types.JsonTypeSerializer;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.runtime.state.hashmap.HashMapStateBackend;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.streaming.api.operators.co.KeyedCoProcessOperator;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithKeyedOperator;
import org.apache.flink.api.common.state.MapStateDescriptor;
import java.util.List;

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

    /** A keyed two-input function (heap state), e.g. a gatherer of a query and its results. */
    public static <IN1, IN2, OUT> KeyedTwoInputStreamOperatorTestHarness<String, IN1, IN2, OUT> twoInput(
            KeyedCoProcessFunction<String, IN1, IN2, OUT> function, KeySelector<IN1, String> key1, KeySelector<IN2, String> key2,
            Class<OUT> outType) throws Exception {
        var harness = new KeyedTwoInputStreamOperatorTestHarness<>(new KeyedCoProcessOperator<>(function), key1, key2, Types.STRING);
        harness.setStateBackend(new HashMapStateBackend());
        harness.setup(new JsonTypeSerializer<>(outType));
        return harness;
    }

    /** A keyed function with a broadcast side, on RocksDB, as a single subtask. */
    public static <IN1, IN2, OUT> KeyedBroadcastOperatorTestHarness<String, IN1, IN2, OUT> broadcast(
            KeyedBroadcastProcessFunction<String, IN1, IN2, OUT> function, KeySelector<IN1, String> key, Class<OUT> outType,
            MapStateDescriptor<?, ?>... descriptors) throws Exception {
        var harness = new KeyedBroadcastOperatorTestHarness<>(
                new CoBroadcastWithKeyedOperator<>(function, List.of(descriptors)), key, Types.STRING, 128, 1, 0);
        harness.setStateBackend(new EmbeddedRocksDBStateBackend());
        harness.setup(new JsonTypeSerializer<>(outType));
        return harness;
    }
}
