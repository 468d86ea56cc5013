package dev.scoperag.launcher.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.json.Json;
import dev.scoperag.launcher.cli.CommandFailure;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code route} against an empty corpus: the issuer directory alone resolves the companies named. */
public class RouteCommandTest {

    private static final String ISSUERS = Path.of("..", "samples", "issuers", "company_tickers.json").toString();

    @TempDir Path dir;

    @Test
    void withAnEmptyCorpusIssuersAreStillResolvedFromTheDirectory() throws Exception {
        Path questions = Files.writeString(dir.resolve("questions.jsonl"), """
                {"financebench_id": "fb-1", "question": "What was Microsoft's revenue in FY2023?"}
                {"text": "How did 3M and PepsiCo's dividends compare in 2022?"}
                # a comment, then a plain-text question
                Which company had the highest operating margin?
                """);
        List<JsonNode> lines = route("--no-corpus", "--questions", questions.toString(), "--issuers", ISSUERS);

        assertThat(lines).hasSize(3);
        JsonNode msft = lines.get(0);
        assertThat(msft.get("id").asText()).isEqualTo("fb-1");
        assertThat(msft.get("question").asText()).isEqualTo("What was Microsoft's revenue in FY2023?");
        assertThat(msft.at("/issuers/0/ticker").asText()).isEqualTo("MSFT");
        assertThat(msft.at("/issuers/0/cik").asLong()).isEqualTo(789019L);
        assertThat(msft.at("/issuers/0/in_corpus").asBoolean()).isFalse();
        assertThat(msft.get("shards")).isEmpty();
        assertThat(msft.get("fallback").asBoolean()).isFalse();
        assertThat(msft.get("confidence").asDouble()).isBetween(0.0, 1.0);
        assertThat(msft.get("method").asText()).isEqualTo("deterministic");

        assertThat(lines.get(1).get("issuers")).extracting(i -> i.get("ticker").asText()).containsExactly("MMM", "PEP");
        assertThat(lines.get(1).get("issuers")).extracting(i -> i.get("cik").asLong()).containsExactly(66740L, 77476L);

        JsonNode nobody = lines.get(2);
        assertThat(nobody.get("issuers")).isEmpty();
        assertThat(nobody.get("fallback").asBoolean()).isTrue();
    }

    @Test
    void questionsOnTheCommandLineAreRoutedInOrder() throws Exception {
        List<JsonNode> lines = route("--no-corpus", "--issuers", ISSUERS, "Tesla's 2022 revenue?", "Coca-Cola's FY2021 net revenues?");
        assertThat(lines).extracting(l -> l.at("/issuers/0/ticker").asText()).containsExactly("TSLA", "KO");
    }

    @Test
    void aQuestionsLineWithoutAQuestionIsRefusedWithItsLineNumber() throws Exception {
        Path questions = Files.writeString(dir.resolve("q.jsonl"), "{\"question\": \"ok?\"}\n{\"prompt\": \"no\"}\n");
        assertThatThrownBy(() -> route("--no-corpus", "--questions", questions.toString()))
                .isInstanceOfSatisfying(CommandFailure.class, e -> {
                    assertThat(e.reason()).isEqualTo(CommandFailure.Reason.UNSUPPORTED_INPUT);
                    assertThat(e.getMessage()).contains("line 2");
                });
    }

    @Test
    void aMissingIssuersFileIsReported() {
        assertThatThrownBy(() -> route("--no-corpus", "--issuers", dir.resolve("none.json").toString(), "MSFT?"))
                .isInstanceOfSatisfying(CommandFailure.class, e -> assertThat(e.reason()).isEqualTo(CommandFailure.Reason.PATH_NOT_FOUND));
    }

    public static List<JsonNode> route(String... argv) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RouteCommand.run(argv, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).isZero();
        return out.toString(StandardCharsets.UTF_8).lines().map(l -> Json.tree(l.getBytes(StandardCharsets.UTF_8))).toList();
    }
}
