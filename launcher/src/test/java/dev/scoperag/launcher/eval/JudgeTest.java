package dev.scoperag.launcher.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.llm.FakeChatServer;
import dev.scoperag.core.llm.LlmClient;
import dev.scoperag.core.llm.LlmSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class JudgeTest {

    private static final String FINDINGS = """
            {"attempts_answer": true, "unsupported_claims": 0, "notes": "figure right, driver missing",
             "key_facts": [{"fact": "capex $4.6 billion", "verdict": "stated"},
                           {"fact": "FY2021", "verdict": "stated"},
                           {"fact": "up from 2020", "verdict": "partially_stated"},
                           {"fact": "driven by plants", "verdict": "missing"}]}""";

    private final FakeChatServer server = new FakeChatServer();
    private final LlmClient client = LlmClient.create(new LlmSettings(server.baseUrl(), "judge-model", Duration.ofSeconds(60), 0), "test-key");

    @AfterEach
    void close() {
        client.close();
        server.close();
    }

    private static EvalQuestion question(String id) {
        return new EvalQuestion(id, "PepsiCo", "PEPSICO_2021_10K", "metrics-generated", "What is PepsiCo's FY2021 capex?", "$4.60",
                "Capital spending 4,625", List.of());
    }

    @Test
    void theModelReportsFindingsUnderAStrictSchemaAndCodeMakesTheScore() {
        server.replying(FINDINGS);

        Judge.Summary summary = new Judge(client).judge(List.of(question("q1")), List.of("Capital spending was $4,625 million [1]."));

        assertThat(summary.verdicts().get(0).score()).isEqualTo(7);
        assertThat(summary.verdicts().get(0).findings()).containsKey("key_facts");
        FakeChatServer.Request request = server.onlyRequest();
        assertThat(request.authorization()).isEqualTo("Bearer test-key");
        JsonNode format = request.body().get("response_format");
        assertThat(format.get("type").asText()).isEqualTo("json_schema");
        assertThat(format.get("json_schema").get("strict").asBoolean()).isTrue();
        assertThat(format.get("json_schema").get("schema").get("required").toString()).contains("key_facts", "unsupported_claims");
        String user = request.body().get("messages").get(1).get("content").asText();
        assertThat(user).contains("What is PepsiCo's FY2021 capex?", "$4.60", "Capital spending was $4,625 million");
        assertThat(request.body().get("messages").get(0).get("content").asText()).contains("Do not score");
    }

    @Test
    void manyAnswersAreJudgedConcurrentlyAndKeepTheirOrder() {
        server.replying(body -> body.toString().contains("answer 3") ? FINDINGS.replace("\"missing\"", "\"stated\"") : FINDINGS);
        List<EvalQuestion> questions = new ArrayList<>();
        List<String> answers = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            questions.add(question("q" + i));
            answers.add("answer " + i);
        }

        Judge.Summary summary = new Judge(client).judge(questions, answers);

        assertThat(summary.errors()).isZero();
        assertThat(summary.verdicts()).extracting(Judge.Verdict::score).containsExactly(7, 7, 7, 9, 7, 7, 7, 7, 7, 7, 7, 7);
        assertThat(server.requests()).hasSize(12);
    }

    @Test
    void theScoreRewardsCoverageAndPunishesContradictionsAndUnsupportedClaims() {
        assertThat(Judge.score(1.0, 0, false)).isEqualTo(10);
        assertThat(Judge.score(1.0, 1, false)).isEqualTo(9);
        assertThat(Judge.score(0.8, 0, false)).isEqualTo(8);
        assertThat(Judge.score(0.75, 0, false)).isEqualTo(8);
        assertThat(Judge.score(0.7, 0, false)).isEqualTo(7);
        assertThat(Judge.score(1.0, 0, true)).isEqualTo(3);
        assertThat(Judge.score(0.0, 3, false)).isEqualTo(1);
        assertThat(Judge.verdict("{\"attempts_answer\": false, \"key_facts\": [], \"unsupported_claims\": 0, \"notes\": \"\"}").score())
                .isEqualTo(1);
    }

    @Test
    void anAbstentionScoresOneWithoutAskingTheModel() {
        Judge.Summary summary = new Judge(client).judge(List.of(question("q1")), Arrays.asList((String) null));

        assertThat(summary.verdicts().get(0).score()).isEqualTo(1);
        assertThat(summary.failureRate()).isEqualTo(1.0);
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void findingsOutsideTheSchemaOrAFailedCallAreErrorsLeftOutOfTheRates() {
        server.replying("{\"score\": 10}");
        Judge.Summary malformed = new Judge(client).judge(List.of(question("q1")), List.of("an answer"));
        assertThat(malformed.verdicts().get(0).score()).isNull();
        assertThat(malformed.verdicts().get(0).error()).contains("schema");
        assertThat(malformed.judged()).isZero();
        assertThat(malformed.errors()).isEqualTo(1);

        server.failing(400);
        Judge.Summary failed = new Judge(client).judge(List.of(question("q1")), List.of("an answer"));
        assertThat(failed.verdicts().get(0).error()).isNotBlank();
    }

    @Test
    void theSummaryHasThePapersRates() {
        Judge.Summary s = Judge.Summary.of(List.of(new Judge.Verdict(1, Map.of(), null), new Judge.Verdict(8, Map.of(), null),
                new Judge.Verdict(10, Map.of(), null), new Judge.Verdict(null, Map.of(), "timeout")));

        assertThat(s.average()).isCloseTo(19 / 3.0, within(1e-9));
        assertThat(s.failureRate()).isCloseTo(1 / 3.0, within(1e-9));
        assertThat(s.correctRate()).isCloseTo(2 / 3.0, within(1e-9));
        assertThat(s.perfectRate()).isCloseTo(1 / 3.0, within(1e-9));
        assertThat(s.judged()).isEqualTo(3);
        assertThat(s.errors()).isEqualTo(1);
    }
}
