package dev.scoperag.launcher.eval;

import dev.scoperag.core.ingest.ChunkVectors;
import dev.scoperag.core.llm.LlmSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** {@code ./scoperag eval}: the evaluation's command line; {@link Eval} runs it. */
@Command(name = "eval", description = "Evaluation: retrieval and answer quality of every arm on a question set, written to a report.")
public final class EvalCommand implements Callable<Integer> {

    @Option(names = "--corpus", paramLabel = "FILE|DIR", required = true, description = "the corpus: a corpus.jsonl manifest or a directory")
    private Path corpus;
    @Option(names = "--questions", paramLabel = "FILE", required = true, description = "the questions (questions.jsonl)") private Path questions;
    @Option(names = "--out", paramLabel = "DIR", required = true, description = "where the report goes") private Path out;
    @Option(names = "--arms", paramLabel = "ARM", split = ",", splitSynopsisLabel = ",", converter = ArmIds.class, completionCandidates = ArmIds.class,
            description = "arms to run (default all): ${COMPLETION-CANDIDATES}") private List<Arm> arms = List.of(Arm.values());
    @Option(names = "--k", paramLabel = "N", description = "context chunks scored per answer (default ${DEFAULT-VALUE})") private int k = 5;
    @Option(names = "--limit", paramLabel = "N", description = "only the first N questions") private Integer limit;
    @Option(names = "--cache-dir", paramLabel = "DIR",
            description = "embedding cache root (default ~/.cache/scoperag/embeddings); one process at a time") private Path cacheDir;
    @Option(names = "--issuers", paramLabel = "DIR|none",
            description = "company_tickers.json and ticker_changes.csv for the router (default: the bench's issuers/)") private String issuers;
    @Option(names = "--judge", description = "also score answers 1-10 with the LLM at OPENAI_BASE_URL (key from OPENAI_API_KEY or the "
            + "file OPENAI_API_KEY_FILE names)") private boolean judge;
    @Option(names = "--judge-model", paramLabel = "NAME", description = "model for --judge (default ${DEFAULT-VALUE})")
    private String judgeModel = "gpt-4.1";
    @Option(names = "--end-to-end", description = "run the ingest job and the query jobs on the embedded broker instead of in process")
    private boolean endToEnd;
    @Option(names = "--chunk-vector", paramLabel = "window-mean|full-chunk",
            description = "what a chunk's dense vector is: the mean of its window vectors (default), or the model's embedding of "
                    + "the whole chunk (an ablation, one more model pass at ingest)") private String chunkVector = "window-mean";
    @Spec private CommandSpec spec;

    /** Arms by id, for --arms; their ids, for the help and shell completion. */
    static final class ArmIds implements ITypeConverter<Arm>, Iterable<String> {

        @Override
        public Arm convert(String id) {
            try {
                return Arm.byId(id);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }

        @Override
        public Iterator<String> iterator() {
            return Arm.ids().iterator();
        }
    }

    /**
     * The evaluation this command line asks for.
     *
     * @throws CommandFailure {@code USAGE} when a path it names does not exist or a number is out of range
     */
    Eval.Options options() {
        if (!Files.exists(corpus)) {
            throw CommandFailure.usage("--corpus must name a manifest or directory that exists");
        }
        if (!Files.isRegularFile(questions)) {
            throw CommandFailure.usage("--questions must name a questions.jsonl that exists");
        }
        if (k < 1) {
            throw CommandFailure.usage("--k must be at least 1");
        }
        Path issuerFiles = issuers == null ? Eval.Options.defaultIssuers() : issuers.equals("none") ? null : Path.of(issuers);
        return new Eval.Options(corpus, questions, out, arms.stream().distinct().toList(), k, limit, cacheDir, issuerFiles, judge,
                judgeModel, endToEnd, parseChunkVector());
    }

    private ChunkVectors.ChunkVector parseChunkVector() {
        try {
            return ChunkVectors.ChunkVector.parse(chunkVector);
        } catch (IllegalArgumentException e) {
            throw CommandFailure.usage("--chunk-vector: " + e.getMessage());
        }
    }

    @Override
    public Integer call() throws Exception {
        Eval.Options options = options();
        LlmSettings judgeSettings = null;
        if (options.judge()) {
            judgeSettings = LlmSettings.fromEnvironment(options.judgeModel(), Duration.ofSeconds(60)).orElse(null);
            if (judgeSettings == null || (System.getenv(LlmSettings.API_KEY_ENV) == null && System.getenv(LlmSettings.API_KEY_FILE_ENV) == null)) {
                throw CommandFailure.usage("--judge needs " + LlmSettings.BASE_URL_ENV + ", and " + LlmSettings.API_KEY_ENV + " or "
                        + LlmSettings.API_KEY_FILE_ENV + " (a file holding the key), in the environment");
            }
        }
        List<String> args = spec == null ? new ArrayList<>() : spec.commandLine().getParseResult().originalArgs();
        Eval.evaluate(options, judgeSettings, String.join(" ", args), System.out);
        return 0;
    }
}
