package dev.scoperag.launcher.ingest;

import dev.scoperag.core.filing.FilingContent;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.ingest.Backfill;
import dev.scoperag.core.route.IssuerDirectory;
import dev.scoperag.launcher.cli.BundledFiles;
import dev.scoperag.launcher.cli.CommandFailure;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The filings named on an {@code ingest} command line: single files, directories laid out as
 * {@code {fiscal_year}/{TICKER}.{ext}}, manifests in the format of FinanceBench's {@code corpus.jsonl}
 * (the listing the ingest job's own backfill uses, {@link Backfill}), and directories of EDGAR filings
 * that say their own CIK, form and period ({@link EdgarFilings}), the backfill path for EDGAR archives.
 */
final class FilingFiles {

    private static final Pattern FILE = Pattern.compile("(?i).+\\.(pdf|htm|html|txt)(\\.gz)?");
    private static final Pattern YEAR = Pattern.compile("(19|20)\\d\\d");
    private static final Pattern TICKER_FILE = Pattern.compile("(?i)([A-Za-z0-9][A-Za-z0-9.\\-]{0,9})\\.(pdf|htm|html|txt)(\\.gz)?");

    private FilingFiles() {}

    /**
     * Lists every filing the paths name, in order, and refuses the listing when some file of an EDGAR directory
     * cannot be identified: for commands that have no way to report a file left out.
     */
    static List<FilingFile> list(List<String> paths, FilingMetadata metadata) {
        EdgarFilings.Listing listing = listing(paths, metadata,
                () -> BundledFiles.issuerDirectory().map(IssuerDirectory::load).orElse(null));
        if (!listing.unidentified().isEmpty()) {
            throw unidentified(listing.unidentified());
        }
        return listing.filings();
    }

    /**
     * Lists every filing the paths name, in order, with the files of EDGAR directories that could not be identified
     * (each with why), which are not sent.
     *
     * @param issuers SEC's issuer directory, read only when an EDGAR filing needs a ticker; it may give null
     * @throws CommandFailure {@code PATH_NOT_FOUND} for a path that does not exist,
     *     {@code UNSUPPORTED_INPUT} for a file that is neither a filing nor a manifest or a directory
     *     without filings, {@code MISSING_METADATA} for a single file whose ticker or year is unknown,
     *     or for a directory none of whose filings could be identified
     */
    static EdgarFilings.Listing listing(List<String> paths, FilingMetadata metadata, Supplier<IssuerDirectory> issuers) {
        if (paths.isEmpty()) {
            throw CommandFailure.usage("name at least one file, directory or manifest to ingest");
        }
        Supplier<IssuerDirectory> once = memoized(issuers);
        List<FilingFile> filings = new ArrayList<>();
        List<String> unidentified = new ArrayList<>();
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
                EdgarFilings.Listing found = directory(path, given, once);
                filings.addAll(found.filings());
                unidentified.addAll(found.unidentified());
            } else if (path.getFileName().toString().endsWith(".jsonl")) {
                filings.addAll(manifest(path, given));
            } else if (single) {
                filings.add(single(path, metadata, once));
            } else {
                throw new CommandFailure(CommandFailure.Reason.UNSUPPORTED_INPUT, given
                        + " is not a filing (.pdf, .htm, .html, .txt, optionally .gz), a manifest (.jsonl) or a directory");
            }
        }
        return new EdgarFilings.Listing(filings, unidentified);
    }

    static CommandFailure unidentified(List<String> files) {
        int shown = Math.min(files.size(), 5);
        return new CommandFailure(CommandFailure.Reason.MISSING_METADATA, files.size() + " EDGAR file" + (files.size() == 1 ? "" : "s")
                + " could not be identified (no SEC header or dei: tags saying CIK, form and period):\n  "
                + String.join("\n  ", files.subList(0, shown)) + (files.size() > shown ? "\n  ... and " + (files.size() - shown) + " more" : "")
                + "\nlay such files out as {fiscal_year}/{TICKER}.{ext} or list them in a corpus.jsonl manifest");
    }

    private static Supplier<IssuerDirectory> memoized(Supplier<IssuerDirectory> source) {
        IssuerDirectory[] loaded = new IssuerDirectory[1];
        boolean[] done = new boolean[1];
        return () -> {
            if (!done[0]) {
                loaded[0] = source.get();
                done[0] = true;
            }
            return loaded[0];
        };
    }

    private static EdgarFilings.Listing directory(Path dir, String given, Supplier<IssuerDirectory> issuers) {
        List<FilingEvent> events = Backfill.list(dir);
        if (!events.isEmpty()) {
            return new EdgarFilings.Listing(events.stream().map(e -> new FilingFile(e, fileOf(e), dir)).toList(), List.of());
        }
        // Without the layout, a directory is read as EDGAR filings that say what they are.
        List<Path> files = EdgarFilings.filesUnder(dir);
        if (files.isEmpty()) {
            throw new CommandFailure(CommandFailure.Reason.UNSUPPORTED_INPUT, "no filings under " + given
                    + ": a directory is read as {fiscal_year}/{TICKER}.{pdf|htm|html|txt}, e.g. 2023/MSFT.htm, or holds EDGAR filings"
                    + " (.txt full submissions, .htm with inline XBRL, optionally .gz) that say their CIK, form and period");
        }
        EdgarFilings.Listing listing = EdgarFilings.identify(files, dir, issuers.get());
        if (listing.filings().isEmpty()) {
            throw unidentified(listing.unidentified());
        }
        return listing;
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

    private static FilingFile single(Path file, FilingMetadata m, Supplier<IssuerDirectory> issuers) {
        String ticker = m.ticker();
        Integer year = m.fiscalYear();
        // A file inside a {fiscal_year}/{TICKER}.{ext} layout says both.
        Matcher named = TICKER_FILE.matcher(file.getFileName().toString());
        Path parent = file.getParent();
        if (named.matches() && parent != null && YEAR.matcher(parent.getFileName().toString()).matches()) {
            ticker = ticker != null ? ticker : named.group(1).toUpperCase(Locale.ROOT);
            year = year != null ? year : Integer.valueOf(parent.getFileName().toString());
        }
        if ((ticker == null || year == null) && m.isEmpty() && !isPdf(file)) {
            // An EDGAR filing says what it is.
            EdgarFilings.Listing edgar = EdgarFilings.identify(List.of(file), parent, issuers.get());
            if (!edgar.filings().isEmpty()) {
                return edgar.filings().get(0);
            }
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

    private static boolean isPdf(Path file) {
        return "pdf".equals(hintOf(file));
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
