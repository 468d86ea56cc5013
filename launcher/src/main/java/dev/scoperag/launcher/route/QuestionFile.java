package dev.scoperag.launcher.route;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.json.Json;
import dev.scoperag.launcher.cli.CommandFailure;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Questions from a file: JSON lines with a {@code question} or {@code text} field (as FinanceBench's
 * questions-dev.jsonl), or plain text, one question per line; blank lines and {@code #} comments
 * are skipped. {@code -} reads standard input.
 */
final class QuestionFile {

    /** A question, and the id its line carried ({@code id}, {@code query_id} or {@code financebench_id}), if any. */
    record Question(String id, String text) {}

    private QuestionFile() {}

    static List<Question> read(String file) {
        List<String> lines;
        try {
            if (file.equals("-")) {
                try (InputStream in = System.in) {
                    lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
                }
            } else {
                Path path = Path.of(file);
                if (!Files.isRegularFile(path)) {
                    throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, "no questions file " + path.toAbsolutePath());
                }
                lines = Files.readAllLines(path, StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, "cannot read " + file + ": " + e.getMessage(), e);
        }
        return parse(lines, file);
    }

    static List<Question> parse(List<String> lines, String source) {
        List<Question> questions = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (!line.startsWith("{")) {
                questions.add(new Question(null, line));
                continue;
            }
            JsonNode node;
            try {
                node = Json.MAPPER.readTree(line);
            } catch (IOException e) {
                throw new CommandFailure(CommandFailure.Reason.UNSUPPORTED_INPUT, source + " line " + (i + 1) + " is not JSON: "
                        + e.getMessage().lines().findFirst().orElse(""));
            }
            String text = node.hasNonNull("question") ? node.get("question").asText() : node.path("text").asText(null);
            if (text == null || text.isBlank()) {
                throw new CommandFailure(CommandFailure.Reason.UNSUPPORTED_INPUT, source + " line " + (i + 1)
                        + " has no \"question\" or \"text\" field");
            }
            String id = firstText(node, "id", "query_id", "financebench_id");
            questions.add(new Question(id, text));
        }
        return questions;
    }

    private static String firstText(JsonNode node, String... fields) {
        for (String f : fields) {
            if (node.hasNonNull(f)) {
                return node.get(f).asText();
            }
        }
        return null;
    }
}
