package dev.scoperag.embedded;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.kafka.common.utils.Utils;

/**
 * Prints how long the embedded broker takes to start and stop: the first start in a fresh JVM
 * (what {@code ./scoperag up} pays), warm starts after it, and a resume of a persistent log
 * directory.
 *
 * <pre>
 * mvn -q -pl embedded test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -cp embedded/target/classes:embedded/target/test-classes:$(cat embedded/target/cp.txt) \
 *     dev.scoperag.embedded.EmbeddedKafkaStartupBenchmark [warm starts, default 3]
 * </pre>
 */
public final class EmbeddedKafkaStartupBenchmark {

    private EmbeddedKafkaStartupBenchmark() {}

    public static void main(String[] args) throws Exception {
        int warmStarts = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Path persistent = Files.createTempDirectory("scoperag-kafka-bench-");
        try {
            report("cold start, new directory", () -> EmbeddedKafka.builder().logDirectory(persistent).start());
            for (int i = 1; i <= warmStarts; i++) {
                report("warm start " + i + ", temporary directory", EmbeddedKafka::start);
            }
            report("warm start, resumed directory", () -> EmbeddedKafka.builder().logDirectory(persistent).start());
        } finally {
            Utils.delete(persistent.toFile());
        }
    }

    private interface Starter {
        EmbeddedKafka start();
    }

    private static void report(String label, Starter starter) {
        EmbeddedKafka kafka = starter.start();
        kafka.createTopic("bench", 1, Map.of());
        long closing = System.nanoTime();
        kafka.close();
        long closeMillis = (System.nanoTime() - closing) / 1_000_000;
        System.out.printf("%-36s start %5d ms   close %5d ms%n", label, kafka.startupTime().toMillis(), closeMillis);
    }
}
