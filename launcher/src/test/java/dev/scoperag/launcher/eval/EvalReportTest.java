package dev.scoperag.launcher.eval;

import static dev.scoperag.launcher.eval.ArmSummaryTest.score;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalReportTest {

    @TempDir
    Path out;

    private static EvalQuestion question(String id) {
        return new EvalQuestion(id, "Acme", EvalFixtures.GOLD, "test", "What was revenue in " + id + "?", "12", null,
                List.of(new EvalQuestion.Evidence(EvalFixtures.GOLD, 3, "revenue")));
    }

    private static EvalReport.ArmResult arm(Arm arm, List<QuestionScore> scores) {
        return new EvalReport.ArmResult(arm, scores, ArmSummary.of(arm.id(), scores, 5), null);
    }

    private EvalReport report() {
        List<QuestionScore> hdrr = List.of(score(true, true, 1, 1.0, 5, 0, true, 100), score(true, true, 0, 0.2, 5, 0, false, 200));
        List<QuestionScore> cbr = List.of(score(null, false, 0, 0.1, 5, 3, false, 300), score(null, true, 2, 0.9, 5, 1, true, 400));
        return new EvalReport(5, List.of(question("q1"), question("q2")),
                new EvalReport.Run("scoperag eval --test", "corpus.jsonl", "in process", 4, 9, List.of(), List.of(), Map.of("total", 1.0)),
                List.of(arm(Arm.HDRR, hdrr), arm(Arm.CBR, cbr)));
    }

    @Test
    void reportJsonHasTheShapeTheIssueAsksFor() throws Exception {
        report().write(out);

        JsonNode json = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        assertThat(json.get("questions").asInt()).isEqualTo(2);
        assertThat(json.get("k").asInt()).isEqualTo(5);
        for (String arm : List.of("hdrr", "cbr")) {
            JsonNode metrics = json.get("arms").get(arm);
            assertThat(metrics.fieldNames()).toIterable().contains("routing_accuracy", "doc_recall", "page_recall", "evidence_recall",
                    "wrong_issuer_share", "mrr", "numeric_match", "latency_ms");
            assertThat(metrics.get("latency_ms").has("p50")).isTrue();
            assertThat(metrics.get("latency_ms").has("p95")).isTrue();
        }
        assertThat(json.get("arms").get("hdrr").get("routing_accuracy").asDouble()).isEqualTo(1.0);
        assertThat(json.get("arms").get("cbr").get("routing_accuracy").isNull()).isTrue();
        assertThat(json.get("arms").get("cbr").get("wrong_issuer_share").asDouble()).isEqualTo(0.4);
        // Percentiles come from an HdrHistogram: the measured value at its nearest rank, to within 0.1%.
        assertThat(json.get("arms").get("hdrr").get("latency_ms").get("p95").asDouble()).isCloseTo(200.0, within(0.2));
    }

    @Test
    void perQuestionFilesShowWhatEachArmGainsAndLosesAgainstHdrr() throws Exception {
        report().write(out);

        String md = Files.readString(out.resolve("per-question.md"));
        assertThat(md).contains("## cbr vs hdrr: 1 gains, 1 losses");
        assertThat(md.substring(md.indexOf("### Gains"), md.indexOf("### Losses"))).contains("q2").doesNotContain("**q1**");
        assertThat(md.substring(md.indexOf("### Losses"))).contains("q1");
        assertThat(Files.readAllLines(out.resolve("per-question.jsonl"))).hasSize(4);
        JsonNode json = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        assertThat(json.get("arms").get("cbr").get("page_hits_vs_hdrr").get("gains").asInt()).isEqualTo(1);
    }

    @Test
    void chartsAreReadablePngsAndTheMarkdownLinksThem() throws Exception {
        report().write(out);

        for (String chart : List.of("metrics.png", "latency.png")) {
            BufferedImage image = ImageIO.read(out.resolve(chart).toFile());
            assertThat(image).as(chart).isNotNull();
            assertThat(image.getWidth()).isGreaterThan(500);
        }
        assertThat(Files.readString(out.resolve("report.md"))).contains("](metrics.png)", "](latency.png)", "| hdrr | 1.000 |");
    }

    @Test
    void numericMatchIsReportedPerQuestionTypeAndForTheNumericRouteAlone() throws Exception {
        QuestionScore computed = new QuestionScore("q1", "answered", true, true, 1, 1.0, 5, 0, true, "12", "12", List.of(), List.of(),
                Map.of("total", 100.0), "12", "numeric");
        QuestionScore retrieved = new QuestionScore("q2", "answered", true, true, 1, 1.0, 5, 0, false, "12", null, List.of(), List.of(),
                Map.of("total", 100.0), "x", "extractive");
        EvalQuestion ratio = new EvalQuestion("q1", "Acme", EvalFixtures.GOLD, "metrics-generated", "What is the gross margin?", "12",
                null, List.of());
        EvalReport report = new EvalReport(5, List.of(ratio, question("q2")),
                new EvalReport.Run("scoperag eval --test", "corpus.jsonl", "in process", 4, 9, List.of(), List.of(), Map.of("total", 1.0)),
                List.of(arm(Arm.HDRR, List.of(computed, retrieved))));
        report.write(out);

        JsonNode numeric = new ObjectMapper().readTree(out.resolve("report.json").toFile()).get("arms").get("hdrr").get("numeric");
        assertThat(numeric.get("by_question_type").get("metrics-generated").get("numeric_match").asDouble()).isEqualTo(1.0);
        assertThat(numeric.get("by_question_type").get("test").get("numeric_match").asDouble()).isEqualTo(0.0);
        assertThat(numeric.get("numeric_route").get("taken").asInt()).isEqualTo(1);
        assertThat(numeric.get("numeric_route").get("right").asInt()).isEqualTo(1);
        String md = Files.readString(out.resolve("report.md"));
        assertThat(md).contains("| metrics-generated | 1.000 (n=1) |").contains("| hdrr | 1 | 1 | 1 |");
    }
}
