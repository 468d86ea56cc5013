package dev.scoperag.core.fact;

import dev.scoperag.core.TestFiles;
import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.extract.Extractor;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Checks {@link StatementTableReader} against the inline XBRL of the edgar-ixbrl filings: every figure of their
 * statements is tagged ({@code ix:nonFraction}, with its scale), so a figure read from the table of the HTML's
 * extracted text agrees when some tagged figure has the same magnitude. Signs are compared as magnitudes because a
 * tag's sign follows the concept's balance, not the parentheses printed. Prints per filing the facts read and how many
 * agree; run as a command with the bench directory as argument.
 */
public final class TableFactsAgainstInlineXbrl {

    private static final Pattern NON_FRACTION = Pattern.compile("(?is)<ix:nonFraction\\b([^>]*)>(.*?)</ix:nonFraction>");
    private static final Pattern SCALE = Pattern.compile("(?i)\\bscale\\s*=\\s*[\"'](-?\\d+)[\"']");
    private static final Pattern TAG = Pattern.compile("<[^>]*>");

    /** One filing's agreement. */
    public record Agreement(String file, int facts, int agreeing, List<Fact> disagreeing) {

        public double share() {
            return facts == 0 ? 0 : (double) agreeing / facts;
        }
    }

    private TableFactsAgainstInlineXbrl() {}

    public static void main(String[] args) {
        Path bench = args.length > 0 ? Path.of(args[0]) : TestFiles.benchDirectory();
        List<Agreement> all = run(bench.resolve("edgar-ixbrl").resolve("files"), "_10K");
        print(all, System.out);
    }

    public static List<Agreement> run(Path dir, String nameContains) {
        List<Agreement> agreements = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(p -> p.getFileName().toString().contains(nameContains)).sorted().toList()) {
                agreements.add(agreement(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return agreements;
    }

    public static void print(List<Agreement> agreements, PrintStream out) {
        int facts = 0;
        int agreeing = 0;
        for (Agreement a : agreements) {
            facts += a.facts();
            agreeing += a.agreeing();
            out.printf("  %-28s %5d table facts, %5d agree with a tagged figure (%.1f%%)%n", a.file(), a.facts(), a.agreeing(), 100 * a.share());
            a.disagreeing().stream().limit(3).forEach(f -> out.println("      not tagged: " + f.label() + " " + f.period().end() + " "
                    + f.value().toPlainString() + " " + f.unit()));
        }
        out.printf("all: %d table facts, %d agree (%.1f%%)%n", facts, agreeing, facts == 0 ? 0 : 100.0 * agreeing / facts);
    }

    static Agreement agreement(Path file) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            byte[] html = in.readAllBytes();
            Set<BigDecimal> tagged = taggedMagnitudes(new String(html, StandardCharsets.UTF_8));
            ExtractedText text = new Extractor().extract(html, "html");
            List<Fact> facts = new StatementTableReader().read(html, text);
            List<Fact> disagreeing = new ArrayList<>();
            int agreeing = 0;
            for (Fact f : facts) {
                if (f.value().signum() == 0 || tagged.contains(f.value().abs().stripTrailingZeros())) {
                    agreeing++;
                } else {
                    disagreeing.add(f);
                }
            }
            return new Agreement(file.getFileName().toString(), facts.size(), agreeing, disagreeing);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (dev.scoperag.core.filing.FilingRejectedException e) {
            throw new IllegalStateException(file + ": " + e.getMessage(), e);
        }
    }

    /** Every tagged figure's magnitude, scale applied. */
    static Set<BigDecimal> taggedMagnitudes(String html) {
        Set<BigDecimal> magnitudes = new HashSet<>();
        Matcher m = NON_FRACTION.matcher(html);
        while (m.find()) {
            String digits = TAG.matcher(m.group(2)).replaceAll("").replaceAll("[^0-9.]", "");
            if (digits.isEmpty() || digits.equals(".")) {
                continue;
            }
            Matcher scale = SCALE.matcher(m.group(1));
            int power = scale.find() ? Integer.parseInt(scale.group(1)) : 0;
            try {
                magnitudes.add(new BigDecimal(digits).scaleByPowerOfTen(power).stripTrailingZeros());
            } catch (NumberFormatException e) {
                // not a figure
            }
        }
        return magnitudes;
    }
}
