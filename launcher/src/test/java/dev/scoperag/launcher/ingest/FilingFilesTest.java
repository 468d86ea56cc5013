package dev.scoperag.launcher.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.scoperag.launcher.cli.CommandFailure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FilingFilesTest {

    private static final FilingMetadata NONE = new FilingMetadata(null, null, null, null, null, null, null);
    private static final Path SAMPLES = Path.of("..", "samples");

    @TempDir Path dir;

    @Test
    void aMissingPathIsReportedBeforeAnythingIsSent() {
        assertThatThrownBy(() -> FilingFiles.list(List.of(dir.resolve("nothing.pdf").toString()), NONE))
                .isInstanceOfSatisfying(CommandFailure.class, e -> {
                    assertThat(e.reason()).isEqualTo(CommandFailure.Reason.PATH_NOT_FOUND);
                    assertThat(e.getMessage()).contains("nothing.pdf");
                });
    }

    @Test
    void aSingleFileNeedsTickerAndYear() throws Exception {
        Path file = Files.writeString(dir.resolve("annual-report.txt"), "Item 1. Business");
        assertThatThrownBy(() -> FilingFiles.list(List.of(file.toString()), NONE))
                .isInstanceOfSatisfying(CommandFailure.class, e -> assertThat(e.reason()).isEqualTo(CommandFailure.Reason.MISSING_METADATA));

        FilingFile filing = FilingFiles.list(List.of(file.toString()),
                new FilingMetadata("ko", 2022, "10-Q", "2022Q3", "The Coca-Cola Company", 21344L, null)).get(0);
        assertThat(filing.event().shard().id()).isEqualTo("KO:2022");
        assertThat(filing.event().docId()).isEqualTo("10-Q@2022Q3");
        assertThat(filing.event().cik()).isEqualTo(21344L);
        assertThat(filing.root()).isEqualTo(dir.toAbsolutePath());
    }

    @Test
    void aSingleFileInTheYearTickerLayoutNeedsNoMetadata() throws Exception {
        Path file = Files.createDirectories(dir.resolve("2021")).resolve("KO.txt");
        Files.writeString(file, "Item 1. Business");
        FilingFile filing = FilingFiles.list(List.of(file.toString()), NONE).get(0);
        assertThat(filing.event().shard().id()).isEqualTo("KO:2021");
        assertThat(filing.event().form()).isEqualTo("10-K");
    }

    @Test
    void aDirectoryIsReadAsFiscalYearAndTicker() throws Exception {
        Files.writeString(Files.createDirectories(dir.resolve("2021")).resolve("KO.txt"), "Item 1. Business");
        Files.writeString(Files.createDirectories(dir.resolve("2022")).resolve("KO.htm"), "<p>Item 1. Business</p>");
        Files.writeString(dir.resolve("2022").resolve("notes.md"), "not a filing");
        List<FilingFile> filings = FilingFiles.list(List.of(dir.toString()), NONE);
        assertThat(filings).extracting(f -> f.event().shard().id()).containsExactly("KO:2021", "KO:2022");
        assertThat(filings).allSatisfy(f -> assertThat(f.root()).isEqualTo(dir.toAbsolutePath()));
    }

    @Test
    void aDirectoryWithoutTheLayoutIsRefused() {
        assertThatThrownBy(() -> FilingFiles.list(List.of(dir.toString()), NONE))
                .isInstanceOfSatisfying(CommandFailure.class, e -> {
                    assertThat(e.reason()).isEqualTo(CommandFailure.Reason.UNSUPPORTED_INPUT);
                    assertThat(e.getMessage()).contains("{fiscal_year}/{TICKER}");
                });
    }

    @Test
    void aManifestListsItsFilesRelativeToItself() {
        List<FilingFile> filings = FilingFiles.list(List.of(SAMPLES.resolve("corpus.jsonl").toString()), NONE);
        assertThat(filings).hasSize(6);
        FilingFile amcor = filings.get(0);
        assertThat(amcor.event().eventId()).isEqualTo("AMCOR_2022_8K_dated-2022-07-01");
        assertThat(amcor.event().docId()).isEqualTo("8-K@2022-07-01");
        assertThat(amcor.file()).exists();
        assertThat(amcor.file().startsWith(amcor.root())).isTrue();
    }

    @Test
    void metadataOptionsApplyToSingleFilesOnly() {
        assertThatThrownBy(() -> FilingFiles.list(List.of(SAMPLES.resolve("corpus.jsonl").toString()),
                new FilingMetadata("KO", null, null, null, null, null, null)))
                .isInstanceOfSatisfying(CommandFailure.class, e -> assertThat(e.reason()).isEqualTo(CommandFailure.Reason.USAGE));
    }

    @Test
    void aFileThatIsNeitherFilingNorManifestIsRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("notes.md"), "hello");
        assertThatThrownBy(() -> FilingFiles.list(List.of(file.toString()), NONE))
                .isInstanceOfSatisfying(CommandFailure.class, e -> assertThat(e.reason()).isEqualTo(CommandFailure.Reason.UNSUPPORTED_INPUT));
    }
}
