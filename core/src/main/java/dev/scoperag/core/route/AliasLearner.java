package dev.scoperag.core.route;

import dev.scoperag.core.filing.Ticker;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Learns from a filing's own text the names it uses for its issuer's products, segments and
 * subsidiaries ("YouTube", "GeForce", "Gatorade"): words the filing writes capitalised in mid-sentence
 * again and again and never in lower case, that are no English word, abbreviation, place or month, not the company's own
 * name, not half of a longer name (Ernst &amp; Young), a person (Larry Page) or a heading's English word with a prefix or
 * ending (Nonqualified). An English word is learned too where the filing shows it is a name of its own: marked (R) or (TM),
 * declared its segment or brand ("our Reality Labs segment"), written after the company's own name ("Amazon Prime",
 * "Adobe Acrobat"), or naming a line of its business ("Azure revenue", "Azure and other cloud services"); and so is an
 * upper-case abbreviation the filing defines for a name of its own ("Amazon Web Services (“AWS”)"), and a name of two or
 * three capitalised words it shows as its own ("Creative Cloud", "Geek Squad"; {@link #productPhrases}). The catalog drops a
 * name two issuers' filings teach, or another issuer's name (Microsoft in NVIDIA's), so what remains is frequent in this
 * issuer's filings and rare in the others'.
 */
public final class AliasLearner {

    /** Capitalised words, one or more: "Juniper Networks", "AT&T". */
    private static final String CAPITALISED_WORDS = "\\p{Lu}[\\p{L}\\p{N}&'\u2019-]*(?: \\p{Lu}[\\p{L}\\p{N}&'\u2019-]*)*";

    /** ... and a short remark in brackets after them: "Huawei (as defined below)". */
    private static final String NAME = CAPITALISED_WORDS + "(?: \\([^)]{0,40}\\))?";

    /**
     * Where a filing names its own competitors, the list of names that follows: "Our competitors include Nokia, Huawei (as
     * defined below), Cisco, Juniper Networks, and", "we compete with Experian and Equifax"; not "imports that compete with
     * Marquis products".
     */
    private static final Pattern COMPETITORS = Pattern.compile("\\b(?:[Ww]e|[Oo]ur|the Company(?:['\u2019]s)?)\\b[^.;]{0,30}?\\b"
            + "(?:[Cc]ompetitors (?:include|includes|including|are|such as)"
            + "|[Cc]ompetitors, (?:including|such as)|[Cc]ompete (?:primarily |directly |principally )?with|[Cc]ompetes "
            + "(?:primarily |directly |principally )?with)(?: companies such as| firms such as)? (" + NAME + "(?:, (?:and |or )?"
            + NAME + ")*(?:,? (?:and|or) " + NAME + ")?)");

    private static final Pattern LISTED_NAME = Pattern.compile(CAPITALISED_WORDS);

    /**
     * The names a filing lists as its competitors ("Our competitors include Nokia, Huawei (as defined below), Cisco"; "we
     * compete with Experian and Equifax"), each whole and each of its words: another company's, never the filer's own,
     * however often the filing writes it (Huawei in Ciena's, on export rules).
     */
    static Set<String> competitors(String text) {
        Set<String> names = new HashSet<>();
        Matcher m = COMPETITORS.matcher(text);
        while (m.find()) {
            Matcher name = LISTED_NAME.matcher(m.group(1).replaceAll("\\([^)]*\\)", ""));
            while (name.find()) {
                names.add(name.group());
                names.addAll(List.of(name.group().split(" ")));
            }
        }
        return names;
    }

    /** A filing names a product of its own many times; fewer is a passing mention. */
    static final int MIN_MENTIONS = 5;

    /** A company's deeds after a name: "Marquis acquired", "Marquis offers", "Marquis operated its business". */
    private static final Pattern ACTS_AFTER = Pattern.compile("^ (?:acquired|acquires|offers|offered|operates|operated|sells|sold"
            + "|manufactures|manufactured|produces|produced|distributes|distributed|designs|markets|marketed|owns|owned"
            + "|generated|generates|reported|employs|employed|serves|served)\\b");

    /** A capitalised English word is a company of the filing's own when it does business this often, never in lower case. */
    static final int MIN_ACTING = 3;

    /** The most a document teaches, most mentioned first. */
    static final int MAX_ALIASES = 20;

    private static final int MIN_LENGTH = 4;

    /**
     * A capitalised word ("Azure"), a camel-case one ("YouTube", "iPhone"), a hyphenated name ("Frito-Lay"), or a
     * possessive and the word it owns ("Sam's Club").
     */
    private static final Pattern CANDIDATE = Pattern.compile(
            "(?<![\\p{L}\\p{N}&'\\-])(\\p{Lu}\\p{Ll}+['\u2019]s\\s+\\p{Lu}\\p{Ll}+|(?:\\p{Lu}\\p{Ll}+\\p{Lu}?\\p{Ll}*|\\p{Ll}\\p{Lu}\\p{L}+)(?:-\\p{Lu}\\p{Ll}+)?)"
                    + "(?![\\p{L}\\p{N}&\\-])");

    /** The possessive of a candidate ("Sam" of "Sam's Club"), or null for another candidate. */
    private static String possessor(String term) {
        int apostrophe = term.indexOf('\'') >= 0 ? term.indexOf('\'') : term.indexOf('\u2019');
        return apostrophe > 0 && term.indexOf(' ') > apostrophe ? term.substring(0, apostrophe) : null;
    }

    /** "Sam\u2019s Club" and "Sam's" + line break + "Club" are one term with "Sam's Club". */
    private static String spelledOneWay(String raw) {
        int apostrophe = raw.indexOf('\u2019');
        boolean broken = raw.chars().anyMatch(c -> c != ' ' && Character.isWhitespace(c));
        return apostrophe < 0 && !broken ? raw : raw.replace('\u2019', '\'').replaceAll("\\s+", " ");
    }

    private static final Pattern LOWER_WORD = Pattern.compile("(?<![\\p{L}\\p{N}])(\\p{Ll}[\\p{Ll}\\-]+)(?![\\p{L}\\p{N}])");

    /** Proper nouns every filing uses: months, days, places, regulators, currencies. */
    private static final Set<String> EVERY_FILING = Set.of(
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
            "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
            "america", "americas", "american", "europe", "european", "asia", "africa", "african", "australia",
            "canada", "canadian", "mexico", "brazil", "china", "chinese", "japan", "japanese", "india", "indian",
            "germany", "german", "france", "french", "britain", "british", "ireland", "irish", "netherlands",
            "dutch", "switzerland", "swiss", "singapore", "korea", "korean", "taiwan", "israel", "russia",
            "russian", "ukraine", "luxembourg", "bermuda", "cayman", "delaware", "california", "texas", "york",
            "washington", "florida", "illinois", "ohio", "georgia", "virginia", "carolina", "massachusetts",
            "jersey", "pennsylvania", "michigan", "minnesota", "wisconsin", "colorado", "arizona", "nevada",
            "oregon", "tennessee", "missouri", "indiana", "kentucky", "louisiana", "maryland", "connecticut",
            "puerto", "rico", "london", "paris", "tokyo", "beijing", "shanghai", "hong", "kong", "street",
            "covid", "nasdaq", "sarbanes", "oxley", "dodd", "frank", "medicare", "medicaid", "internet",
            "treasury", "congress", "pacific", "atlantic", "latin", "middle", "east", "west", "north", "south",
            // the valuation models a filing with options or warrants names
            "black-scholes", "scholes", "black-scholes-merton", "merton", "monte", "carlo",
            // the audit firms whose reports a filing holds
            "pricewaterhousecoopers", "deloitte", "kpmg", "ernst", "thornton", "bdo", "marcum", "crowe",
            // more countries and nationalities a multinational's filing lists
            "argentina", "argentine", "austria", "austrian", "bangladesh", "belgium", "belgian", "brazilian", "cambodia",
            "chile", "chilean", "colombia", "colombian", "cyprus", "denmark", "danish", "egypt", "finland", "finnish",
            "greece", "greek", "guatemala", "hungary", "indonesia", "indonesian", "italy", "italian", "kenya", "malaysia",
            "mexican", "nigeria", "norway", "norwegian", "pakistan", "peru", "philippines", "philippine", "poland", "polish",
            "portugal", "romania", "saudi", "scotland", "spain", "spanish", "sweden", "swedish", "thailand", "turkey",
            "vietnam", "zealand", "australian", "english", "england", "israeli", "egyptian", "arabia", "emirates",
            // the rest of the states and provinces a filing's properties and subsidiaries sit in
            "alabama", "alaska", "arkansas", "hawaii", "idaho", "iowa", "kansas", "maine", "mississippi", "montana",
            "nebraska", "hampshire", "dakota", "oklahoma", "rhode", "island", "utah", "vermont", "wyoming",
            "ontario", "quebec", "alberta", "saskatchewan", "manitoba", "columbia", "brunswick", "scotia",
            // legal forms and deal vehicles, not names ("Janssen GmbH", "Topco", "Bidco")
            "gmbh", "ltda", "holdco", "topco", "bidco", "midco", "finco", "opco", "investco", "acquisitionco", "buyerco",
            "interco",
            // the Spanish and Portuguese words subsidiaries' names are made of ("Compañía", "Energía", "Limitada")
            "limitada", "compania", "companhia", "sociedad", "sociedade", "industria", "industrias", "energia", "comercio",
            "servicios", "servicos", "participacoes", "inversiones", "laticinios", "distribuidora", "turkish",
            // the currencies a multinational's filing reports in ("Renminbi", "Riyal")
            "renminbi", "riyal", "riyals", "rupee", "rupees", "peso", "pesos", "yuan", "ruble", "rubles", "rand", "lira",
            "krona", "krone", "kronor", "zloty", "ringgit", "baht", "dirham", "dinar", "shekel", "sterling", "euro", "euros",
            "yen", "franc", "francs", "reais");

    /** A place or proper noun every filing names ("york", "jersey", "bermuda"), in lower case. */
    static boolean isPlace(String folded) {
        return EVERY_FILING.contains(folded);
    }

    /**
     * A name the filing declares as its own segment, brand or platform: "our Reality Labs segment",
     * "the Intelligent Cloud segment", "our Cash App ecosystem"; a run of capitalised words, so many words long.
     */
    private static final Pattern DECLARED_NAME = Pattern.compile(
            "\\b(?:[Oo]ur|[Ii]ts|[Tt]he) ((?:[A-Z][A-Za-z0-9\\-]+ ){1,3})(?:segment|segments|brand|brands|platform|ecosystem|franchise|subsidiary|business)\\b");

    /** A segment or brand the filing declares this often is its own. */
    static final int MIN_DECLARED = 2;

    /** A term defined in brackets, in quotes or not: "(Maxim)", "(“Pioneer”)", "(Browns Ferry)". */
    private static final Pattern DEFINED_TERM = Pattern.compile("\\((?:the )?[\"“”']?([A-Z][A-Za-z0-9\\-]+(?: [A-Z][A-Za-z0-9\\-]+)?)[\"“”']?\\)");

    /**
     * What follows a defined term's words in the name written whole before its definition: more capitalised words, then
     * maybe its legal form (group 1) or the kind of asset it is (group 2): "Maxim| Integrated Products, Inc. (Maxim)",
     * "Pioneer| Natural Resources Company (“Pioneer”)", "Browns Ferry| Nuclear Plant (Browns Ferry)".
     */
    private static final Pattern REST_OF_THE_NAME = Pattern.compile("(?: (?:[A-Z][A-Za-z0-9&'\\-]*|of|and|&)){1,5}?"
            + "(?:,? (Inc|Corp|Corporation|Company|Co|LLC|Ltd|Limited|L\\.P|LP|plc|N\\.A)\\.?"
            + "| (?:Nuclear |Fossil |Hydro )?(Plant|Station|Mine|Refinery|Terminal))? ?");

    /** How far before its definition a name written whole is looked for. */
    private static final int DEFINED_NAME_REACH = 120;

    /** What the sentence before such a definition says where the company is the filer's own: it bought, merged or holds it. */
    private static final Pattern OWN_DEAL = Pattern.compile(
            "\\b(?:acqui|merg|invest|subsidiar|purchas|own|bought|combination|interest in|stake)");

    /** How far before a definition the sentence is read for {@link #OWN_DEAL}. */
    private static final int DEAL_CONTEXT = 200;

    private static int mentionsOf(String text, String phrase) {
        int count = 0;
        for (int at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + phrase.length())) {
            count++;
        }
        return count;
    }

    /**
     * "a Bombshells location", "one Bombshells unit": a plural after "a" or "one" and before a word in lower case is no
     * plural but a name, the name of a chain or brand before the thing it names ("a Series A" is a heading's); a filing
     * writing it so {@link #MIN_DECLARED} times, and never in lower case, shows it as its own, though English has the
     * word.
     */
    private static final Pattern ONE_BEFORE = Pattern.compile("(?<![\\p{L}])(?:[Aa]n?|[Oo]ne|[Ee]ach|[Ee]very) $");

    /** The term between {@code start} and {@code end} follows "a" or "one" and comes before a word in lower case. */
    private static boolean pluralNamedAsOne(String text, int start, int end) {
        return ONE_BEFORE.matcher(text.substring(Math.max(0, start - 6), start)).find()
                && end + 1 < text.length() && text.charAt(end) == ' ' && Character.isLowerCase(text.charAt(end + 1));
    }

    /** A chain's name in the plural is written this many times for each time its singular is. */
    static final int MENTIONS_PER_SINGULAR = 10;

    /** A term marked this often with (R) or (TM) is a trademark. */
    static final int MIN_MARKS = 2;

    private static final String TRADEMARK_MARKS = "\u00ae\u2122";

    private AliasLearner() {}

    /**
     * Half of a longer proper name: a term that most of its mentions write beside the same capitalised word
     * is a first name ("Andrew" Jassy), or the end of a place ("San" Francisco, "Monte" Carlo) or of another
     * company's name ("Wells" Fargo), not a name of its own.
     */
    private static boolean partOfLongerName(int mentions, Map<String, Integer> neighbours) {
        if (neighbours == null) {
            return false;
        }
        int most = neighbours.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        return most * 2 > mentions;
    }

    /**
     * The capitalised word joined to a term by "&amp;" ("Ernst &amp; Young", "Deloitte &amp; Touche") or, before it, by
     * "of" ("District of Columbia", "Bank of New York Mellon"): the term is then one half of a longer name.
     */
    private static java.util.Optional<String> joinedNeighbour(String text, int edge, int direction) {
        String joiner = direction < 0 ? (text.startsWith(" & ", edge - 3) ? " & " : text.startsWith(" of ", edge - 4) ? " of " : null)
                : text.startsWith(" & ", edge) ? " & " : null;
        if (joiner == null) {
            return java.util.Optional.empty();
        }
        int p = direction < 0 ? edge - joiner.length() : edge + joiner.length();
        int start = p;
        int end = p;
        if (direction < 0) {
            while (start > 0 && Character.isLetter(text.charAt(start - 1))) {
                start--;
            }
        } else {
            while (end < text.length() && Character.isLetter(text.charAt(end))) {
                end++;
            }
        }
        String word = text.substring(start, end);
        boolean capitalised = word.length() >= 2 && Character.isUpperCase(word.charAt(0));
        return capitalised ? java.util.Optional.of(word) : java.util.Optional.empty();
    }

    /** The capitalised word right before ({@code direction} -1) or after (+1) a term, across one space. */
    private static java.util.Optional<String> neighbour(String text, int edge, int direction) {
        java.util.Optional<String> joined = joinedNeighbour(text, edge, direction);
        if (joined.isPresent()) {
            return joined;
        }
        int p = edge;
        if (direction < 0) {
            if (p < 2 || text.charAt(p - 1) != ' ') {
                return java.util.Optional.empty();
            }
            int end = p - 1;
            int start = end;
            while (start > 0 && Character.isLetter(text.charAt(start - 1))) {
                start--;
            }
            return properWord(text.substring(start, end));
        }
        if (p + 1 >= text.length() || text.charAt(p) != ' ') {
            return java.util.Optional.empty();
        }
        if (p + 4 < text.length() && Character.isUpperCase(text.charAt(p + 1)) && text.charAt(p + 2) == '.'
                && text.charAt(p + 3) == ' ') {
            p += 3; // a middle initial: "Andrew R. Jassy"
        }
        int start = p + 1;
        int end = start;
        while (end < text.length() && Character.isLetter(text.charAt(end))) {
            end++;
        }
        return properWord(text.substring(start, end));
    }

    /**
     * A capitalised word ("Jassy", "Francisco"), not an abbreviation or model ("RTX") and not a place or
     * generic word that names a product's market ("Frito-Lay North America", "Optum Health").
     */
    private static java.util.Optional<String> properWord(String word) {
        String folded = word.toLowerCase(Locale.ROOT);
        boolean proper = word.length() >= 2 && Character.isUpperCase(word.charAt(0)) && Character.isLowerCase(word.charAt(1))
                && !EVERY_FILING.contains(folded) && !Vocabulary.isGenericNameWord(folded) && !Vocabulary.isCommonWord(folded);
        return proper ? java.util.Optional.of(word) : java.util.Optional.empty();
    }

    /** Prefixes and endings that make an English word of another ("Nonqualified", "Reclassification", "Unitholders"). */
    private static final List<String> ENGLISH_PREFIXES = List.of("non", "un", "re", "inter", "intra", "sub", "pre", "multi", "dis");
    private static final List<String> ENGLISH_ENDINGS = List.of("s", "es", "ed", "ing");
    private static final int MIN_STEM = 4;

    /**
     * A capitalised word that is an English word with a prefix or an ending ("Nonqualified", "Intersegment",
     * "Divestitures", "Repurchases"): a heading's word, not a name, when the stem is English or the filing writes it
     * in lower case.
     */
    private static boolean englishDerivative(String folded, Map<String, Integer> lowerCase) {
        List<String> stems = new ArrayList<>();
        stems.add(folded);
        for (String prefix : ENGLISH_PREFIXES) {
            if (folded.startsWith(prefix)) {
                stems.add(folded.substring(prefix.length()));
            }
        }
        for (String stem : List.copyOf(stems)) {
            for (String ending : ENGLISH_ENDINGS) {
                if (stem.endsWith(ending)) {
                    stems.add(stem.substring(0, stem.length() - ending.length()));
                }
            }
        }
        return stems.stream().skip(1).anyMatch(stem -> stem.length() >= MIN_STEM
                && (lowerCase.containsKey(stem) || Vocabulary.isEverydayWord(stem)));
    }

    /**
     * A hyphenated heading's word that the filing, or English, writes whole in lower case ("Pre-Tax" and "pretax"), or an
     * English prefix before a word of business or a common one ("Pre-Tax", "Non-Cash"; not "Intra-Cellular"): no name.
     */
    private static boolean hyphenatedEnglishWord(String folded, Map<String, Integer> lowerCase) {
        int hyphen = folded.indexOf('-');
        if (hyphen <= 0 || folded.indexOf('-', hyphen + 1) >= 0) {
            return false;
        }
        String whole = folded.replace("-", "");
        String rest = folded.substring(hyphen + 1);
        return lowerCase.containsKey(whole) || Vocabulary.isEverydayWord(whole)
                || (ENGLISH_PREFIXES.contains(folded.substring(0, hyphen)) && (Vocabulary.isBusinessWord(rest) || Vocabulary.isCommonWord(rest)));
    }

    /**
     * A term written as another one with an "s" ("Walmarts", "Companys", "Symbotics"): a possessive whose apostrophe the
     * text lost, or a plural, of a word that is learned, or rejected, on its own.
     */
    private static boolean possessiveOfAnother(String term, Set<String> ownName, Map<String, Integer> mentions) {
        if (!term.endsWith("s") || term.indexOf(' ') >= 0 || term.length() <= MIN_STEM) {
            return false;
        }
        String stem = term.substring(0, term.length() - 1);
        String folded = stem.toLowerCase(Locale.ROOT);
        return mentions.containsKey(stem) || ownName.contains(folded) || Vocabulary.isEverydayWord(folded);
    }

    /**
     * A person is named with a title or a pronoun at least once in this many mentions; a product a filing names a hundred
     * times may head one executive's title ("Optum Rx, Chief Executive Officer").
     */
    static final int MENTIONS_PER_PERSON_CUE = 10;

    /**
     * A middle initial and a surname after a first name ("Kathy N. Waller"), or a title or a pronoun after a name and
     * surname ("Larry Page and certain of his affiliates", "Jane Doe, our Chief").
     */
    private static final Pattern PERSON_AFTER_NAME = Pattern.compile("^ (?:[A-Z]\\. [A-Z][a-z]+\\b(?!\\.)|(?:[A-Z]\\. )?[A-Z][a-z]+(?:[^.;]{0,40}?\\b(?:his|her|he|she)\\b"
            + "|, (?:(?:our|its|the|then|former) )?(?:Chief|President|Vice|Executive|Senior|Director|Chairman|Chair|Treasurer|Secretary"
            + "|Controller|Founder|Co-Founder)))");

    /** "Mr. Jassy", "Ms. Kress", "/s/ Jane": a person's name. */
    private static boolean personBefore(String text, int start) {
        int from = Math.max(0, start - 5);
        String before = text.substring(from, start);
        return before.endsWith("Mr. ") || before.endsWith("Ms. ") || before.endsWith("Mrs. ") || before.endsWith("Dr. ")
                || before.endsWith("/s/ ");
    }

    /** A mention that reads as a person's first name or surname, not a product's. */
    private static boolean personMention(String text, int start, int end) {
        if (personBefore(text, start)) {
            return true;
        }
        String after = text.substring(end, Math.min(text.length(), end + 90));
        return PERSON_AFTER_NAME.matcher(after).find();
    }

    /**
     * A mention that reads as a place: beside a state or country in a comma list or after it ("Tulsa, Oklahoma",
     * "Argentina, Bahrain, Colombia").
     */
    private static boolean placeMention(String text, int start, int end) {
        return EVERY_FILING.contains(wordAfterComma(text, end)) || EVERY_FILING.contains(wordBeforeComma(text, start));
    }

    private static String wordAfterComma(String text, int end) {
        if (!text.startsWith(", ", end)) {
            return "";
        }
        int from = end + 2;
        int to = from;
        while (to < text.length() && Character.isLetter(text.charAt(to))) {
            to++;
        }
        return to > from && Character.isUpperCase(text.charAt(from)) ? text.substring(from, to).toLowerCase(Locale.ROOT) : "";
    }

    private static String wordBeforeComma(String text, int start) {
        if (start < 2 || !text.startsWith(", ", start - 2)) {
            return "";
        }
        int to = start - 2;
        int from = to;
        while (from > 0 && Character.isLetter(text.charAt(from - 1))) {
            from--;
        }
        return to > from && Character.isUpperCase(text.charAt(from)) ? text.substring(from, to).toLowerCase(Locale.ROOT) : "";
    }

    /** A legal form right after a name ("Pluralsight, Inc.", "Schlumberger Ltd."): the name is a company's, as a party. */
    private static final Pattern LEGAL_FORM_AFTER = Pattern.compile(
            "^,? (?:Inc|Ltd|AG|GmbH|plc|PLC|S\\.A\\.|N\\.V\\.|B\\.V\\.|Limited|Corporation|Corp|LLC|L\\.P\\.|LP|SE|Co\\.)(?![A-Za-z])");

    private static boolean legalEntityMention(String text, int end) {
        return followedBy(LEGAL_FORM_AFTER, text, end, 16);
    }

    /** What follows a mention, within {@code reach} characters of its {@code end}, begins as {@code after} says. */
    private static boolean followedBy(Pattern after, String text, int end, int reach) {
        return after.matcher(text.substring(end, Math.min(text.length(), end + reach))).find();
    }

    /**
     * A single capital letter after a word, ending it: "Tranche A", "Series B", "Class C", "Term Loan B"; not "I", which
     * is the pronoun or a numeral as often.
     */
    private static final Pattern LETTER_AFTER = Pattern.compile("^ [A-HJ-Z](?![\\p{L}\\p{N}.&'\u2019-])");

    /**
     * A word that most of its mentions write before a letter heads a member of a series, a designation ("Tranche A" and
     * "Tranche B" in a lender's schedule of investments), not a name of its own.
     */
    private static boolean designationMention(String text, int end) {
        return followedBy(LETTER_AFTER, text, end, 3);
    }

    /** A kind of security after a word: "Depositary Shares", "Senior Notes", "Trust Units", "Preferred Stock". */
    private static final Pattern SECURITY_AFTER = Pattern.compile(
            "^ (?:Shares|Units|Notes|Warrants|Receipts|Stock|Bonds|Debentures|Certificates)(?![\\p{L}\\p{N}])");

    /**
     * A word that most of its mentions write before a kind of security names the security, a term of the filing's
     * capital ("Depositary Shares" in a bank's), not a name of its own.
     */
    private static boolean securityMention(String text, int end) {
        return followedBy(SECURITY_AFTER, text, end, 14);
    }

    /**
     * A name a filing writes as a legal entity this often (nine in ten) is a party it deals with, a borrower, investee
     * or counterparty ("Pluralsight, Inc." in a lender's, "Schlumberger Ltd." in a driller's), not a name it sells under.
     */
    static final double LEGAL_ENTITY_SHARE = 0.9;

    /** A places' share of a term's mentions that makes it a place: a subsidiary is named beside its country now and then. */
    static final int MENTIONS_PER_PLACE_CUE = 4;

    /** "Dist. of DE", "Hosp., Inc.": the term cut short with a period, before a word in lower case or a comma. */
    private static boolean abbreviatedMention(String text, int end) {
        return end + 2 < text.length() && text.charAt(end) == '.'
                && (text.charAt(end + 1) == ',' || (text.charAt(end + 1) == ' ' && Character.isLowerCase(text.charAt(end + 2))));
    }

    /** The start of a longer English word ("dist" of "distribution", "pharm" of "pharmacy"), not a word itself. */
    private static boolean startOfAnEnglishWord(String folded) {
        if (Vocabulary.isEverydayWord(folded)) {
            return false;
        }
        for (String w : Vocabulary.EVERYDAY_WORDS) {
            if (w.length() > folded.length() + 1 && w.startsWith(folded)) {
                return true;
            }
        }
        return false;
    }

    /** "Ball Park®": a mark after the term and a capitalised word before it, so the mark is on both words. */
    private static boolean markedAfterAnotherWord(String text, int start, int end, Set<String> ownName) {
        if (end >= text.length() || TRADEMARK_MARKS.indexOf(text.charAt(end)) < 0 || start < 2 || text.charAt(start - 1) != ' ') {
            return false;
        }
        int from = start - 1;
        while (from > 0 && Character.isLetter(text.charAt(from - 1))) {
            from--;
        }
        String word = text.substring(from, start - 1);
        return word.length() >= 2 && Character.isUpperCase(word.charAt(0)) && Character.isLowerCase(word.charAt(1))
                && !ownName.contains(word.toLowerCase(Locale.ROOT)) && !sentenceInitial(text, from);
    }

    /** A word in a web or mail address ("instagram" of instagram.com) says nothing about how prose writes it. */
    private static boolean inAddress(String text, int start, int end) {
        char before = start > 0 ? text.charAt(start - 1) : ' ';
        char after = end < text.length() ? text.charAt(end) : ' ';
        boolean dotThenLetter = after == '.' && end + 1 < text.length() && Character.isLetter(text.charAt(end + 1));
        return before == '.' || before == '/' || before == '@' || after == '@' || after == '/' || dotThenLetter;
    }

    /** Line breaks of extracted text fall mid-sentence; only punctuation (or a bullet) starts one. */
    private static boolean sentenceInitial(String text, int start) {
        for (int p = start - 1; p >= 0; p--) {
            char c = text.charAt(p);
            if (!Character.isWhitespace(c)) {
                return ".?!:;\"'\u2022\u201c(".indexOf(c) >= 0;
            }
        }
        return true;
    }

    /**
     * An English word the filing writes this often right after the company's own name, and never in lower case, is its
     * product: "Amazon Prime", "Adobe Acrobat", "Meta Quest", "Disney Junior". Not a word that goes on into a longer name
     * ("Amazon Web Services"), the company's legal form ("Microsoft Corporation"), an entity of its group ("Spectrum Brands
     * Legacy, Inc."), a body or party the filing names with "the" ("the Symbotic Founder", "The Best Buy Foundation"), or a
     * word it also writes in lower case ("Amazon Business" and "the business").
     */
    static final int MIN_AFTER_OWN_NAME = 5;

    /**
     * The words of the company's name that mark a name as its own: not its legal form, a word every company's name is
     * made of, or a place, nor a word the filing writes in lower case ("amazon" and "adobe" are English words, but Amazon's
     * and Adobe's filings never write them so; Fair Isaac's writes "fair value", so "Fair Credit Reporting Act" is not its).
     */
    private static Set<String> ownMarks(Set<String> ownName, Map<String, Integer> lowerCase) {
        Set<String> marks = new HashSet<>();
        for (String w : ownName) {
            if (w.length() >= 2 && !Vocabulary.CORPORATE_SUFFIXES.contains(w) && !Vocabulary.isGenericNameWord(w)
                    && !EVERY_FILING.contains(w) && !lowerCase.containsKey(w)) {
                marks.add(w);
            }
        }
        return marks;
    }

    /**
     * The company's own name right before a term, across one space ("Amazon Prime", "Adobe Acrobat", "Meta Quest"): words
     * of its name, capitalised, one of them among its {@link #ownMarks marks}, and no "the" before them ("the Symbotic
     * Founder" and "The Best Buy Foundation" are a party and a body, not products).
     */
    private static boolean ownNameBefore(String text, int start, Set<String> ownName, Set<String> ownMarks) {
        int at = start;
        boolean named = false;
        while (at >= 2 && Character.isWhitespace(text.charAt(at - 1))) {
            int from = at - 1;
            while (from > 0 && Character.isLetter(text.charAt(from - 1))) {
                from--;
            }
            String word = text.substring(from, at - 1);
            String folded = word.toLowerCase(Locale.ROOT);
            if (word.length() < 2 || !Character.isUpperCase(word.charAt(0)) || !ownName.contains(folded)
                    || Vocabulary.CORPORATE_SUFFIXES.contains(folded)) {
                break;
            }
            named |= ownMarks.contains(folded);
            at = from;
        }
        return named && !theBefore(text, at);
    }

    /** "the" or "The" and a space right before a position. */
    private static boolean theBefore(String text, int at) {
        return at >= 4 && text.substring(at - 4, at - 1).equalsIgnoreCase("the") && Character.isWhitespace(text.charAt(at - 1))
                && (at == 4 || !Character.isLetter(text.charAt(at - 5)));
    }

    /**
     * A line of business right after a term: "Azure revenue", "Azure and other cloud services", "Prime memberships",
     * "Acrobat subscriptions"; not a document's or a body's word ("Commission staff", "Board of Directors").
     */
    private static final Pattern BUSINESS_AFTER = Pattern.compile("^,? (?:and other [a-z]+ )?(?:revenue|revenues|sales|consumption"
            + "|customers|users|subscribers|members|membership|memberships|subscriptions|offerings|growth|services|products"
            + "|platform|business|devices|apps|content|ads|advertising)\\b");

    /**
     * An English word the filing writes before a line of its business ({@link #BUSINESS_AFTER}) in one mention in four
     * at least, {@link #MIN_MENTIONS} times at least, and never in lower case, is its product: "Azure revenue", "Azure
     * consumption", "Azure and other cloud services", "Prime memberships". Not a word that mostly ends a longer name
     * ("Medicare Supplement products"), nor one the filing names no business by ("the Commission staff", "Item 7",
     * "Exhibit 31", "Board of Directors", which are also why an English word capitalised and never in lower case is not
     * enough).
     */
    static final int MENTIONS_PER_BUSINESS_CUE = 4;

    /** A capitalised word right before a term ("Medicare Supplement", "District Court"): the term ends a longer name. */
    private static boolean afterCapitalisedWord(String text, int start) {
        if (start < 3 || text.charAt(start - 1) != ' ') {
            return false;
        }
        int from = start - 1;
        while (from > 0 && Character.isLetter(text.charAt(from - 1))) {
            from--;
        }
        return from < start - 1 && Character.isUpperCase(text.charAt(from)) && !sentenceInitial(text, from);
    }

    /** A capitalised word right after a term ("Proxy Statement", "Web Services"): the term is the start of a longer name. */
    private static boolean beforeCapitalisedWord(String text, int end) {
        return end + 2 < text.length() && text.charAt(end) == ' ' && Character.isUpperCase(text.charAt(end + 1));
    }

    /**
     * An abbreviation of two to six letters, two capitals at least, defined in brackets: "(AWS)", "(“AWS”)", "(the
     * “DMED”)", "(RL)", "(FoA)".
     */
    private static final Pattern DEFINED_ABBREVIATION = Pattern.compile("\\((?:the )?[\u201c\"]?([A-Z][A-Za-z]{1,5})[\u201d\"]?\\)");

    /** An abbreviation in capitals of three letters or more: "AWS", "DMED", not "RL" or "FoA". */
    private static final Pattern UPPER_CASE_ABBREVIATION = Pattern.compile("[A-Z]{3,6}");

    /** Words a name joins its capitalised words with: "Disney Parks, Experiences and Products". */
    private static final Set<String> NAME_JOINERS = Set.of("and", "of", "&", "for", "to");

    /**
     * The capitalised name right before an abbreviation's brackets, as far back as its initials spell the abbreviation
     * ("Amazon Web Services" of AWS, "Disney Parks, Experiences and Products" of DPEP, "Direct-to-Consumer" of DTC) or, if
     * {@code orStartingWithIt}, as far back as it starts with it ("SRS Distribution Inc." of SRS); null when none does
     * ("Securities and Exchange Commission" of SEC does; "KKR BrightView Aggregator L.P." of KKR only starts with it, and
     * "the Exchange Act" of SEC does not either way).
     */
    static String definedName(String text, int bracket, String abbreviation, boolean orStartingWithIt) {
        List<String> words = new ArrayList<>();
        int at = bracket;
        while (words.size() < 10) {
            int end = at;
            while (end > 0 && (text.charAt(end - 1) == ' ' || text.charAt(end - 1) == ',')) {
                end--;
            }
            int from = end;
            while (from > 0 && !Character.isWhitespace(text.charAt(from - 1)) && text.charAt(from - 1) != ',' && text.charAt(from - 1) != '(') {
                from--;
            }
            if (from == end) {
                break;
            }
            String word = text.substring(from, end);
            boolean capitalised = Character.isUpperCase(word.charAt(0));
            if (!capitalised && !NAME_JOINERS.contains(word)) {
                break;
            }
            words.add(0, word);
            at = from;
            if (capitalised) {
                String name = String.join(" ", words);
                if (initials(words).equals(abbreviation) || (orStartingWithIt && words.get(0).equals(abbreviation))) {
                    return name;
                }
            }
        }
        return null;
    }

    /** The capital letters that start a name's words and their hyphenated parts: "Direct-to-Consumer" is DTC. */
    private static String initials(List<String> words) {
        StringBuilder initials = new StringBuilder();
        for (String word : words) {
            if (NAME_JOINERS.contains(word)) {
                continue;
            }
            for (String part : word.split("-")) {
                if (!part.isEmpty()) {
                    initials.append(Character.toUpperCase(part.charAt(0)));
                }
            }
        }
        return initials.toString();
    }

    /**
     * A segment or business the filing declares by its abbreviation, or a company it bought: "our AWS segment", "the DMED
     * segment", "the acquisition of SRS", "we acquired SRS" (not "acquired IPR&amp;D").
     */
    private static final Pattern DECLARED_ABBREVIATION = Pattern.compile(
            "\\b(?:(?:[Oo]ur|[Ii]ts|[Tt]he) ([A-Z]{3,6}) (?:segment|segments|business|businesses|brand|brands|platform|subsidiary)\\b"
                    + "|(?:acquired|acquisition of|acquire) ([A-Z]{3,6})(?![A-Za-z0-9&]))");

    /**
     * Upper-case abbreviations the filing defines for a name of its own, with how often it writes them: the defined name
     * holds the company's own name ("Amazon Web Services (“AWS”)", "Disney Vacation Club (DVC)"), or the filing declares
     * the abbreviation its segment or business, or a company it acquired, at least {@link #MIN_DECLARED} times ("our AWS
     * segment", "SRS Distribution Inc. (SRS)" and "the acquisition of SRS" in The Home Depot's). Left out: an
     * abbreviation of anyone else's name ("Amazon Web Services (AWS)" in Netflix's filing, "Internal Revenue Service (IRS)"),
     * one declared as a business but common to a trade ("our PBM business", "DTC"), one of two letters, and one written
     * fewer than {@link #MIN_MENTIONS} times.
     */
    static Map<String, Integer> ownAbbreviations(String text, Set<String> ownMarks) {
        Map<String, Integer> declared = new HashMap<>();
        Matcher s = DECLARED_ABBREVIATION.matcher(text);
        while (s.find()) {
            declared.merge(s.group(1) != null ? s.group(1) : s.group(2), 1, Integer::sum);
        }
        // per abbreviation the filing defines, whether one of the names it defines it for holds the company's own name; a
        // declared one may also be defined for a name that only starts with it
        Map<String, Boolean> defined = new HashMap<>();
        Matcher d = DEFINED_ABBREVIATION.matcher(text);
        while (d.find()) {
            String abbreviation = d.group(1);
            if (!UPPER_CASE_ABBREVIATION.matcher(abbreviation).matches()) {
                continue;
            }
            String name = definedName(text, d.start(), abbreviation, declared.getOrDefault(abbreviation, 0) >= MIN_DECLARED);
            if (name != null) {
                boolean own = initials(List.of(name.split(" "))).equals(abbreviation)
                        && NameTokens.nameWords(name).stream().anyMatch(ownMarks::contains);
                defined.merge(abbreviation, own, Boolean::logicalOr);
            }
        }
        Map<String, Integer> abbreviations = new HashMap<>();
        for (String initials : initialsOfOwnNames(text, ownMarks)) {
            int mentions = upperCaseMentions(text, initials);
            if (mentions >= MIN_MENTIONS && !defined.containsKey(initials) && !Vocabulary.isEveryFilersAcronym(initials)
                    && !Vocabulary.isEverydayWord(initials) && !EVERY_FILING_CODES.contains(initials)) {
                abbreviations.put(initials, mentions);
            }
        }
        defined.forEach((abbreviation, own) -> {
            boolean ours = own
                    || (declared.getOrDefault(abbreviation, 0) >= MIN_DECLARED && !Vocabulary.isEveryFilersAcronym(abbreviation));
            int mentions = upperCaseMentions(text, abbreviation);
            if (ours && mentions >= MIN_MENTIONS) {
                abbreviations.put(abbreviation, mentions);
            }
        });
        return abbreviations;
    }

    /** The most words after its own mark an initialled name of the company's is read for. */
    private static final int MAX_INITIALLED_WORDS = 7;

    /** Roman numerals a fund or a series is numbered with, whose initials are figures ("Income II" is I2). */
    private static final Map<String, String> NUMERALS = Map.of("II", "2", "III", "3", "IV", "4");

    /**
     * The initials of names of the company's own that the filing writes out, each beginning with a word of its name
     * capitalised, three letters or more, a numeral as its figure: "PSLF" of "PennantPark Senior Loan Fund" in PennantPark
     * Investment's filings, "OSI2" of "Oaktree Strategic Income II" in Oaktree Specialty Lending's. A joint venture, a fund
     * or a subsidiary a filing names a hundred times by its initials is often never defined in brackets.
     */
    static Set<String> initialsOfOwnNames(String text, Set<String> ownMarks) {
        Set<String> found = new LinkedHashSet<>();
        if (ownMarks.isEmpty()) {
            return found;
        }
        String folded = foldedCharByChar(text);
        for (String mark : ownMarks) {
            for (int start : wholeWordsAt(folded, mark)) {
                if (Character.isUpperCase(text.charAt(start))) {
                    readInitials(text, start, start + mark.length(), found);
                }
            }
        }
        return found;
    }

    /** The initials of the capitalised words from the mark at {@code start} on, each long enough to be a name, into {@code found}. */
    private static void readInitials(String text, int start, int markEnd, Set<String> found) {
        StringBuilder initials = new StringBuilder().append(text.charAt(start));
        int at = markEnd;
        for (int words = 0; words < MAX_INITIALLED_WORDS && at + 1 < text.length() && text.charAt(at) == ' '; words++) {
            int end = at + 1;
            while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '&')) {
                end++;
            }
            String word = text.substring(at + 1, end);
            at = end;
            if (NAME_JOINERS.contains(word)) {
                continue;
            }
            boolean figures = !word.isEmpty() && word.chars().allMatch(Character::isDigit);
            if (word.isEmpty() || !(Character.isUpperCase(word.charAt(0)) || figures)) {
                break;
            }
            initials.append(NUMERALS.getOrDefault(word, figures ? word : word.substring(0, 1)));
            if (INITIALLED_NAME.matcher(initials).matches()) {
                found.add(initials.toString());
            }
        }
    }

    /** The text with each character in lower case, as long as the text, so that an index in one is the same in the other. */
    static String foldedCharByChar(String text) {
        char[] chars = text.toCharArray();
        for (int k = 0; k < chars.length; k++) {
            chars[k] = Character.toLowerCase(chars[k]);
        }
        return new String(chars);
    }

    /** Where the word stands whole in the text, as written: no letter or figure right before or after it. */
    private static List<Integer> wholeWordsAt(String text, String word) {
        List<Integer> at = new ArrayList<>();
        for (int k = text.indexOf(word); k >= 0; k = text.indexOf(word, k + 1)) {
            int end = k + word.length();
            if ((k == 0 || !Character.isLetterOrDigit(text.charAt(k - 1)))
                    && (end == text.length() || !Character.isLetterOrDigit(text.charAt(end)))) {
                at.add(k);
            }
        }
        return at;
    }

    /** Initials worth reading as a name: three to six capitals, or two to five and a figure ("OSI2"). */
    private static final Pattern INITIALLED_NAME = Pattern.compile("[A-Z]{3,6}|[A-Z]{2,5}\\d");

    /** How far from a definition, within its sentence, the word "segment" shows the defined name is a segment of the filer's. */
    static final int SEGMENT_CUE_DISTANCE = 200;

    /** The most names of two or three words a document teaches, most mentioned first, beside its words. */
    static final int MAX_PHRASES = 10;

    /**
     * Two or three capitalised words, between words that are not ("the Creative Cloud business", "sales of Blue Buffalo
     * products", "our Clean Energy Ventures segment").
     */
    private static final Pattern CAPITALISED_PHRASE = Pattern.compile(
            "(?<![\\p{L}\\p{N}&'\u2019\\-])((?:\\p{Lu}\\p{Ll}+|\\p{Lu}{2,}\\p{Ll}*|\\p{Lu}\\p{Ll}+\\p{Lu}\\p{Ll}+)(?:[ \\n](?:\\p{Lu}\\p{Ll}+|\\p{Lu}{2,}\\p{Ll}*|\\p{Lu}\\p{Ll}+\\p{Lu}\\p{Ll}+)){1,5})"
                    + "(?![\\p{L}\\p{N}&\\-])");

    /**
     * Last words of the capitalised phrases every filing writes that are no product: documents, laws, bodies, offices,
     * instruments, currencies, sections ("Credit Agreement", "Exchange Act", "Audit Committee", "Vice President", "British
     * Pounds", "Restated Articles", "Management's Discussion", "Investor Relations").
     */
    private static final Set<String> GENERIC_PHRASE_ENDS = Set.of("agreement", "agreements", "notes", "note", "plan", "plans",
            "act", "acts", "facility", "facilities", "loan", "loans", "bonds", "bond", "debentures", "indenture", "indentures",
            "committee", "committees", "officer", "officers", "director", "directors", "board", "president", "chairman",
            "report", "reports", "statement", "statements", "court", "circuit", "commission", "department", "agency", "office",
            "policy", "policies", "rule", "rules", "regulation", "regulations", "standards", "standard", "update", "code", "law",
            "laws", "treaty", "award", "awards", "units", "shares", "stock", "securities", "certificate", "certificates",
            "amendment", "amendments", "form", "forms", "item", "items", "part", "schedule", "exhibit", "section", "article",
            "warrants", "warrant", "guarantee", "guarantees", "contract", "contracts", "lease", "leases", "transaction",
            "transactions", "merger", "offering", "offerings", "settlement", "settlements", "meeting", "reserve", "reserves",
            "pounds", "dollars", "rupees", "euros", "yen", "francs", "pesos", "reais", "yuan", "rate", "rates", "index", "no",
            "ii", "iii", "iv", "vi", "borrower", "borrowers", "lenders", "lender", "agent", "trustee", "holders", "period",
            "date", "ended", "results", "union", "states", "kingdom", "america", "east", "asia", "europe", "africa", "pacific",
            "district", "county", "township", "island", "islands", "republic", "government", "authority", "service", "counsel",
            "fund", "funds", "information", "sales", "revenue", "revenues", "other", "income", "expenses", "costs", "aircraft",
            "secretary", "guidelines", "protocols", "program", "programs", "segment", "segments", "interests", "owners",
            "subsidiaries", "controls", "method", "beach", "articles", "discussion", "relations");

    /** The phrase ends as a document's, an instrument's, a body's or an amount's name does ("Purchase Agreement"). */
    static boolean endsAsNoName(List<String> words) {
        return !words.isEmpty() && GENERIC_PHRASE_ENDS.contains(words.get(words.size() - 1));
    }

    /**
     * First words of the capitalised phrases every filing writes that are no product: "Total Other", "Years Ended", "Chief
     * Executive". (A leading function word, "At December", is taken off before; a month is one of {@link #EVERY_FILING}.)
     */
    private static final Set<String> GENERIC_PHRASE_STARTS = Set.of("total", "other", "all", "years", "year", "part", "item",
            "notes", "note", "chief", "executive", "senior", "vice", "consolidated", "annual",
            "quarterly", "current", "fiscal", "net", "gross", "first", "second", "third", "fourth", "new", "north", "south",
            "east", "west", "latin", "central", "federal", "united", "european", "securities", "exchange", "internal",
            "financial", "supplemental", "supplementary", "selected", "management", "risk", "critical", "recent", "legal",
            "market", "quantitative", "employee", "employees", "board", "audit", "compensation", "proxy", "form", "exhibit",
            "section", "article", "schedule", "table", "page", "mr", "ms", "dr", "reserve", "public", "company", "companys",
            "higher", "lower", "existing", "corporate", "continuing");

    /**
     * The names of two or three words a filing uses for its own products, segments and subsidiaries ("Creative Cloud",
     * "Geek Squad", "Blue Buffalo", "Change Healthcare"): written capitalised {@link #MIN_MENTIONS} times at least (a
     * sentence may begin with one, its later words still capitalised) and never in lower case, none of its words the
     * company's own name, a place or an abbreviation finance writes for itself, not ending as a document, law, body or
     * currency does nor starting as a heading does, no person's name, and shown as the filer's own in one mention in
     * {@link #MENTIONS_PER_OWN_CUE} at least: after its own name ("Adobe Creative Cloud"), before a line of its business
     * ("Blue Buffalo products", "the Geek Squad brand"), marked as a trademark, after "our", or acquired ("acquisition of
     * Red Hat"). The catalog keeps what only this issuer's documents teach, as it does the words.
     */
    static Map<String, Integer> productPhrases(String text, Set<String> ownName) {
        Map<String, Integer> mentions = new HashMap<>();
        Map<String, Integer> shownAsOwn = new HashMap<>();
        Matcher m = CAPITALISED_PHRASE.matcher(text);
        while (m.find()) {
            String phrase = m.group(1).replace('\n', ' ');
            int start = m.start(1);
            while (phrase.indexOf(' ') > 0 && Vocabulary.FUNCTION_WORDS.contains(phrase.substring(0, phrase.indexOf(' ')).toLowerCase(Locale.ROOT))) {
                // "Our Clean Energy Ventures segment", "The Geek Squad brand": a sentence's first word before the name
                start += phrase.indexOf(' ') + 1;
                phrase = phrase.substring(phrase.indexOf(' ') + 1);
            }
            boolean afterOwnName = false;
            while (phrase.indexOf(' ') > 0 && ownWord(phrase.substring(0, phrase.indexOf(' ')), ownName)) {
                // "Adobe Creative Cloud": the name after the company's own
                start += phrase.indexOf(' ') + 1;
                phrase = phrase.substring(phrase.indexOf(' ') + 1);
                afterOwnName = true;
            }
            if (phrase.indexOf(' ') < 0 || phrase.equals(phrase.toUpperCase(Locale.ROOT))) {
                continue;
            }
            if (!afterOwnName && afterCapitalisedWord(text, start) && !sentenceInitial(text, start)) {
                java.util.Optional<String> previous = neighbour(text, start, -1);
                if (previous.isEmpty() || !ownName.contains(previous.get().toLowerCase(Locale.ROOT))) {
                    continue; // the end of a longer name
                }
                afterOwnName = true;
            }
            while (phrase.indexOf(' ') > 0 && Vocabulary.CORPORATE_SUFFIXES.contains(
                    phrase.substring(phrase.lastIndexOf(' ') + 1).toLowerCase(Locale.ROOT))) {
                phrase = phrase.substring(0, phrase.lastIndexOf(' ')); // "RPS Group", "Afterpay Limited": the name before its form
            }
            List<String> words = NameTokens.nameWords(phrase);
            if (words.size() < 2 || words.size() > 3 || words.stream().anyMatch(w -> ownWord(w, ownName) || EVERY_FILING.contains(w)
                    || Vocabulary.PLACE_NAME_LEADS.contains(w) || Vocabulary.CITIES.contains(w) || PLACE_LEADS.contains(w))
                    || Arrays.stream(phrase.split(" ")).anyMatch(w -> Vocabulary.isEveryFilersAcronym(w))
                    || words.stream().allMatch(w -> Vocabulary.isGenericNameWord(w) || Vocabulary.isCommonWord(w))
                    || GENERIC_PHRASE_ENDS.contains(words.get(words.size() - 1))
                    || GENERIC_PHRASE_STARTS.contains(phrase.substring(0, phrase.indexOf(' ')).toLowerCase(Locale.ROOT))) {
                continue;
            }
            mentions.merge(phrase, 1, Integer::sum);
            String after = text.substring(m.end(1), Math.min(text.length(), m.end(1) + 40));
            if (afterOwnName || BUSINESS_AFTER.matcher(after).find() || LINE_OF_BUSINESS_AFTER.matcher(after).find()
                    || (!after.isEmpty() && TRADEMARK_MARKS.indexOf(after.charAt(0)) >= 0)
                    || OWNED_BEFORE.matcher(text.substring(Math.max(0, start - 20), start)).find()) {
                shownAsOwn.merge(phrase, 1, Integer::sum);
            }
        }
        Map<String, Integer> phrases = new HashMap<>();
        for (Map.Entry<String, Integer> e : mentions.entrySet()) {
            int times = e.getValue();
            String phrase = e.getKey();
            int shown = shownAsOwn.getOrDefault(phrase, 0);
            if (times < MIN_MENTIONS || shown * MENTIONS_PER_OWN_CUE < times
                    || (phrase.endsWith("s") && mentions.containsKey(phrase.substring(0, phrase.length() - 1)))
                    || aPersonsName(text, phrase)) {
                // "BOSS Moneys" is "BOSS Money's" with its apostrophe lost; "Reed Hastings" is "Mr. Hastings"
                continue;
            }
            if (!writtenInLowerCase(text, phrase.toLowerCase(Locale.ROOT))) {
                phrases.put(e.getKey(), times);
            }
        }
        return phrases;
    }

    /**
     * A name of words is the filer's own where one mention in this many at least shows it so: "Geek Squad services", "the
     * acquisition of Armor All", "Adobe Creative Cloud"; the others name it plainly ("sales of Geek Squad").
     */
    static final int MENTIONS_PER_OWN_CUE = 10;

    /** The phrase's last word is a person's surname somewhere in the filing: "Mr. Hastings", "Ms. Peters". */
    private static boolean aPersonsName(String text, String phrase) {
        String surname = phrase.substring(phrase.lastIndexOf(' ') + 1);
        if (text.contains("Mr. " + surname) || text.contains("Ms. " + surname) || text.contains("Mrs. " + surname)
                || text.contains("Dr. " + surname)) {
            return true;
        }
        for (int at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
            int end = at + phrase.length();
            if (OFFICE_AFTER.matcher(text.substring(end, Math.min(text.length(), end + 40))).find()) {
                return true;
            }
        }
        return false;
    }

    /** "Reed Hastings, our Chief Executive Officer", "Jane Doe, Chairman": a person's office after the name. */
    private static final Pattern OFFICE_AFTER = Pattern.compile(
            "^,? (?:(?:our|its|the|then|former|as) )?(?:Co-)?(?:Chief|President|Chairman|Chair|Founder|Executive|Senior|Vice|Director|Treasurer|Secretary)\\b");

    /** First words of places in two or three words, beside those of {@link Vocabulary#PLACE_NAME_LEADS}: "Costa Rica", "Rancho Cucamonga". */
    private static final Set<String> PLACE_LEADS = Set.of("costa", "rancho", "puerto", "rio", "sao", "buenos", "hong", "abu",
            "saudi", "sri", "cape", "palm", "baton", "salt", "des");

    /** The text holds the words as words: "blue planet" in "a blue planet", not in "blue planetarium". */
    private static boolean writtenInLowerCase(String text, String words) {
        for (int at = text.indexOf(words); at >= 0; at = text.indexOf(words, at + 1)) {
            int end = at + words.length();
            if ((at == 0 || !Character.isLetter(text.charAt(at - 1))) && (end == text.length() || !Character.isLetter(text.charAt(end)))) {
                return true;
            }
        }
        return false;
    }

    /** A word of the company's own name, or its possessive with the apostrophe lost ("Deeres"). */
    private static boolean ownWord(String word, Set<String> ownName) {
        String folded = word.toLowerCase(Locale.ROOT);
        return ownName.contains(folded) || (folded.endsWith("s") && ownName.contains(folded.substring(0, folded.length() - 1)));
    }

    /** "our Clean Energy Ventures", "acquisition of Red Hat", "we acquired Change Healthcare". */
    private static final Pattern OWNED_BEFORE = Pattern.compile("(?:\\bour|\\bOur|acquisition of|acquired|acquire|acquiring|purchase of) $");

    /** "the Geek Squad brand", "our BOSS Money remittance business", "the Clean Energy Ventures segment". */
    private static final Pattern LINE_OF_BUSINESS_AFTER = Pattern.compile(
            "^,? (?:[a-z]+ )?(?:segment|segments|brand|brands|business|businesses|subsidiary|unit|division|app|apps)\\b");

    /**
     * Names of two words or more that the filing defines an abbreviation for in a sentence about its segments, with how often it
     * writes them: "our two reportable segments: Family of Apps (FoA) and Reality Labs (RL)" teaches Reality Labs and
     * Family of Apps, which the filing goes on to call "our Reality Labs efforts", never "our Reality Labs segment". Left
     * out: a name no segment is near ("Tax Cuts and Jobs Act (TCJA)") or whose abbreviation every filing uses
     * ({@link Vocabulary#ACRONYMS}: "Chief Executive Officer (CEO)", "Securities and Exchange Commission (SEC)"), one
     * that holds the company's own name (the name already names it), one of places, months and common or generic words
     * only ("North America (NA)", "Corporate and Other"), and one written fewer than {@link #MIN_MENTIONS} times.
     */
    static Map<String, Integer> definedSegments(String text, Set<String> ownName) {
        Map<String, Integer> names = new HashMap<>();
        Matcher d = DEFINED_ABBREVIATION.matcher(text);
        while (d.find()) {
            String abbreviation = d.group(1);
            String capitals = abbreviation.chars().filter(Character::isUpperCase)
                    .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
            if (capitals.length() < 2 || Vocabulary.isEveryFilersAcronym(capitals)) {
                continue; // "Chief Executive Officer (CEO)", "Securities and Exchange Commission (SEC)": every filer's
            }
            String name = definedName(text, d.start(), capitals, false);
            if (name == null || name.indexOf(' ') < 0) {
                continue;
            }
            // the sentence the definition is in, at most SEGMENT_CUE_DISTANCE characters each side
            int from = Math.max(0, d.start() - SEGMENT_CUE_DISTANCE);
            int stop = text.lastIndexOf(". ", d.start());
            from = Math.max(from, stop + 1);
            int to = Math.min(text.length(), d.end() + SEGMENT_CUE_DISTANCE);
            int end = text.indexOf(". ", d.end());
            to = end >= 0 ? Math.min(to, end) : to;
            if (!text.substring(from, to).toLowerCase(Locale.ROOT).contains("segment")) {
                continue;
            }
            List<String> words = NameTokens.nameWords(name);
            if (words.stream().anyMatch(ownName::contains) || words.stream().allMatch(w -> EVERY_FILING.contains(w)
                    || Vocabulary.isGenericNameWord(w) || Vocabulary.isCommonWord(w) || NAME_JOINERS.contains(w))) {
                continue;
            }
            int mentions = mentionsOf(text, name);
            if (mentions >= MIN_MENTIONS) {
                names.merge(name, mentions, Math::max);
            }
        }
        return names;
    }

    private static int upperCaseMentions(String text, String abbreviation) {
        return wholeWordsAt(text, abbreviation).size();
    }

    /**
     * A product's code: letters, a hyphen and three figures or more, as clinical-stage drugs and development programmes are
     * named ("ONS-5010", "EDP-235", "NV-387"); fewer figures are a gene, a protein or a virus's year ("IL-15", "COVID-19").
     */
    private static final Pattern CODE = Pattern.compile("(?<![\\p{L}\\p{N}\\-])([A-Z]{2,5}-\\d{3,5}[A-Z]?)(?![\\p{L}\\p{N}]|-\\p{Alnum})");

    /**
     * Letters that codes of every filing begin with: exhibits, standards, rules and forms ("EX-101", "ISO-9001",
     * "ASU-2016", "SK-1300"), not products.
     */
    private static final Set<String> EVERY_FILING_CODES = Set.of("EX", "ISO", "IEC", "ASC", "ASU", "SFAS", "FAS", "IAS",
            "IFRS", "AS", "SK", "NI", "SP", "DO", "MIL", "HR", "SB", "EO", "PL", "NFPA", "ANSI", "ASTM", "IEEE", "UL", "NERC",
            "CIP", "FERC", "EPA", "DOT", "FAA", "IRS", "IRC", "USC", "CFR", "PUB", "TD", "REG", "FIN", "EITF", "SAB", "FSP",
            "COVID", "SARS", "CUSIP", "ISIN", "NAICS", "SIC", "GAAP", "SOC", "SSAE", "PCI", "NIST", "FORM", "RULE");

    /** A product's code in any case, as a question may write it. */
    private static final Pattern CODE_IN_ANY_CASE = Pattern.compile("[A-Za-z]{2,5}-\\d{3,5}[A-Za-z]?");

    /** A code's figures that are a year, an edition: the mortality tables "MP-2019" and "PRI-2012". */
    private static final Pattern YEAR_FIGURES = Pattern.compile("-(?:19|20)\\d\\d[A-Z]?$");

    /** A name that is a product's code ("ONS-5010"): read in any case, as its figures name it ("ons-5010 approval"). */
    static boolean isProductCode(String name) {
        return CODE_IN_ANY_CASE.matcher(name).matches();
    }

    /** The most product codes a document teaches, most mentioned first: a parts catalogue is no pipeline. */
    static final int MAX_CODES = 10;

    /** The product codes a filing writes {@link #MIN_MENTIONS} times at least, with how often. */
    static Map<String, Integer> productCodes(String text) {
        Map<String, Integer> codes = new HashMap<>();
        Matcher c = CODE.matcher(text);
        while (c.find()) {
            String code = c.group(1);
            if (!EVERY_FILING_CODES.contains(code.substring(0, code.indexOf('-'))) && !YEAR_FIGURES.matcher(code).find()) {
                codes.merge(code, 1, Integer::sum);
            }
        }
        codes.values().removeIf(times -> times < MIN_MENTIONS);
        return codes;
    }

    /** The humps of a name's words as the company writes it: "BriaCell Therapeutics" is Bria, Cell, Therapeutics. */
    private static final Pattern HUMP = Pattern.compile("\\p{Lu}\\p{Ll}+|\\p{Lu}+(?!\\p{Ll})");

    /** Legal forms and words of every name, which a company's codes do not begin with. */
    private static final Set<String> NOT_IN_CODES = Set.of("Inc", "Corp", "Co", "Ltd", "Plc", "LLC", "LP", "SA", "NV", "AG", "SE",
            "INC", "CORP", "CO", "LTD", "PLC", "The", "THE", "And", "AND", "Of", "OF");

    /**
     * The letters a company's own codes begin with: the initials of its name's words and humps, two to four of them, with
     * and without the generic words that end it ("EB" of Edesa Biotech, "NV" of NanoViricides, "BCT" and "BC" of BriaCell
     * Therapeutics), and its first hump of four letters or more ("Bria").
     */
    static Set<String> ownCodePrefixes(String company) {
        Set<String> prefixes = new LinkedHashSet<>();
        if (company == null) {
            return prefixes;
        }
        List<String> humps = new ArrayList<>();
        List<String> words = new ArrayList<>();
        for (String word : company.split("[^\\p{L}\\p{N}]+")) {
            if (word.isEmpty() || NOT_IN_CODES.contains(word)) {
                continue;
            }
            words.add(word);
            Matcher h = HUMP.matcher(word);
            while (h.find()) {
                humps.add(h.group());
            }
        }
        int specific = humps.size();
        while (specific > 1 && Vocabulary.isGenericNameWord(humps.get(specific - 1).toLowerCase(Locale.ROOT))) {
            specific--; // "BC" of BriaCell Therapeutics
        }
        for (int n : new int[] {humps.size(), specific}) {
            if (n >= 2 && n <= 4 && humps.subList(0, n).stream().allMatch(w -> w.length() >= 2 || Character.isUpperCase(w.charAt(0)))) {
                StringBuilder initials = new StringBuilder();
                humps.subList(0, n).forEach(w -> initials.append(Character.toUpperCase(w.charAt(0))));
                prefixes.add(initials.toString());
            }
        }
        if (!humps.isEmpty() && humps.get(0).length() >= 4 && Character.isLowerCase(humps.get(0).charAt(1)) && humps.size() > words.size()) {
            prefixes.add(humps.get(0)); // the first hump of a word coined of two: "Bria" of BriaCell, not "Edesa" of Edesa Biotech
        }
        return prefixes;
    }

    /**
     * The company's own codes for its products and programmes, which begin with its initials or the first part of its
     * coined name and go on with figures or a hyphen and capitals or figures, written {@link #MIN_MENTIONS} times or
     * more: "EB01" in Edesa Biotech's filings, "NV-CoV-2" in NanoViricides', "Bria-OTS" in BriaCell's; shorter than the
     * product codes every biotech writes ("CD19", "IL-15"), which no company's initials begin.
     */
    static Map<String, Integer> ownCodes(String text, String company) {
        Map<String, Integer> codes = new HashMap<>();
        for (String prefix : ownCodePrefixes(asTheFilingWritesIt(company, text))) {
            Matcher c = Pattern.compile("(?<![\\p{L}\\p{N}\\-])(" + Pattern.quote(prefix)
                    + "(?:\\d{2,4}[A-Z]?|(?:-(?:\\p{Lu}[\\p{L}\\p{N}]{0,7}|\\d{1,5}[A-Z]?)){1,3}))(?![\\p{L}\\p{N}]|-[\\p{L}\\p{N}])").matcher(text);
            while (c.find()) {
                // a trademark sign a PDF's text gives as letters: "Bria-IMT™" read as "Bria-IMTTM"
                String code = c.group(1).matches(".*-\\p{Lu}\\p{L}{2,}TM") ? c.group(1).substring(0, c.group(1).length() - 2) : c.group(1);
                if (!YEAR_FIGURES.matcher(code).find() && !code.matches(".*(?:19|20)\\d\\d")) {
                    codes.merge(code, 1, Integer::sum);
                }
            }
        }
        codes.values().removeIf(times -> times < MIN_MENTIONS);
        return codes;
    }

    /**
     * The company's name with each word a directory writes in capitals as the filing writes it most often otherwise:
     * "NANOVIRICIDES, INC." is "NanoViricides, INC." in NanoViricides' filings, whose humps its codes begin with; a word
     * the filing writes only in capitals stays so.
     */
    static String asTheFilingWritesIt(String company, String text) {
        if (company == null || text == null) {
            return company;
        }
        StringBuilder written = new StringBuilder();
        String folded = null;
        Matcher w = Pattern.compile("\\p{L}{4,}").matcher(company);
        int last = 0;
        while (w.find()) {
            written.append(company, last, w.start());
            last = w.end();
            String word = w.group();
            if (!word.equals(word.toUpperCase(Locale.ROOT))) {
                written.append(word);
                continue;
            }
            Map<String, Integer> spellings = new HashMap<>();
            folded = folded == null ? foldedCharByChar(text) : folded;
            for (int at : wholeWordsAt(folded, word.toLowerCase(Locale.ROOT))) {
                String spelled = text.substring(at, at + word.length());
                if (!spelled.equals(word)) {
                    spellings.merge(spelled, 1, Integer::sum);
                }
            }
            written.append(spellings.entrySet().stream().max(Map.Entry.<String, Integer>comparingByValue()
                    .thenComparing(Map.Entry.comparingByKey())).map(Map.Entry::getKey).orElse(word));
        }
        return written.append(company.substring(last)).toString();
    }

    /** "(formerly Square, Inc.)", "(formerly known as Meta Financial Group, Inc.)", "(f/k/a INTL FCStone Inc.)". */
    private static final Pattern FORMERLY = Pattern.compile(
            "\\((?:formerly(?: known as| named)?|f/k/a|previously known as)[:,]?\\s+[\"\u201c]?([^()\"\u201c\u201d]{3,80}?)[\"\u201d]?\\)");

    /** How far before the bracket the company's own name may start: its words and legal form. */
    private static final int OWN_NAME_REACH = 120;

    /** Words of a legal form a name may carry before the bracket ("StoneX Group Inc. (formerly ...)"). */
    private static final String LEGAL_FORM = "(?:,?\\s*(?:Inc|Incorporated|Corp|Corporation|Co|Company|Ltd|Limited|plc|PLC|LLC|LP|L\\.P|N\\.V|S\\.A)\\.?)*";

    /**
     * The names the company went by before, as its own filing says right after its name ("Pathward Financial, Inc.
     * (formerly known as Meta Financial Group, Inc.)", "Block, Inc. (formerly Square, Inc.)", "StoneX Group Inc.
     * (formerly INTL FCStone Inc.)"): a name analysts keep using for years. Only a bracket right after the company's own
     * name, so a subsidiary's or a counterparty's former name is not taken (Spire Alabama's "Alabama Gas Corporation",
     * an acquired company's); and not a former name made of the company's own words alone ("Amcor Plc (formerly Amcor
     * Limited)"). And the name the filing says the company changed from to its own ("the Company changed its name,
     * effective October 25, 2017, from Star Gas Partners, L.P. to Star Group, L.P.", "changed our corporate name from The
     * Female Health Company to Veru Inc.").
     */
    public static List<String> formerNames(String text, String company) {
        List<String> ownWords = NameTokens.stripSuffixes(NameTokens.nameWords(company));
        if (text == null || ownWords.isEmpty()) {
            return List.of();
        }
        Pattern ownName = Pattern.compile("(?<![\\p{L}\\p{N}])" + String.join("[\\s,.&'\\-]+", ownWords.stream().map(Pattern::quote).toList())
                + "(?:[\\s,.]+(?:group|holdings?|platforms|technologies))?" + LEGAL_FORM + "\\s*$", Pattern.CASE_INSENSITIVE);
        Set<String> own = new HashSet<>(ownWords);
        Set<String> seen = new HashSet<>();
        List<String> former = new ArrayList<>();
        Matcher m = FORMERLY.matcher(text);
        while (m.find()) {
            String before = text.substring(Math.max(0, m.start() - OWN_NAME_REACH), m.start());
            Matcher named = ownName.matcher(before);
            if (!named.find() || Character.isLowerCase(before.charAt(named.start()))) {
                continue;
            }
            addFormerName(m.group(1), own, seen, former);
        }
        Pattern changed = Pattern.compile("\\bchanged (?:its|our) (?:corporate |legal )?name,?(?: effective [^.;()]{3,40}?)?,? from [\"\u201c]?"
                + "((?:[Tt]he )?[A-Z][^;()\"\u201c\u201d]{2,80}?)[\"\u201d]?,? to (?:the )?"
                + String.join("[\\s,.&'\\-]+", ownWords.stream().map(Pattern::quote).toList())
                + "(?:[\\s,.]+(?:group|holdings?|platforms|technologies))?" + LEGAL_FORM
                + "(?![\\p{L}\\p{N}])(?!\\s+(?-i:[A-Z][a-z]))", Pattern.CASE_INSENSITIVE);
        Matcher c = changed.matcher(text);
        while (c.find()) {
            addFormerName(c.group(1), own, seen, former);
        }
        return former;
    }

    /** The name as written, once, if it is capitalised and more than the company's own words. */
    private static void addFormerName(String written, Set<String> own, Set<String> seen, List<String> former) {
        String name = written.replaceAll("\\s+", " ").trim();
        List<String> words = NameTokens.stripSuffixes(NameTokens.nameWords(name));
        boolean capitalised = Character.isUpperCase(name.charAt(0)) || Character.isDigit(name.charAt(0));
        if (capitalised && !words.isEmpty() && !own.containsAll(words) && seen.add(NameTokens.joined(words))) {
            former.add(name);
        }
    }

    /**
     * The names a document teaches for its issuer ({@link #learn(String, String)}), after the symbols it says its stock
     * traded under other than {@code ticker}, the issuer's ticker now ({@link #tradingSymbols}): "SGH" in the 10-Ks
     * SMART Global Holdings filed before it became Penguin Solutions (PENG), "CGA" in China Green Agriculture's (now
     * Enlightify, ENFY). Analysts go on using such a symbol for years.
     */
    public static List<String> learn(String text, String company, String ticker) {
        Set<String> names = new LinkedHashSet<>(tradingSymbols(text, ticker));
        names.addAll(ownInitials(text, company, ticker));
        names.addAll(learn(text, company));
        return List.copyOf(names);
    }

    /** A document writes a company this often at least as a party of its own deal for the company to be its deal's. */
    static final int MIN_DEAL_MENTIONS = 2;

    private static final String DEAL = "(?i:spin-?off|spin off|separation|split-?off|exchange offer|divestiture|disposition|sale"
            + "|acquisition|deconsolidation|initial public offering|IPO)";

    /** After "Jefferies Sale" or "Funko Acquisition": an agreement ("Sale Agreement") or a vehicle's name ("Acquisition Corp."). */
    private static final String NOT_A_NAME_OR_AN_AGREEMENT = "(?!-|\\s+(?i:Agreements?|Corp|Corporation|Holdings|Inc|LLC|Co|Company|Sub|LP"
            + "|Partners|Facility|Leaseback)(?![\\p{L}\\p{N}]))";

    /** After the name, more of it and an apostrophe: the seller of a business ("Tyson Foods' pet treats business"). */
    private static final String NOT_A_SELLER = "(?![\\p{L}\\p{N}]|(?:\\s+\\p{Lu}[\\p{L}.]*)*\\s?['\u2019])";

    /**
     * Of the names a document teaches ({@link #learn(String, String, String)}), those it writes as a company its issuer
     * spun off, split off, sold or holds as a subsidiary, or acquired or agreed to acquire, {@link #MIN_DEAL_MENTIONS} times
     * or more ("the separation of Kenvue", "the Kenvue exchange offer" in Johnson &amp; Johnson's 2023 10-K; "the proposed
     * acquisition of Figma" in Adobe's; "our majority-owned subsidiary, Forestar" in D.R. Horton's): a company listed on
     * its own, which analysts name for the deal in the filer's report. Not a customer, supplier, lender or partner, whom a
     * filing writes about without such words, nor the company that acquired the filer ("merger with Broadcom"), nor one
     * whose business it bought ("the acquisition of Tyson Foods' pet treats business").
     */
    public static List<String> dealNames(String text, List<String> learned) {
        List<String> deals = new ArrayList<>();
        for (String name : learned) {
            if (name.length() < 3 || !Character.isUpperCase(name.charAt(0))) {
                continue;
            }
            String quoted = Pattern.quote(name);
            Pattern party = Pattern.compile("(?:\\b" + DEAL + " (?i:of (?:the |our |its )?(?:remaining |retained )?(?:interest in |stake in "
                    + "|shares of )?)" + quoted + NOT_A_SELLER + "|\\b(?i:subsidiar(?:y|ies)),? " + quoted + NOT_A_SELLER
                    + "|(?<![\\p{L}\\p{N}])" + quoted + ",? " + DEAL + NOT_A_NAME_OR_AN_AGREEMENT + "(?![\\p{L}\\p{N}])"
                    + "|\\b(?i:acquired|acquire|acquiring|spun off|split off|separated|divested|deconsolidated) (?i:the |all of )?"
                    + quoted + NOT_A_SELLER + ")");
            int mentions = 0;
            Matcher m = party.matcher(text);
            while (mentions < MIN_DEAL_MENTIONS && m.find()) {
                mentions++;
            }
            if (mentions >= MIN_DEAL_MENTIONS) {
                deals.add(name);
            }
        }
        return List.copyOf(deals);
    }

    /** The issuer's ticker as the symbols a filing gives are compared with it; empty when unknown. */
    private static String ownTicker(String ticker) {
        return ticker == null ? "" : Ticker.canonical(ticker);
    }

    /** A filing writes a short form of its own name this often at least: "NJNG" 375 times in New Jersey Resources'. */
    static final int MIN_OWN_INITIALS_MENTIONS = 20;

    private static final Pattern UPPER_CASE_WORD = Pattern.compile("(?<![\\p{L}\\p{N}&\\-])([A-Z]{3,6})(?![\\p{L}\\p{N}&\\-])");

    /**
     * Upper-case words of three to six letters the filing writes {@link #MIN_OWN_INITIALS_MENTIONS} times or more that
     * begin with the initials of the company's name ("SGH" in SMART Global Holdings', "EEG" in Esports Entertainment
     * Group's) or of its first two words ("NJNG", New Jersey Natural Gas, in New Jersey Resources'; "NTI" in Northern
     * Technologies International's): the names it calls itself and its subsidiaries by without defining them; not its
     * ticker, an English word or an abbreviation finance writes ("HPC" in Hewlett Packard Enterprise's, "PIK"). A script
     * applying the first-two-initials test to the 2023 EDGAR bench filings and the iXBRL ones found 15 such words in 12
     * issuers' filings, all theirs (TVA, TVARS, GCIC, SBI, SBH, OSI, EEG, RJBDP, RJAHI, NJNG, SGH, NTI, UPC) but those
     * two abbreviations.
     */
    static List<String> ownInitials(String text, String company, String ticker) {
        List<String> words = NameTokens.stripSuffixes(NameTokens.nameWords(company)).stream()
                .filter(w -> !NameTokens.CONNECTORS.contains(w) && !w.isEmpty()).toList();
        if (text == null || words.size() < 2) {
            return List.of();
        }
        String initials = NameTokens.initialsOf(words).toUpperCase(Locale.ROOT);
        String leading = initials.substring(0, 2);
        String own = ownTicker(ticker);
        Map<String, Integer> counts = new HashMap<>();
        Matcher m = UPPER_CASE_WORD.matcher(text);
        while (m.find()) {
            if (m.group(1).startsWith(leading)) {
                counts.merge(m.group(1), 1, Integer::sum);
            }
        }
        List<Map.Entry<String, Integer>> ranked = new ArrayList<>(counts.entrySet());
        ranked.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        List<String> found = new ArrayList<>();
        for (Map.Entry<String, Integer> e : ranked) {
            String word = e.getKey();
            if (e.getValue() >= MIN_OWN_INITIALS_MENTIONS && !word.equals(own) && !Vocabulary.isEverydayWord(word)
                    && !Vocabulary.isEveryFilersAcronym(word)) {
                found.add(word);
            }
        }
        return found;
    }

    /** "Our common stock is listed on the NYSE under the symbol “ACM”", "... under the trading symbol CGA". */
    private static final Pattern TRADING_SYMBOL = Pattern.compile(
            "\\b(?:under|with) the (?:trading |ticker |stock |exchange )?symbols? [\u201c\"']?([A-Z]{2,5})\\b[\u201d\"']?");

    /**
     * The issuer's own stock, earlier in the sentence: "Our ordinary shares are listed ...", "the Company's common stock
     * was quoted ..."; not "its stock", which is as often a spun-off company's ("IDW Media Holdings ... its stock is
     * traded ... with the ticker symbol IDW" in IDT's).
     */
    private static final Pattern OWN_STOCK = Pattern.compile(
            "(?i)\\b(?:our|the company['\u2019]?s)\\s+(?:[\\w-]+\\s+){0,3}?(?:common stock|ordinary shares|common shares|shares|stock)\\b");

    /**
     * The symbols the text says the issuer's own stock trades or traded under, but {@code ticker} and the symbols of its
     * other securities that begin with it ("HOVNP" beside HOV), an English word or an abbreviation finance writes: in
     * the order the text first gives them. A script applying the rule to the 235 EDGAR 2022-2023 and iXBRL bench filings
     * found the former or other symbols of nine issuers (SGH, CGA, KNW, ABC, LEVB, OSOK, ATIF, ONS and its units' ONSIU,
     * BCT on the TSX) and no other company's; read after "its stock" too, it also took a spun-off company's (IDW in
     * IDT's) and a former subsidiary's (BRBR in Post's).
     */
    static List<String> tradingSymbols(String text, String ticker) {
        List<String> symbols = new ArrayList<>();
        if (text == null) {
            return symbols;
        }
        String own = ownTicker(ticker);
        Matcher m = TRADING_SYMBOL.matcher(text);
        while (m.find()) {
            String symbol = m.group(1);
            int sentence = Math.max(text.lastIndexOf(". ", m.start()), text.lastIndexOf('\n', m.start())) + 1;
            if (!OWN_STOCK.matcher(text.substring(sentence, m.start())).find()) {
                continue;
            }
            if ((!own.isEmpty() && symbol.startsWith(own)) || Vocabulary.isEverydayWord(symbol) || Vocabulary.isEveryFilersAcronym(symbol)
                    || symbols.contains(symbol)) {
                continue;
            }
            symbols.add(symbol);
        }
        return symbols;
    }

    /** The names a document teaches for its issuer, most mentioned first; empty for a text without any. */
    public static List<String> learn(String text, String company) {
        if (text == null || text.isEmpty()) {
            return List.of();
        }
        Set<String> ownName = new HashSet<>(NameTokens.nameWords(company));
        Map<String, Integer> lowerCase = new HashMap<>();
        Matcher lower = LOWER_WORD.matcher(text);
        while (lower.find()) {
            if (!inAddress(text, lower.start(1), lower.end(1))) {
                lowerCase.merge(lower.group(1), 1, Integer::sum);
            }
        }
        Set<String> ownMarks = ownMarks(ownName, lowerCase);
        Map<String, Integer> mentions = new HashMap<>();
        Map<String, Integer> marked = new HashMap<>();
        Map<String, Map<String, Integer>> before = new HashMap<>();
        Map<String, Map<String, Integer>> after = new HashMap<>();
        Set<String> competitors = competitors(text);
        Map<String, Integer> asPerson = new HashMap<>();
        Map<String, Integer> asPlace = new HashMap<>();
        Map<String, Integer> abbreviated = new HashMap<>();
        Map<String, Integer> markedAsHalf = new HashMap<>();
        Map<String, Integer> asLegalEntity = new HashMap<>();
        Map<String, Integer> asDesignation = new HashMap<>();
        Map<String, Integer> asSecurity = new HashMap<>();
        Map<String, Integer> afterOwnName = new HashMap<>();
        Map<String, Integer> beforeBusiness = new HashMap<>();
        Map<String, Integer> afterCapitalised = new HashMap<>();
        Map<String, Integer> acting = new HashMap<>();
        Map<String, Integer> pluralAfterOne = new HashMap<>();
        Matcher m = CANDIDATE.matcher(text);
        while (m.find()) {
            if (!sentenceInitial(text, m.start(1))) {
                String term = spelledOneWay(m.group(1));
                mentions.merge(term, 1, Integer::sum);
                if (personMention(text, m.start(1), m.end(1))) {
                    asPerson.merge(term, 1, Integer::sum);
                }
                if (placeMention(text, m.start(1), m.end(1))) {
                    asPlace.merge(term, 1, Integer::sum);
                }
                if (legalEntityMention(text, m.end(1))) {
                    asLegalEntity.merge(term, 1, Integer::sum);
                }
                if (designationMention(text, m.end(1))) {
                    asDesignation.merge(term, 1, Integer::sum);
                }
                if (securityMention(text, m.end(1))) {
                    asSecurity.merge(term, 1, Integer::sum);
                }
                if (abbreviatedMention(text, m.end(1))) {
                    abbreviated.merge(term, 1, Integer::sum);
                }
                if (markedAfterAnotherWord(text, m.start(1), m.end(1), ownName)) {
                    markedAsHalf.merge(term, 1, Integer::sum);
                }
                if (m.end(1) < text.length() && TRADEMARK_MARKS.indexOf(text.charAt(m.end(1))) >= 0) {
                    marked.merge(term, 1, Integer::sum);
                }
                if (followedBy(BUSINESS_AFTER, text, m.end(1), 40)) {
                    beforeBusiness.merge(term, 1, Integer::sum);
                }
                if (followedBy(ACTS_AFTER, text, m.end(1), 30)
                        && !text.startsWith("and ", Math.max(0, m.start(1) - 4))) {
                    acting.merge(term, 1, Integer::sum);
                }
                if (afterCapitalisedWord(text, m.start(1))) {
                    afterCapitalised.merge(term, 1, Integer::sum);
                }
                if (term.endsWith("s") && pluralNamedAsOne(text, m.start(1), m.end(1))) {
                    pluralAfterOne.merge(term, 1, Integer::sum);
                }
                if (ownNameBefore(text, m.start(1), ownName, ownMarks) && !beforeCapitalisedWord(text, m.end(1))
                        && !legalEntityMention(text, m.end(1))) {
                    afterOwnName.merge(term, 1, Integer::sum);
                }
                // "Adobe Photoshop", "Microsoft Azure": the company's own name before a product does not make it a half.
                neighbour(text, m.start(1), -1).filter(w -> !ownName.contains(w.toLowerCase(Locale.ROOT)))
                        .ifPresent(w -> before.computeIfAbsent(term, k -> new HashMap<>()).merge(w, 1, Integer::sum));
                neighbour(text, m.end(1), 1).filter(w -> !ownName.contains(w.toLowerCase(Locale.ROOT)))
                        .ifPresent(w -> after.computeIfAbsent(term, k -> new HashMap<>()).merge(w, 1, Integer::sum));
            }
        }
        Map<String, Integer> declared = new HashMap<>();
        Matcher d = DECLARED_NAME.matcher(text);
        while (d.find()) {
            declared.merge(d.group(1).trim(), 1, Integer::sum);
        }
        declared.forEach((phrase, times) -> {
            List<String> words = NameTokens.nameWords(phrase);
            if (times >= MIN_DECLARED && words.size() > 1 && words.stream().noneMatch(ownName::contains)
                    && !words.stream().allMatch(w -> EVERY_FILING.contains(w) || Vocabulary.isGenericNameWord(w)
                            || Vocabulary.isCommonWord(w))) {
                marked.merge(phrase, MIN_MARKS, Integer::sum);
                mentions.merge(phrase, mentionsOf(text, phrase), Math::max);
            }
        });
        Matcher defined = DEFINED_TERM.matcher(text);
        while (defined.find()) {
            // a company it bought or holds, defined by the first words of its name where the sentence says so, is named so
            // though they are English ("Maxim", "Fortress"), where the filing never writes them in lower case
            String shortName = defined.group(1);
            int from = Math.max(0, defined.start() - DEFINED_NAME_REACH);
            String written = text.substring(from, defined.start());
            int at = written.lastIndexOf(shortName + " ");
            if (at < 0 || (at > 0 && Character.isLetterOrDigit(written.charAt(at - 1)))) {
                continue;
            }
            Matcher rest = REST_OF_THE_NAME.matcher(written.substring(at + shortName.length()));
            if (!rest.matches()) {
                continue;
            }
            List<String> words = NameTokens.nameWords(shortName);
            boolean companyOrAsset = rest.group(1) != null || rest.group(2) != null;
            // English words only for a company or an asset ("Department of Defense (Department)" is no name)
            int name = from + at;
            String sentence = text.substring(Math.max(0, name - DEAL_CONTEXT), name).toLowerCase(Locale.ROOT);
            if (words.stream().noneMatch(ownName::contains) && OWN_DEAL.matcher(sentence).find()
                    && (companyOrAsset || !words.stream().allMatch(Vocabulary::isEverydayWord))
                    && words.stream().noneMatch(w -> lowerCase.containsKey(w) || Vocabulary.isCommonWord(w)
                            || Vocabulary.isGenericNameWord(w) || EVERY_FILING.contains(w))) {
                marked.merge(shortName, MIN_MARKS, Integer::sum);
                mentions.merge(shortName, mentionsOf(text, shortName), Math::max);
            }
        }
        List<Map.Entry<String, Integer>> ranked = new ArrayList<>();
        for (Map.Entry<String, Integer> e : mentions.entrySet()) {
            String term = e.getKey();
            String folded = term.toLowerCase(Locale.ROOT);
            List<String> words = NameTokens.nameWords(term);
            // A name the filing marks as a trademark ("Azure(R)") is a product name though it is an English word. A
            // hyphenated one that the filing, or English, writes whole in lower case ("Pre-Tax" in headings, "pretax" in
            // its sentences) is that word.
            boolean trademark = marked.getOrDefault(term, 0) >= MIN_MARKS;
            int business = beforeBusiness.getOrDefault(term, 0);
            boolean pluralName = pluralAfterOne.getOrDefault(term, 0) >= MIN_DECLARED;
            boolean ownProduct = words.size() == 1 && !Vocabulary.CORPORATE_SUFFIXES.contains(folded)
                    && (afterOwnName.getOrDefault(term, 0) >= MIN_AFTER_OWN_NAME || pluralName
                            || (business >= MIN_MENTIONS && business * MENTIONS_PER_BUSINESS_CUE >= e.getValue()
                                    && afterCapitalised.getOrDefault(term, 0) * 2 <= e.getValue()));
            // "a Bombshells location": a plural named as one thing, its singular seldom written, is a chain's name
            boolean chainName = ownProduct && pluralName && !ownName.contains(folded.substring(0, folded.length() - 1))
                    && mentions.getOrDefault(term.substring(0, term.length() - 1), 0) * MENTIONS_PER_SINGULAR < e.getValue();
            String possessor = possessor(term);
            if (possessor != null && (Vocabulary.isEverydayWord(possessor) || ownName.contains(possessor.toLowerCase(Locale.ROOT)))) {
                continue; // "People's Republic", "Women's Health", "Walmart's Marketplace": no name of its own
            }
            // An English word the filing writes as a company doing business ("Marquis acquired", "Marquis offers") again and
            // again, never in lower case, is a company of its own: Live Ventures' carpet maker.
            boolean actsAsACompany = words.size() == 1 && !lowerCase.containsKey(folded) && !Vocabulary.isCommonWord(folded)
                    && !Vocabulary.CORPORATE_SUFFIXES.contains(folded) && acting.getOrDefault(term, 0) >= MIN_ACTING
                    && afterCapitalised.getOrDefault(term, 0) * 2 <= e.getValue();
            if (e.getValue() < MIN_MENTIONS || term.length() < MIN_LENGTH
                    || (!trademark && (lowerCase.containsKey(folded) || (!ownProduct && !actsAsACompany
                            && words.stream().allMatch(Vocabulary::isEverydayWord))))
                    || (!trademark && hyphenatedEnglishWord(folded, lowerCase))
                    || words.stream().anyMatch(EVERY_FILING::contains)
                    || Vocabulary.isGenericNameWord(folded) || Vocabulary.isEveryFilersAcronym(term.toUpperCase(Locale.ROOT))
                    || words.stream().anyMatch(ownName::contains)
                    || (!trademark && !chainName && (englishDerivative(folded, lowerCase) || possessiveOfAnother(term, ownName, mentions)))
                    || competitors.contains(term)
                    || asPerson.getOrDefault(term, 0) * MENTIONS_PER_PERSON_CUE >= e.getValue()
                    || asPlace.getOrDefault(term, 0) * MENTIONS_PER_PLACE_CUE >= e.getValue()
                    || asLegalEntity.getOrDefault(term, 0) >= LEGAL_ENTITY_SHARE * e.getValue()
                    || (!trademark && asDesignation.getOrDefault(term, 0) * 2 > e.getValue())
                    || (!trademark && asSecurity.getOrDefault(term, 0) * 2 > e.getValue())
                    || (abbreviated.containsKey(term) && startOfAnEnglishWord(folded))
                    || (marked.getOrDefault(term, 0) > 0 && markedAsHalf.getOrDefault(term, 0) * 2 > marked.get(term))
                    // a name the filing marks as a trademark is one of its own though another often follows it
                    // ("MinuteClinic Diagnostic")
                    || partOfLongerName(e.getValue(), before.get(term)) || (!trademark && partOfLongerName(e.getValue(), after.get(term)))) {
                continue;
            }
            ranked.add(e);
        }
        ranked.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        // the abbreviations of its own names come on top of the words, each where its mentions rank it
        List<Map.Entry<String, Integer>> kept = new ArrayList<>(ranked.subList(0, Math.min(ranked.size(), MAX_ALIASES)));
        kept.addAll(ownAbbreviations(text, ownMarks).entrySet());
        definedSegments(text, ownName).forEach((name, times) -> {
            if (kept.stream().noneMatch(e -> e.getKey().equals(name))) {
                kept.add(Map.entry(name, times));
            }
        });
        Map<String, Integer> codes = new HashMap<>(productCodes(text));
        ownCodes(text, company).forEach((code, times) -> codes.merge(code, times, Math::max));
        codes.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(MAX_CODES).forEach(kept::add);
        kept.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        List<String> aliases = new ArrayList<>();
        for (Map.Entry<String, Integer> e : kept) {
            aliases.add(e.getKey());
        }
        // the names of words after the words: a name's place in the list says how surely it is this issuer's (Catalog)
        productPhrases(text, ownName).entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(Map.Entry::getKey).filter(p -> !aliases.contains(p)).limit(MAX_PHRASES).toList().forEach(aliases::add);
        return aliases;
    }
}
