package dev.scoperag.core.route;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Splits company names and questions into the same normalised word tokens, so that "Coca-Cola",
 * "Coca Cola", "J&J", "Johnson & Johnson" and "JPMorgan's" meet their directory titles.
 */
final class NameTokens {

    /** One word of the text, lower-cased, with where it came from. */
    record Token(String norm, String original, int start, int end, boolean possessive) {

        boolean hasUpperOrDigit() {
            for (int i = 0; i < original.length(); i++) {
                char c = original.charAt(i);
                if (Character.isUpperCase(c) || Character.isDigit(c)) {
                    return true;
                }
            }
            return false;
        }

        boolean capitalised() {
            return !original.isEmpty() && (Character.isUpperCase(original.charAt(0)) || Character.isDigit(original.charAt(0)));
        }
    }

    /** SEC titles carry state tags ("CORNING INC /NY", "COSTCO WHOLESALE CORP /NEW") that are not part of the name. */
    private static final Pattern SLASH_TAG = Pattern.compile("\\s*/[A-Za-z ]{1,12}/?\\s*$");

    /**
     * Some titles carry the state as a last word of its own ("US BANCORP DE", "RUSH ENTERPRISES INC TX"). Upper-case
     * state codes only, and not those that are legal forms (CO, NV) or English words (IN, OR, ME, HI, OK, ID, AL).
     */
    private static final Pattern STATE_WORD = Pattern.compile(
            "(?<=\\S)[\\s\\\\]+(?:AK|AZ|AR|CA|CT|DE|FL|GA|IA|IL|KS|KY|LA|MA|MD|MI|MN|MO|MS|MT|NC|ND|NE|NH|NJ|NM|NY|OH"
                    + "|PA|RI|SC|SD|TN|TX|UT|VA|VT|WA|WI|WV|WY)\\s*$");

    private NameTokens() {}

    static boolean isApostrophe(char c) {
        return c == '\'' || c == '\u2019' || c == '`' || c == '\u00b4' || c == '\u2018';
    }

    /**
     * Tokens of free text; a possessive "'s" is dropped and remembered on the token before it, and so is the apostrophe of
     * a word in "s" it ends ("wells' asset cap").
     */
    static List<Token> tokenize(String text) {
        List<Token> tokens = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '&') {
                tokens.add(new Token("and", "&", i, i + 1, false));
                i++;
                continue;
            }
            if (!Character.isLetterOrDigit(c)) {
                i++;
                continue;
            }
            int start = i;
            StringBuilder word = new StringBuilder();
            boolean possessive = false;
            while (i < n) {
                char d = text.charAt(i);
                if (Character.isLetterOrDigit(d)) {
                    word.append(d);
                    i++;
                } else if (isApostrophe(d) && i + 1 < n && Character.isLetter(text.charAt(i + 1))) {
                    boolean sEnds = (text.charAt(i + 1) == 's' || text.charAt(i + 1) == 'S')
                            && (i + 2 >= n || !Character.isLetterOrDigit(text.charAt(i + 2)));
                    if (sEnds) {
                        possessive = true;
                        i += 2;
                        break;
                    }
                    i++; // O'Reilly reads as OReilly
                } else if (isApostrophe(d) && word.length() > 1 && Character.toLowerCase(word.charAt(word.length() - 1)) == 's'
                        && (i + 1 >= n || !Character.isLetterOrDigit(text.charAt(i + 1)))) {
                    possessive = true; // a plural's possessive: "wells' asset cap"
                    i++;
                    break;
                } else {
                    break;
                }
            }
            String original = word.toString();
            tokens.add(new Token(folded(original), original, start, i, possessive));
        }
        return mergeAmpersandTerms(text, mergeInitials(text, tokens));
    }

    /**
     * A word in lower case without its letters' accents and ligatures, as questions type it: "Empeño Fácil" is "empeno
     * facil", "McCafé" "mccafe", a PDF's "ﬁnancial" "financial".
     */
    static String folded(String word) {
        String lower = word.toLowerCase(Locale.ROOT);
        for (int i = 0; i < lower.length(); i++) {
            if (lower.charAt(i) > 0x7f) {
                return COMBINING_MARKS.matcher(Normalizer.normalize(lower, Normalizer.Form.NFKD)).replaceAll("");
            }
        }
        return lower;
    }

    private static final Pattern COMBINING_MARKS = Pattern.compile("\\p{M}+");

    /** Finance's terms of letters joined by an ampersand: "r&d", "m&a", "sg&a" are one word of business, not a name. */
    static final Set<String> AMPERSAND_TERMS = Set.of("r&d", "m&a", "p&l", "g&a", "sg&a", "d&a", "o&m", "e&p", "p&c");

    /** "R&D" written without spaces and meaning research and development is one token, "r&d". */
    private static List<Token> mergeAmpersandTerms(String text, List<Token> tokens) {
        List<Token> merged = new ArrayList<>(tokens.size());
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (i + 2 < tokens.size() && tokens.get(i + 1).original().equals("&") && tokens.get(i + 1).start() == t.end()
                    && tokens.get(i + 2).start() == tokens.get(i + 1).end()) {
                Token last = tokens.get(i + 2);
                String term = text.substring(t.start(), last.end()).toLowerCase(Locale.ROOT);
                if (AMPERSAND_TERMS.contains(term)) {
                    merged.add(new Token(term, text.substring(t.start(), last.end()), t.start(), last.end(), last.possessive()));
                    i += 2;
                    continue;
                }
            }
            merged.add(t);
        }
        return merged;
    }

    /** "N.V.", "U.S." and "J.P." are one word each: merge runs of single letters written with dots. */
    private static List<Token> mergeInitials(String text, List<Token> tokens) {
        List<Token> merged = new ArrayList<>(tokens.size());
        int i = 0;
        while (i < tokens.size()) {
            Token t = tokens.get(i);
            int j = i;
            while (j + 1 < tokens.size()
                    && tokens.get(j).norm().length() == 1
                    && tokens.get(j + 1).norm().length() == 1
                    && Character.isLetter(tokens.get(j).norm().charAt(0))
                    && tokens.get(j).end() < text.length()
                    && text.charAt(tokens.get(j).end()) == '.'
                    && tokens.get(j + 1).start() == tokens.get(j).end() + 1) {
                j++;
            }
            if (j == i) {
                merged.add(t);
            } else {
                StringBuilder norm = new StringBuilder();
                for (int k = i; k <= j; k++) {
                    norm.append(tokens.get(k).norm());
                }
                Token last = tokens.get(j);
                merged.add(new Token(norm.toString(), text.substring(t.start(), last.end()), t.start(), last.end(),
                        last.possessive()));
            }
            i = j + 1;
        }
        return merged;
    }

    /** The title without its state tag; the empty string for none. */
    static String withoutStateTag(String title) {
        return title == null ? "" : STATE_WORD.matcher(SLASH_TAG.matcher(title).replaceAll("")).replaceAll("").trim();
    }

    /** The words of a company name as indexed: possessives kept as part of the word ("McDonald's" is "mcdonalds"). */
    static List<String> nameWords(String name) {
        if (name == null) {
            return List.of();
        }
        String cleaned = withoutStateTag(name);
        List<String> words = new ArrayList<>();
        for (Token t : tokenize(cleaned)) {
            words.add(t.possessive() ? t.norm() + "s" : t.norm());
        }
        if (!words.isEmpty() && words.get(0).equals("the")) {
            words.remove(0);
        }
        return words;
    }

    /**
     * The name without trailing legal-form words and country tags ("Kraft Heinz Co" is "kraft heinz", "T-Mobile US,
     * Inc." is "t mobile"), and a real-estate trust's "Trust" or "Investment Trust" after "Realty", the form a REIT
     * names itself in ("Digital Realty Trust, Inc." is "digital realty", as "Northern Trust" stays whole); never empty
     * if the name is not.
     */
    static List<String> stripSuffixes(List<String> words) {
        int end = words.size();
        while (end > 1 && (Vocabulary.CORPORATE_SUFFIXES.contains(words.get(end - 1))
                || Vocabulary.COUNTRY_TAGS.contains(words.get(end - 1)))) {
            end--;
        }
        if (end > 2 && words.get(end - 1).equals("trust")) {
            int form = words.get(end - 2).equals("investment") ? 2 : 1;
            if (end - form > 1 && words.get(end - form - 1).equals("realty")) {
                end -= form;
            }
        }
        return words.subList(0, end);
    }

    /**
     * Words a name may be written with cut short, read in a name of two words or more as the word itself: "toll bros" is
     * Toll Brothers, "nj resources" New Jersey Resources.
     */
    static final Map<String, String> NAME_WORD_ABBREVIATIONS = Map.ofEntries(Map.entry("intl", "international"),
            Map.entry("natl", "national"), Map.entry("int'l", "international"), Map.entry("mgmt", "management"),
            Map.entry("svcs", "services"), Map.entry("hldgs", "holdings"), Map.entry("bros", "brothers"),
            Map.entry("mfg", "manufacturing"), Map.entry("inds", "industries"), Map.entry("nj", "new jersey"),
            Map.entry("ny", "new york"), Map.entry("pac", "pacific"), Map.entry("cos", "companies"), Map.entry("grp", "group"),
            Map.entry("hldg", "holding"));

    /**
     * Words a name may be written with cut short that are words or names as written too ("tetra tech" is Tetra Tech, not
     * TETRA Technologies): read as the word they cut short only where the words as typed name nobody, and a cut that
     * stands for more than one word tried for each ("northern tech intl" is Northern Technologies International,
     * "univ technical inst" Universal Technical Institute, "Amer. Express" American Express, "citius pharma" Citius
     * Pharmaceuticals, "gen mills" General Mills, "universal tech" Universal Technical Institute).
     */
    static final Map<String, List<String>> NAME_WORD_CUTS = Map.ofEntries(
            Map.entry("tech", List.of("technologies", "technology", "technical")), Map.entry("gen", List.of("general")),
            Map.entry("univ", List.of("universal", "university")),
            Map.entry("inst", List.of("institute", "institutional")), Map.entry("amer", List.of("american", "america")),
            Map.entry("pharma", List.of("pharmaceuticals", "pharmaceutical")), Map.entry("labs", List.of("laboratories")),
            Map.entry("sys", List.of("systems")), Map.entry("comms", List.of("communications")),
            Map.entry("comm", List.of("communications", "community", "commercial")),
            Map.entry("elec", List.of("electric", "electronics")),
            Map.entry("ins", List.of("insurance")), Map.entry("chem", List.of("chemical", "chemicals")),
            Map.entry("mtg", List.of("mortgage")), Map.entry("props", List.of("properties")),
            Map.entry("hlth", List.of("health")), Map.entry("med", List.of("medical")), Map.entry("prods", List.of("products")),
            Map.entry("assoc", List.of("associates")), Map.entry("svc", List.of("services", "service")),
            Map.entry("engr", List.of("engineering")), Map.entry("tel", List.of("telephone")),
            Map.entry("bio", List.of("bioscience", "biosciences", "biotechnology", "biologics")));

    /**
     * Every way to write out the cuts of {@link #NAME_WORD_CUTS} in the words, each cut as any word it may stand for
     * ("univ tech inst" as "universal technical institute" as well as "university technology institutional"), the first
     * word each cut stands for first; none where no word is such a cut. At most {@link #MOST_WAYS_TO_WRITE_OUT}, the first
     * words first, so that a phrase of cuts ("tech comm sys tech comm sys") costs a bounded number of look-ups.
     */
    static List<List<String>> cutsWrittenOut(List<String> words) {
        List<List<String>> ways = List.of(List.of());
        boolean cut = false;
        for (String w : words) {
            List<String> full = NAME_WORD_CUTS.getOrDefault(w, List.of(w));
            cut |= NAME_WORD_CUTS.containsKey(w);
            List<List<String>> longer = new ArrayList<>(Math.min(MOST_WAYS_TO_WRITE_OUT, ways.size() * full.size()));
            for (List<String> way : ways) {
                for (String f : full) {
                    if (longer.size() < MOST_WAYS_TO_WRITE_OUT) {
                        List<String> next = new ArrayList<>(way);
                        next.add(f);
                        longer.add(next);
                    }
                }
            }
            ways = longer;
        }
        return cut ? ways : List.of();
    }

    /** The most ways {@link #cutsWrittenOut} writes a phrase out: three cuts of three words each. */
    static final int MOST_WAYS_TO_WRITE_OUT = 27;

    /**
     * A cut of a word names are made of, and only of such words ("intl", "natl", "svcs", "tech", "pharma"): the word
     * inside a name, never a name or a ticker by itself in lower case ("intl revenue growth" is no StoneX, INTL FCStone
     * once).
     */
    static boolean cutOfAGenericNameWord(String word) {
        String full = NAME_WORD_ABBREVIATIONS.get(word);
        if (full != null) {
            return Vocabulary.isGenericNameWord(full);
        }
        List<String> fulls = NAME_WORD_CUTS.get(word);
        return fulls != null && fulls.stream().allMatch(Vocabulary::isGenericNameWord);
    }

    /** The words with each one cut short written out ("intl fcstone" is "international fcstone"). */
    static List<String> writtenOut(List<String> words) {
        return words.stream().map(w -> NAME_WORD_ABBREVIATIONS.getOrDefault(w, w)).toList();
    }

    /** A title's legal form, which no one's initials for it hold ("Inc"), unlike a word such as "Group" or "Company". */
    private static final Set<String> LEGAL_FORMS = Set.of("inc", "incorporated", "corp", "co", "ltd", "limited", "llc", "plc",
            "lp", "nv", "sa", "ag", "se");

    /** Words a name's initials leave out ("Bank of America" is BOA). */
    static final Set<String> CONNECTORS = Set.of("and", "of", "the");

    /** The first letters of the words. */
    static String initialsOf(List<String> words) {
        StringBuilder initials = new StringBuilder(words.size());
        words.forEach(w -> initials.append(w.charAt(0)));
        return initials.toString();
    }

    /**
     * The initials a company's name may be written with, three letters or more, in lower case: of its words without
     * connectors and legal form, with or without the generic words that end it, and with its article ("eeg" of Esports
     * Entertainment Group, "cga" of China Green Agriculture, "twdc" of The Walt Disney Company), and of the humps of a word
     * written in camel case or of two English words as words of their own ("uhg" of UnitedHealth Group and of
     * UNITEDHEALTH GROUP, "fce" of FuelCell Energy).
     */
    static Set<String> initialsOfName(String name) {
        Set<String> all = new HashSet<>();
        StringBuilder humped = new StringBuilder(name);
        List<Token> tokens = tokenize(name);
        for (int k = tokens.size() - 1; k >= 0; k--) {
            Token t = tokens.get(k);
            List<String> parts = camelCaseParts(t.original());
            if (!parts.isEmpty()) {
                humped.replace(t.start(), t.end(), String.join(" ", parts));
            }
        }
        List<String> split = new ArrayList<>();
        nameWords(humped.toString()).forEach(w -> split.addAll(twoEnglishWords(w)));
        for (String written : new LinkedHashSet<>(List.of(name, humped.toString(), String.join(" ", split)))) {
            List<String> words = nameWords(written).stream().filter(w -> !LEGAL_FORMS.contains(w) && !CONNECTORS.contains(w)).toList();
            List<String> withArticle = new ArrayList<>(words);
            if (written.strip().toLowerCase(Locale.ROOT).startsWith("the ")) {
                withArticle.add(0, "the");
            }
            for (List<String> form : List.of(words, stripSuffixes(words), withArticle)) {
                if (form.size() >= 3 && form.stream().allMatch(w -> !w.isEmpty() && Character.isLetter(w.charAt(0)))) {
                    all.add(initialsOf(form));
                }
            }
        }
        return all;
    }

    /**
     * The initials a listing was once written with, its legal form's among them, four letters or more in lower case:
     * "apci" of Air Products and Chemicals, Inc.; empty for a name of fewer words or another legal form ("HHI" of two
     * words and "Inc" is as likely any other company's).
     */
    static Optional<String> initialsWithLegalForm(String name) {
        List<String> words = nameWords(name).stream().filter(w -> !CONNECTORS.contains(w)).toList();
        boolean incorporated = words.size() >= 4 && INCORPORATED.contains(words.get(words.size() - 1))
                && words.stream().allMatch(w -> !w.isEmpty() && Character.isLetter(w.charAt(0)));
        return incorporated ? Optional.of(initialsOf(words)) : Optional.empty();
    }

    /** The legal forms a listing's initials were written with: "APCI", Air Products and Chemicals, Inc. */
    private static final Set<String> INCORPORATED = Set.of("inc", "incorporated", "corp");

    /**
     * A word that is no English word but two written together, each of three letters or more, as those two ("unitedhealth"
     * is [united, health], "fuelcell" [fuel, cell]); any other word as it is.
     */
    static List<String> twoEnglishWords(String word) {
        if (word.length() >= 6 && !Vocabulary.isEverydayWord(word)) {
            for (int cut = 3; cut <= word.length() - 3; cut++) {
                String first = word.substring(0, cut);
                String second = word.substring(cut);
                if (Vocabulary.isEverydayWord(first) && Vocabulary.isEverydayWord(second)) {
                    return List.of(first, second);
                }
            }
        }
        return List.of(word);
    }

    /** "ConEd" is [con, ed], "AmEx" [am, ex]; empty for a word that is not two capitalised parts or more of two letters. */
    static List<String> camelCaseParts(String word) {
        if (word.length() < 4 || !Character.isUpperCase(word.charAt(0)) || !word.chars().allMatch(Character::isLetter)) {
            return List.of();
        }
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= word.length(); i++) {
            if (i == word.length() || Character.isUpperCase(word.charAt(i))) {
                String part = word.substring(start, i);
                if (part.length() < 2 || !Character.isLowerCase(part.charAt(1))) {
                    return List.of();
                }
                parts.add(part.toLowerCase(Locale.ROOT));
                start = i;
            }
        }
        return parts.size() >= 2 ? parts : List.of();
    }

    static String joined(List<String> words) {
        return String.join(" ", words);
    }

    static String concatenated(List<String> words) {
        return String.join("", words);
    }
}
