package dev.scoperag.core.fetch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

/**
 * What the ingest job may read: {@code file:} URIs only under {@code fileRoot} (none when null),
 * {@code http(s):} only to {@code allowedHosts} ({@code host} or {@code host:port}), at most
 * {@code maxBytes} after decompression, within {@code timeout}.
 */
public record FetchPolicy(Path fileRoot, Set<String> allowedHosts, long maxBytes, Duration timeout) {

    public static final long DEFAULT_MAX_BYTES = 64L * 1024 * 1024;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    public FetchPolicy {
        allowedHosts = Set.copyOf(allowedHosts);
    }

    public static FetchPolicy fileRoot(Path root) {
        return new FetchPolicy(root, Set.of(), DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT);
    }

    public FetchPolicy withAllowedHosts(Set<String> hosts) {
        return new FetchPolicy(fileRoot, hosts, maxBytes, timeout);
    }

    public FetchPolicy withMaxBytes(long max) {
        return new FetchPolicy(fileRoot, allowedHosts, max, timeout);
    }

    public FetchPolicy withTimeout(Duration newTimeout) {
        return new FetchPolicy(fileRoot, allowedHosts, maxBytes, newTimeout);
    }
}
