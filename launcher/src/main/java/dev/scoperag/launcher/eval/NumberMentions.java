package dev.scoperag.launcher.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures a text states ("$1,097 million", "(473)", "30.8%", "1.5 billion") and whether an answer
 * states a reference answer's figure.
 *
 * <p>A figure is compared by magnitude, sign aside ("decreased by $229 million" states the -229 of a
 * reference), within {@value #TOLERANCE} of the reference. When both state a scale word their values
 * are compared (1.5 billion equals 1,500 million); when either lacks one, tables give the unit in a
 * header, so the numbers as written are compared, and may also differ by a factor of a thousand
 * ("12,617" in a table in millions states "$12,617 million", "4,625" states "$4.6 billion"). A percentage also matches the same figure without the sign and its
 * fraction (36% and 0.36). Four-digit years (1900-2100 with no currency, decimals or unit) and
 * numbers glued to letters ("FY2022", "Q4", "10-K") are not figures.
 */
public final class NumberMentions {

    static final double TOLERANCE = 0.01;

    private static final Pattern FIGURE = Pattern.compile(
            "(?<![\\p{L}\\p{N}.,])(?<cur>\\$\\s?)?(?<num>\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?|\\.\\d+)"
                    + "(?!\\p{N}|-\\p{L}|,\\d|\\.\\d)"
                    + "(?:\\s?(?<pct>%|percent\\b))?"
                    + "(?:\\s?(?<scale>trillion|billion|million|thousand|bn|mn|mm|tn|[bmk])(?![\\p{L}\\p{N}]))?"
                    + "(?![\\p{L}\\p{N}])",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+(?=[A-Z(\"“])");

    /** A figure: the number as written, its value with any scale word applied, and how it was written. */
    public record Figure(String text, double number, double value, boolean scaled, boolean percent) {}

    private NumberMentions() {}

    /** The figures of a text, in order. */
    public static List<Figure> figures(String text) {
        List<Figure> figures = new ArrayList<>();
        if (text == null) {
            return figures;
        }
        Matcher m = FIGURE.matcher(text);
        while (m.find()) {
            String digits = m.group("num").replace(",", "");
            double value = Double.parseDouble(digits);
            boolean currency = m.group("cur") != null;
            boolean percent = m.group("pct") != null;
            String scaleWord = m.group("scale");
            if (scaleWord != null && scaleWord.length() == 1 && !currency) {
                // "3M" is a company, "$3M" three million.
                scaleWord = null;
                if (Character.isLetter(text.charAt(m.end() - 1))) {
                    continue;
                }
            }
            double scale = scaleWord == null ? 1 : scaleOf(scaleWord);
            boolean plainYear = !currency && !percent && scaleWord == null && m.group("num").matches("\\d{4}") && value >= 1900
                    && value <= 2100;
            if (plainYear) {
                continue;
            }
            figures.add(new Figure(m.group().trim(), value, value * scale, scaleWord != null, percent));
        }
        return figures;
    }

    /**
     * The reference answer's headline figure: the first figure of its first sentence, if any. A figure
     * only mentioned later ("... assumes FY2023 refers to the 12 months ended ...") is not what the
     * question asks for.
     */
    public static Optional<Figure> headline(String referenceAnswer) {
        if (referenceAnswer == null) {
            return Optional.empty();
        }
        String firstSentence = SENTENCE_END.split(referenceAnswer.strip(), 2)[0];
        List<Figure> figures = figures(firstSentence);
        return figures.isEmpty() ? Optional.empty() : Optional.of(figures.get(0));
    }

    /** The first figure of {@code answer} that states {@code reference}, if any. */
    public static Optional<Figure> stated(Figure reference, String answer) {
        for (Figure figure : figures(answer)) {
            if (matches(reference, figure)) {
                return Optional.of(figure);
            }
        }
        return Optional.empty();
    }

    static boolean matches(Figure reference, Figure candidate) {
        boolean bothScaled = reference.scaled() && candidate.scaled();
        double want = Math.abs(bothScaled ? reference.value() : reference.number());
        double got = Math.abs(bothScaled ? candidate.value() : candidate.number());
        if (want == 0) {
            return got == 0;
        }
        List<Double> factors = new ArrayList<>(List.of(1.0));
        if (!bothScaled) {
            factors.add(1e3);
            factors.add(1e-3);
        }
        if (reference.percent() != candidate.percent()) {
            factors.add(reference.percent() ? 100.0 : 0.01);
        }
        for (double factor : factors) {
            if (Math.abs(got * factor - want) <= TOLERANCE * want) {
                return true;
            }
        }
        return false;
    }

    private static double scaleOf(String word) {
        return switch (word.toLowerCase(Locale.ROOT)) {
            case "trillion", "tn" -> 1e12;
            case "billion", "bn", "b" -> 1e9;
            case "million", "mn", "mm", "m" -> 1e6;
            case "thousand", "k" -> 1e3;
            default -> 1;
        };
    }
}
