package dev.scoperag.core.extract;

import dev.scoperag.core.TestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Times extraction of one real filing and prints the figures.
 *
 * <p>Run from the project root (the filing is read in place, never copied into the project):
 * {@code mvn -pl core test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.scoperag.core.extract.ExtractionBenchmark}, or with {@code java -cp} on the
 * test classpath. An optional argument names another filing.
 */
public final class ExtractionBenchmark {

    private static final int RUNS = 3;

    private ExtractionBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path filing = args.length > 0 ? Path.of(args[0]) : TestFiles.benchFile("financebench", "files", "3M_2018_10K.pdf");
        byte[] bytes = Files.readAllBytes(filing);
        String hint = filing.getFileName().toString().replaceAll(".*\\.", "");
        Extractor extractor = new Extractor();
        System.out.printf(Locale.ROOT, "%s: %,d bytes%n", filing.getFileName(), bytes.length);
        for (int run = 1; run <= RUNS; run++) {
            long start = System.nanoTime();
            ExtractedText text = extractor.extract(bytes, hint);
            long extractedAt = System.nanoTime();
            SectionIndex sections = SectionIndex.of(text.text());
            long indexedAt = System.nanoTime();
            System.out.printf(Locale.ROOT,
                    "run %d%s: extract %,d ms, section index %,d ms; %d pages, %,d chars, %d section headings%n",
                    run, run == 1 ? " (JIT cold)" : "", (extractedAt - start) / 1_000_000,
                    (indexedAt - extractedAt) / 1_000_000, text.pageCount(), text.text().length(),
                    sections.headings().size());
        }
    }
}
