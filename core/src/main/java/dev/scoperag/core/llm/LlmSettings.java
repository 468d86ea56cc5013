package dev.scoperag.core.llm;

import java.io.Serializable;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and how to call an OpenAI-compatible chat endpoint. Holds no API key: the key is read only when a
 * {@link LlmClient} is built, from the file {@code apiKeyFile} names (a mounted secret), else from the file
 * {@value #API_KEY_FILE_ENV} names, else from {@value #API_KEY_ENV}; so this record can be serialised into a
 * job graph and printed without leaking it.
 *
 * @param baseUrl the API root, as openai-java takes it ("http://host:port/v1"); requests go to {@code baseUrl + /chat/completions}
 * @param model the model name sent with every request
 * @param timeout one HTTP attempt at most this long
 * @param maxRetries further attempts openai-java makes on connection errors, 408, 409, 429 and 5xx
 * @param apiKeyFile a file holding the API key (e.g. a mounted Kubernetes secret), or null to look in the environment
 */
public record LlmSettings(String baseUrl, String model, Duration timeout, int maxRetries, String apiKeyFile) implements Serializable {

    public static final String BASE_URL_ENV = "OPENAI_BASE_URL";
    public static final String API_KEY_ENV = "OPENAI_API_KEY";
    /** Names a file holding the key, the convention for secrets mounted as files. */
    public static final String API_KEY_FILE_ENV = "OPENAI_API_KEY_FILE";
    public static final int DEFAULT_MAX_RETRIES = 2;

    // openai-java backs off 0.5 s doubling up to 8 s between attempts; this bounds that wait per retry.
    private static final Duration BACKOFF_ALLOWANCE = Duration.ofSeconds(8);
    // Lets the per-attempt timeout fire first, so a timed-out attempt can still be retried.
    private static final Duration GRACE = Duration.ofMillis(250);

    public LlmSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(timeout, "timeout");
        if (baseUrl.isBlank() || model.isBlank()) {
            throw new IllegalArgumentException("baseUrl and model must not be blank");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must not be negative: " + maxRetries);
        }
        if (apiKeyFile != null && apiKeyFile.isBlank()) {
            apiKeyFile = null;
        }
    }

    /** Settings whose key comes from the environment ({@value #API_KEY_FILE_ENV} or {@value #API_KEY_ENV}). */
    public LlmSettings(String baseUrl, String model, Duration timeout, int maxRetries) {
        this(baseUrl, model, timeout, maxRetries, null);
    }

    /** The same endpoint with the key read from {@code file}; null keeps looking in the environment. */
    public LlmSettings withApiKeyFile(String file) {
        return new LlmSettings(baseUrl, model, timeout, maxRetries, file);
    }

    /** Settings for the endpoint named by {@value #BASE_URL_ENV}; empty when it is not set, meaning: no LLM. */
    public static Optional<LlmSettings> fromEnvironment(String model, Duration timeout) {
        return fromEnvironment(System.getenv(), model, timeout);
    }

    static Optional<LlmSettings> fromEnvironment(Map<String, String> env, String model, Duration timeout) {
        String baseUrl = env.get(BASE_URL_ENV);
        if (baseUrl == null || baseUrl.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(new LlmSettings(baseUrl.strip(), model, timeout, DEFAULT_MAX_RETRIES));
    }

    /** How long a whole call may take, every attempt and the back-off between them included. */
    public Duration deadline() {
        return timeout.multipliedBy(maxRetries + 1L).plus(BACKOFF_ALLOWANCE.multipliedBy(maxRetries)).plus(GRACE);
    }
}
