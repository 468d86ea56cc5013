package dev.scoperag.launcher.ingest;

import dev.scoperag.launcher.cli.Arguments;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.Durations;
import dev.scoperag.launcher.cli.Option;
import dev.scoperag.launcher.cli.Usage;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./scoperag ingest PATH...}: sends filing events for files, {@code {fiscal_year}/{TICKER}.{ext}}
 * directories and corpus.jsonl manifests, shows progress while the ingest job embeds them, and
 * summarises which documents were accepted and which rejected, with why.
 *
 * <p>Exit status: 0 all accepted, 1 some rejected, 2 bad input, 3 no broker or topics, 4 no outcome
 * for some filing within the idle timeout.
 */
public final class IngestCommand {

    static final Option CONTENT = Option.value("--content", "auto|inline|uri",
            "send the bytes inline (any cluster) or as a file URI the job reads under its file root; auto: inline up to 20 MiB");
    static final Option NO_WAIT = Option.flag("--no-wait", "send and exit, without waiting for the job's outcome");
    static final Option IDLE_TIMEOUT = Option.value("--idle-timeout", "DURATION",
            "give up when nothing has been published or rejected for this long (default 10min)");

    private static final List<Option> OPTIONS = options();

    private IngestCommand() {}

    private static List<Option> options() {
        List<Option> all = new ArrayList<>(ClientSettings.OPTIONS);
        all.addAll(List.of(CONTENT, NO_WAIT, IDLE_TIMEOUT));
        all.addAll(FilingMetadata.OPTIONS);
        return List.copyOf(all);
    }

    public static String usage() {
        return Usage.of("ingest", List.of("[options] PATH...", "--ticker MSFT --fiscal-year 2023 [--form 10-Q --period 2023Q2] FILE"),
                OPTIONS, """
                PATH is a filing (.pdf, .htm, .html, .txt, .txt.gz), a directory laid out as {fiscal_year}/{TICKER}.{ext},
                or a manifest in the format of financebench corpus.jsonl (one JSON object per line: doc_name, ticker,
                cik, company, fiscal_year, form_type, period, file relative to the manifest).""");
    }

    public static int run(String[] argv) {
        return run(argv, System.out);
    }

    public static int run(String[] argv, PrintStream out) {
        Arguments args = Arguments.parse(argv, OPTIONS);
        ClientSettings settings = ClientSettings.from(args);
        List<FilingFile> files = FilingFiles.list(args.positionals(), FilingMetadata.from(args));
        ContentMode mode = args.value(CONTENT.name()).map(ContentMode::parse).orElse(ContentMode.AUTO);
        Duration idle = args.value(IDLE_TIMEOUT.name()).map(v -> Durations.parse(IDLE_TIMEOUT.name(), v)).orElse(Duration.ofMinutes(10));
        boolean wait = !args.flag(NO_WAIT.name());
        out.println("ingesting " + files.size() + " filing" + (files.size() == 1 ? "" : "s") + " through " + settings.bootstrapServers());
        Ingestion.Result result = new Ingestion(settings, mode, idle, wait, out).run(files);
        return conclude(result, wait, idle, out);
    }

    /**
     * Ingests the filings that {@code paths} name, through Kafka, and prints progress and the summary:
     * for commands that drive the ingest job themselves ({@code demo}).
     */
    public static IngestSummary ingest(ClientSettings settings, List<String> paths, Duration idleTimeout, PrintStream out) {
        List<FilingFile> files = FilingFiles.list(paths, new FilingMetadata(null, null, null, null, null, null, null));
        Ingestion.Result result = new Ingestion(settings, ContentMode.AUTO, idleTimeout, true, out).run(files);
        conclude(result, true, idleTimeout, out);
        return result.summary();
    }

    /** Prints the summary and says how the run ended: 0, 1 (some rejected), or a timeout failure. */
    static int conclude(Ingestion.Result result, boolean waited, Duration idle, PrintStream out) {
        if (!waited) {
            result.filings().stream().filter(f -> f.status != TrackedFiling.Status.PENDING)
                    .forEach(f -> out.println("  " + f.status.name().toLowerCase() + " " + f.key + ": " + f.detail));
            return result.filings().stream().anyMatch(f -> f.status == TrackedFiling.Status.REJECTED) ? 1 : 0;
        }
        IngestReport.print(result, out);
        if (result.timedOut()) {
            throw new CommandFailure(CommandFailure.Reason.INGEST_TIMEOUT, "nothing was published or rejected for "
                    + Durations.human(idle) + " while filings were still pending: is the ingest job running? (--idle-timeout to wait longer)");
        }
        return result.filings().stream().anyMatch(f -> f.status == TrackedFiling.Status.REJECTED) ? 1 : 0;
    }
}
