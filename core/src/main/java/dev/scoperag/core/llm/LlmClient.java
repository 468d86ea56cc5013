package dev.scoperag.core.llm;

import com.openai.client.OpenAIClientAsync;
import com.openai.client.okhttp.OpenAIOkHttpClientAsync;
import com.openai.core.JsonValue;
import com.openai.core.LogLevel;
import com.openai.models.ResponseFormatJsonSchema;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionMessage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A thin asynchronous chat-completions client over openai-java: plain chat, and chat constrained to a strict
 * JSON schema. Every future completes within {@link LlmSettings#deadline()}, exceptionally with an
 * {@link LlmFailure} when no usable reply came.
 */
public final class LlmClient implements AutoCloseable {

    private final LlmSettings settings;
    private final OpenAIClientAsync client;
    private volatile LlmMeter meter = LlmMeter.NONE;

    private LlmClient(LlmSettings settings, String apiKey) {
        this.settings = Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(apiKey, "apiKey");
        this.client = OpenAIOkHttpClientAsync.builder()
                .baseUrl(settings.baseUrl())
                .apiKey(apiKey)
                .timeout(settings.timeout())
                .maxRetries(settings.maxRetries())
                // OPENAI_LOG=debug would otherwise let openai-java log requests, headers included.
                .logLevel(LogLevel.OFF)
                .build();
    }

    /**
     * A client authenticating with the key in the file {@link LlmSettings#apiKeyFile()} names, else in the file
     * {@value LlmSettings#API_KEY_FILE_ENV} names, else in {@value LlmSettings#API_KEY_ENV}.
     *
     * @throws IllegalStateException if there is no key, or its file cannot be read; the message names the file, never the key
     */
    public static LlmClient fromEnvironment(LlmSettings settings) {
        return new LlmClient(settings, apiKey(settings, System.getenv()));
    }

    static String apiKey(LlmSettings settings, Map<String, String> env) {
        String file = settings.apiKeyFile() != null ? settings.apiKeyFile() : env.get(LlmSettings.API_KEY_FILE_ENV);
        if (file != null && !file.isBlank()) {
            String key;
            try {
                key = Files.readString(Path.of(file.strip()), StandardCharsets.UTF_8).strip();
            } catch (IOException | RuntimeException e) {
                throw new IllegalStateException("cannot read the LLM API key file " + file + ": " + e.getClass().getSimpleName());
            }
            if (key.isEmpty()) {
                throw new IllegalStateException("the LLM API key file " + file + " is empty");
            }
            return key;
        }
        String key = env.get(LlmSettings.API_KEY_ENV);
        if (key == null || key.isBlank()) {
            throw new IllegalStateException("no LLM API key: set " + LlmSettings.API_KEY_ENV + ", or name a file holding it with "
                    + LlmSettings.API_KEY_FILE_ENV + " or scoperag.llm.api-key-file");
        }
        return key.strip();
    }

    /** A client authenticating with {@code apiKey}, which it hands to openai-java and does not keep. */
    public static LlmClient create(LlmSettings settings, String apiKey) {
        return new LlmClient(settings, apiKey);
    }

    public LlmSettings settings() {
        return settings;
    }

    /** Reports every later call's latency, tokens and failures to {@code meter}. */
    public LlmClient meteredBy(LlmMeter meter) {
        this.meter = Objects.requireNonNull(meter, "meter");
        return this;
    }

    /** The assistant's reply to a system and a user message. */
    public CompletableFuture<String> chat(String system, String user) {
        return send(messages(system, user).build());
    }

    /**
     * The assistant's reply, constrained by {@code response_format} to a strict JSON schema, as JSON text.
     *
     * @param schemaName a name for the schema ([a-zA-Z0-9_-], as the API requires)
     * @param schema the JSON schema as maps, lists and scalars; strict mode needs every property required and
     *     {@code additionalProperties: false} on each object
     */
    public CompletableFuture<String> chatJson(String system, String user, String schemaName, Map<String, Object> schema) {
        ResponseFormatJsonSchema.JsonSchema.Schema.Builder body = ResponseFormatJsonSchema.JsonSchema.Schema.builder();
        schema.forEach((key, value) -> body.putAdditionalProperty(key, JsonValue.from(value)));
        ResponseFormatJsonSchema format = ResponseFormatJsonSchema.builder()
                .jsonSchema(ResponseFormatJsonSchema.JsonSchema.builder().name(schemaName).strict(true).schema(body.build()).build())
                .build();
        return send(messages(system, user).responseFormat(format).build());
    }

    private ChatCompletionCreateParams.Builder messages(String system, String user) {
        return ChatCompletionCreateParams.builder()
                .model(settings.model())
                .addSystemMessage(system)
                .addUserMessage(user)
                .temperature(0.0);
    }

    private CompletableFuture<String> send(ChatCompletionCreateParams params) {
        long start = System.nanoTime();
        CompletableFuture<String> reply;
        try {
            reply = client.chat().completions().create(params).thenApply(completion -> {
                String content = content(completion);
                meter.replied(System.nanoTime() - start,
                        completion.usage().map(u -> u.promptTokens()).orElse(0L),
                        completion.usage().map(u -> u.completionTokens()).orElse(0L));
                return content;
            });
        } catch (RuntimeException e) {
            reply = CompletableFuture.failedFuture(e);
        }
        // The client timeout bounds each attempt; this bounds the whole call, retries included.
        long deadlineMillis = settings.deadline().toMillis();
        return reply.orTimeout(deadlineMillis, TimeUnit.MILLISECONDS)
                .handle((content, error) -> {
                    if (error == null) {
                        return content;
                    }
                    Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                    LlmFailure failure = cause instanceof TimeoutException
                            ? new LlmFailure(LlmFailure.Reason.LLM_TIMEOUT, "no reply within " + deadlineMillis + " ms", cause)
                            : LlmFailure.from(error);
                    meter.failed(System.nanoTime() - start, failure.reason());
                    throw failure;
                });
    }

    private static String content(ChatCompletion completion) {
        if (completion.choices().isEmpty()) {
            throw new LlmFailure(LlmFailure.Reason.LLM_MALFORMED_OUTPUT, "reply has no choices");
        }
        ChatCompletionMessage message = completion.choices().get(0).message();
        if (message.refusal().isPresent()) {
            // Not the refusal's text: a model may quote the question or the filings in it, and this message is logged.
            throw new LlmFailure(LlmFailure.Reason.LLM_MALFORMED_OUTPUT, "the model refused to answer");
        }
        return message.content()
                .orElseThrow(() -> new LlmFailure(LlmFailure.Reason.LLM_MALFORMED_OUTPUT, "reply has no content"));
    }

    @Override
    public void close() {
        client.close();
    }

    @Override
    public String toString() {
        return "LlmClient[baseUrl=" + settings.baseUrl() + ", model=" + settings.model() + "]";
    }
}
