package dev.scoperag.launcher.ingest;

import dev.scoperag.core.filing.FilingContent;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.ingest.Backfill;
import dev.scoperag.launcher.cli.CommandFailure;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The filings named on an {@code ingest} command line: single files, directories laid out as
 * {@code {fiscal_year}/{TICKER}.{ext}}, and manifests in the format of FinanceBench's
 * {@code corpus.jsonl} (the backfill path for EDGAR archives). The listing is the one the ingest
 * job's own backfill uses ({@link Backfill}).
 */
final class FilingFiles {

    private static final Pattern FILE = Pattern.compile("(?i).+\\.(pdf|htm|html|txt)(\\.gz)?");
    private static final Pattern YEAR = Pattern.compile("(19|20)\\d\\d");
    private static final Pattern TICKER_FILE = Pattern.compile("(?i)([A-Za-z0-9][A-Za-z0-9.\\-]{0,9})\\.(pdf|htm|html|txt)(\\.gz)?");

    private FilingFiles() {}

    /**
     * Lists every filing the paths name, in order.
     *
     * @throws CommandFailure {@code PATH_NOT_FOUND} for a path that does not exist,
     *     {@code UNSUPPORTED_INPUT} for a file that is neither a filing nor a manifest or a directory
     *     without the layout, {@code MISSING_METADATA} for a single file whose ticker or year is unknown
     */
    static List<FilingFile> list(List<String> paths, FilingMetadata metadata) {
        if (paths.isEmpty()) {
            throw CommandFailure.usage("name at least one file, directory or manifest to ingest");
        }
        List<FilingFile> filings = new ArrayList<>();
        for (String given : paths) {
            Path path = Path.of(given).toAbsolutePath().normalize();
            if (!Files.exists(path)) {
                throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, "no such file or directory: " + given);
            }
            if (!Files.isReadable(path)) {
                throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, "cannot read " + given);
            }
            boolean single = Files.isRegularFile(path) && FILE.matcher(path.getFileName().toString()).matches();
            if (!single && !metadata.isEmpty()) {
                throw CommandFailure.usage("--ticker, --fiscal-year and the other metadata options apply to a single file, not to "
                        + given + " (a directory or manifest carries its own metadata)");
            }
            if (Files.isDirectory(path)) {
                filings.addAll(directory(path, given));
            } else if (path.getFileName().toString().endsWith(".jsonl")) {
                filings.addAll(manifest(path, given));
            } else if (single) {
                filings.add(single(path, metadata));
            } else {
                throw new CommandFailure(CommandFailure.Reason.UNSUPPORTED_INPUT, given
                        + " is not a filing (.pdf, .htm, .html, .txt, optionally .gz), a manifest (.jsonl) or a directory");
            }
        }
        return filings;
    }

    private static List<FilingFile> directory(Path dir, String given) {
        List<FilingEvent> events = Backfill.list(dir);
        if (events.isEmpty()) {
            throw new CommandFailure(CommandFailure.Reason.UNSUPPORTED_INPUT, "no filings under " + given
                    + ": a directory is read as {fiscal_year}/{TICKER}.{pdf|htm|html|txt}, e.g. 2023/MSFT.htm");
        }
        return events.stream().map(e -> new FilingFile(e, fileOf(e), dir)).toList();
    }

    private static List<FilingFile> manifest(Path manifest, String given) {
        List<FilingEvent> events;
        try {
            events = Backfill.list(manifest);
        } catch (UncheckedIOException | IllegalArgumentException e) {
            throw new CommandFailure(CommandFailure.Reason.UNSUPPORTED_INPUT, given + " is not a manifest of JSON lines in the format of "
                    + "financebench corpus.jsonl (doc_name, ticker, cik, company, fiscal_year, form_type, period, file): " + e.getMessage(), e);
        }
        if (events.isEmpty()) {
            throw new CommandFailure(CommandFailure.Reason.UNSUPPORTED_INPUT, "the manifest " + given + " lists no filings");
        }
        Path root = Backfill.root(manifest);
        return events.stream().map(e -> new FilingFile(e, fileOf(e), root)).toList();
    }

    private static FilingFile single(Path file, FilingMetadata m) {
        String ticker = m.ticker();
        Integer year = m.fiscalYear();
        // A file inside a {fiscal_year}/{TICKER}.{ext} layout says both.
        Matcher named = TICKER_FILE.matcher(file.getFileName().toString());
        Path parent = file.getParent();
        if (named.matches() && parent != null && YEAR.matcher(parent.getFileName().toString()).matches()) {
            ticker = ticker != null ? ticker : named.group(1).toUpperCase(Locale.ROOT);
            year = year != null ? year : Integer.valueOf(parent.getFileName().toString());
        }
        if (ticker == null || year == null) {
            throw new CommandFailure(CommandFailure.Reason.MISSING_METADATA, file.getFileName() + ": give --ticker and --fiscal-year"
                    + " (a shard is keyed by both), or lay the file out as {fiscal_year}/{TICKER}.{ext}");
        }
        String form = m.form() == null ? FilingEvent.DEFAULT_FORM : m.form();
        String id = ticker.toUpperCase(Locale.ROOT) + "_" + year + "_" + form.replace("/", "") + (m.period() == null ? "" : "_" + m.period());
        FilingEvent event = new FilingEvent(id, FilingEvent.UPSERT, ticker, m.cik(), m.company(), year, form, m.period(), null, null,
                m.documentId(), new FilingContent(file.toUri().toString(), null, null, hintOf(file)));
        return new FilingFile(event, file, parent);
    }

    private static Path fileOf(FilingEvent event) {
        return Path.of(URI.create(event.content().uri()));
    }

    private static String hintOf(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".pdf") || name.endsWith(".pdf.gz")) {
            return "pdf";
        }
        return name.contains(".htm") ? "html" : null;
    }
}
