package dev.scoperag.core.fact;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.TestFiles;
import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.extract.Extractor;
import dev.scoperag.core.json.Json;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * Which statement facts the FinanceBench dev questions need, and whether {@link StatementTableReader} read them: the
 * {@code metrics-generated} questions name their line items in their justification ("The line item name, as seen in
 * the 10K, was: Capital spending") and their fiscal years in the question ("FY2018 - FY2020"). Run as a command with
 * the bench directory as argument; prints one line per needed fact, read (with its value, page and period) or missed.
 */
public final class StatementFactsOnDevQuestions {

    private static final Pattern LINE_ITEM = Pattern.compile(
            "(?:line item name, as seen in the 10K, was|single line item named):\\s*(.+?)(?=\\.\\s+(?:The |Metric )|\\.?\\s*$)");
    private static final Pattern BLANK_LINE_ITEM = Pattern.compile("\\[blank line item referring to (?:the )?(.+?)\\]");
    private static final Pattern FISCAL_YEAR = Pattern.compile("FY\\s?(\\d{4})(?:\\s*(?:-|to)\\s*FY\\s?(\\d{4}))?");

    /** One fact a question needs. */
    public record Need(String questionId, String docName, String lineItem, int fiscalYear) {}

    /** What was read for a need: the fact, or empty. */
    public record Outcome(Need need, Optional<Fact> fact) {}

    private StatementFactsOnDevQuestions() {}

    public static void main(String[] args) {
        Path bench = args.length > 0 ? Path.of(args[0]) : TestFiles.benchDirectory();
        print(run(bench), System.out);
    }

    public static List<Outcome> run(Path bench) {
        Path financebench = bench.resolve("financebench");
        Map<String, String> files = corpusFiles(financebench.resolve("corpus.jsonl"));
        List<Need> needs = needs(financebench.resolve("questions-dev.jsonl"));
        Map<String, List<Fact>> factsByDoc = new HashMap<>();
        List<Outcome> outcomes = new ArrayList<>();
        for (Need need : needs) {
            List<Fact> facts = factsByDoc.computeIfAbsent(need.docName(), d -> read(financebench.resolve(files.get(d))));
            outcomes.add(new Outcome(need, find(facts, need.lineItem(), need.fiscalYear())));
        }
        return outcomes;
    }

    public static void print(List<Outcome> outcomes, PrintStream out) {
        long read = outcomes.stream().filter(o -> o.fact().isPresent()).count();
        out.println("statement facts the metrics-generated dev questions need: " + outcomes.size() + ", read " + read
                + ", missed " + (outcomes.size() - read));
        for (Outcome o : outcomes) {
            Need n = o.need();
            String what = o.fact().map(f -> "read " + f.value().toPlainString() + " " + f.unit() + " (" + f.label() + ", "
                    + (f.period().isInstant() ? "at " + f.period().end() : f.period().start() + ".." + f.period().end())
                    + ", page " + f.source().page() + ")").orElse("MISSED");
            out.println("  " + n.questionId() + " " + n.docName() + " FY" + n.fiscalYear() + " \"" + n.lineItem() + "\": " + what);
        }
    }

    /** The fact of a line item for a fiscal year: the period ending in that year, a filing-wide figure in USD first. */
    static Optional<Fact> find(List<Fact> facts, String lineItem, int fiscalYear) {
        Matcher blank = BLANK_LINE_ITEM.matcher(lineItem);
        String item = blank.matches() ? blank.group(1) : lineItem;
        String wanted = compact(blank.matches() && !item.startsWith("total") ? "total " + item : item);
        List<Fact> ofYear = facts.stream().filter(f -> f.period().end().getYear() == fiscalYear && "USD".equals(f.unit())).toList();
        for (Fact f : ofYear) {
            String concept = compact(f.concept().substring(f.concept().indexOf(':') + 1));
            if (concept.equals(wanted) || concept.equals(wanted + "s")) {
                return Optional.of(f);
            }
        }
        // A line item printed under its section ("Revenue: ... Total") reads as "revenue total".
        for (Fact f : ofYear) {
            String concept = compact(f.concept().substring(f.concept().indexOf(':') + 1));
            if (concept.endsWith(wanted) && concept.length() - wanted.length() <= 12) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    static List<Need> needs(Path questions) {
        List<Need> needs = new ArrayList<>();
        for (String line : lines(questions)) {
            JsonNode q = json(line);
            if (!"metrics-generated".equals(q.path("question_type").asText())) {
                continue;
            }
            String justification = q.path("justification").asText("");
            List<String> items = new ArrayList<>();
            Matcher m = LINE_ITEM.matcher(justification);
            while (m.find()) {
                items.add(m.group(1).strip());
            }
            TreeSet<Integer> years = new TreeSet<>();
            Matcher y = FISCAL_YEAR.matcher(q.path("question").asText());
            while (y.find()) {
                int from = Integer.parseInt(y.group(1));
                int to = y.group(2) == null ? from : Integer.parseInt(y.group(2));
                for (int year = from; year <= to && year - from < 5; year++) {
                    years.add(year);
                }
            }
            for (String item : items) {
                for (int year : years) {
                    needs.add(new Need(q.path("financebench_id").asText(), q.path("doc_name").asText(), item, year));
                }
            }
        }
        return needs;
    }

    private static List<Fact> read(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            String name = file.getFileName().toString();
            if (name.endsWith(".gz")) {
                try (GZIPInputStream in = new GZIPInputStream(Files.newInputStream(file))) {
                    bytes = in.readAllBytes();
                }
            }
            ExtractedText text = new Extractor().extract(bytes, name.contains(".pdf") ? "pdf" : name.contains(".htm") ? "html" : null);
            return new StatementTableReader().read(null, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (dev.scoperag.core.filing.FilingRejectedException e) {
            throw new IllegalStateException(file + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, String> corpusFiles(Path corpus) {
        Map<String, String> files = new LinkedHashMap<>();
        for (String line : lines(corpus)) {
            JsonNode n = json(line);
            files.put(n.path("doc_name").asText(), n.path("file").asText());
        }
        return files;
    }

    static String compact(String label) {
        return label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode json(String line) {
        try {
            return Json.MAPPER.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
