package dev.scoperag.launcher.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.scoperag.core.TestRecords;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.llm.FakeChatServer;
import dev.scoperag.core.llm.LlmClient;
import dev.scoperag.core.llm.LlmRouter;
import dev.scoperag.core.llm.LlmSettings;
import dev.scoperag.core.route.Catalog;
import dev.scoperag.core.route.CatalogSource;
import dev.scoperag.launcher.cli.CommandFailure;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
        assertThat(msft.at("/issuers/0/named_by/0/words").asText()).isEqualTo("Microsoft's");
        assertThat(msft.at("/issuers/0/named_by/0/how").asText()).isEqualTo("name");

        assertThat(lines.get(1).get("issuers")).extracting(i -> i.get("ticker").asText()).containsExactly("MMM", "PEP");
        assertThat(lines.get(1).get("issuers")).extracting(i -> i.get("cik").asLong()).containsExactly(66740L, 77476L);

        JsonNode nobody = lines.get(2);
        assertThat(nobody.get("issuers")).isEmpty();
        assertThat(nobody.get("fallback").asBoolean()).isTrue();
    }

    @Test
    void eachIssuerSaysWhichWordsNamedItAndHow() throws Exception {
        List<JsonNode> lines = route("--no-corpus", "--issuers", ISSUERS, "buyback update jnj", "BofA deposit costs vs JPM");
        assertThat(lines.get(0).at("/issuers/0/ticker").asText()).isEqualTo("JNJ");
        assertThat(lines.get(0).at("/issuers/0/named_by/0/words").asText()).isEqualTo("jnj");
        assertThat(lines.get(0).at("/issuers/0/named_by/0/how").asText()).isEqualTo("alias");
        assertThat(lines.get(1).get("issuers")).extracting(i -> i.at("/named_by/0/how").asText()).containsExactly("alias", "ticker");
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
    void aDeploymentsOwnProductsAreReadBesideTheBuiltInOnes() throws Exception {
        Path products = Files.writeString(dir.resolve("products.csv"), "alias,ticker,note\nZorblax Cloud,PEP,a product of our own\n");
        List<JsonNode> lines = route("--no-corpus", "--issuers", ISSUERS, "--product-aliases", products.toString(),
                "Zorblax Cloud revenue growth", "Gatorade pricing");
        assertThat(lines).extracting(l -> l.at("/issuers/0/ticker").asText()).containsExactly("PEP", "PEP");
        assertThat(lines).extracting(l -> l.at("/issuers/0/named_by/0/how").asText()).containsOnly("product alias");
        assertThatThrownBy(() -> route("--no-corpus", "--issuers", ISSUERS, "--product-aliases", dir.resolve("none.csv").toString(), "q"))
                .isInstanceOfSatisfying(CommandFailure.class, e -> assertThat(e.reason()).isEqualTo(CommandFailure.Reason.PATH_NOT_FOUND));
    }

    @Test
    void aMissingIssuersFileIsReported() {
        assertThatThrownBy(() -> route("--no-corpus", "--issuers", dir.resolve("none.json").toString(), "MSFT?"))
                .isInstanceOfSatisfying(CommandFailure.class, e -> assertThat(e.reason()).isEqualTo(CommandFailure.Reason.PATH_NOT_FOUND));
    }

    @Test
    void aClassShareFilingIsRoutedToByNameAndByEveryTickerSpelling() {
        Catalog catalog = new CatalogSource(ISSUERS, null).emptyCatalog();
        // As the ingest job commits a 10-K sent under BRK.B: the shard is keyed by the canonical ticker.
        catalog.add(TestRecords.commit("BRK-B:2023", "10-K", "h").issuer("BRK.B", 1067983L, "Berkshire Hathaway Inc").sourceHash("s")
                .counts(10, 1000, 5).committedAt("2024-01-01T00:00:00Z").pipeline("p").build());
        List<QuestionFile.Question> questions = List.of(
                new QuestionFile.Question(null, "What does Berkshire Hathaway say about insurance float?"),
                new QuestionFile.Question(null, "What does BRK.B say about insurance float?"),
                new QuestionFile.Question(null, "What does BRK/B say about insurance float?"),
                new QuestionFile.Question(null, "What does brk.b say about insurance float?"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RouteCommand.printRoutes(questions, catalog, new PrintStream(out, true, StandardCharsets.UTF_8));

        List<JsonNode> lines = out.toString(StandardCharsets.UTF_8).lines().map(l -> Json.tree(l.getBytes(StandardCharsets.UTF_8))).toList();
        assertThat(lines).hasSize(4).allSatisfy(line -> {
            assertThat(line.get("shards")).hasSize(1);
            assertThat(line.at("/shards/0/ticker").asText()).isEqualTo("BRK-B");
            assertThat(line.at("/shards/0/fiscal_year").asInt()).isEqualTo(2023);
            assertThat(line.at("/issuers/0/cik").asLong()).isEqualTo(1067983L);
        });
    }

    @Test
    void anyQuestionGetsItsDecisionLineAndExitZero() throws Exception {
        String[] hostile = {"BRK.B", "brk/b?", "BRK B", "What does BRK.A say?", "\u0000", "e\u0301\u0301 \u202Eflow",
                "\ud83d\ude80 $BRK.B", "\ud800", "x".repeat(4_000), "$ $ $ (NYSE: ) 's", "FY99999 Q9 31 February 2023"};
        // Written with everything but ASCII escaped, so NUL and a lone surrogate reach the router as they are.
        ObjectWriter escaping = Json.MAPPER.writer().with(JsonWriteFeature.ESCAPE_NON_ASCII);
        StringBuilder jsonLines = new StringBuilder();
        for (String q : hostile) {
            jsonLines.append(escaping.writeValueAsString(Json.MAPPER.createObjectNode().put("question", q))).append('\n');
        }
        Path questions = Files.writeString(dir.resolve("hostile.jsonl"), jsonLines.toString());
        List<JsonNode> lines = route("--no-corpus", "--questions", questions.toString(), "--issuers", ISSUERS);
        assertThat(lines).hasSize(hostile.length).allSatisfy(line -> assertThat(line.has("shards")).isTrue());
    }

    @Test
    void aQuestionTheDeterministicRouterCannotPlaceGoesToTheLlmRouterWhenOneIsConfigured() {
        Catalog catalog = new CatalogSource(ISSUERS, null).emptyCatalog();
        catalog.add(TestRecords.commit("KO:2021", "KO_2021_10K", "h1").issuer(null, 21344L, "The Coca-Cola Company").build());
        catalog.add(TestRecords.commit("KO:2022", "KO_2022_10K", "h2").issuer(null, 21344L, "The Coca-Cola Company").build());
        List<QuestionFile.Question> questions = List.of(
                new QuestionFile.Question(null, "Net operating revenues of the largest soft-drink maker in 2021?"),
                new QuestionFile.Question(null, "What were Coca-Cola's net operating revenues in FY2022?"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (FakeChatServer server = new FakeChatServer().replying("{\"tickers\": [\"KO\"], \"fiscal_years\": [2021]}");
                LlmClient client = LlmClient.create(new LlmSettings(server.baseUrl(), "test-model", Duration.ofSeconds(60), 0), "dummy-key")) {
            RouteCommand.printRoutes(questions, catalog, new LlmRouter(client), new PrintStream(out, true, StandardCharsets.UTF_8));

            assertThat(server.requests()).as("only the question the deterministic router could not place").hasSize(1);
        }
        List<JsonNode> lines = out.toString(StandardCharsets.UTF_8).lines().map(l -> Json.tree(l.getBytes(StandardCharsets.UTF_8))).toList();
        assertThat(lines.get(0).get("method").asText()).as(lines.get(0).toString()).isEqualTo("llm");
        assertThat(lines.get(0).at("/shards/0/fiscal_year").asInt()).isEqualTo(2021);
        assertThat(lines.get(1).get("method").asText()).isEqualTo("deterministic");
        assertThat(lines.get(1).at("/shards/0/fiscal_year").asInt()).isEqualTo(2022);
    }

    public static List<JsonNode> route(String... argv) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RouteCommand.run(argv, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).isZero();
        return out.toString(StandardCharsets.UTF_8).lines().map(l -> Json.tree(l.getBytes(StandardCharsets.UTF_8))).toList();
    }
}
