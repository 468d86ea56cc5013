package dev.scoperag.launcher.eval;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.answer.AnswerStageSpec;
import dev.scoperag.core.embed.CachingEmbedder;
import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.embed.EmbeddingCache;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.ingest.Backfill;
import dev.scoperag.core.ingest.ChunkVectors;
import dev.scoperag.core.llm.LlmClient;
import dev.scoperag.core.llm.LlmSettings;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.route.CatalogSource;
import dev.scoperag.launcher.cli.CommandLines;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code ./scoperag eval}: ingests a corpus with the ingest code (embeddings cached on disk by model and
 * text hash), runs every question through each arm with the query code, and writes the metrics, charts and
 * per-question comparisons to an output directory.
 */
public final class Eval {

    /** The command line of an evaluation. */
    record Options(Path corpus, Path questions, Path out, List<Arm> arms, int k, Integer limit, Path cacheDir, Path issuers, boolean judge,
            String judgeModel, boolean endToEnd, ChunkVectors.ChunkVector chunkVector) {

        static Options parse(String[] args) {
            return CommandLines.parse(new EvalCommand(), args).options();
        }

        static Path defaultIssuers() {
            Path issuers = Path.of(System.getProperty("scoperag.bench.dir", "../shared/bench"), "issuers");
            return Files.isDirectory(issuers) ? issuers : null;
        }

        /** The directory holding one embedding cache per model id. */
        Path cacheRoot() {
            return cacheDir != null ? cacheDir : EmbeddingCache.defaultDirectory(EmbedderSpec.bundled().modelId()).getParent();
        }

        CatalogSource catalogSource() {
            if (issuers == null) {
                return CatalogSource.none();
            }
            Path directory = issuers.resolve("company_tickers.json");
            Path changes = issuers.resolve("ticker_changes.csv");
            return new CatalogSource(Files.exists(directory) ? directory.toString() : null, Files.exists(changes) ? changes.toString() : null);
        }
    }

    private Eval() {}

    static void evaluate(Options options, LlmSettings judgeSettings, String commandLine, PrintStream out) throws Exception {
        if (!options.endToEnd()) {
            evaluate(options, judgeSettings, commandLine, out, null);
            return;
        }
        try (EndToEndArms jobs = EndToEndArms.start(options.corpus(), options.cacheRoot(), options.chunkVector(), out)) {
            evaluate(options, judgeSettings, commandLine, out, jobs);
        }
    }

    private static void evaluate(Options options, LlmSettings judgeSettings, String commandLine, PrintStream out, EndToEndArms jobs)
            throws Exception {
        Map<String, Double> seconds = new LinkedHashMap<>();
        long start = System.nanoTime();
        List<EvalQuestion> allQuestions = EvalQuestion.read(options.questions());
        EndToEndArms.Ingested ingested = jobs == null
                ? ingestInProcess(options, allQuestions, out)
                : jobs.ingest();
        EvalCorpus corpus = ingested.corpus();
        seconds.put("ingest", elapsed(start));
        out.printf(Locale.ROOT, "corpus: %d documents, %d chunks, %d rejected, %.0f s%n", corpus.documentCount(), corpus.chunkCount(),
                ingested.rejected().size(), seconds.get("ingest"));
        ingested.rejected().forEach(r -> out.println("  rejected " + r));

        List<EvalQuestion> questions = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (EvalQuestion q : allQuestions) {
            if (options.limit() != null && questions.size() + skipped.size() >= options.limit()) {
                break;
            }
            if (corpus.document(q.docName()).isPresent()) {
                questions.add(q);
            } else {
                skipped.add(q.id());
                out.println("  skipping " + q.id() + ": its document " + q.docName() + " is not in the corpus");
            }
        }

        long armsStart = System.nanoTime();
        Map<Arm, List<AnswerEvent>> answers = jobs == null
                ? new InProcessArms(corpus, options.catalogSource(), new AnswerStageSpec(EmbedderSpec.bundled(), null, null),
                        ChunkVectors.id(EmbedderSpec.bundled().modelId(), options.chunkVector()), out)
                        .run(options.arms(), questions, options.k())
                : jobs.run(options.arms(), questions, options.k(), corpus, options.catalogSource());
        seconds.put("arms", elapsed(armsStart));

        LlmClient client = judgeSettings == null ? null : LlmClient.fromEnvironment(judgeSettings);
        try {
            Judge judge = client == null ? null : new Judge(client);
            List<EvalReport.ArmResult> results = new ArrayList<>();
            for (Arm arm : options.arms()) {
                List<QuestionScore> scores = new ArrayList<>();
                List<AnswerEvent> armAnswers = answers.get(arm);
                for (int i = 0; i < questions.size(); i++) {
                    scores.add(QuestionScore.of(questions.get(i), corpus, arm.routes(), armAnswers.get(i), options.k()));
                }
                Judge.Summary judged = null;
                if (judge != null) {
                    long judgeStart = System.nanoTime();
                    judged = judge.judge(questions, armAnswers.stream().map(AnswerEvent::answer).toList());
                    seconds.merge("judge", elapsed(judgeStart), Double::sum);
                }
                results.add(new EvalReport.ArmResult(arm, scores, ArmSummary.of(arm.id(), scores, options.k()), judged));
            }
            seconds.put("total", elapsed(start));
            EvalReport report = new EvalReport(options.k(), questions,
                    new EvalReport.Run("scoperag eval " + commandLine, options.corpus().toString(), jobs == null ? "in process" : "end to end",
                            corpus.documentCount(), corpus.chunkCount(), ingested.rejected(), skipped, seconds),
                    results);
            report.write(options.out());
            out.println();
            out.print(report.markdown().lines().filter(l -> l.startsWith("|")).reduce("", (a, b) -> a + b + "\n"));
            out.println("\nreport: " + options.out().resolve("report.md"));
        } finally {
            if (client != null) {
                client.close();
            }
        }
    }

    /** Ingests with the ingest code in this process, embeddings through the on-disk cache. */
    private static EndToEndArms.Ingested ingestInProcess(Options options, List<EvalQuestion> questions, PrintStream out) {
        List<FilingEvent> events = Backfill.list(options.corpus());
        Embedder model = EmbedderSpec.bundled().open();
        EmbeddingCache cache = EmbeddingCache.open(options.cacheRoot().resolve(model.modelId()), model.modelId());
        CorpusLoader.Loaded loaded;
        try (Embedder embedder = new CachingEmbedder(model, cache)) {
            // The questions' documents first: an interrupted first run leaves them embedded.
            Set<String> questionDocuments = questions.stream().map(EvalQuestion::docName).collect(Collectors.toSet());
            loaded = new CorpusLoader(embedder, options.chunkVector(), options.corpus(), out).load(options.corpus(), questionDocuments);
        }
        List<ChunkTopicRecord> records = new ArrayList<>();
        loaded.documents().forEach(d -> records.addAll(d.records()));
        return new EndToEndArms.Ingested(EvalCorpus.of(events, records), loaded.rejected());
    }

    private static double elapsed(long startNanos) {
        return Math.round((System.nanoTime() - startNanos) / 1e8) / 10.0;
    }
}
