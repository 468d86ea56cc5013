package dev.scoperag.core.llm;

import java.text.Normalizer;
import java.util.regex.Pattern;

/**
 * Text from filings or questions made safe to place in a prompt, where it must not close the evidence fence, forge
 * another, or add a line or field to a listing.
 *
 * <p>All three forms first apply NFKC, which folds the fullwidth and small-form variants ({@code ＜ ＞ ﹤ ﹥ ［ ］ ｜})
 * onto their ASCII characters, then drop control and format characters (zero-width characters, bidi overrides, the
 * invisible Unicode tag characters a model can still read). NFKC leaves other look-alikes as they are ({@code ‹ › « »
 * 〈 〉 ⟨ ⟩ ≪ ≫ ⋘ ⋙ ...}), and ingest's NFKC therefore does not remove them from filings either: each is replaced here by
 * a quotation mark or a parenthesis, so only ASCII angle brackets remain to be counted. Then:
 * <ul>
 *   <li>a {@link #field} (ticker, company name, form, period) is one line of at most its bound, without any angle or
 *   square bracket, {@code |}, {@code ;} or {@code =}, so it can neither end its line, forge a fence, a citation
 *   marker, a listing column or another {@code key=value} of the fence line;</li>
 *   <li>a {@link #passage} keeps its lines, with runs of three or more {@code <} or {@code >} cut to two, and a line
 *   that starts like a fence line without them ({@code END PASSAGE [2]}, {@code « passage «3»}) given parentheses
 *   instead of its brackets, so that the real fence lines are the only ones to start {@code <<<} or to read
 *   {@code PASSAGE [n]};</li>
 *   <li>a {@link #line} (the question) gets the passage rules and is also joined onto one line, so that it can only
 *   ever be part of the line it is put on.</li>
 * </ul>
 */
public final class PromptText {

    /** Guillemets, which become a quotation mark: they quote. */
    private static final String GUILLEMETS = "‹›«»";
    /** Other look-alikes of {@code <} and {@code >} that NFKC keeps, in pairs opening-closing; they become parentheses. */
    private static final String ANGLE_LOOKALIKES = "〈〉《》⟨⟩⟪⟫❬❭❮❯❰❱⧼⧽≪≫⋘⋙˂˃ᐸᐳ⦑⦒⦉⦊⸨⸩";
    /** Look-alikes of {@code |} that NFKC keeps. */
    private static final String BAR_LOOKALIKES = "¦│┃∣ǀ❘⎸⎹";

    private static final Pattern FORGED_OPEN = Pattern.compile("<{3,}");
    private static final Pattern FORGED_CLOSE = Pattern.compile(">{3,}");
    // A line that starts like a fence line without its three angle brackets: "END PASSAGE [2]", "<< passage <3>",
    // "Passage (4" once look-alikes are folded. Rewritten with parentheses, it no longer reads as the "[n]" the system
    // prompt defines. Mid-line, "passage [1]" is how a text refers to a passage and is left alone.
    private static final Pattern FENCE_LINE = Pattern.compile(
            "(?im)^([^\\p{L}\\p{N}\\n]*(?:end\\s*)?passage)\\s*[^\\p{L}\\p{N}\\s,.;:]{1,3}\\s*(\\d{1,4})\\s*[^\\p{L}\\p{N}\\s,.;:]{0,3}");
    private static final Pattern SPACE_RUN = Pattern.compile(" {2,}");

    private PromptText() {
    }

    /**
     * {@code value} as one metadata field of at most {@code maxChars} characters or
     * {@code null} when it is null or nothing readable is left; a cut is marked with {@code ...}.
     */
    public static String field(String value, int maxChars) {
        if (value == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(Math.min(value.length(), maxChars + 1));
        String text = clean(value, false);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<', '[' -> out.append('(');
                case '>', ']' -> out.append(')');
                case '|' -> out.append('/');
                case ';' -> out.append(',');
                case '=' -> out.append(' ');
                default -> out.append(c);
            }
        }
        String field = SPACE_RUN.matcher(out).replaceAll(" ").strip();
        if (field.isEmpty()) {
            return null;
        }
        return cut(field, maxChars);
    }

    /** Passage text, its lines kept, that cannot close its fence or open another. */
    public static String passage(String text) {
        return unforgeable(clean(text, true));
    }

    /** {@code text} on one line of at most {@code maxChars} characters, with the passage rules. */
    public static String line(String text, int maxChars) {
        return cut(SPACE_RUN.matcher(unforgeable(clean(text, false))).replaceAll(" ").strip(), maxChars);
    }

    private static String unforgeable(String text) {
        String shortened = FORGED_CLOSE.matcher(FORGED_OPEN.matcher(text).replaceAll("<<")).replaceAll(">>");
        return FENCE_LINE.matcher(shortened).replaceAll("$1 ($2)");
    }

    /**
     * NFKC, then: line breaks of every kind become {@code \n} (or a space when {@code keepLines} is false), other
     * whitespace a space, control and format characters nothing, look-alikes of angle brackets and bars their
     * replacements.
     */
    private static String clean(String text, boolean keepLines) {
        String normalized = Normalizer.normalize(text, Normalizer.Form.NFKC);
        StringBuilder out = new StringBuilder(normalized.length());
        for (int i = 0; i < normalized.length(); ) {
            int cp = normalized.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == '\r' && i < normalized.length() && normalized.charAt(i) == '\n') {
                continue;
            }
            if (cp == '\n' || cp == '\r' || cp == '\u000B' || cp == '\f' || cp == '\u0085' || cp == '\u2028' || cp == '\u2029') {
                out.append(keepLines ? '\n' : ' ');
            } else if (cp == '\t' || Character.isSpaceChar(cp)) {
                out.append(' ');
            } else if (Character.isISOControl(cp) || Character.getType(cp) == Character.FORMAT) {
                continue;
            } else {
                int angle = ANGLE_LOOKALIKES.indexOf(cp);
                if (GUILLEMETS.indexOf(cp) >= 0) {
                    out.append('"');
                } else if (angle >= 0) {
                    out.append(angle % 2 == 0 ? '(' : ')');
                } else if (BAR_LOOKALIKES.indexOf(cp) >= 0) {
                    out.append('|');
                } else {
                    out.appendCodePoint(cp);
                }
            }
        }
        return out.toString();
    }

    // "..." rather than an ellipsis character, which NFKC would turn into three dots anyway.
    private static String cut(String text, int maxChars) {
        if (text.length() <= maxChars) {
            return text;
        }
        int end = Math.max(maxChars - 3, 0);
        if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end) + "...";
    }
}
