package dev.scoperag.launcher.eval;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.answer.AnswerStageSpec;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.engine.QueryEngine;
import dev.scoperag.core.llm.LlmSettings;
import dev.scoperag.core.route.CatalogSource;
import dev.scoperag.query.QueryJob;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.flink.configuration.Configuration;

/**
 * Runs arms with the query code in process: one {@link QueryEngine} per retrieval and reranking
 * setting, built from the corpus's chunks records, warmed up (indexes built, one untimed query), then
 * asked every question in turn.
 * Arms that differ only in their queries (hdrr, cbr, oracle-doc) share an engine. With an LLM endpoint in the
 * environment, as the query job would take it ({@code OPENAI_BASE_URL}), the engines route what the deterministic
 * router cannot place with the LLM router, as the job does.
 */
final class InProcessArms {

    private final EvalCorpus corpus;
    private final CatalogSource catalog;
    private final AnswerStageSpec answerStage;
    private final String vectorsId;
    private final PrintStream progress;
    private final LlmSettings llm = QueryJob.llmSettings(new Configuration());

    /** @param vectorsId the identity of the corpus's chunk vectors */
    InProcessArms(EvalCorpus corpus, CatalogSource catalog, AnswerStageSpec answerStage, String vectorsId, PrintStream progress) {
        this.corpus = corpus;
        this.vectorsId = vectorsId;
        this.catalog = catalog;
        this.answerStage = answerStage;
        this.progress = progress;
    }

    /** Each arm's answers, in question order. */
    Map<Arm, List<AnswerEvent>> run(List<Arm> arms, List<EvalQuestion> questions, int k) {
        Map<Arm, List<AnswerEvent>> answers = new LinkedHashMap<>();
        for (Map.Entry<Arm.Setup, List<Arm>> e : Arm.bySetup(arms).entrySet()) {
            long start = System.nanoTime();
            try (QueryEngine engine = new QueryEngine(catalog, EmbedderSpec.bundled().open(), vectorsId, e.getKey().retrieval(),
                    answerStage.withRerank(e.getKey().rerank()).withContext(e.getKey().context())
                            .withWindows(e.getKey().windows()).withNumericRoute(e.getKey().numericRoute()).open(), llm)) {
                corpus.records().forEach(engine::apply);
                engine.warmUp();
                if (!questions.isEmpty()) {
                    // One untimed query, so the first timed one does not pay for class loading and JIT compilation.
                    EvalQuestion first = questions.get(0);
                    Arm arm = e.getValue().get(0);
                    engine.ask(arm.query("warm-up", first, corpus.document(first.docName()).orElseThrow(), k));
                }
                progress.printf(Locale.ROOT, "  engine for %s ready in %.1f s%n", e.getValue().stream().map(Arm::id).toList(),
                        (System.nanoTime() - start) / 1e9);
                for (Arm arm : e.getValue()) {
                    answers.put(arm, ask(engine, arm, questions, k));
                }
            }
        }
        return answers;
    }

    private List<AnswerEvent> ask(QueryEngine engine, Arm arm, List<EvalQuestion> questions, int k) {
        List<AnswerEvent> answers = new ArrayList<>(questions.size());
        long start = System.nanoTime();
        for (EvalQuestion question : questions) {
            EvalCorpus.Document gold = corpus.document(question.docName()).orElseThrow();
            answers.add(engine.ask(arm.query(arm.id() + "/" + question.id(), question, gold, k)));
            progress.printf(Locale.ROOT, "\r  %-14s %d/%d questions", arm.id(), answers.size(), questions.size());
            progress.flush();
        }
        progress.printf(Locale.ROOT, ", %.1f s%n", (System.nanoTime() - start) / 1e9);
        return answers;
    }
}
