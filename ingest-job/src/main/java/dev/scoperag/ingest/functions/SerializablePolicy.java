package dev.scoperag.ingest.functions;

import dev.scoperag.core.fetch.FetchPolicy;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/** A FetchPolicy in a form Flink can ship to the task managers (Path is not serializable). */
record SerializablePolicy(String fileRoot, HashSet<String> allowedHosts, long maxBytes, long timeoutMillis) implements Serializable {

    static SerializablePolicy of(FetchPolicy p) {
        return new SerializablePolicy(p.fileRoot() == null ? null : p.fileRoot().toString(),
                new HashSet<>(p.allowedHosts()), p.maxBytes(), p.timeout().toMillis());
    }

    FetchPolicy toPolicy() {
        return new FetchPolicy(fileRoot == null ? null : Path.of(fileRoot), Set.copyOf(allowedHosts), maxBytes,
                Duration.ofMillis(timeoutMillis));
    }
}
