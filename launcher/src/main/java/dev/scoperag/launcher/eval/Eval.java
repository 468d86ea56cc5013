package dev.scoperag.launcher.eval;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.answer.AnswerStageSpec;
import dev.scoperag.core.embed.CachingEmbedder;
import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.embed.EmbeddingCache;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.ingest.Backfill;
import dev.scoperag.core.llm.LlmClient;
import dev.scoperag.core.llm.LlmSettings;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.route.CatalogSource;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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

    static final String USAGE = """
            usage: scoperag eval --corpus FILE|DIR --questions FILE --out DIR [options]
              --arms A,B,...      arms to run (default all): %s
              --k N               context chunks scored per answer (default 5)
              --limit N           only the first N questions
              --cache-dir DIR     embedding cache root (default ~/.cache/scoperag/embeddings); one process at a time
              --issuers DIR|none  company_tickers.json and ticker_changes.csv for the router (default: the bench's issuers/)
              --judge             also score answers 1-10 with the LLM at OPENAI_BASE_URL (key from OPENAI_API_KEY or the file OPENAI_API_KEY_FILE names)
              --judge-model NAME  model for --judge (default gpt-4.1)
              --end-to-end        run the ingest job and the query jobs on the embedded broker instead of in process
            """;

    /** The command line of an evaluation. */
    record Options(Path corpus, Path questions, Path out, List<Arm> arms, int k, Integer limit, Path cacheDir, Path issuers, boolean judge,
            String judgeModel, boolean endToEnd) {

        static Options parse(String[] args) {
            Path corpus = null;
            Path questions = null;
            Path out = null;
            List<Arm> arms = List.of(Arm.values());
            int k = 5;
            Integer limit = null;
            Path cacheDir = null;
            Path issuers = defaultIssuers();
            boolean judge = false;
            String judgeModel = "gpt-4.1";
            boolean endToEnd = false;
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                if (arg.equals("--judge") || arg.equals("--end-to-end")) {
                    judge |= arg.equals("--judge");
                    endToEnd |= arg.equals("--end-to-end");
                    continue;
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(arg + " needs a value");
                }
                String value = args[++i];
                switch (arg) {
                    case "--corpus" -> corpus = Path.of(value);
                    case "--questions" -> questions = Path.of(value);
                    case "--out" -> out = Path.of(value);
                    case "--arms" -> arms = List.of(value.split(",")).stream().map(Arm::byId).distinct().toList();
                    case "--k" -> k = Integer.parseInt(value);
                    case "--limit" -> limit = Integer.parseInt(value);
                    case "--cache-dir" -> cacheDir = Path.of(value);
                    case "--issuers" -> issuers = value.equals("none") ? null : Path.of(value);
                    case "--judge-model" -> judgeModel = value;
                    default -> throw new IllegalArgumentException("unknown option " + arg);
                }
            }
            if (corpus == null || !Files.exists(corpus)) {
                throw new IllegalArgumentException("--corpus must name a manifest or directory that exists");
            }
            if (questions == null || !Files.isRegularFile(questions)) {
                throw new IllegalArgumentException("--questions must name a questions.jsonl that exists");
            }
            if (out == null) {
                throw new IllegalArgumentException("--out is required");
            }
            if (k < 1) {
                throw new IllegalArgumentException("--k must be at least 1");
            }
            return new Options(corpus, questions, out, arms, k, limit, cacheDir, issuers, judge, judgeModel, endToEnd);
        }

        private static Path defaultIssuers() {
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

    /** The command's usage text, for {@code --help}. */
    public static String usage() {
        return String.format(USAGE, String.join(",", Arm.ids()));
    }

    public static int run(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.print(usage());
            return 2;
        }
        LlmSettings judgeSettings = null;
        if (options.judge()) {
            judgeSettings = LlmSettings.fromEnvironment(options.judgeModel(), Duration.ofSeconds(60)).orElse(null);
            if (judgeSettings == null || (System.getenv(LlmSettings.API_KEY_ENV) == null && System.getenv(LlmSettings.API_KEY_FILE_ENV) == null)) {
                System.err.println("--judge needs " + LlmSettings.BASE_URL_ENV + ", and " + LlmSettings.API_KEY_ENV + " or "
                        + LlmSettings.API_KEY_FILE_ENV + " (a file holding the key), in the environment");
                return 2;
            }
        }
        evaluate(options, judgeSettings, String.join(" ", List.of(args)), System.out);
        return 0;
    }

    static void evaluate(Options options, LlmSettings judgeSettings, String commandLine, PrintStream out) throws Exception {
        if (!options.endToEnd()) {
            evaluate(options, judgeSettings, commandLine, out, null);
            return;
        }
        try (EndToEndArms jobs = EndToEndArms.start(out)) {
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
                : jobs.ingest(options.corpus(), options.cacheRoot());
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
                ? new InProcessArms(corpus, options.catalogSource(), new AnswerStageSpec(EmbedderSpec.bundled(), null, null), out)
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
            loaded = new CorpusLoader(embedder, options.corpus(), out).load(options.corpus(), questionDocuments);
        }
        List<ChunkTopicRecord> records = new ArrayList<>();
        loaded.documents().forEach(d -> records.addAll(d.records()));
        return new EndToEndArms.Ingested(EvalCorpus.of(events, records), loaded.rejected());
    }

    private static double elapsed(long startNanos) {
        return Math.round((System.nanoTime() - startNanos) / 1e8) / 10.0;
    }
}
