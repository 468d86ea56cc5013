package dev.scoperag.launcher.ingest;

import dev.scoperag.core.filing.EdgarIdentity;
import dev.scoperag.core.filing.FilingContent;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.filing.Ticker;
import dev.scoperag.core.route.IssuerDirectory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * EDGAR filings that carry their own metadata: a directory of full submissions ({@code .txt} with the SEC header) or
 * primary documents with inline XBRL ({@code .htm}), gzipped or not, ingested without a manifest. Each file says its
 * CIK, form, period and fiscal year ({@link EdgarIdentity}); the ticker, which keys its shard, comes from SEC's
 * issuer directory by CIK.
 */
final class EdgarFilings {

    private static final Pattern FILE = Pattern.compile("(?i).+\\.(htm|html|txt)(\\.gz)?");
    private static final Pattern SYMBOL = Pattern.compile("[A-Z][A-Z0-9]{0,5}(?:[.\\-][A-Z]{1,2})?");
    private static final int MAX_DEPTH = 3;

    /** The filings identified, and the files that could not be, each with why. */
    record Listing(List<FilingFile> filings, List<String> unidentified) {}

    private EdgarFilings() {}

    /** The filing files under {@code dir} (a few levels deep), sorted by path. */
    static List<Path> filesUnder(Path dir) {
        try (Stream<Path> walk = Files.walk(dir, MAX_DEPTH)) {
            return walk.filter(Files::isRegularFile).filter(p -> FILE.matcher(p.getFileName().toString()).matches())
                    .sorted(Comparator.comparing(Path::toString)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    /** Identifies each file; {@code issuers} may be null (then the ticker is the filing's own dei:TradingSymbol). */
    static Listing identify(List<Path> files, Path root, IssuerDirectory issuers) {
        List<FilingFile> filings = new ArrayList<>();
        List<String> unidentified = new ArrayList<>();
        for (Path file : files) {
            String name = root.relativize(file).toString();
            EdgarIdentity.Result read;
            try {
                read = EdgarIdentity.read(head(file));
            } catch (IOException | UncheckedIOException e) {
                unidentified.add(name + ": cannot read it (" + e.getMessage() + ")");
                continue;
            }
            if (read.identity().isEmpty()) {
                unidentified.add(name + ": " + read.reason());
                continue;
            }
            EdgarIdentity id = read.identity().get();
            Optional<String> ticker = tickerOf(id, issuers);
            if (ticker.isEmpty()) {
                unidentified.add(name + ": CIK " + id.cik() + " is not in the issuer directory and the filing tags no dei:TradingSymbol");
                continue;
            }
            filings.add(new FilingFile(event(id, ticker.get(), file), file, root));
        }
        return new Listing(filings, unidentified);
    }

    /**
     * The issuer's listing the filing names (Alphabet tags GOOGL and GOOG, both listings of its CIK), else its
     * best-ranked listing, else its own first symbol that looks like a stock's.
     */
    static Optional<String> tickerOf(EdgarIdentity id, IssuerDirectory issuers) {
        List<IssuerDirectory.Entry> listings = issuers == null ? List.of() : issuers.byCik(id.cik());
        for (String symbol : id.tradingSymbols()) {
            String canonical = Ticker.canonical(symbol);
            if (listings.stream().anyMatch(e -> e.ticker().equals(canonical))) {
                return Optional.of(canonical);
            }
        }
        if (!listings.isEmpty()) {
            return Optional.of(listings.get(0).ticker());
        }
        return id.tradingSymbols().stream().map(s -> s.strip().toUpperCase(Locale.ROOT)).filter(s -> SYMBOL.matcher(s).matches())
                .findFirst().map(Ticker::canonical);
    }

    static FilingEvent event(EdgarIdentity id, String ticker, Path file) {
        String period = id.period();
        String eventId = ticker + "_" + (period != null ? period : String.valueOf(id.fiscalYear())) + "_"
                + id.form().replace("-", "").replace("/", "");
        String hint = file.getFileName().toString().toLowerCase(Locale.ROOT).contains(".htm") ? "html" : null;
        return new FilingEvent(eventId, FilingEvent.UPSERT, ticker, id.cik(), id.company(), id.fiscalYear(), id.form(), period,
                id.accession(), id.filedAt(), null, new FilingContent(file.toUri().toString(), null, null, hint));
    }

    /** The file's start, decompressed: where the SEC header and the inline XBRL header are. */
    static String head(Path file) throws IOException {
        try (InputStream raw = Files.newInputStream(file);
                InputStream in = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
            byte[] bytes = in.readNBytes(EdgarIdentity.HEAD_CHARS);
            // Latin-1 maps every byte to one char: tags and header fields are ASCII, whatever the document's encoding.
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }
}
