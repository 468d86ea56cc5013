package dev.scoperag.core.fact;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The inline XBRL transformation rules for numbers (ixt and ixt-sec registries): the displayed text of a
 * {@code ix:nonFraction} to the number it stands for, before scale and sign. Empty for a format it does not know or
 * a text the format does not fit, never a guess.
 */
final class IxTransform {

    private static final Map<String, Long> WORDS = Map.ofEntries(
            Map.entry("zero", 0L), Map.entry("no", 0L), Map.entry("none", 0L),
            Map.entry("one", 1L), Map.entry("a", 1L), Map.entry("an", 1L), Map.entry("two", 2L),
            Map.entry("three", 3L), Map.entry("four", 4L), Map.entry("five", 5L), Map.entry("six", 6L),
            Map.entry("seven", 7L), Map.entry("eight", 8L), Map.entry("nine", 9L), Map.entry("ten", 10L),
            Map.entry("eleven", 11L), Map.entry("twelve", 12L), Map.entry("thirteen", 13L),
            Map.entry("fourteen", 14L), Map.entry("fifteen", 15L), Map.entry("sixteen", 16L),
            Map.entry("seventeen", 17L), Map.entry("eighteen", 18L), Map.entry("nineteen", 19L),
            Map.entry("twenty", 20L), Map.entry("thirty", 30L), Map.entry("forty", 40L), Map.entry("fifty", 50L),
            Map.entry("sixty", 60L), Map.entry("seventy", 70L), Map.entry("eighty", 80L), Map.entry("ninety", 90L));

    private static final Map<String, Long> MULTIPLIERS = Map.of(
            "hundred", 100L, "thousand", 1_000L, "million", 1_000_000L, "billion", 1_000_000_000L);

    private IxTransform() {}

    /** @param format the {@code format} attribute ({@code ixt:num-dot-decimal}), empty when absent */
    static Optional<BigDecimal> apply(String format, String displayed) {
        String rule = format.substring(format.indexOf(':') + 1).trim().toLowerCase(Locale.ROOT);
        String text = displayed.trim();
        return switch (rule) {
            case "", "num-dot-decimal", "numdotdecimal", "numcommadot", "num-comma-dot" -> digits(text, '.', ',');
            case "num-comma-decimal", "numcommadecimal", "numdotcomma", "num-dot-comma" -> digits(text, ',', '.');
            case "num-unit-decimal", "numunitdecimal" -> digits(text.replaceAll("[^0-9]+", ".").replaceAll("^\\.|\\.$", ""), '.', ',');
            case "fixed-zero", "zerodash", "fixedzero", "nocontent" -> Optional.of(BigDecimal.ZERO);
            case "numwordsen", "num-words-en" -> words(text);
            default -> Optional.empty();
        };
    }

    private static Optional<BigDecimal> digits(String text, char decimalMark, char groupMark) {
        StringBuilder number = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isDigit(c)) {
                number.append(c);
            } else if (c == decimalMark) {
                number.append('.');
            } else if (c != groupMark && c != ' ' && c != '\u00a0' && c != '$') {
                return Optional.empty();
            }
        }
        if (number.isEmpty() || number.indexOf(".") != number.lastIndexOf(".")) {
            return Optional.empty();
        }
        return Optional.of(new BigDecimal(number.charAt(0) == '.' ? "0" + number : number.toString()));
    }

    /** "two", "twenty-one", "one hundred five", "no": the small counts filings write out in words. */
    private static Optional<BigDecimal> words(String text) {
        String[] tokens = text.toLowerCase(Locale.ROOT).replace('-', ' ').replace(",", " ").trim().split("\\s+");
        long total = 0;
        long group = 0;
        boolean any = false;
        for (String token : tokens) {
            if (token.isEmpty() || token.equals("and")) {
                continue;
            }
            if (WORDS.containsKey(token)) {
                group += WORDS.get(token);
            } else if (token.equals("hundred")) {
                group = Math.max(group, 1) * 100;
            } else if (MULTIPLIERS.containsKey(token)) {
                total += Math.max(group, 1) * MULTIPLIERS.get(token);
                group = 0;
            } else if (token.chars().allMatch(Character::isDigit)) {
                group += Long.parseLong(token);
            } else {
                return Optional.empty();
            }
            any = true;
        }
        return any ? Optional.of(BigDecimal.valueOf(total + group)) : Optional.empty();
    }
}
