package dev.scoperag.launcher.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code eval --end-to-end}: the ingest job and one query job per setting on an embedded stack (a real broker, a
 * MiniCluster with RocksDB state) answer the tiny corpus's questions as the query code does in process, figure
 * for figure: one query path, driven two ways.
 */
class EvalEndToEndIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** What a question's outcome is, apart from its timings. */
    private static final List<String> OUTCOME = List.of("status", "routed", "routed_shards", "doc_hit", "page_hit", "first_hit_rank",
            "evidence_recall", "wrong_issuer", "context", "numeric_match", "stated_figure", "answer");

    @TempDir
    Path tmp;

    @Test
    void theJobsOnAnEmbeddedStackAnswerEachQuestionAsTheQueryCodeInProcess() throws Exception {
        Path corpus = EvalTest.corpus(tmp);

        Path inProcess = evaluate(corpus, "in-process");
        Path endToEnd = evaluate(corpus, "end-to-end", "--end-to-end");

        Map<String, JsonNode> expected = outcomes(inProcess);
        Map<String, JsonNode> actual = outcomes(endToEnd);
        assertThat(actual.keySet()).as("every arm answered every question in the corpus")
                .containsExactlyElementsOf(expected.keySet()).hasSize(2 * 2);
        assertThat(actual).isEqualTo(expected);
        assertThat(actual.get("hdrr/test_ko_revenue").get("routed_shards").toString()).contains("KO:2022");
        JsonNode report = JSON.readTree(endToEnd.resolve("report.json").toFile());
        assertThat(report.get("arms").get("hdrr").get("routing_accuracy").asDouble()).isEqualTo(1.0);
    }

    private Path evaluate(Path corpus, String name, String... more) throws Exception {
        Path out = tmp.resolve(name);
        List<String> args = new java.util.ArrayList<>(List.of(
                "--corpus", corpus.resolve("corpus.jsonl").toString(),
                "--questions", EvalTest.RESOURCES.resolve("questions.jsonl").toString(),
                "--out", out.toString(),
                "--cache-dir", tmp.resolve("cache").toString(),
                "--issuers", corpus.resolve("issuers").toString(),
                // Two settings, so two query jobs one after the other on the stack.
                "--arms", "hdrr,hdrr-norerank"));
        args.addAll(List.of(more));
        Eval.evaluate(Eval.Options.parse(args.toArray(String[]::new)), null, "test", new PrintStream(OutputStream.nullOutputStream()));
        return out;
    }

    /** Each arm's outcome per question ({@code arm/question}), timings left out. */
    private static Map<String, JsonNode> outcomes(Path out) throws Exception {
        Map<String, JsonNode> outcomes = new TreeMap<>();
        for (String line : Files.readAllLines(out.resolve("per-question.jsonl"))) {
            JsonNode row = JSON.readTree(line);
            var kept = JSON.createObjectNode();
            OUTCOME.forEach(field -> kept.set(field, row.get(field)));
            outcomes.put(row.get("arm").asText() + "/" + row.get("question_id").asText(), kept);
        }
        return outcomes;
    }
}
