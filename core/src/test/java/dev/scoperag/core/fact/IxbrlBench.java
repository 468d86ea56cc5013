package dev.scoperag.core.fact;

import dev.scoperag.core.TestFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/** The EDGAR filings with inline XBRL of shared/bench/edgar-ixbrl, as listed by its corpus.jsonl. */
record IxbrlBench(String docName, String ticker, int fiscalYear, String formType, Path file) {

    private static final Pattern FIELD = Pattern.compile("\"(doc_name|ticker|fiscal_year|form_type|file)\": \"?([^\",]*)\"?");

    static List<IxbrlBench> filings() {
        Path corpus = TestFiles.benchFile("edgar-ixbrl", "corpus.jsonl");
        List<IxbrlBench> filings = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(corpus)) {
                if (line.isBlank()) {
                    continue;
                }
                java.util.Map<String, String> fields = new java.util.HashMap<>();
                Matcher m = FIELD.matcher(line);
                while (m.find()) {
                    fields.put(m.group(1), m.group(2));
                }
                filings.add(new IxbrlBench(fields.get("doc_name"), fields.get("ticker"),
                        Integer.parseInt(fields.get("fiscal_year")), fields.get("form_type"),
                        corpus.getParent().resolve(fields.get("file"))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return filings;
    }

    static IxbrlBench named(String docName) {
        return filings().stream().filter(f -> f.docName.equals(docName)).findFirst().orElseThrow();
    }

    byte[] bytes() {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    boolean isAnnual() {
        return "10-K".equals(formType);
    }
}
