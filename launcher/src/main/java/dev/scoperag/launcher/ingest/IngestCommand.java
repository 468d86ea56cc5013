package dev.scoperag.launcher.ingest;

import dev.scoperag.core.route.IssuerDirectory;
import dev.scoperag.launcher.cli.BundledFiles;
import dev.scoperag.launcher.cli.ClientOptions;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.Durations;
import dev.scoperag.query.QueryOptions;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./scoperag ingest PATH...}: sends filing events for files, {@code {fiscal_year}/{TICKER}.{ext}}
 * directories and corpus.jsonl manifests, shows progress while the ingest job embeds them, and
 * summarises which documents were accepted and which rejected, with why.
 *
 * <p>Exit status: 0 all accepted, 1 some rejected, 2 bad input, 3 no broker or topics, 4 no outcome
 * for some filing within the idle timeout.
 */
@Command(name = "ingest", description = "Sends filings to the ingest job and shows what it published, left unchanged or rejected.",
        footer = {"%nPATH is a filing (.pdf, .htm, .html, .txt, .txt.gz), a directory laid out as {fiscal_year}/{TICKER}.{ext}, "
                + "a directory of EDGAR filings (full-submission .txt with the SEC header, or .htm with inline XBRL, gzipped or not: "
                + "CIK, form, period and fiscal year are read from the filing, the ticker from SEC's issuer directory by CIK), "
                + "or a manifest in the format of financebench corpus.jsonl (one JSON object per line: doc_name, ticker, cik, company, "
                + "fiscal_year, form_type, period, file relative to the manifest).",
            "A single file takes its metadata from the options: --ticker MSFT --fiscal-year 2023 [--form 10-Q --period 2023Q2] FILE"})
public final class IngestCommand implements Callable<Integer> {

    @Mixin private ClientOptions kafka = new ClientOptions();
    @Option(names = "--content", paramLabel = "auto|inline|uri",
            description = "send the bytes inline (any cluster) or as a file URI the job reads under its file root; auto: inline up to 20 MiB")
    private ContentMode mode = ContentMode.AUTO;
    @Option(names = "--no-wait", description = "send and exit, without waiting for the job's outcome") private boolean noWait;
    @Option(names = "--idle-timeout", paramLabel = "DURATION",
            description = "give up when nothing has been published or rejected for this long (default 10min)")
    private Duration idle = Duration.ofMinutes(10);
    @Mixin private FilingMetadata.Options metadata = new FilingMetadata.Options();
    @Parameters(paramLabel = "PATH", arity = "1..*", description = "filings, {fiscal_year}/{TICKER}.{ext} directories, or manifests")
    private List<String> paths = new ArrayList<>();

    @Override
    public Integer call() {
        return run(System.out);
    }

    /** Runs the command line this command was filled from, printing to {@code out}. */
    public int run(PrintStream out) {
        ClientSettings settings = ClientSettings.from(kafka);
        EdgarFilings.Listing listing = FilingFiles.listing(paths, metadata.toMetadata(), () -> issuerDirectory(settings));
        List<FilingFile> files = listing.filings();
        boolean wait = !noWait;
        if (!listing.unidentified().isEmpty()) {
            out.println("not sent: " + listing.unidentified().size() + " file" + (listing.unidentified().size() == 1 ? "" : "s")
                    + " that say no CIK, form or period (no SEC header or dei: tags), or whose issuer is unknown:");
            listing.unidentified().forEach(f -> out.println("  " + f));
        }
        out.println("ingesting " + files.size() + " filing" + (files.size() == 1 ? "" : "s") + " through " + settings.bootstrapServers());
        Ingestion.Result result = new Ingestion(settings, mode, idle, wait, out).run(files);
        int status = conclude(result, wait, idle, out);
        return listing.unidentified().isEmpty() ? status : Math.max(status, 1);
    }

    /**
     * SEC's issuer directory, to name the issuer of an EDGAR filing by its CIK: the query job's setting, else the
     * checkout's samples/issuers; null when neither is there (a filing's own dei:TradingSymbol is used then).
     */
    static IssuerDirectory issuerDirectory(ClientSettings settings) {
        Optional<String> path = settings.configuration().getOptional(QueryOptions.ISSUER_DIRECTORY)
                .or(() -> BundledFiles.issuerDirectory().map(Path::toString));
        if (path.isEmpty()) {
            return null;
        }
        try {
            return IssuerDirectory.load(Path.of(path.get()));
        } catch (UncheckedIOException | IllegalArgumentException e) {
            throw new CommandFailure(CommandFailure.Reason.UNSUPPORTED_INPUT, "cannot read " + path.get()
                    + " as SEC company_tickers.json (the issuer directory that names an EDGAR filing's issuer by CIK): " + e.getMessage(), e);
        }
    }

    /**
     * Ingests the filings that {@code paths} name, through Kafka, and prints progress and the summary:
     * for commands that drive the ingest job themselves ({@code demo}).
     */
    public static IngestSummary ingest(ClientSettings settings, List<String> paths, Duration idleTimeout, PrintStream out) {
        List<FilingFile> files = FilingFiles.list(paths, FilingMetadata.NONE);
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
