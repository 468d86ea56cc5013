package dev.scoperag.core.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.filing.FilingContent;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The filing events of a backfill: a directory laid out as {@code {fiscal_year}/{TICKER}.{ext}}, or
 * a manifest in the format of FinanceBench's {@code corpus.jsonl}. Content is referenced by file URI,
 * so the events are small and the files are read (and capped) by the fetch step.
 */
public final class Backfill {

    private static final Pattern YEAR_DIR = Pattern.compile("(19|20)\\d\\d");
    private static final Pattern FILE = Pattern.compile("([A-Za-z0-9][A-Za-z0-9.\\-]{0,9})\\.(pdf|htm|html|txt)(\\.gz)?", Pattern.CASE_INSENSITIVE);

    private Backfill() {}

    /** The events of a directory or a manifest ({@code *.jsonl}). */
    public static List<FilingEvent> list(Path path) {
        return Files.isDirectory(path) ? listDirectory(path) : listManifest(path);
    }

    /** The directory under which every file of {@link #list(Path)} lies: the file root to allow. */
    public static Path root(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        return Files.isDirectory(absolute) ? absolute : absolute.getParent();
    }

    static List<FilingEvent> listDirectory(Path dir) {
        List<FilingEvent> events = new ArrayList<>();
        try (Stream<Path> years = Files.list(dir)) {
            for (Path yearDir : years.filter(Files::isDirectory).sorted().toList()) {
                String year = yearDir.getFileName().toString();
                if (!YEAR_DIR.matcher(year).matches()) {
                    continue;
                }
                try (Stream<Path> files = Files.list(yearDir)) {
                    for (Path file : files.filter(Files::isRegularFile).sorted(Comparator.comparing(Path::toString)).toList()) {
                        Matcher m = FILE.matcher(file.getFileName().toString());
                        if (m.matches()) {
                            String ticker = m.group(1).toUpperCase(Locale.ROOT);
                            events.add(new FilingEvent(ticker + "_" + year, FilingEvent.UPSERT, ticker, null, null,
                                    Integer.parseInt(year), FilingEvent.DEFAULT_FORM, null, null, null, null,
                                    new FilingContent(file.toAbsolutePath().normalize().toUri().toString(), null, null,
                                            hintOf(m.group(2)))));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list backfill directory " + dir, e);
        }
        return events;
    }

    static List<FilingEvent> listManifest(Path manifest) {
        Path base = manifest.toAbsolutePath().normalize().getParent();
        List<FilingEvent> events = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(manifest)) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode n = Json.MAPPER.readTree(line);
                Path file = base.resolve(n.path("file").asText()).normalize();
                String contentType = n.path("content_type").asText(null);
                events.add(new FilingEvent(
                        n.path("doc_name").asText(null), FilingEvent.UPSERT,
                        n.path("ticker").asText(null),
                        n.hasNonNull("cik") ? n.get("cik").asLong() : null,
                        n.path("company").asText(null),
                        n.hasNonNull("fiscal_year") ? n.get("fiscal_year").asInt() : null,
                        n.path("form_type").asText(null),
                        n.hasNonNull("period") ? n.get("period").asText() : null,
                        n.path("accession").asText(null),
                        n.path("filed_at").asText(null),
                        null,
                        new FilingContent(file.toUri().toString(), null, null, "pdf".equals(contentType) ? "pdf" : null)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read backfill manifest " + manifest, e);
        }
        return events;
    }

    private static String hintOf(String extension) {
        return switch (extension.toLowerCase(Locale.ROOT)) {
            case "pdf" -> "pdf";
            case "htm", "html" -> "html";
            default -> null; // .txt may be a full EDGAR submission or plain text: the bytes decide
        };
    }
}
