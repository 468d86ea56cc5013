package dev.scoperag.launcher.eval;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.TestFiles;
import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.extract.Extractor;
import dev.scoperag.core.fact.Fact;
import dev.scoperag.core.fact.FactCalculator;
import dev.scoperag.core.fact.FactReaders;
import dev.scoperag.core.fact.FilingFacts;
import dev.scoperag.core.fact.MetricQuestion;
import dev.scoperag.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

/**
 * Command: the numeric route alone on a questions file, without retrieval or any model: each question's document is
 * read as ingest reads it (text, then facts by {@link FactReaders#standard()}), the question as a metric question, and
 * the calculator's figure scored with eval's rule (the reference answer's headline figure within 1%). Prints, per
 * question type, how many questions the route took and how many of those it got right, and every question it took.
 *
 * <p>Usage: {@code NumericRouteOnDevQuestions [corpus.jsonl] [questions.jsonl]}; by default the FinanceBench dev set
 * of the bench directory.
 */
public final class NumericRouteOnDevQuestions {

    private NumericRouteOnDevQuestions() {}

    public static void main(String[] args) throws Exception {
        Path financebench = TestFiles.benchDirectory().resolve("financebench");
        Path corpus = args.length > 0 ? Path.of(args[0]) : financebench.resolve("corpus.jsonl");
        Path questions = args.length > 1 ? Path.of(args[1]) : financebench.resolve("questions-dev.jsonl");
        Map<String, JsonNode> documents = new HashMap<>();
        for (JsonNode d : read(corpus)) {
            documents.put(d.get("doc_name").asText(), d);
        }
        Map<String, FilingFacts> facts = new HashMap<>();
        Map<String, int[]> byType = new TreeMap<>();  // questions, taken, right
        List<String> lines = new ArrayList<>();
        for (JsonNode q : read(questions)) {
            String type = q.path("question_type").asText();
            int[] tally = byType.computeIfAbsent(type, t -> new int[3]);
            tally[0]++;
            JsonNode doc = documents.get(q.get("doc_name").asText());
            if (doc == null) {
                continue;
            }
            int fiscalYear = doc.get("fiscal_year").asInt();
            Optional<MetricQuestion> asked = MetricQuestion.read(q.get("question").asText(), fiscalYear);
            if (asked.isEmpty()) {
                continue;
            }
            FilingFacts filing = facts.computeIfAbsent(doc.get("doc_name").asText(), n -> factsOf(corpus.getParent(), doc));
            FactCalculator.Result result = new FactCalculator().compute(asked.get().metric(), asked.get().years(), List.of(filing));
            if (!(result instanceof FactCalculator.Computed computed)) {
                lines.add(String.format("  declined %-24s %s: %s", q.get("financebench_id").asText(), asked.get().metric(),
                        ((FactCalculator.Missing) result).describe()));
                continue;
            }
            tally[1]++;
            String answer = computed.computation().display();
            Optional<NumberMentions.Figure> reference = NumberMentions.headline(q.get("answer").asText());
            boolean right = reference.isPresent() && NumberMentions.stated(reference.get(), answer).isPresent();
            tally[2] += right ? 1 : 0;
            lines.add(String.format("  %-8s %-24s %-60.60s | ref %-14.14s | %s", right ? "right" : "WRONG", q.get("financebench_id").asText(),
                    q.get("question").asText(), reference.map(NumberMentions.Figure::text).orElse("(no figure)"),
                    answer.lines().findFirst().orElse("")));
        }
        System.out.println("numeric route alone (no retrieval, no model): type: questions, taken, right among taken");
        byType.forEach((type, t) -> System.out.printf("  %-20s %3d %3d %3d%n", type, t[0], t[1], t[2]));
        lines.forEach(System.out::println);
    }

    private static FilingFacts factsOf(Path root, JsonNode doc) {
        Path file = root.resolve(doc.get("file").asText());
        try {
            byte[] bytes = Files.readAllBytes(file);
            if (file.toString().endsWith(".gz")) {
                try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
                    bytes = in.readAllBytes();
                }
            }
            ExtractedText text = new Extractor().extract(bytes, doc.path("content_type").asText(null));
            List<Fact> facts = FactReaders.standard().read(bytes, text);
            return new FilingFacts(doc.get("doc_name").asText(), doc.get("form_type").asText(), doc.get("fiscal_year").asInt(), facts);
        } catch (Exception e) {
            System.out.println("  cannot read " + file + ": " + e);
            return new FilingFacts(doc.get("doc_name").asText(), doc.get("form_type").asText(), doc.get("fiscal_year").asInt(), List.of());
        }
    }

    private static List<JsonNode> read(Path jsonl) throws IOException {
        List<JsonNode> rows = new ArrayList<>();
        for (String line : Files.readAllLines(jsonl)) {
            if (!line.isBlank()) {
                rows.add(Json.MAPPER.readTree(line));
            }
        }
        return rows;
    }
}
