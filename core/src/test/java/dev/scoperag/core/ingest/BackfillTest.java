package dev.scoperag.core.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.filing.FilingEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BackfillTest {

    @TempDir Path dir;

    @Test
    void aYearTickerDirectoryBecomesOneFileEventPerFiling() throws Exception {
        Files.createDirectories(dir.resolve("2018"));
        Files.createDirectories(dir.resolve("2019"));
        Files.createDirectories(dir.resolve("notes"));
        Files.writeString(dir.resolve("2018/MMM.pdf"), "%PDF");
        Files.writeString(dir.resolve("2019/mmm.htm"), "<html>");
        Files.writeString(dir.resolve("2019/BRK.B.txt"), "text");
        Files.writeString(dir.resolve("2019/readme.md"), "not a filing");
        Files.writeString(dir.resolve("notes/KO.pdf"), "not under a year");

        List<FilingEvent> events = Backfill.list(dir);

        assertThat(events).extracting(e -> e.shard().id()).containsExactly("MMM:2018", "BRK-B:2019", "MMM:2019");
        assertThat(events.get(1).tickerAsFiled()).as("the file's spelling, kept for display").isEqualTo("BRK.B");
        assertThat(events).allSatisfy(e -> {
            assertThat(e.content().uri()).startsWith("file:");
            assertThat(Path.of(java.net.URI.create(e.content().uri()))).startsWith(Backfill.root(dir));
            assertThat(e.form()).isEqualTo("10-K");
        });
        assertThat(events.get(0).content().contentType()).isEqualTo("pdf");
        assertThat(events.get(2).content().contentType()).isEqualTo("html");
    }

    @Test
    void aManifestInTheFinanceBenchFormatKeepsFormsPeriodsAndCiks() throws Exception {
        Path manifest = dir.resolve("corpus.jsonl");
        Files.writeString(manifest, """
                {"doc_name": "3M_2023Q2_10Q", "company": "3M", "ticker": "MMM", "cik": 66740, "fiscal_year": 2023, "form_type": "10-Q", "period": "2023Q2", "file": "files/3M_2023Q2_10Q.txt.gz", "content_type": "text", "has_questions": true}
                {"doc_name": "PEPSICO_2023_8K_dated-2023-05-05", "company": "PepsiCo", "ticker": "PEP", "cik": 77476, "fiscal_year": 2023, "form_type": "8-K", "period": "2023-05-05", "file": "files/PEPSICO_2023_8K_dated-2023-05-05.pdf", "content_type": "pdf", "has_questions": true}

                """);

        List<FilingEvent> events = Backfill.list(manifest);

        assertThat(events).hasSize(2);
        assertThat(events.get(0)).satisfies(e -> {
            assertThat(e.eventId()).isEqualTo("3M_2023Q2_10Q");
            assertThat(e.cik()).isEqualTo(66740L);
            assertThat(e.docId()).isEqualTo("10-Q@2023Q2");
            assertThat(e.content().uri()).endsWith("/files/3M_2023Q2_10Q.txt.gz");
            assertThat(e.content().contentType()).isNull();
        });
        assertThat(events.get(1).docId()).isEqualTo("8-K@2023-05-05");
        assertThat(events.get(1).content().contentType()).isEqualTo("pdf");
        assertThat(Backfill.root(manifest)).isEqualTo(dir.toAbsolutePath().normalize());
    }
}
