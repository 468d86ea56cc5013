package dev.scoperag.core.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.scoperag.core.answer.ExtractiveAnswerer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.WriterAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LlmClientTest {

    private static final String KEY = "sk-test-0123456789abcdef";

    @Test
    void noBaseUrlInTheEnvironmentMeansNoLlm() {
        assertThat(LlmSettings.fromEnvironment(Map.of(), "m", Duration.ofSeconds(1))).isEmpty();
        assertThat(LlmSettings.fromEnvironment(Map.of(LlmSettings.BASE_URL_ENV, " "), "m", Duration.ofSeconds(1))).isEmpty();
        assertThat(LlmSettings.fromEnvironment(Map.of(LlmSettings.BASE_URL_ENV, "http://127.0.0.1:1/v1"), "m", Duration.ofSeconds(1)))
                .contains(new LlmSettings("http://127.0.0.1:1/v1", "m", Duration.ofSeconds(1), LlmSettings.DEFAULT_MAX_RETRIES));
    }

    @Test
    void settingsSurviveJavaSerializationAsAJobGraphCarriesThem() throws Exception {
        LlmSettings settings = new LlmSettings("http://127.0.0.1:1/v1", "m", Duration.ofMillis(1500), 1);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(settings);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertThat(in.readObject()).isEqualTo(settings);
        }
    }

    @Test
    void theDeadlineCoversEveryAttemptAndTheBackOffBetweenThem() {
        assertThat(new LlmSettings("http://127.0.0.1:1/v1", "m", Duration.ofMillis(500), 0).deadline()).isEqualTo(Duration.ofMillis(750));
        assertThat(new LlmSettings("http://127.0.0.1:1/v1", "m", Duration.ofSeconds(10), 2).deadline()).isEqualTo(Duration.ofMillis(46_250));
    }

    @Test
    void theKeyComesFromTheNamedFileThenTheFileTheEnvironmentNamesThenTheEnvironment(@TempDir Path dir) throws Exception {
        Path mounted = Files.writeString(dir.resolve("api-key"), KEY + "\n");
        Path other = Files.writeString(dir.resolve("other-key"), "sk-other-key\n");
        LlmSettings fromEnv = new LlmSettings("http://127.0.0.1:1/v1", "m", Duration.ofSeconds(1), 0);
        LlmSettings fromFile = fromEnv.withApiKeyFile(mounted.toString());

        assertThat(LlmClient.apiKey(fromFile, Map.of(LlmSettings.API_KEY_ENV, "sk-env", LlmSettings.API_KEY_FILE_ENV, other.toString())))
                .isEqualTo(KEY);
        assertThat(LlmClient.apiKey(fromEnv, Map.of(LlmSettings.API_KEY_ENV, "sk-env", LlmSettings.API_KEY_FILE_ENV, other.toString())))
                .isEqualTo("sk-other-key");
        assertThat(LlmClient.apiKey(fromEnv, Map.of(LlmSettings.API_KEY_ENV, " sk-env "))).isEqualTo("sk-env");
        assertThat(fromFile.toString()).contains(mounted.toString()).doesNotContain(KEY);
    }

    @Test
    void aMissingOrEmptyKeyFileIsNamedButNothingOfAKeyIsShown(@TempDir Path dir) throws Exception {
        LlmSettings settings = new LlmSettings("http://127.0.0.1:1/v1", "m", Duration.ofSeconds(1), 0);
        Path missing = dir.resolve("missing");
        Path empty = Files.writeString(dir.resolve("empty"), "\n");

        assertThatThrownBy(() -> LlmClient.apiKey(settings.withApiKeyFile(missing.toString()), Map.of(LlmSettings.API_KEY_ENV, KEY)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining(missing.toString()).hasMessageNotContaining(KEY);
        assertThatThrownBy(() -> LlmClient.apiKey(settings.withApiKeyFile(empty.toString()), Map.of()))
                .hasMessageContaining("is empty");
        assertThatThrownBy(() -> LlmClient.apiKey(settings, Map.of()))
                .hasMessageContaining(LlmSettings.API_KEY_ENV).hasMessageContaining(LlmSettings.API_KEY_FILE_ENV);
    }

    @Test
    void aKeyReadFromAFileIsSentAsTheBearerTokenOnly(@TempDir Path dir) throws Exception {
        Path mounted = Files.writeString(dir.resolve("api-key"), KEY + "\n");
        try (FakeChatServer server = new FakeChatServer().replying("Hello.")) {
            LlmSettings settings = new LlmSettings(server.baseUrl(), "test-model", Duration.ofSeconds(5), 0, mounted.toString());
            try (LlmClient client = LlmClient.create(settings, LlmClient.apiKey(settings, Map.of()))) {
                assertThat(client.chat("Be brief.", "Say hello.").get(10, TimeUnit.SECONDS)).isEqualTo("Hello.");
            }
            assertThat(server.onlyRequest().authorization()).isEqualTo("Bearer " + KEY);
            assertThat(server.onlyRequest().body().toString()).doesNotContain(KEY);
        }
    }

    @Test
    void anErrorBodyEchoingTheKeyOrThePromptStaysOutOfTheFailure() throws Exception {
        // What OpenAI answers a wrong key with, and what a careless proxy might add: the prompt echoed back.
        try (FakeChatServer server = new FakeChatServer()
                        .failing(401, body -> "Incorrect API key provided: " + KEY + "; request was " + body);
                LlmClient client = LlmClient.create(new LlmSettings(server.baseUrl(), "test-model", Duration.ofSeconds(5), 0), KEY)) {
            Throwable error = catchThrowable(() -> client.chat("Be brief.", "What was 3M capex in 2018?").join());

            LlmFailure failure = LlmFailure.from(error);
            assertThat(failure.reason()).isEqualTo(LlmFailure.Reason.LLM_ERROR);
            assertThat(failure.getMessage()).contains("HTTP 401").doesNotContain(KEY).doesNotContain("3M capex");
            assertThat(failure.getCause()).isNull();
        }
    }

    @Test
    void plainChatSendsBothMessagesAndReturnsTheAssistantContent() throws Exception {
        try (FakeChatServer server = new FakeChatServer().replying("Hello.");
                LlmClient client = LlmClient.create(new LlmSettings(server.baseUrl(), "test-model", Duration.ofSeconds(5), 0), KEY)) {

            assertThat(client.chat("Be brief.", "Say hello.").get(10, TimeUnit.SECONDS)).isEqualTo("Hello.");

            var body = server.onlyRequest().body();
            assertThat(body.path("messages").get(0).path("content").asText()).isEqualTo("Be brief.");
            assertThat(body.path("messages").get(1).path("content").asText()).isEqualTo("Say hello.");
            assertThat(body.has("response_format")).isFalse();
        }
    }

    @Test
    void theMeterHearsEachReplysTokensAndEachFailuresReason() throws Exception {
        List<String> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
        LlmMeter meter = new LlmMeter() {
            @Override
            public void replied(long latencyNanos, long promptTokens, long completionTokens) {
                heard.add("replied " + promptTokens + "+" + completionTokens + (latencyNanos > 0 ? "" : " no latency"));
            }

            @Override
            public void failed(long latencyNanos, LlmFailure.Reason reason) {
                heard.add("failed " + reason);
            }
        };
        try (FakeChatServer server = new FakeChatServer().replying("Hello.");
                LlmClient client = LlmClient.create(new LlmSettings(server.baseUrl(), "test-model", Duration.ofSeconds(30), 0), KEY)
                        .meteredBy(meter)) {
            client.chat("Be brief.", "Say hello.").get(60, TimeUnit.SECONDS);
            server.failing(500);
            assertThat(client.chat("Be brief.", "Say hello.").handle((reply, error) -> error).get(60, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(LlmFailure.class);
        }
        assertThat(heard).containsExactly("replied 100+20", "failed LLM_ERROR");
    }

    @Test
    void theApiKeyGoesOnlyToTheServerAsABearerTokenNeverIntoToStringOrLogs() throws Exception {
        StringWriter logs = new StringWriter();
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration config = context.getConfiguration();
        WriterAppender appender = WriterAppender.createAppender(
                PatternLayout.newBuilder().withPattern("%m%n").build(), null, logs, "llm-key-capture", false, true);
        appender.start();
        LoggerConfig root = config.getRootLogger();
        Level rootLevel = root.getLevel();
        root.addAppender(appender, Level.ALL, null);
        root.setLevel(Level.ALL);
        context.updateLoggers();
        LlmSettings settings;
        try (FakeChatServer server = new FakeChatServer().failing(401)) {
            settings = new LlmSettings(server.baseUrl(), "test-model", Duration.ofSeconds(5), 0);
            try (LlmClient client = LlmClient.create(settings, KEY)) {
                LlmAnswer result = new LlmAnswerer(client)
                        .answerOrFallback("3M capex 2018?", LlmAnswererTest.context(),
                                new ExtractiveAnswerer(ExtractiveAnswerer.Settings.defaults()), List.of("3M"))
                        .get(10, TimeUnit.SECONDS);
                String explanation = new LlmRouter(client).route("3M 2018?", LlmRouterTest.catalog())
                        .get(10, TimeUnit.SECONDS).explanation();

                assertThat(server.requests()).hasSize(2)
                        .allSatisfy(r -> assertThat(r.authorization()).isEqualTo("Bearer " + KEY));
                assertThat(result.fallbackReason()).isEqualTo("LLM_ERROR");
                assertThat(explanation).startsWith("LLM_ERROR").doesNotContain(KEY);
                assertThat(client.toString()).contains(server.baseUrl()).doesNotContain(KEY);
            }
        } finally {
            root.removeAppender("llm-key-capture");
            root.setLevel(rootLevel);
            context.updateLoggers();
            appender.stop();
        }
        assertThat(settings.toString()).doesNotContain(KEY);
        assertThat(logs.toString()).contains("LLM routing failed").contains("LLM answer unusable").doesNotContain(KEY);
    }
}
