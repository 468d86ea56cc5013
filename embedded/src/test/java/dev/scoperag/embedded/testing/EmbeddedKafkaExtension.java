package dev.scoperag.embedded.testing;

import dev.scoperag.embedded.EmbeddedKafka;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One embedded KRaft broker for the tests of a class, started before them and closed after them:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final EmbeddedKafkaExtension KAFKA = new EmbeddedKafkaExtension();
 * ... KAFKA.bootstrapServers() ...
 * }</pre>
 *
 * The broker is up in the class's {@code @BeforeAll} methods (to create topics) and still up in its
 * {@code @AfterAll} methods.
 */
public final class EmbeddedKafkaExtension implements BeforeAllCallback, AfterAllCallback {

    private final UnaryOperator<EmbeddedKafka.Builder> configure;
    private EmbeddedKafka broker;

    /** A broker with the embedded default's settings. */
    public EmbeddedKafkaExtension() {
        this(builder -> builder);
    }

    /** A broker whose builder {@code configure} sets more on (broker settings, a secured listener). */
    public EmbeddedKafkaExtension(UnaryOperator<EmbeddedKafka.Builder> configure) {
        this.configure = configure;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        broker = configure.apply(EmbeddedKafka.builder()).start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (broker != null) {
            broker.close();
            broker = null;
        }
    }

    /** The running broker; only between the class's first and last test. */
    public EmbeddedKafka broker() {
        if (broker == null) {
            throw new IllegalStateException("the broker runs only while the test class does (register the extension on a static field)");
        }
        return broker;
    }

    public String bootstrapServers() {
        return broker().bootstrapServers();
    }

    public void createTopic(String name, int partitions, Map<String, String> configs) {
        broker().createTopic(name, partitions, configs);
    }
}
