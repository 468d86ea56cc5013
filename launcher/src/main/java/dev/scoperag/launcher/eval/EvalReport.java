package dev.scoperag.launcher.eval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes an evaluation's results: {@code report.json} (the metrics per arm), {@code report.md} (the
 * same as tables, with the charts), {@code metrics.png} and {@code latency.png}, and the per-question
 * files: {@code per-question.jsonl} (every arm's score on every question) and {@code per-question.md}
 * (the questions each arm gains and loses against hdrr).
 */
final class EvalReport {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** One arm's results. */
    record ArmResult(Arm arm, List<QuestionScore> scores, ArmSummary summary, Judge.Summary judge) {}

    /** What was run, on what, and how long it took. */
    record Run(String command, String corpus, String mode, int documents, int chunks, List<String> rejected, List<String> skippedQuestions,
            Map<String, Double> seconds) {}

    private final int k;
    private final List<EvalQuestion> questions;
    private final Run run;
    private final List<ArmResult> arms;

    EvalReport(int k, List<EvalQuestion> questions, Run run, List<ArmResult> arms) {
        this.k = k;
        this.questions = List.copyOf(questions);
        this.run = run;
        this.arms = List.copyOf(arms);
    }

    void write(Path dir) {
        try {
            Files.createDirectories(dir);
            JSON.writeValue(dir.resolve("report.json").toFile(), json());
            writeCharts(dir);
            Files.writeString(dir.resolve("report.md"), markdown());
            Files.writeString(dir.resolve("per-question.jsonl"), perQuestionJsonl());
            Files.writeString(dir.resolve("per-question.md"), gainsAndLosses());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report to " + dir, e);
        }
    }

    Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("questions", questions.size());
        json.put("k", k);
        Map<String, Object> byArm = new LinkedHashMap<>();
        for (ArmResult result : arms) {
            Map<String, Object> metrics = result.summary().toJson();
            if (result.judge() != null) {
                metrics.put("judge", result.judge().toJson());
            }
            metrics.put("page_hits_vs_hdrr", gainsAndLossesCounts(result));
            metrics.put("numeric", NumericBreakdown.of(questions, result.scores()).toJson());
            byArm.put(result.arm().id(), metrics);
        }
        json.put("arms", byArm);
        Map<String, Object> corpus = new LinkedHashMap<>();
        corpus.put("manifest", run.corpus());
        corpus.put("documents", run.documents());
        corpus.put("chunks", run.chunks());
        corpus.put("rejected", run.rejected());
        json.put("corpus", corpus);
        json.put("skipped_questions", run.skippedQuestions());
        json.put("mode", run.mode());
        json.put("seconds", run.seconds());
        json.put("command", run.command());
        return json;
    }

    String markdown() {
        StringBuilder md = new StringBuilder("# ScopeRAG evaluation\n\n");
        md.append("`").append(run.command()).append("`\n\n");
        md.append(String.format(Locale.ROOT, "%d questions, %s, context of the first k = %d chunks of each answer; corpus %s: %d documents, "
                + "%d chunks%s.%n%n", questions.size(), run.mode(), k, run.corpus(), run.documents(), run.chunks(),
                run.rejected().isEmpty() ? "" : ", " + run.rejected().size() + " rejected"));
        if (!run.skippedQuestions().isEmpty()) {
            md.append("Skipped (document not in the corpus): ").append(String.join(", ", run.skippedQuestions())).append("\n\n");
        }
        md.append("| arm | routing | doc recall | page recall | evidence recall | wrong issuer | MRR | numeric | p50 ms | p95 ms "
                + "| context | short |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (ArmResult r : arms) {
            ArmSummary s = r.summary();
            md.append("| ").append(r.arm().id())
                    .append(" | ").append(cell(s.routingAccuracy()))
                    .append(" | ").append(cell(s.docRecall()))
                    .append(" | ").append(cell(s.pageRecall()))
                    .append(" | ").append(cell(s.evidenceRecall()))
                    .append(" | ").append(cell(s.wrongIssuerShare()))
                    .append(" | ").append(cell(s.mrr()))
                    .append(" | ").append(cell(s.numericMatch())).append(" (n=").append(s.numericQuestions()).append(")")
                    .append(" | ").append(ms(s.latencyMs().get("total").p50()))
                    .append(" | ").append(ms(s.latencyMs().get("total").p95()))
                    .append(" | ").append(String.format(Locale.ROOT, "%.2f", s.meanContextSize()))
                    .append(" | ").append(s.shortContexts())
                    .append(" |\n");
        }
        md.append('\n').append(numericTables());
        md.append("\n![metrics](metrics.png)\n\n");
        md.append("Latency per stage, p50 / p95 ms:\n\n| arm | ");
        List<String> stages = stagesPresent();
        md.append(String.join(" | ", stages)).append(" |\n|---|").append("---|".repeat(stages.size())).append('\n');
        for (ArmResult r : arms) {
            md.append("| ").append(r.arm().id());
            for (String stage : stages) {
                ArmSummary.Percentiles p = r.summary().latencyMs().get(stage);
                md.append(" | ").append(p == null ? "" : ms(p.p50()) + " / " + ms(p.p95()));
            }
            md.append(" |\n");
        }
        md.append("\n![latency](latency.png)\n\n");
        if (arms.stream().anyMatch(r -> r.judge() != null)) {
            md.append("LLM judge (1-10 against the reference answer):\n\n| arm | average | failure (=1) | correct (>=8) | perfect (=10) | judged "
                    + "| errors |\n|---|---|---|---|---|---|---|\n");
            for (ArmResult r : arms) {
                if (r.judge() != null) {
                    Judge.Summary j = r.judge();
                    md.append(String.format(Locale.ROOT, "| %s | %.2f | %.3f | %.3f | %.3f | %d | %d |%n", r.arm().id(), j.average(),
                            j.failureRate(), j.correctRate(), j.perfectRate(), j.judged(), j.errors()));
                }
            }
            md.append('\n');
        }
        if (hdrr() != null) {
            md.append("Page hits against hdrr (a question an arm hits and hdrr misses is a gain; see per-question.md):\n\n"
                    + "| arm | gains | losses |\n|---|---|---|\n");
            for (ArmResult r : arms) {
                if (r.arm() != Arm.HDRR) {
                    Map<String, Integer> counts = gainsAndLossesCounts(r);
                    md.append("| ").append(r.arm().id()).append(" | ").append(counts.get("gains")).append(" | ")
                            .append(counts.get("losses")).append(" |\n");
                }
            }
            md.append('\n');
        }
        md.append("Run time, seconds: ");
        List<String> parts = new ArrayList<>();
        run.seconds().forEach((what, s) -> parts.add(String.format(Locale.ROOT, "%s %.1f", what, s)));
        md.append(String.join(", ", parts)).append("\n\n");
        md.append(DEFINITIONS);
        return md.toString();
    }

    /** Numeric match per question type and arm, and what the numeric route took and got right. */
    private String numericTables() {
        Map<String, Map<String, NumericBreakdown.Count>> byType = new java.util.TreeMap<>();
        StringBuilder route = new StringBuilder("Numeric route (answers computed from facts): taken / with a reference figure / "
                + "right\n\n| arm | taken | scored | right |\n|---|---|---|---|\n");
        for (ArmResult r : arms) {
            NumericBreakdown b = NumericBreakdown.of(questions, r.scores());
            b.byType().forEach((type, c) -> byType.computeIfAbsent(type, t -> new LinkedHashMap<>()).put(r.arm().id(), c));
            route.append("| ").append(r.arm().id()).append(" | ").append(b.routeTaken()).append(" | ").append(b.routeScored())
                    .append(" | ").append(b.routeRight()).append(" |\n");
        }
        StringBuilder md = new StringBuilder("Numeric match by question type (n = questions whose reference states a figure):\n\n| type |");
        arms.forEach(r -> md.append(' ').append(r.arm().id()).append(" |"));
        md.append("\n|---|").append("---|".repeat(arms.size())).append('\n');
        byType.forEach((type, perArm) -> {
            md.append("| ").append(type).append(" |");
            for (ArmResult r : arms) {
                NumericBreakdown.Count c = perArm.get(r.arm().id());
                md.append(' ').append(c == null ? "" : cell(c.share()) + " (n=" + c.questions() + ")").append(" |");
            }
            md.append('\n');
        });
        return md.append('\n').append(route).toString();
    }

    private static final String DEFINITIONS = """
            ## How the figures are computed

            - Every arm answers through the query code (`QueryEngine`), and its context is the answer record's
              `retrieval.context`: the candidates after that arm's reranking, adaptive cutoff and quotas, best first. The
              first k are scored. An answer whose context is shorter than k (the cutoff kept fewer chunks, or the query
              abstained) is scored on what it has: a short context can only lose recall, never gain it; `context` is the
              mean context size and `short` counts the answers with fewer than k chunks.
            - **routing**: the gold document's (ticker, fiscal year) shard is among the routed shards; n/a for cbr, which
              does not use the route.
            - **doc recall**: a context chunk is from the gold document.
            - **page recall**: a context chunk is gold evidence: from the evidence's document and, for a PDF, its page span
              (0-based PDF pages, as FinanceBench counts them) includes an evidence page; for a document without page breaks
              (EDGAR text), it holds at least half of the evidence text's tokens.
            - **evidence recall**: for each evidence item, the best share of its tokens (words and numbers, repeats counted)
              one context chunk holds, from any document; averaged over the question's items, then over questions.
            - **wrong issuer**: context chunks whose company (by CIK) differs from the gold document's, over all context
              chunks of all questions.
            - **MRR**: 1 / rank of the first gold-evidence chunk (as for page recall), 0 when none is in context.
            - **numeric**: over the questions whose reference answer states a figure, the answer states its first figure,
              within 1%, sign aside; figures with scale words compare by value (1.5 billion = 1,500 million), a figure
              without one may also differ by a factor of 1,000 (tables give units in headers), a percentage also matches its
              fraction. Years and numbers glued to letters (FY2022, 10-K) are not figures.
            - **latency**: the answer record's timings per question (p50 and p95 by nearest rank), engines warmed up first
              (every shard index and the corpus-wide index built), so a first query does not pay for an index build.
            """;

    private String perQuestionJsonl() throws IOException {
        StringBuilder out = new StringBuilder();
        for (ArmResult r : arms) {
            for (int i = 0; i < r.scores().size(); i++) {
                QuestionScore s = r.scores().get(i);
                EvalQuestion q = questions.get(i);
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("question_id", s.questionId());
                line.put("arm", r.arm().id());
                line.put("doc_name", q.docName());
                line.put("evidence_pages", q.evidence().stream().map(EvalQuestion.Evidence::page).toList());
                line.put("status", s.status());
                line.put("routed", s.routed());
                line.put("routed_shards", s.routedShards());
                line.put("doc_hit", s.docHit());
                line.put("page_hit", s.pageHit());
                line.put("first_hit_rank", s.firstHitRank());
                line.put("evidence_recall", ArmSummary.round(s.evidenceRecall()));
                line.put("wrong_issuer", s.wrongIssuer());
                line.put("context", s.context());
                line.put("numeric_match", s.numericMatch());
                line.put("reference_figure", s.referenceFigure());
                line.put("stated_figure", s.statedFigure());
                line.put("timings_ms", s.timings());
                if (r.judge() != null) {
                    Judge.Verdict v = r.judge().verdicts().get(i);
                    line.put("judge_score", v.score());
                    line.put("judge_findings", v.findings());
                    if (v.error() != null) {
                        line.put("judge_error", v.error());
                    }
                }
                line.put("answer", s.answer());
                out.append(JSON.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(line)).append('\n');
            }
        }
        return out.toString();
    }

    private String gainsAndLosses() {
        ArmResult hdrr = hdrr();
        StringBuilder md = new StringBuilder("# Page hits against hdrr, question by question\n\n");
        if (hdrr == null) {
            return md.append("hdrr was not run: nothing to compare against.\n").toString();
        }
        md.append("A gain: the arm has a gold-evidence chunk in its first ").append(k)
                .append(" context chunks and hdrr has none; a loss: the reverse. Context lists name each chunk's document and "
                        + "pages; `*` marks gold evidence.\n\n");
        for (ArmResult r : arms) {
            if (r.arm() == Arm.HDRR) {
                continue;
            }
            List<Integer> gains = new ArrayList<>();
            List<Integer> losses = new ArrayList<>();
            for (int i = 0; i < questions.size(); i++) {
                boolean armHit = r.scores().get(i).pageHit();
                boolean hdrrHit = hdrr.scores().get(i).pageHit();
                if (armHit && !hdrrHit) {
                    gains.add(i);
                } else if (!armHit && hdrrHit) {
                    losses.add(i);
                }
            }
            md.append("## ").append(r.arm().id()).append(" vs hdrr: ").append(gains.size()).append(" gains, ")
                    .append(losses.size()).append(" losses\n\n");
            appendQuestions(md, "Gains", gains, r, hdrr);
            appendQuestions(md, "Losses", losses, r, hdrr);
        }
        return md.toString();
    }

    private void appendQuestions(StringBuilder md, String heading, List<Integer> indexes, ArmResult arm, ArmResult hdrr) {
        if (indexes.isEmpty()) {
            return;
        }
        md.append("### ").append(heading).append("\n\n");
        for (int i : indexes) {
            EvalQuestion q = questions.get(i);
            md.append("- **").append(q.id()).append("** (").append(q.docName()).append(", pages ")
                    .append(q.evidence().stream().map(e -> Integer.toString(e.page())).toList()).append("): ")
                    .append(abbreviate(q.question(), 160)).append('\n');
            md.append("  - ").append(arm.arm().id()).append(": ").append(contextLine(arm.scores().get(i))).append('\n');
            md.append("  - hdrr: ").append(contextLine(hdrr.scores().get(i))).append('\n');
        }
        md.append('\n');
    }

    private static String contextLine(QuestionScore s) {
        List<String> chunks = new ArrayList<>();
        for (int rank = 1; rank <= s.context().size(); rank++) {
            chunks.add(s.context().get(rank - 1) + (rank == s.firstHitRank() ? " *" : ""));
        }
        String routed = s.routed() == null ? "" : " (routed to " + s.routedShards() + ")";
        return (chunks.isEmpty() ? "no context, " + s.status() : String.join("; ", chunks)) + routed;
    }

    private Map<String, Integer> gainsAndLossesCounts(ArmResult r) {
        ArmResult hdrr = hdrr();
        int gains = 0;
        int losses = 0;
        if (hdrr != null) {
            for (int i = 0; i < questions.size(); i++) {
                boolean armHit = r.scores().get(i).pageHit();
                boolean hdrrHit = hdrr.scores().get(i).pageHit();
                gains += armHit && !hdrrHit ? 1 : 0;
                losses += !armHit && hdrrHit ? 1 : 0;
            }
        }
        return Map.of("gains", gains, "losses", losses);
    }

    private void writeCharts(Path dir) {
        List<String> names = arms.stream().map(r -> r.arm().id()).toList();
        List<String> metrics = List.copyOf(arms.get(0).summary().headlineMetrics().keySet());
        Double[][] quality = new Double[arms.size()][metrics.size()];
        for (int a = 0; a < arms.size(); a++) {
            Map<String, Double> m = arms.get(a).summary().headlineMetrics();
            for (int i = 0; i < metrics.size(); i++) {
                quality[a][i] = m.get(metrics.get(i));
            }
        }
        new BarChart("Retrieval quality by arm (k = " + k + ", " + questions.size() + " questions)", "share", metrics, names, quality)
                .write(dir.resolve("metrics.png"), 1.0);
        List<String> stages = stagesPresent();
        List<String> categories = new ArrayList<>();
        stages.forEach(s -> categories.add(s + " p50"));
        categories.add("total p95");
        Double[][] latency = new Double[arms.size()][categories.size()];
        for (int a = 0; a < arms.size(); a++) {
            Map<String, ArmSummary.Percentiles> l = arms.get(a).summary().latencyMs();
            for (int i = 0; i < stages.size(); i++) {
                ArmSummary.Percentiles p = l.get(stages.get(i));
                latency[a][i] = p == null ? null : p.p50();
            }
            latency[a][stages.size()] = l.get("total").p95();
        }
        new BarChart("Latency per question by arm", "ms", categories, names, latency).write(dir.resolve("latency.png"), 0);
    }

    private List<String> stagesPresent() {
        List<String> stages = new ArrayList<>();
        for (String stage : ArmSummary.STAGES) {
            if (arms.stream().anyMatch(r -> r.summary().latencyMs().containsKey(stage))) {
                stages.add(stage);
            }
        }
        stages.add("total");
        return stages;
    }

    private ArmResult hdrr() {
        return arms.stream().filter(r -> r.arm() == Arm.HDRR).findFirst().orElse(null);
    }

    private static String cell(Double value) {
        return value == null ? "n/a" : String.format(Locale.ROOT, "%.3f", value);
    }

    private static String ms(double value) {
        return String.format(Locale.ROOT, "%.0f", value);
    }

    private static String abbreviate(String text, int max) {
        String flat = text.replaceAll("\\s+", " ").trim();
        return flat.length() <= max ? flat : flat.substring(0, max - 1) + "…";
    }
}
