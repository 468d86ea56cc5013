package dev.scoperag.stream.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;

/** The topics ScopeRAG reads and writes, and their creation with the settings the contracts need. */
public final class Topics {

    /** Records up to this size fit: inline PDFs on {@code filings}, and the same again on the DLQ. */
    public static final int MAX_RECORD_BYTES = 32 * 1024 * 1024;

    /** A topic to create: name, partitions and configs. */
    public record Spec(String name, int partitions, Map<String, String> configs) {}

    private Topics() {}

    public static Spec filings(String name, int partitions) {
        return new Spec(name, partitions, Map.of("max.message.bytes", Integer.toString(MAX_RECORD_BYTES)));
    }

    public static Spec deadLetters(String name) {
        return new Spec(name, 1, Map.of("max.message.bytes", Integer.toString(MAX_RECORD_BYTES)));
    }

    /** Compacted: the latest record per key survives, tombstones remove superseded chunks. */
    public static Spec chunks(String name, int partitions) {
        return new Spec(name, partitions, Map.of(
                "cleanup.policy", "compact",
                "min.compaction.lag.ms", "60000",
                "max.message.bytes", Integer.toString(8 * 1024 * 1024)));
    }

    public static Spec plain(String name, int partitions) {
        return new Spec(name, partitions, Map.of());
    }

    /**
     * Creates the topics that do not exist yet; existing ones are left as they are.
     *
     * @param clientProperties the security and other client settings ({@link KafkaClientProperties#from})
     */
    public static void ensure(String bootstrapServers, Properties clientProperties, List<Spec> specs) {
        try (Admin admin = Admin.create(KafkaClientProperties.withBootstrap(bootstrapServers, clientProperties))) {
            Set<String> existing = admin.listTopics().names().get();
            List<NewTopic> missing = new ArrayList<>();
            for (Spec spec : specs) {
                if (!existing.contains(spec.name())) {
                    missing.add(new NewTopic(spec.name(), spec.partitions(), (short) -1).configs(spec.configs()));
                }
            }
            if (!missing.isEmpty()) {
                admin.createTopics(missing).all().get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot create topics on " + bootstrapServers + ": " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted creating topics", e);
        }
    }
}
