package dev.scoperag.core.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Numeric questions on edgar-ixbrl filings, with answers computed from the tagged facts by a separate script: the
 * question reader and the calculator must answer every one from the filing's facts, within the rounding the reference
 * states.
 */
class IxbrlNumericQuestionsTest {

    @Test
    void everyQuestionIsAnsweredFromTheFilingsFactsWithTheReferenceFigure() throws IOException {
        Map<String, FilingFacts> filings = new HashMap<>();
        List<String> rows = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        for (JsonNode q : questions()) {
            String docName = q.get("doc_name").asText();
            IxbrlBench bench = IxbrlBench.named(docName);
            FilingFacts facts = filings.computeIfAbsent(docName, d -> new FilingFacts(d, bench.formType(), bench.fiscalYear(),
                    new InlineXbrlReader().read(bench.bytes(), null)));
            Optional<MetricQuestion> asked = MetricQuestion.read(q.get("question").asText(), bench.fiscalYear());
            String display = asked.map(a -> new FactCalculator().compute(a.metric(), a.years(), List.of(facts)))
                    .map(r -> r instanceof FactCalculator.Computed c ? c.computation().display() : "missing: "
                            + ((FactCalculator.Missing) r).describe())
                    .orElse("not read as a metric question");
            String reference = q.get("answer").asText();
            boolean agrees = sameFigure(reference, display);
            rows.add(String.format("%-9s %-70s %-18s %s", q.get("financebench_id").asText(), q.get("question").asText(), reference,
                    (agrees ? "" : "WRONG ") + display));
            if (!agrees) {
                wrong.add(q.get("financebench_id").asText() + ": " + display + " vs " + reference);
            }
        }
        System.out.println(String.join("\n", rows));
        assertEquals(List.of(), wrong);
    }

    private static List<JsonNode> questions() throws IOException {
        try (InputStream in = IxbrlNumericQuestionsTest.class.getResourceAsStream("/facts/edgar-ixbrl-numeric-questions.jsonl")) {
            List<JsonNode> questions = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    questions.add(Json.MAPPER.readTree(line));
                }
            }
            return questions;
        }
    }

    /** The first number of each, within 0.5% (the references are rounded to two decimals or to the million). */
    private static boolean sameFigure(String reference, String answer) {
        Optional<BigDecimal> a = firstNumber(reference);
        Optional<BigDecimal> b = firstNumber(answer);
        if (a.isEmpty() || b.isEmpty()) {
            return false;
        }
        BigDecimal tolerance = a.get().abs().multiply(new BigDecimal("0.005")).max(new BigDecimal("0.01"));
        return a.get().subtract(b.get()).abs().compareTo(tolerance) <= 0;
    }

    private static Optional<BigDecimal> firstNumber(String text) {
        var m = java.util.regex.Pattern.compile("-?[0-9][0-9,]*(\\.[0-9]+)?").matcher(text);
        return m.find() ? Optional.of(new BigDecimal(m.group().replace(",", ""))) : Optional.empty();
    }
}
