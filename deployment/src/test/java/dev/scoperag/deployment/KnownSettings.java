package dev.scoperag.deployment;

import dev.scoperag.ingest.IngestOptions;
import dev.scoperag.query.QueryOptions;
import dev.scoperag.stream.kafka.KafkaClientProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.FallbackKey;
import org.apache.flink.state.rocksdb.RocksDBOptions;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The configuration keys the code knows: ScopeRAG's own options (IngestOptions, QueryOptions) and
 * every key Flink declares as a {@link ConfigOption} in its configuration classes, read from the
 * Flink jars of this build, so a deployment file naming a key that does not exist fails.
 */
final class KnownSettings {

    /**
     * Keys of Flink plugins that are not on this build's classpath, named here with where they come
     * from: the S3 file system plugin (flink-s3-fs-presto, enabled in the image by
     * ENABLE_BUILT_IN_PLUGINS) and the Prometheus metric reporter's own port option.
     */
    private static final Set<String> PLUGIN_KEYS = Set.of("s3.endpoint", "s3.path.style.access");
    private static final Pattern REPORTER_KEY = Pattern.compile("metrics\\.reporter\\.[a-z0-9_-]+\\.(factory\\.class|port|interval)");

    private final Set<String> scoperag = new HashSet<>();
    private final Set<String> flink = new HashSet<>();

    KnownSettings() {
        IngestOptions.all().forEach(o -> scoperag.add(o.key()));
        QueryOptions.all().forEach(o -> scoperag.add(o.key()));
        // flink-core's org.apache.flink.configuration holds the cluster's options; RocksDB's are in its own jar.
        collect(CoreOptions.class, "org/apache/flink/configuration/");
        collect(RocksDBOptions.class, "org/apache/flink/state/rocksdb/");
    }

    /** Whether a ScopeRAG job reads this key: an option, or a Kafka client setting passed through to every client. */
    boolean isScopeRag(String key) {
        if (key.startsWith(KafkaClientProperties.CLIENT_PREFIX)) {
            String kafkaKey = key.substring(KafkaClientProperties.CLIENT_PREFIX.length());
            return Stream.of(ProducerConfig.configDef(), ConsumerConfig.configDef(), AdminClientConfig.configDef())
                    .anyMatch(d -> d.names().contains(kafkaKey));
        }
        return scoperag.contains(key);
    }

    /** Whether Flink (or a plugin named in {@link #PLUGIN_KEYS}) reads this key. */
    boolean isFlink(String key) {
        return flink.contains(key) || PLUGIN_KEYS.contains(key) || REPORTER_KEY.matcher(key).matches();
    }

    int flinkKeyCount() {
        return flink.size();
    }

    private void collect(Class<?> anchor, String packagePath) {
        try (JarFile jar = new JarFile(Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI()).toFile())) {
            for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements();) {
                String name = entries.nextElement().getName();
                if (name.startsWith(packagePath) && name.endsWith("Options.class") && name.indexOf('/', packagePath.length()) < 0
                        && !name.contains("$")) {
                    collectFields(Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), false,
                            anchor.getClassLoader()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException | ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private void collectFields(Class<?> options) {
        for (Field field : options.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && ConfigOption.class.isAssignableFrom(field.getType())) {
                try {
                    ConfigOption<?> option = (ConfigOption<?>) field.get(null);
                    flink.add(option.key());
                    for (FallbackKey fallback : option.fallbackKeys()) {
                        flink.add(fallback.getKey());
                    }
                } catch (IllegalAccessException | LinkageError e) {
                    // An option class that cannot initialise here names nothing a deployment file uses.
                }
            }
        }
    }
}
