package dev.scoperag.launcher.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.TestFiles;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.route.IssuerDirectory;
import dev.scoperag.launcher.cli.CommandFailure;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A directory of EDGAR filings needs no manifest: each file says what it is, checked against the bench manifests. */
class EdgarFilingsTest {

    private static final FilingMetadata NONE = FilingMetadata.NONE;

    @TempDir Path dir;

    @Test
    void everyInlineXbrlFilingOfTheBenchIsIdentifiedAsItsManifestSays() throws IOException {
        Path bench = TestFiles.benchFile("edgar-ixbrl");
        IssuerDirectory issuers = IssuerDirectory.load(TestFiles.benchFile("issuers", "company_tickers.json"));
        EdgarFilings.Listing listing = FilingFiles.listing(List.of(bench.resolve("files").toString()), NONE, () -> issuers);

        assertThat(listing.unidentified()).isEmpty();
        assertThat(identities(listing.filings())).isEqualTo(manifest(bench.resolve("corpus.jsonl"), null));
        assertThat(listing.filings()).hasSize(35);
    }

    @Test
    void theFiscalYearIsTheFilingsOwnFocusNotTheCalendarYearOfItsEnd() throws IOException {
        Path bench = TestFiles.benchFile("edgar-ixbrl");
        IssuerDirectory issuers = IssuerDirectory.load(TestFiles.benchFile("issuers", "company_tickers.json"));
        FilingFile nvidia = FilingFiles.listing(List.of(bench.resolve("files/NVDA_2025_10K.htm.gz").toString()), NONE, () -> issuers)
                .filings().get(0);
        assertThat(nvidia.event().shard().id()).isEqualTo("NVDA:2025");
        assertThat(nvidia.event().cik()).isEqualTo(1045810L);
        assertThat(nvidia.event().docId()).isEqualTo("10-K");
    }

    @Test
    void aSubmissionDirectoryIsKeyedByItsHeaderAndTheIssuerDirectory() throws IOException {
        Path submission = Files.copy(TestFiles.projectFile("core/src/test/resources/filings/MMM_2023Q2_10Q_submission.txt"),
                dir.resolve("0000066740-23-000058.txt"));
        gzip(submission, dir.resolve("copy.txt.gz"));
        IssuerDirectory issuers = IssuerDirectory.load(TestFiles.projectFile("samples/issuers/company_tickers.json"));
        EdgarFilings.Listing listing = FilingFiles.listing(List.of(dir.toString()), NONE, () -> issuers);

        assertThat(listing.unidentified()).isEmpty();
        assertThat(listing.filings()).hasSize(2).allSatisfy(f -> {
            assertThat(f.event().ticker()).isEqualTo("MMM");
            assertThat(f.event().cik()).isEqualTo(66740L);
            assertThat(f.event().form()).isEqualTo("10-Q");
            assertThat(f.event().accession()).isEqualTo("0000066740-23-000058");
            assertThat(f.event().fiscalYear()).isEqualTo(2023);
        });
    }

    @Test
    void filesThatSayNothingAreReportedNotDropped() throws IOException {
        Path bench = TestFiles.benchFile("edgar-2022-2023");
        // The edgar-2022-2023 texts were cut to their items by edgar-crawler: no SEC header, no tags.
        List<Path> sample = new ArrayList<>();
        try (var files = Files.list(bench.resolve("files"))) {
            files.sorted().limit(6).forEach(sample::add);
        }
        for (Path p : sample) {
            Files.copy(p, dir.resolve(p.getFileName()));
        }
        Path submission = Files.copy(TestFiles.projectFile("core/src/test/resources/filings/MMM_2023Q2_10Q_submission.txt"),
                dir.resolve("mmm.txt"));
        IssuerDirectory issuers = IssuerDirectory.load(TestFiles.projectFile("samples/issuers/company_tickers.json"));

        EdgarFilings.Listing listing = FilingFiles.listing(List.of(dir.toString()), NONE, () -> issuers);
        assertThat(listing.filings()).extracting(f -> f.file().getFileName().toString()).containsExactly(submission.getFileName().toString());
        assertThat(listing.unidentified()).hasSize(sample.size())
                .allSatisfy(line -> assertThat(line).contains("neither an SEC header"));

        Files.delete(submission);
        assertThatThrownBy(() -> FilingFiles.listing(List.of(dir.toString()), NONE, () -> issuers))
                .isInstanceOfSatisfying(CommandFailure.class, e -> {
                    assertThat(e.reason()).isEqualTo(CommandFailure.Reason.MISSING_METADATA);
                    assertThat(e.getMessage()).contains(sample.size() + " EDGAR files could not be identified")
                            .contains(sample.get(0).getFileName().toString());
                });
    }

    /** doc_name to "ticker fiscal_year form period cik" of a bench manifest. */
    private static Map<String, String> manifest(Path corpus, String onlyPrefix) throws IOException {
        Map<String, String> expected = new TreeMap<>();
        for (String line : Files.readAllLines(corpus)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = Json.MAPPER.readTree(line);
            expected.put(n.get("doc_name").asText(), n.get("ticker").asText() + " " + n.get("fiscal_year").asInt() + " "
                    + n.get("form_type").asText() + " " + (n.hasNonNull("period") ? n.get("period").asText() : null) + " " + n.get("cik").asLong());
        }
        return expected;
    }

    private static Map<String, String> identities(List<FilingFile> filings) {
        Map<String, String> read = new TreeMap<>();
        for (FilingFile f : filings) {
            read.put(f.event().eventId(), f.event().ticker() + " " + f.event().fiscalYear() + " " + f.event().form() + " "
                    + f.event().period() + " " + f.event().cik());
        }
        return read;
    }

    private static void gzip(Path from, Path to) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(to))) {
            Files.copy(from, out);
        }
    }
}
