package dev.scoperag.launcher.eval;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.llm.LlmClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Semaphore;

/**
 * Scores answers against the reference answer on the HDRR paper's 1-10 scale, with an LLM reporting
 * findings and this code making the verdict: the model lists the reference answer's key facts and says
 * for each whether the answer states it, states part of it, misses it or contradicts it, and counts the
 * answer's claims that conflict with the reference or do not bear on the question. It never gives a score.
 *
 * <p>The verdict: an answer that abstains or attempts nothing scores 1 without asking the model. Otherwise
 * coverage is (stated + half of partially stated) / key facts, and the score is {@code 1 + round(9 x
 * coverage)}; one point off when there are unsupported claims; at most 3 when a key fact is contradicted.
 * So 10 (perfect) needs every key fact stated and nothing wrong or beside the point, and 8 (correct)
 * needs about four fifths of the facts.
 */
final class Judge {

    /** A judged answer: its score, or the error that left it unjudged, and the model's findings. */
    record Verdict(Integer score, Map<String, Object> findings, String error) {}

    /**
     * An arm's scores: average, failure rate (score 1), correct (score at least 8) and perfect (10), over
     * the answers judged; errors are answers the model could not judge, left out of the rates.
     */
    record Summary(List<Verdict> verdicts, double average, double failureRate, double correctRate, double perfectRate, int judged,
            int errors) {

        static Summary of(List<Verdict> verdicts) {
            List<Integer> scores = verdicts.stream().map(Verdict::score).filter(s -> s != null).toList();
            int n = scores.size();
            double average = n == 0 ? 0 : scores.stream().mapToInt(Integer::intValue).average().orElse(0);
            return new Summary(verdicts, average,
                    n == 0 ? 0 : scores.stream().filter(s -> s == 1).count() / (double) n,
                    n == 0 ? 0 : scores.stream().filter(s -> s >= 8).count() / (double) n,
                    n == 0 ? 0 : scores.stream().filter(s -> s == 10).count() / (double) n,
                    n, verdicts.size() - n);
        }

        Map<String, Object> toJson() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("average", ArmSummary.round(average));
            json.put("failure_rate", ArmSummary.round(failureRate));
            json.put("correct_rate", ArmSummary.round(correctRate));
            json.put("perfect_rate", ArmSummary.round(perfectRate));
            json.put("judged", judged);
            json.put("errors", errors);
            return json;
        }
    }

    static final String SCHEMA_NAME = "answer_findings";
    static final Map<String, Object> SCHEMA = Map.of(
            "type", "object",
            "properties", Map.of(
                    "attempts_answer", Map.of("type", "boolean"),
                    "key_facts", Map.of("type", "array", "items", Map.of(
                            "type", "object",
                            "properties", Map.of(
                                    "fact", Map.of("type", "string"),
                                    "verdict", Map.of("type", "string", "enum", List.of("stated", "partially_stated", "missing", "contradicted"))),
                            "required", List.of("fact", "verdict"),
                            "additionalProperties", false)),
                    "unsupported_claims", Map.of("type", "integer"),
                    "notes", Map.of("type", "string")),
            "required", List.of("attempts_answer", "key_facts", "unsupported_claims", "notes"),
            "additionalProperties", false);

    static final String SYSTEM = """
            You check an answer to a question about a company's SEC filings against a reference answer. Do not score it.
            Report findings only:
            - key_facts: the facts a correct answer must contain, taken from the reference answer (the figures, the
              conclusion, the items named), one to six of them; for each, verdict "stated" if the answer states it
              (a figure within 1%, or the same figure in other units or rounding, counts), "partially_stated" if it
              states part of it or states it imprecisely, "missing" if it does not state it, "contradicted" if it states
              something incompatible with it.
            - unsupported_claims: how many claims of the answer conflict with the reference answer or do not bear on the
              question.
            - attempts_answer: false if the answer declines, says it cannot answer, or says nothing about the question.
            - notes: one sentence on what decided the findings.""";

    private static final int IN_FLIGHT = 4;

    private final LlmClient client;

    /** Uses {@code client} without owning it. */
    Judge(LlmClient client) {
        this.client = client;
    }

    /** Judges each answer (null for an abstention) to its question, in order. */
    Summary judge(List<EvalQuestion> questions, List<String> answers) {
        Semaphore slots = new Semaphore(IN_FLIGHT);
        List<CompletableFuture<Verdict>> pending = new ArrayList<>();
        for (int i = 0; i < questions.size(); i++) {
            EvalQuestion question = questions.get(i);
            String answer = answers.get(i);
            if (answer == null || answer.isBlank()) {
                pending.add(CompletableFuture.completedFuture(new Verdict(1, Map.of("attempts_answer", false), null)));
                continue;
            }
            slots.acquireUninterruptibly();
            pending.add(client.chatJson(SYSTEM, prompt(question, answer), SCHEMA_NAME, SCHEMA)
                    .handle((reply, error) -> {
                        slots.release();
                        if (error != null) {
                            Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                            return new Verdict(null, Map.of(), cause.getClass().getSimpleName() + ": " + cause.getMessage());
                        }
                        return verdict(reply);
                    }));
        }
        return Summary.of(pending.stream().map(CompletableFuture::join).toList());
    }

    static String prompt(EvalQuestion question, String answer) {
        return "Question:\n" + question.question() + "\n\nReference answer:\n" + question.answer()
                + (question.justification() == null || question.justification().isBlank() ? "" : "\n(" + question.justification() + ")")
                + "\n\nAnswer to check:\n" + answer;
    }

    /** The verdict on the model's findings, or an error when they do not follow the schema. */
    static Verdict verdict(String reply) {
        JsonNode findings;
        try {
            findings = Json.MAPPER.readTree(reply);
        } catch (IOException e) {
            return new Verdict(null, Map.of(), "findings are not JSON: " + e.getMessage());
        }
        JsonNode facts = findings.path("key_facts");
        if (!findings.path("attempts_answer").isBoolean() || !facts.isArray() || !findings.path("unsupported_claims").canConvertToInt()) {
            return new Verdict(null, Map.of(), "findings do not follow the schema: " + reply);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> asMap = Json.MAPPER.convertValue(findings, Map.class);
        if (!findings.get("attempts_answer").asBoolean() || facts.isEmpty()) {
            return new Verdict(1, asMap, null);
        }
        double covered = 0;
        boolean contradicted = false;
        for (JsonNode fact : facts) {
            switch (fact.path("verdict").asText()) {
                case "stated" -> covered += 1;
                case "partially_stated" -> covered += 0.5;
                case "contradicted" -> contradicted = true;
                default -> { }
            }
        }
        return new Verdict(score(covered / facts.size(), findings.get("unsupported_claims").asInt(), contradicted), asMap, null);
    }

    static int score(double coverage, int unsupportedClaims, boolean contradicted) {
        int score = 1 + (int) Math.round(9 * coverage);
        if (unsupportedClaims > 0) {
            score -= 1;
        }
        if (contradicted) {
            score = Math.min(score, 3);
        }
        return Math.max(1, Math.min(10, score));
    }
}
