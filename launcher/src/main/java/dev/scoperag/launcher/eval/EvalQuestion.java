package dev.scoperag.launcher.eval;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A benchmark question in FinanceBench's format: the question, its reference answer, the document it is
 * about and the evidence (0-based PDF page and text) that answers it.
 */
public record EvalQuestion(String id, String company, String docName, String type, String question, String answer,
        String justification, List<Evidence> evidence) {

    /** One gold evidence passage: its document, its 0-based PDF page and its text. */
    public record Evidence(String docName, int page, String text) {}

    public EvalQuestion {
        evidence = List.copyOf(evidence);
    }

    /** The questions of a {@code questions.jsonl} file, in file order. */
    public static List<EvalQuestion> read(Path file) {
        List<EvalQuestion> questions = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file)) {
                if (!line.isBlank()) {
                    questions.add(parse(Json.MAPPER.readTree(line)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read questions " + file, e);
        }
        return questions;
    }

    static EvalQuestion parse(JsonNode n) {
        String docName = n.path("doc_name").asText();
        List<Evidence> evidence = new ArrayList<>();
        for (JsonNode e : n.path("evidence")) {
            evidence.add(new Evidence(e.path("doc_name").asText(docName), e.path("evidence_page_num").asInt(-1),
                    e.path("evidence_text").asText("")));
        }
        return new EvalQuestion(n.path("financebench_id").asText(), n.path("company").asText(null), docName,
                n.path("question_type").asText(null), n.path("question").asText(), n.path("answer").asText(""),
                n.hasNonNull("justification") ? n.get("justification").asText() : null, evidence);
    }
}
