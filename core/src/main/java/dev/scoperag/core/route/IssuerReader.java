package dev.scoperag.core.route;

import dev.scoperag.core.filing.Ticker;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Finds the issuers a question names, by company name (any everyday spelling the indexes know)
 * and by ticker (only where it reads as a ticker).
 */
final class IssuerReader {

    /** How an issuer was named, and how sure that reading is (see {@link DeterministicRouter}). */
    record Mention(IssuerIdentity issuer, double score, String how, String surface, int position, List<Route.Naming> namedBy) {

        Mention(IssuerIdentity issuer, double score, String how, String surface, int position) {
            this(issuer, score, how, surface, position, List.of(new Route.Naming(issuer.ticker(), surface, kindOf(how), how)));
        }
    }

    /** The kind of reading a detailed "how" is, as {@link Route.Naming} reports it. */
    static String kindOf(String how) {
        if (how.contains("typo")) {
            return Route.BY_TYPO;
        }
        if (how.equals("hint")) {
            return Route.BY_HINT;
        }
        if (how.contains("product")) {
            return Route.BY_PRODUCT_ALIAS;
        }
        if (how.contains("learned")) {
            return Route.BY_LEARNED_ALIAS;
        }
        if (how.contains("alias")) {
            return Route.BY_ALIAS;
        }
        return how.contains("ticker") ? Route.BY_TICKER : Route.BY_NAME;
    }

    static final double EXACT = 0.95;
    static final double ALIAS = 0.85;
    static final double TICKER_IN_CONTEXT = 0.9;
    static final double PARTIAL_NAME = 0.8;
    static final double LONE_WORDLIKE_TICKER = 0.7;
    static final double TYPO = 0.55;
    static final double LEARNED_ALIAS = 0.8;
    static final double ABBREVIATION = 0.7;

    /** Shorter words are one edit from too many tickers and words to be read as a typo. */
    private static final int MIN_TYPO_TICKER = 4;
    private static final int MIN_TYPO_WORD = 5;
    /** A word its legal form follows may be shorter: "deer & co". */
    private static final int MIN_TYPO_WORD_BEFORE_ITS_FORM = 4;
    /** So may a name word of this length with its two inner letters swapped, its ends kept: "nkie" of Nike. */
    private static final int SWAPPED_TYPO_WORD = 4;
    /** An English word is read as a coined name mistyped only from this length: "symbiotic" (Symbotic), not "general". */
    private static final int MIN_ENGLISH_TYPO_WORD = 8;

    /** Outside the corpus a typo is read only of the largest listings' tickers and names. */
    private static final int TYPO_LISTINGS = 100;

    /** Past the largest listings, a typo is read only in a word this long, and of these listings. */
    private static final int MIN_LONG_TYPO_WORD = 6;
    private static final int LONG_WORD_TYPO_LISTINGS = IssuerDirectory.LARGE_LISTINGS;

    /**
     * The next thousand listings' coined names are read mistyped only in a word this long, one edit from their first
     * word: of the 2,602 lower-case words of five letters or more in 120 bench 10-Ks that no English list holds, one
     * ("telecoms") is that close to one of these names ("haemonitics", "commvalut" are Haemonetics, Commvault).
     */
    private static final int MIN_MID_SIZE_TYPO_WORD = 7;
    private static final int MID_SIZE_TYPO_LISTINGS = 2000; // the listings whose English names were read to 2,000

    /**
     * Past those, any listing's coined name is read mistyped only in a word this long, one edit from its first word as
     * long, and only as the question's subject ("hovnanain contract backlog", "nanoviracides cash runway"): the longer
     * two coined words are, the fewer others lie one edit from either.
     */
    private static final int MIN_SMALL_LISTING_TYPO_WORD = 8;

    /** Shorter upper-case words name an issuer outside the corpus only in ticker context. */
    private static final int MIN_BARE_DIRECTORY_TICKER = 4;

    /** The SEC lists issuers by market value; a ticker typed in lower case is read only for the largest. */
    private static final int LARGEST_LISTINGS = 1000;

    /** A bare two-letter ticker is read only for these: every pair of letters is listed somewhere, most by small issuers. */
    private static final int MEGA_LISTINGS = 300;

    /**
     * A lower-case ticker of three letters is read at the head of a question before its business for this many of the
     * largest listings (of some 10,400 in the directory; "hzo same-store sales", MarineMax at 3,157): past them, nearly
     * every such string is some small listing's and as often a word of the trade.
     */
    private static final int HEAD_OF_QUESTION_TICKER_LISTINGS = 7000;

    /**
     * A product's designation, letters and figures a hyphen joins, maybe with the letter of its variant: "F-35", "KC-46",
     * "T-7A", "C-130J".
     */
    private static final Pattern DESIGNATION = Pattern.compile("\\p{L}{1,5}-\\d{1,5}\\p{L}?");

    /** A designation's words as read, with a variant's letter: "kc 46a", "f 35b". */
    private static final Pattern DESIGNATION_OF_A_VARIANT = Pattern.compile("\\p{L}{1,5} \\d{1,5}\\p{L}");

    /** A term written as figures and a letter for months, weeks or years: "3M", "6m", "1Y". */
    private static final Pattern TENOR = Pattern.compile("\\d{1,2}[MmWwYy]");

    /** Benchmark rates a tenor comes before. */
    private static final Set<String> RATE_BENCHMARKS = Set.of("libor", "sofr", "euribor", "sonia", "tibor", "hibor", "shibor",
            "bsby", "cdor", "ameribor", "tbill", "treasury", "treasuries", "cd", "cds");

    /** A benchmark rate is word {@code k}, in the singular or plural; "t-bill", which the hyphen makes two words, too. */
    private static boolean beforeABenchmark(List<NameTokens.Token> tokens, int k) {
        String word = tokens.get(k).norm();
        String singular = word.endsWith("s") ? word.substring(0, word.length() - 1) : word;
        return RATE_BENCHMARKS.contains(word) || RATE_BENCHMARKS.contains(singular)
                || (word.equals("t") && k + 1 < tokens.size() && tokens.get(k + 1).norm().matches("bills?"));
    }

    /** The names of markets where shares are listed and quoted, some of them a listed company's name too. */
    private static final Set<String> EXCHANGES = Set.of("nasdaq", "nyse", "cboe", "otc", "otcqx", "otcqb", "tsx", "lse");

    /**
     * Words that make the market's name before them the market's, not its operator's: "nasdaq listing compliance", "the
     * nasdaq composite"; where a word of business follows ("nasdaq listing revenue"), the operator is meant.
     */
    private static final Set<String> LISTING_WORDS = Set.of("listing", "listings", "listed", "delisting", "delisted", "uplisting",
            "compliance", "deficiency", "composite", "100", "minimum", "bid", "rule", "rules", "requirements", "notice");

    /**
     * A regulated business's terms of two words, whose first alone is no word of business or one English compounds with the
     * word before it: a utility's "rate case", a bank's "consent order" or "asset cap".
     */
    private static final Set<String> REGULATORY_TERMS = Set.of("rate case", "rate cases", "rate base", "rate review",
            "consent order", "consent orders", "consent decree", "asset cap");

    /** Words that make the name before them a street's: "Woodward Avenue", "Madison Ave". */
    private static final Set<String> STREET_WORDS = Set.of("avenue", "ave", "street", "boulevard", "blvd");

    /** A period written in lower case ("q2", "fy24", "h1", "cy2023"). */
    private static final Pattern PERIOD_WORD = Pattern.compile("(?:q[1-4]|h[12]|fy'?\\d{0,4}|cy'?\\d{0,4})");

    /** Upper-case words, possibly a class share (BRK.B), possibly after a "$". */
    private static final Pattern TICKER = Pattern.compile("(\\$)?\\b([A-Z][A-Z0-9]{0,5}(?:[.\\-/][A-Z]{1,2})?)\\b");
    /**
     * A class-share ticker in any case ("brk.b", "Brk/B"); its separator makes it a ticker rather than
     * a word, but "e.g" and "n/a" are separated too, so it counts only for an issuer in the corpus.
     */
    private static final Pattern NEXT_WORD = Pattern.compile("\\s+([A-Za-z][A-Za-z0-9\\-]*)");
    private static final Pattern CLASS_SHARE = Pattern.compile("\\b([A-Za-z]{1,5}[.\\-/][A-Za-z]{1,2})\\b");
    private static final Pattern TICKER_CUE = Pattern.compile(
            "(?:\\bticker(?:\\s+symbol)?|\\bsymbol|\\bNYSE|\\bNASDAQ|\\bNasdaq|\\bAMEX|\\bOTC)\\s*[:\\-]?\\s*$", Pattern.CASE_INSENSITIVE);
    /** Words after which a capital letter is a label, not a ticker: "Class A", "Item 7", "Series B". */
    private static final Set<String> LABEL_WORDS = Set.of(
            "class", "series", "type", "tier", "grade", "item", "part", "note", "schedule", "exhibit", "phase",
            "level", "plan", "option", "section", "article", "appendix", "form", "model", "vitamin", "hepatitis",
            "team", "division", "unit", "group", "table", "figure", "row", "column", "line", "plus", "and", "or");

    /** Words whose "'s" is "is" or "us" ("Here's", "Let's"), not a possessive. */
    private static final Set<String> CONTRACTED = Set.of(
            "here", "it", "that", "what", "there", "let", "who", "where", "how", "he", "she", "when", "why", "this",
            "one", "today", "everyone", "nobody", "something", "nothing");

    private final Catalog catalog;
    private final IssuerResolver resolver;

    IssuerReader(Catalog catalog) {
        this.catalog = catalog;
        this.resolver = new IssuerResolver(catalog);
    }

    IssuerResolver resolver() {
        return resolver;
    }

    private static final Pattern AMPERSAND_TYPED_AS_N = Pattern.compile("(?<![\\p{L}\\p{N}&])(\\p{Lu})n(\\p{Lu})(?![\\p{L}\\p{N}&])");

    /** Every issuer named, once each, in the order first named, with the best reading of each. */
    List<Mention> read(String text) {
        return read(text, true);
    }

    private List<Mention> read(String typed, boolean typos) {
        // "PnG", "DnB": an ampersand between two capitals typed as an n, the name's short form ("P&G") as its list writes it
        String text = AMPERSAND_TYPED_AS_N.matcher(typed).replaceAll("$1&$2");
        List<NameTokens.Token> tokens = NameTokens.tokenize(text);
        boolean shouting = mostlyUpperCase(text);
        boolean[] covered = new boolean[text.length() + 1];
        List<Mention> mentions = new ArrayList<>();
        readNames(text, tokens, shouting, covered, mentions);
        boolean clinical = tokens.stream().anyMatch(t -> Vocabulary.CLINICAL_WORDS.contains(t.norm()));
        readTickers(text, shouting, clinical, covered, mentions);
        if (clinical && tokens.stream().anyMatch(t -> Vocabulary.CLINICAL_WORDS.contains(t.norm()) && !t.norm().startsWith("drug"))) {
            // "UTI antibiotic resistance", "wet AMD biosimilar pricing": beside a word of medicine, the disease, whichever
            // reading found it ("UTI" is a name Universal Technical Institute's filings define too); "$AMD" is the ticker,
            // and a drug is no sign of medicine's abbreviation ("AMD gpus for drug discovery")
            mentions.removeIf(m -> Vocabulary.DISEASE_ABBREVIATIONS.contains(m.surface().toUpperCase(Locale.ROOT))
                    && !TICKER_CUE.matcher(text.substring(Math.max(0, m.position() - 24), m.position())).find()
                    && !cashtag(text, m.position())
                    && !possessiveAt(text, m.position() + m.surface().length()));
        }
        // A ticker that is also a kind of software, before a word of what software is, is the software: "crm implementation
        // costs", "best CRM software"; a cashtag is the ticker still ("$CRM software revenue").
        mentions.removeIf(m -> m.how().contains("ticker") && !cashtag(text, m.position()) && softwareBeforeWhatItIs(text, m));
        // An English word in lower case that is a name, with a word of its everyday sense near it, is that word: "visa
        // backlog for h-1b workers", "apple crop losses"; a possessive is the name still.
        mentions.removeIf(m -> inItsEverydaySense(text, tokens, m));
        // An upper-case word a corpus filing defines for a name of its own ("TVA" in the Tennessee Valley Authority's) is
        // that name, not the ticker of a small listing none of whose filings is in the corpus (Texas Ventures Acquisition).
        mentions.removeIf(m -> !m.issuer().inCorpus() && m.how().contains("ticker") && isAllUpperCase(m.surface())
                && symbolOfASmallListing(m.surface()) && mentions.stream().anyMatch(l -> l.score() == LEARNED_ALIAS
                        && l.position() == m.position() && l.surface().equals(m.surface())));
        // ... and so is a small listing's ticker that is a corpus issuer's initials: "TVA power purchase obligations" is the
        // Tennessee Valley Authority's, not Texas Ventures Acquisition III's; "$TVA" is the ticker still
        for (int i = 0; i < mentions.size(); i++) {
            Mention m = mentions.get(i);
            if (!m.issuer().inCorpus() && m.how().contains("ticker") && m.surface().length() >= 3 && isAllUpperCase(m.surface())
                    && symbolOfASmallListing(m.surface()) && !cashtag(text, m.position())) {
                Set<String> initialsOf = catalog.tickersWithInitials(m.surface().toLowerCase(Locale.ROOT));
                IssuerIdentity named = initialsOf.size() == 1 ? resolver.byTicker(initialsOf.iterator().next()).orElse(null) : null;
                if (named != null) {
                    mentions.set(i, new Mention(named, ABBREVIATION, "initials of name", m.surface(), m.position()));
                }
            }
        }
        // ... and so is the name of a company a corpus issuer's filings give as their own deal's, where that company's own
        // filings are not in the corpus: "Kenvue exchange offer gain" is in Johnson & Johnson's 2023 10-K
        for (int i = 0; i < mentions.size(); i++) {
            Mention m = mentions.get(i);
            if (!m.issuer().inCorpus() && !m.how().contains("ticker")) {
                IssuerIdentity owner = dealOwner(m.surface());
                if (owner != null && owner.inCorpus()) {
                    mentions.set(i, new Mention(owner, LEARNED_ALIAS, "learned name of a deal of its own", m.surface(), m.position()));
                }
            }
        }
        // ... and so is a listing outside the corpus named by words the filings of an issuer the question names otherwise
        // teach: "neuroone revenue from zimmer distribution" asks of NeuroOne's distributor as NeuroOne's 10-K tells it,
        // "TVA coal retirements at cumberland" of TVA's plant, not of Cumberland Pharmaceuticals; where exactly one issuer
        // the question names teaches them, and the question compares nothing ("neuroone vs zimmer growth" asks of both)
        List<Mention> asRead = List.copyOf(mentions);
        boolean comparing = tokens.stream().anyMatch(t -> Vocabulary.COMPARING_WORDS.contains(t.norm()));
        for (int i = 0; i < mentions.size() && !comparing; i++) {
            Mention m = mentions.get(i);
            if (!m.issuer().inCorpus() && !m.how().contains("ticker")) {
                Set<String> words = wordsOf(m.surface());
                Map<String, IssuerIdentity> teachers = new LinkedHashMap<>();
                asRead.stream().map(Mention::issuer).filter(IssuerIdentity::inCorpus)
                        .filter(other -> other.corpusTickers().stream()
                                .anyMatch(t -> words.stream().anyMatch(w -> catalog.taught(t, w))))
                        .forEach(other -> teachers.putIfAbsent(other.key(), other));
                if (teachers.size() == 1) {
                    mentions.set(i, new Mention(teachers.values().iterator().next(), LEARNED_ALIAS, "name its filings teach",
                            m.surface(), m.position()));
                }
            }
        }
        // ... and so is a fund outside the corpus named only by the leading words of its name, where they are a name the
        // filings of exactly one corpus issuer teach: a fund is named for its sponsor's brand, and "clearbridge net flows"
        // asks of Franklin Resources' ClearBridge, not of ClearBridge Energy Midstream Opportunity Fund; and so is a
        // listing past the 1,000 largest whose leading words go on with a kind of business its name does not: "quaker
        // foods recall costs" asks of PepsiCo's Quaker, not of Quaker Chemical ("quaker financial results" still does)
        for (int i = 0; i < mentions.size(); i++) {
            Mention m = mentions.get(i);
            if (m.issuer().inCorpus() || !m.how().startsWith("leading words of name")) {
                continue;
            }
            boolean fund = aFund(m.issuer().name());
            if (fund || (!listedBelow(m.issuer().ticker(), LARGEST_LISTINGS) && anotherNameGoesOnAfter(text, m))) {
                Set<String> teachers = new HashSet<>();
                wordsOf(m.surface()).forEach(words -> teachers.addAll(catalog.teachers(words))); // "clearbridge's"
                IssuerIdentity sponsor = teachers.size() == 1 ? resolver.byTicker(teachers.iterator().next()).orElse(null) : null;
                if (sponsor != null && sponsor.inCorpus()) {
                    mentions.set(i, new Mention(sponsor, LEARNED_ALIAS, fund ? "name its filings teach, of a fund of its brand"
                            : "name its filings teach, going on as the listing's name does not", m.surface(), m.position()));
                }
            }
        }
        // ... and a corpus issuer's name right before a word of a deal (a noun: not "deal with", not "purchase the"), where
        // the deal is one the filings of another issuer the question names give as their own: "MSFT activision purchase
        // price allocation" is Microsoft's accounting; "activision's merger agreement" is Activision's own side of it
        for (int i = 0; i < mentions.size(); i++) {
            Mention m = mentions.get(i);
            int end = Math.min(text.length(), m.position() + m.surface().length());
            String kind = kindOf(m.how());
            if (m.issuer().inCorpus() && (kind.equals(Route.BY_NAME) || kind.equals(Route.BY_ALIAS)) && end > 0
                    && !endsInAPossessive(m.surface()) && !possessiveAt(text, end) && beforeADealNoun(text, end)) {
                IssuerIdentity owner = Optional.ofNullable(dealOwner(m.surface())).orElseGet(() -> dealOwner(
                        NameTokens.joined(NameTokens.stripSuffixes(NameTokens.nameWords(m.issuer().name())))));
                if (owner != null && !owner.key().equals(m.issuer().key())
                        && asRead.stream().anyMatch(other -> other != m && other.issuer().key().equals(owner.key()))) {
                    mentions.set(i, new Mention(owner, LEARNED_ALIAS, "learned name of a deal of its own", m.surface(),
                            m.position()));
                }
            }
        }
        if (mentions.stream().anyMatch(m -> m.score() != LEARNED_ALIAS)) {
            // A filing names other companies' products too (BriaCell's names Keytruda): a learned name (or the leading
            // words of one, read as surely) counts only where nothing stronger names an issuer, or as a further naming of
            // an issuer a stronger reading names ("Amazon AWS operating margin": the question is about AWS, which the route
            // says). Or where it names an issuer of the corpus ahead of every stronger reading, all of issuers outside
            // it: the question's subject comes first, and the others are what it is set against ("ryzen share gains vs
            // intel", "neuroone revenue from zimmer distribution"); not "etsy gms trends", whose subject is Etsy.
            List<Mention> stronger = mentions.stream().filter(m -> m.score() != LEARNED_ALIAS).toList();
            Set<String> named = stronger.stream().map(m -> m.issuer().key()).collect(Collectors.toSet());
            mentions.removeIf(m -> m.score() == LEARNED_ALIAS && !named.contains(m.issuer().key())
                    && !(m.issuer().inCorpus() && stronger.stream().allMatch(s -> !s.issuer().inCorpus()
                            && m.position() + m.surface().length() <= s.position())));
        }
        dropWhatNamesNobody(text, tokens, mentions);
        if (mentions.isEmpty()) {
            readAbbreviation(tokens)
                    .or(() -> typos ? readMistypedLegalForm(text, tokens).or(() -> readTypo(tokens)) : Optional.empty())
                    .filter(m -> m.score() != TYPO || mistypedName(text, tokens, m)).ifPresent(mentions::add);
            dropWhatNamesNobody(text, tokens, mentions);
            if (mentions.isEmpty()) {
                readTwoNamesOfOne(text, tokens).ifPresent(mentions::add);
            }
        } else if (mentions.size() == 1 && kindOf(mentions.get(0).how()).equals(Route.BY_NAME)
                && mentions.get(0).surface().indexOf(' ') < 0 && besideAnUnknownWord(tokens, mentions.get(0).position())) {
            // "shewin williams" is Sherwin-Williams mistyped, not Williams Companies named by its first word.
            Mention named = mentions.get(0);
            readPhraseTypo(tokens).filter(typo -> typo.position() <= named.position()
                    && typo.position() + typo.surface().length() >= named.position() + named.surface().length()
                    && typo.surface().length() > named.surface().length()).ifPresent(typo -> mentions.set(0, typo));
        }
        int first = mentions.stream().mapToInt(Mention::position).min().orElse(0);
        if (typos && first > 0 && !catalog.issuers().isEmpty() && mentions.stream().noneMatch(m -> m.issuer().inCorpus())) {
            // Only issuers outside the corpus named: a corpus issuer's name mistyped ahead of them all is the question's
            // subject, the others what it is set against ("netlfix live sports rights cost, wwe raw deal", "woodword ge
            // aerospace fuel nozzle content", "nvdia vs intel gpu share"), read from the words before them only; not a
            // ticker one letter off in capitals, which an acronym of the trade is as often ("FICA tax on tips at Darden",
            // "NTIA grants for Charter").
            List<NameTokens.Token> before = tokens.stream().filter(t -> t.end() <= first).toList();
            Predicate<Mention> subject = m -> m.issuer().inCorpus() && !(m.how().contains("ticker") && isAllUpperCase(m.surface()))
                    && mistypedName(text, tokens, m);
            List<Mention> typo = new ArrayList<>();
            readMistypedLegalForm(text, before).filter(subject).or(() -> readTypo(before).filter(subject))
                    .ifPresent(typo::add);
            dropWhatNamesNobody(text, tokens, typo);
            mentions.addAll(typo);
        }
        if (typos && !catalog.issuers().isEmpty() && mentions.stream().noneMatch(m -> m.issuer().inCorpus())) {
            // A lower-case ticker of a listing outside the corpus that with the word after it is a corpus issuer's name
            // mistyped is that name: "bset buy comparable sales" is Best Buy's, not Bassett Furniture's
            for (int i = 0; i < mentions.size(); i++) {
                Mention m = mentions.get(i);
                int k = m.how().equals("lower-case ticker") ? tokenAt(tokens, m.position()) : -1;
                if (k >= 0 && k + 1 < tokens.size()) {
                    Mention typo = readPhraseTypo(tokens.subList(k, k + 2)).orElse(null);
                    if (typo != null && typo.issuer().inCorpus() && typo.position() == m.position()
                            && typo.surface().length() > m.surface().length() && mistypedName(text, tokens, typo)) {
                        mentions.set(i, typo);
                    }
                }
            }
        }
        if (!text.equals(typed)) {
            // the words as typed, which the short form's ampersand took the place of: "PnG", not "P&G"
            mentions.replaceAll(m -> m.namedBy().size() != 1 || m.position() + m.surface().length() > typed.length() ? m
                    : new Mention(m.issuer(), m.score(), m.how(), typed.substring(m.position(), m.position() + m.surface().length()),
                            m.position()));
        }
        return merge(mentions);
    }

    /** The index of the token that starts at {@code position}, or -1. */
    private static int tokenAt(List<NameTokens.Token> tokens, int position) {
        for (int k = 0; k < tokens.size(); k++) {
            if (tokens.get(k).start() == position) {
                return k;
            }
        }
        return -1;
    }

    /** Readings of words that are a person's, a place's, a unit or a modifier here, whichever reading found them. */
    private static void dropWhatNamesNobody(String text, List<NameTokens.Token> tokens, List<Mention> mentions) {
        dropHalvesOfPeople(tokens, mentions);
        dropTownsOfAState(tokens, mentions);
        dropUnitsAndModifiers(text, mentions);
        dropNamesOfALaw(tokens, mentions);
        dropProductsOpeningAPublicBody(tokens, mentions);
        dropNamesOfAStorm(tokens, mentions);
        dropUnitsConvertedToAnother(tokens, mentions);
    }

    /** Units of measure, and their abbreviations, that a unit is converted to or compared with. */
    private static final Set<String> MEASURES = Set.of("kw", "kwh", "mw", "mwh", "gw", "gwh", "psi", "rpm", "bhp", "kva", "mph",
            "nm", "lbs", "btu", "btus", "cc", "liters", "litres", "metres", "meters");

    /**
     * The words that set a unit against another: "tesla to gauss conversion", "hp rating vs kw"; not "and", which joins two
     * companies as readily ("hp and tesla margins").
     */
    private static final Set<String> CONVERSIONS = Set.of("to", "vs", "versus", "into", "or", "per");

    /**
     * A unit of measure in lower case set against another within a few words is the unit: "tesla to gauss conversion", "hp
     * rating vs kw for industrial motors"; "tesla model 3 kwh battery cost" sets nothing against it and stays Tesla's.
     */
    private static void dropUnitsConvertedToAnother(List<NameTokens.Token> tokens, List<Mention> mentions) {
        for (int k = 0; k < tokens.size(); k++) {
            NameTokens.Token unit = tokens.get(k);
            if (!UNITS.contains(unit.norm()) || unit.hasUpperOrDigit()) {
                continue;
            }
            boolean converted = false;
            for (int j = Math.max(0, k - 3); j <= Math.min(tokens.size() - 1, k + 3) && !converted; j++) {
                String other = tokens.get(j).norm();
                if (j == k || other.equals(unit.norm()) || !(UNITS.contains(other) || MEASURES.contains(other))) {
                    continue;
                }
                converted = tokens.subList(Math.min(j, k) + 1, Math.max(j, k)).stream().anyMatch(t -> CONVERSIONS.contains(t.norm()));
            }
            if (converted) {
                int at = unit.start();
                mentions.removeIf(m -> m.position() == at && m.surface().indexOf(' ') < 0);
            }
        }
    }

    /** Words a storm's given name follows: "winter storm uri", "hurricane ida", "tropical storm harvey". */
    private static final Set<String> STORMS = Set.of("storm", "hurricane", "typhoon", "cyclone", "superstorm");

    /**
     * A storm's name is no company's: "winter storm uri gas cost recovery" is the February 2021 storm's, not United
     * Rentals' lower-case ticker; "hurricane ida claims" no IDACORP's.
     */
    private static void dropNamesOfAStorm(List<NameTokens.Token> tokens, List<Mention> mentions) {
        for (int k = 0; k + 1 < tokens.size(); k++) {
            if (STORMS.contains(tokens.get(k).norm()) && !tokens.get(k).possessive()) {
                int at = tokens.get(k + 1).start();
                mentions.removeIf(m -> m.position() == at);
            }
        }
    }

    /** The last word of a public body's name: "Surface Transportation Board", "Federal Energy Regulatory Commission". */
    private static final Set<String> PUBLIC_BODIES = Set.of("board", "commission", "agency", "administration", "authority",
            "bureau", "department", "ministry", "tribunal");

    /**
     * A product's word that opens a run of capitalised words ending as a public body's name does is that body's: "Surface
     * Transportation Board reciprocal switching" is the railroads' regulator, not Microsoft's tablet. A company's name
     * stays read before such words ("Tennessee Valley Authority" is the company's whole name).
     */
    private static void dropProductsOpeningAPublicBody(List<NameTokens.Token> tokens, List<Mention> mentions) {
        for (int k = 0; k + 2 < tokens.size() && !mentions.isEmpty(); k++) {
            int start = tokens.get(k).start();
            int end = k;
            while (end + 1 < tokens.size() && Character.isUpperCase(tokens.get(end + 1).original().charAt(0))
                    && !tokens.get(end).possessive()) {
                end++;
            }
            if (end >= k + 2 && PUBLIC_BODIES.contains(tokens.get(end).norm())) {
                int bodyStart = tokens.get(end).start();
                mentions.removeIf(m -> m.position() == start && m.position() + m.surface().length() < bodyStart
                        && (kindOf(m.how()).equals(Route.BY_PRODUCT_ALIAS) || kindOf(m.how()).equals(Route.BY_LEARNED_ALIAS)));
            }
        }
    }

    /**
     * A word right before "Act" names a law, whichever company it names alone: "GENIUS Act stablecoin reserve rules",
     * "CHIPS Act grants", "the Dodd-Frank Act".
     */
    private static void dropNamesOfALaw(List<NameTokens.Token> tokens, List<Mention> mentions) {
        for (int k = 1; k < tokens.size() && !mentions.isEmpty(); k++) {
            if (tokens.get(k).original().equals("Act") && !tokens.get(k - 1).possessive()) {
                int end = tokens.get(k - 1).end();
                mentions.removeIf(m -> m.position() + m.surface().length() == end);
            }
        }
    }

    /** Words a name joined to them by a hyphen makes a modifier of: "uber-low vacancy", "tesla-like margins". */
    private static final Set<String> MODIFIER_HEADS = Set.of("low", "high", "fast", "like", "style", "based", "sized", "size",
            "free", "friendly", "level", "grade", "class", "wide", "rich", "heavy", "light", "scale", "type", "esque", "lite");

    /**
     * One word read as a name that is a unit or a modifier: after an amount that is no year ("3 tesla mri", "1500 hp rigs"),
     * when it is English or of three letters at most; an amount itself ("a $3m impairment"); joined by a hyphen to a number
     * ("aes-256") or to a word that makes a modifier of it ("uber-low", "ulta-low"). "2024 tesla deliveries" stays Tesla's.
     */
    private static void dropUnitsAndModifiers(String text, List<Mention> mentions) {
        mentions.removeIf(m -> {
            String surface = m.surface();
            int at = m.position();
            int end = at + surface.length();
            if (surface.indexOf(' ') >= 0 || at < 0 || end > text.length()) {
                return false;
            }
            if (Character.isDigit(surface.charAt(0))) {
                return at > 0 && text.charAt(at - 1) == '$';
            }
            String word = surface.toLowerCase(Locale.ROOT);
            if ((Vocabulary.isEverydayWord(word) || word.length() <= 3) && afterAnAmount(text, at)) {
                return true;
            }
            if (end + 1 < text.length() && text.charAt(end) == '-') {
                int next = end + 1;
                int stop = next;
                while (stop < text.length() && Character.isLetterOrDigit(text.charAt(stop))) {
                    stop++;
                }
                String joined = text.substring(next, stop).toLowerCase(Locale.ROOT);
                return !joined.isEmpty() && (joined.chars().allMatch(Character::isDigit) || MODIFIER_HEADS.contains(joined));
            }
            return false;
        });
    }

    /**
     * Right after a number that is no year and no part of a word: "3 tesla", "1,500 hp", "25 BP"; not "2024 tesla", "fy24
     * hp", "FY'24 KO".
     */
    private static boolean afterAnAmount(String text, int start) {
        int p = start - 1;
        while (p >= 0 && text.charAt(p) == ' ') {
            p--;
        }
        int numberEnd = p + 1;
        while (p >= 0 && (Character.isDigit(text.charAt(p)) || text.charAt(p) == '.' || text.charAt(p) == ',')) {
            p--;
        }
        String number = text.substring(p + 1, numberEnd);
        boolean glued = p >= 0 && (Character.isLetter(text.charAt(p)) || text.charAt(p) == '\'');
        return numberEnd < start && anAmount(number) && !glued;
    }

    /** A word that opens with figures and is no year: "10%", "1,500", "3"; not "2024", "fy24". */
    private static boolean anAmount(String word) {
        return !word.isEmpty() && Character.isDigit(word.charAt(0)) && !YEAR.matcher(word).matches();
    }

    private static final Pattern YEAR = Pattern.compile("(19|20)\\d\\d");

    /**
     * A unit of measure after its amount: "3 tesla mri installs", "2000 hp rigs", "2 degrees celsius"; not after a year a
     * question asks about ("2024 tesla deliveries").
     */
    private static boolean unitAfterItsAmount(List<NameTokens.Token> tokens, int i) {
        NameTokens.Token t = tokens.get(i);
        if (!UNITS.contains(t.norm())) {
            return false;
        }
        if (i > 0 && (tokens.get(i - 1).norm().equals("degrees") || tokens.get(i - 1).norm().equals("degree"))) {
            return true;
        }
        if (i == 0 || !tokens.get(i - 1).norm().chars().allMatch(Character::isDigit) || tokens.get(i - 1).end() + 1 != t.start()) {
            return false;
        }
        String number = tokens.get(i - 1).norm();
        int year = number.length() == 4 ? Integer.parseInt(number) : 0;
        return year < QUESTION_YEARS_FROM || year > QUESTION_YEARS_TO;
    }

    /** The years questions ask about, which a name may follow ("2024 tesla deliveries"); "2000 hp" is horsepower. */
    private static final int QUESTION_YEARS_FROM = 2005;
    private static final int QUESTION_YEARS_TO = 2039;

    /** Units of measure that are names too: after a number they are the unit ("3 tesla", "2000 hp", "40 watts"). */
    private static final Set<String> UNITS = Set.of("tesla", "teslas", "hp", "celsius", "fahrenheit", "kelvin", "watt",
            "watts", "volt", "volts", "ohm", "ohms", "joule", "joules", "newton", "newtons", "pascal", "hertz", "gauss",
            "amp", "amps", "ampere", "amperes", "henry", "lumen", "lumens", "knots");

    /** Geographical words that begin a place's name: "lake erie", "fort myers", "cape cod". */
    private static final Set<String> PLACE_KINDS = Set.of("lake", "mount", "mt", "fort", "ft", "port", "cape", "puerto", "san",
            "santa", "los", "las", "saint", "st");

    /** Postal codes of states that are English's small words too, in lower case at least. */
    private static final Set<String> STATE_CODES_THAT_ARE_WORDS = Set.of("al", "co", "de", "hi", "id", "in", "la", "me", "oh",
            "ok", "or", "pa");

    /** A state's postal code, unless it is also one of English's small words. */
    private static boolean stateCode(NameTokens.Token t) {
        return t.original().length() == 2 && Vocabulary.STATE_CODES.contains(t.original().toUpperCase(Locale.ROOT))
                && !STATE_CODES_THAT_ARE_WORDS.contains(t.norm());
    }

    /**
     * A town is written before its state ("hanover nh", "braintree ma", "dover delaware") and after the kind of place it is
     * ("lake erie", "fort myers"): one word read as a company there, in any reading (ticker, alias, name, typo), is the
     * place, where the state is written by its postal code or the town is a place's name, whatever follows ("dover
     * delaware franchise tax revenue"; {@link #beforeItsState}, for a name read alone, keeps a place before its state and
     * its business the company's); "spire missouri rate case" stays Spire's.
     */
    private static void dropTownsOfAState(List<NameTokens.Token> tokens, List<Mention> mentions) {
        for (int k = 0; k < tokens.size() && !mentions.isEmpty(); k++) {
            NameTokens.Token t = tokens.get(k);
            boolean afterItsKind = k > 0 && PLACE_KINDS.contains(tokens.get(k - 1).norm()) && !tokens.get(k - 1).possessive();
            boolean beforeItsState = false;
            if (k + 1 < tokens.size() && !t.possessive()) {
                NameTokens.Token next = tokens.get(k + 1);
                String two = k + 2 < tokens.size() ? next.norm() + " " + tokens.get(k + 2).norm() : "";
                beforeItsState = stateCode(next) || ((Vocabulary.STATE_NAMES.contains(next.norm()) || Vocabulary.STATE_NAMES.contains(two))
                        && Vocabulary.isPlace(t.norm()));
            }
            if (!afterItsKind && !beforeItsState) {
                continue;
            }
            int at = t.start();
            int end = t.end();
            mentions.removeIf(m -> m.position() == at && m.position() + m.surface().length() <= end + 2
                    && m.surface().indexOf(' ') < 0);
        }
    }

    /**
     * A word read as a name mistyped is that name's only where no other English word is as close ("appel of the tax
     * court" is an appeal, "the latest verison" a version, "his nobel lecture" no novel either, but none of them Apple,
     * Verizon or Noble), and a name that is an English word ("oracle", "carrier", "progressive") is mistyped only where
     * the question, spelt right, would name the company: "progresive tax on buybacks" is a progressive tax.
     */
    private boolean mistypedName(String text, List<NameTokens.Token> tokens, Mention typo) {
        String typed = typo.surface().toLowerCase(Locale.ROOT);
        if (typed.indexOf(' ') >= 0 || !typed.chars().allMatch(Character::isLetter)) {
            return true;
        }
        List<String> ownWords = NameTokens.nameWords(typo.issuer().name()).stream().map(w -> w.toLowerCase(Locale.ROOT)).toList();
        String ticker = typo.issuer().ticker().toLowerCase(Locale.ROOT);
        int k = 0;
        while (k + 1 < tokens.size() && tokens.get(k).start() < typo.position()) {
            k++;
        }
        String form = tokens.get(k).start() == typo.position() ? legalFormAfter(tokens, k) : null;
        if (form != null && titleHasForm(typo.issuer().name(), form)) {
            // the legal form after it makes the word a name: "deer & co" is Deere & Company's
            return true;
        }
        if (k + 1 < tokens.size() && tokens.get(k).start() == typo.position()
                && Vocabulary.isEnglishCompound(typed, tokens.get(k + 1).norm())) {
            // a word that begins an English compound with the next is that compound, no slip: "tesla coil"
            return false;
        }
        // the English word is meant where English puts a noun: before "of" ("appel of the tax court"), after a determiner
        // ("his nobel lecture"); "strker revenue growth" is Stryker's, "appel greater china sales" Apple's
        boolean nounOfAPhrase = (k + 1 < tokens.size() && Vocabulary.FUNCTION_WORDS.contains(tokens.get(k + 1).norm()))
                || afterADeterminer(tokens, k);
        String meant = null;
        for (String word : englishWordsOneEditFrom(typed)) {
            if (!ownWords.contains(word) && !word.equals(ticker)) {
                if (nounOfAPhrase) {
                    return false;
                }
                continue;
            }
            meant = word;
        }
        if (meant == null) {
            // a letter typed for another in an English name word: "equitible" is equitable
            meant = ownWords.stream().filter(w -> w.length() >= 4 && Vocabulary.isEverydayWord(w) && oneEditApart(typed, w))
                    .findFirst().orElse(null);
        }
        if (meant == null) {
            return true;
        }
        int at = typo.position();
        String spelt = text.substring(0, at) + meant + text.substring(at + typo.surface().length());
        return read(spelt, false).stream().anyMatch(m -> m.issuer().key().equals(typo.issuer().key()));
    }

    /**
     * The English words of four letters or more that a word is, with two neighbouring letters swapped or one letter left
     * out, past the first letter: the slips of typing; a letter typed for another, or one too many, makes too many English
     * words, and "amcro" is Amcor mistyped before it is macro.
     */
    private static Set<String> englishWordsOneEditFrom(String word) {
        Set<String> near = new TreeSet<>();
        for (int i = 1; i + 1 < word.length(); i++) {
            addIfEnglish(word.substring(0, i) + word.charAt(i + 1) + word.charAt(i) + word.substring(i + 2), near);
        }
        for (int i = 1; i <= word.length(); i++) {
            for (char c = 'a'; c <= 'z'; c++) {
                addIfEnglish(word.substring(0, i) + c + word.substring(i), near);
            }
        }
        near.remove(word);
        return near;
    }

    private static void addIfEnglish(String candidate, Set<String> into) {
        if (candidate.length() >= 4 && Vocabulary.isEverydayWord(candidate)) {
            into.add(candidate);
        }
    }

    /**
     * A given name typed before a word that is no English word is a person ("ben bernanke", "Janet Yellen", "mike tyson",
     * "kamala harris"): neither word names a company by itself, as a ticker ("ben"), a mistyped ticker ("janet"), a name's
     * leading word ("tyson") or an alias ("harris"). A name read across both words stays ("john deere", "howard hughes"),
     * and so do two words that end or begin a longer name ("eli lilly mounjaro": "lilly" is no given name there), and a
     * company's name before a name its filings taught it ("Warner Chappell", Warner Music's publishing arm).
     */
    private static void dropHalvesOfPeople(List<NameTokens.Token> tokens, List<Mention> mentions) {
        if (mentions.isEmpty()) {
            return;
        }
        for (int k = 0; k + 1 < tokens.size(); k++) {
            NameTokens.Token given = tokens.get(k);
            NameTokens.Token surname = tokens.get(k + 1);
            if (!personNamed(given, surname)) {
                continue;
            }
            int from = given.start();
            int to = surname.end();
            if (mentions.stream().anyMatch(m -> m.position() < to && m.position() + m.surface().length() > from
                    && (m.position() < from || m.position() + m.surface().length() > to))) {
                continue; // the words end or begin a longer name: "eli lilly mounjaro", "pratt & whitney gtf"
            }
            List<Mention> onGiven = mentions.stream().filter(m -> m.position() == from).toList();
            List<Mention> onSurname = mentions.stream().filter(m -> m.position() == surname.start()).toList();
            if (!onGiven.isEmpty() && !onSurname.isEmpty()
                    && onGiven.stream().allMatch(m -> kindOf(m.how()).equals(Route.BY_NAME) && !m.how().contains("alias"))
                    && onSurname.stream().allMatch(m -> m.how().equals(Route.BY_LEARNED_ALIAS))
                    && Stream.concat(onGiven.stream(), onSurname.stream()).map(m -> m.issuer().key()).distinct().count() == 1) {
                // the company's name before a name its own filings use: "Warner Chappell" (Warner Music's publishing)
                continue;
            }
            mentions.removeIf(m -> m.position() < to && m.position() + m.surface().length() > from
                    && !(m.position() <= from && m.position() + m.surface().length() >= to));
        }
    }

    private static boolean personNamed(NameTokens.Token given, NameTokens.Token surname) {
        String first = given.original();
        String last = surname.norm();
        // the list holds "in", "an", "so", "my" too: a given name here is three letters or more and no word of a sentence
        return !given.possessive() && Vocabulary.GIVEN_NAMES.contains(given.norm()) && !isAllUpperCase(first)
                && given.norm().length() >= 3 && !Vocabulary.FUNCTION_WORDS.contains(given.norm())
                && !Vocabulary.isCommonWord(given.norm())
                // a verb or an adjective ("mark", "hope", "will", "rich") is a given name only capitalised, and its surname
                // too: "hope nvidia beats" is no person, "Mark Warner" is
                && (!Vocabulary.VERBS_AND_MODIFIERS.contains(given.norm()) || (Character.isUpperCase(first.charAt(0))
                        && Character.isUpperCase(surname.original().charAt(0))))
                && last.length() >= 3 && last.chars().allMatch(Character::isLetter) && !isAllUpperCase(surname.original())
                && !Vocabulary.isEverydayWord(last) && !englishWithASuffix(last) && !Vocabulary.isBusinessWord(last)
                && !Vocabulary.isAcronym(last.toUpperCase(Locale.ROOT)) && !Vocabulary.isPlace(last)
                && surname.start() - given.end() == 1;
    }

    private static final List<String> ENGLISH_PREFIXES = List.of("re", "non", "pre", "sub", "co", "inter", "over", "under",
            "multi", "semi", "anti", "counter");

    /** An English word of five letters or more after a prefix English lists leave out: "reinsurance", "nonbank", "prepaid". */
    private static boolean englishWithAPrefix(String word) {
        for (String prefix : ENGLISH_PREFIXES) {
            if (word.startsWith(prefix) && word.length() - prefix.length() >= 5
                    && Vocabulary.isEverydayWord(word.substring(prefix.length()))) {
                return true;
            }
        }
        return false;
    }

    /** An English word made longer by a suffix English lists leave out: "driverless", "sellside", "bankwide". */
    private static boolean englishWithASuffix(String word) {
        for (String suffix : List.of("less", "ness", "ful", "ship", "like", "wise", "ward", "wide", "side")) {
            if (word.endsWith(suffix) && word.length() - suffix.length() >= 3
                    && Vocabulary.isEverydayWord(word.substring(0, word.length() - suffix.length()))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Two names of one corpus issuer's own, each a product the alias list gives it or a name its filings teach, written
     * as the name is, that the guards against English leave unread alone, read together where nothing else names an
     * issuer: "slack and tableau subscription revenue" (Salesforce), "ball park and state fair brands volume" (Tyson
     * Foods). One such name may be English's by chance, two different ones of one issuer's in one question are its; two
     * single words of English only where a list joins them ("windows, doors and solid surface countertops" are
     * English's). Not a noun after a determiner or with its complement ("a ball park figure", "the state fair of texas"),
     * a trade's word, a key the index makes of a name ("people" of People Inc., "models" of Model S), nor words a drop
     * rule gives to nobody ("Surface Transportation Board"). An issuer outside the corpus is left to the rules for one
     * name: the route would name it and search nothing.
     */
    private Optional<Mention> readTwoNamesOfOne(String text, List<NameTokens.Token> tokens) {
        List<Mention> names = longestPhrases(text, tokens, (i, n) -> ownNameAt(text, tokens, i, n)).stream()
                .map(Phrase::mention).collect(Collectors.toCollection(ArrayList::new));
        dropWhatNamesNobody(text, tokens, names);
        Map<String, List<Mention>> byIssuer = new LinkedHashMap<>();
        for (Mention name : names) {
            List<Mention> itsNames = byIssuer.computeIfAbsent(name.issuer().key(), k -> new ArrayList<>());
            // "slack ... slack's", "electron ... electron rocket": one name said twice is still one
            if (itsNames.stream().noneMatch(other -> shareAWord(other.surface(), name.surface()))) {
                itsNames.add(name);
            }
        }
        List<List<Mention>> twice = byIssuer.values().stream().filter(itsNames -> itsNames.size() >= 2).toList();
        if (twice.size() != 1) {
            return Optional.empty();
        }
        List<Mention> both = twice.get(0);
        if (both.stream().allMatch(IssuerReader::oneEverydayWord) && !joinedAsAList(text, both)) {
            // two words of English apart are as likely English's: "demand for windows, doors and solid surface countertops"
            return Optional.empty();
        }
        Mention first = both.get(0);
        return Optional.of(new Mention(first.issuer(), LEARNED_ALIAS, first.how(), first.surface(), first.position(),
                both.stream().flatMap(m -> m.namedBy().stream()).toList()));
    }

    /** Words i..i+n-1 are a corpus issuer's product or taught name as it writes it, for {@link #readTwoNamesOfOne}. */
    private Mention ownNameAt(String text, List<NameTokens.Token> tokens, int i, int n) {
        NameTokens.Token first = tokens.get(i);
        if ((n == 1 && (Vocabulary.FUNCTION_WORDS.contains(first.norm()) || Vocabulary.isGenericNameWord(first.norm())
                || PERIOD_WORD.matcher(first.original()).matches() || Vocabulary.isPlace(first.norm())
                || Vocabulary.isTradeWordInLowerCase(first.norm())))
                || ofPhrase(tokens, i, n) || (i > 0 && DETERMINERS.contains(tokens.get(i - 1).norm()))) {
            return null;
        }
        List<String> words = phraseWords(tokens, i, n);
        String joined = NameTokens.joined(words);
        Candidates found = lookup(joined, n > 1 ? NameTokens.concatenated(words) : joined);
        if (!found.exact || !found.learned
                || found.entries.stream().map(e -> resolver.byEntry(e).map(IssuerIdentity::key).orElse("")).distinct().count() != 1
                || found.entries.stream().noneMatch(e -> NameTokens.nameWords(e.name()).equals(words))) {
            return null;
        }
        IssuerIdentity issuer = found.choose();
        if (issuer == null || !issuer.inCorpus()) {
            return null;
        }
        String how = (found.product ? "product alias" : "learned alias") + ", one of two names of its own";
        return new Mention(issuer, LEARNED_ALIAS, how, text.substring(first.start(), tokens.get(i + n - 1).end()), first.start());
    }

    private static boolean oneEverydayWord(Mention name) {
        List<String> words = NameTokens.nameWords(name.surface());
        return words.size() == 1 && Vocabulary.isEverydayWord(words.get(0));
    }

    /** Between one name and the next only a list's "and", "or", "&", "/" or comma: "slack and tableau". */
    private static final Pattern LIST_JOINER = Pattern.compile("\\s*(?:,\\s*(?:and|or|&)?|and|or|&|/)\\s*");

    private static boolean joinedAsAList(String text, List<Mention> names) {
        for (int k = 1; k < names.size(); k++) {
            Mention before = names.get(k - 1);
            if (LIST_JOINER.matcher(text.substring(before.position() + before.surface().length(), names.get(k).position()))
                    .matches()) {
                return true;
            }
        }
        return false;
    }

    private static boolean shareAWord(String one, String another) {
        return !Collections.disjoint(NameTokens.nameWords(one), NameTokens.nameWords(another));
    }

    /**
     * A large listing's name shortened the way analysts shorten it, read only when nothing else in the question names an
     * issuer: its initials in capitals, where no listing has them as its ticker ("CPKC" for Canadian Pacific Kansas City,
     * "BMS" for Bristol-Myers Squibb), or the first letters of each of its words run together in camel case ("ConEd" for
     * Consolidated Edison, "AmEx" for American Express). Initials of three letters are read only for the largest
     * listings, and never an abbreviation finance writes for itself (Vocabulary.ACRONYMS: "PMI" is a purchasing
     * managers' index) or an English word. A script applying the initials rule without its three-letter limit to 120
     * EDGAR 10-Ks of the bench found that 14 of their 1,417 upper-case words of three or four letters that are no ticker
     * or such abbreviation are a large listing's initials; "MRI", "TSA" and "CGS" among them, which the limit leaves out.
     */
    private Optional<Mention> readAbbreviation(List<NameTokens.Token> tokens) {
        IssuerDirectory directory = catalog.directory().orElse(null);
        if (directory == null) {
            return Optional.empty();
        }
        Map<String, Mention> found = new LinkedHashMap<>();
        for (int at = 0; at + 2 < tokens.size(); at++) {
            String pair = ampersandPair(tokens, at);
            if (pair == null || Vocabulary.AMPERSAND_ABBREVIATIONS.contains(pair)) {
                continue;
            }
            NameTokens.Token first = tokens.get(at);
            String surface = first.original() + "&" + tokens.get(at + 2).original();
            for (IssuerDirectory.NamedListing named : directory.withAmpersandInitials(pair)) {
                resolver.byTicker(named.entry().ticker()).ifPresent(issuer -> found.putIfAbsent(issuer.key(),
                        new Mention(issuer, ABBREVIATION, "initials of name", surface, first.start())));
            }
        }
        for (NameTokens.Token t : tokens) {
            String original = t.original();
            Matcher brand = TICKER_ENDING_A_BRAND.matcher(original);
            if (brand.matches() && !Vocabulary.isAcronym(brand.group(1))) {
                // a brand named for its owner by the owner's ticker: "BetMGM" is MGM Resorts' venture
                IssuerIdentity owner = resolver.byTicker(brand.group(1)).orElse(null);
                if (owner != null
                        && (owner.inCorpus() || listing(brand.group(1)).map(e -> e.rank() < LARGEST_LISTINGS).orElse(false))) {
                    found.putIfAbsent(owner.key(), new Mention(owner, ABBREVIATION, "ticker ending a brand", original, t.start()));
                }
            }
            boolean initials = original.length() >= 3 && original.length() <= 5 && isAllUpperCase(original)
                    && original.chars().allMatch(Character::isLetter) && !Vocabulary.isAcronym(original)
                    && !Vocabulary.isEverydayWord(t.norm()) && directory.byTicker(original).isEmpty();
            List<String> parts = NameTokens.camelCaseParts(original);
            if (!initials && parts.isEmpty()) {
                IssuerIdentity runTogether = Optional.ofNullable(shortFormRunTogether(t, directory))
                        .orElseGet(() -> nameRunTogetherWithItsAbbreviatedWord(t, directory));
                if (runTogether != null) {
                    found.putIfAbsent(runTogether.key(), new Mention(runTogether, ABBREVIATION, "short form of name", original,
                            t.start()));
                }
                continue;
            }
            if (initials) {
                Set<String> initialled = new TreeSet<>(catalog.tickersWithInitials(t.norm()));
                initialled.addAll(catalog.tickersWithInitialsAndLegalForm(t.norm()));
                for (String ticker : initialled) {
                    resolver.byTicker(ticker).ifPresent(id -> found.putIfAbsent(id.key(),
                            new Mention(id, ABBREVIATION, "initials of name", original, t.start())));
                }
                for (IssuerDirectory.Initialled with : directory.withInitials(t.norm())) {
                    IssuerDirectory.Entry listing = with.listing().entry();
                    if (with.place() < IssuerDirectory.LARGE_LISTINGS && (original.length() > 3 || listing.rank() < INITIALS_LISTINGS)) {
                        resolver.byTicker(listing.ticker()).ifPresent(issuer -> found.putIfAbsent(issuer.key(),
                                new Mention(issuer, ABBREVIATION, "initials of name", original, t.start())));
                    }
                }
            } else {
                listingsShortenedTo(List.of(parts), directory).forEach(issuer -> found.putIfAbsent(issuer.key(),
                        new Mention(issuer, ABBREVIATION, "short form of name", original, t.start())));
            }
            if (parts.stream().anyMatch(NameTokens.NAME_WORD_ABBREVIATIONS::containsKey)) {
                // a name and its abbreviated word run together: "CooperCos" is Cooper Cos, "TollBros" Toll Bros
                IssuerIdentity issuer = namedWrittenOut(parts);
                if (issuer != null) {
                    found.putIfAbsent(issuer.key(), new Mention(issuer, ABBREVIATION, "short form of name", original, t.start()));
                }
            }
        }
        return found.size() == 1 ? Optional.of(found.values().iterator().next()) : Optional.empty();
    }

    /**
     * Combining forms English writes before a word ("biopharmaceutical", "interexchange", "nanotech"): a word that begins
     * with one is that compound, not a name's words cut short and run together.
     */
    private static final Set<String> COMBINING_FORMS = Set.of("bio", "inter", "intra", "micro", "macro", "multi", "non", "pre",
            "post", "sub", "super", "trans", "tele", "geo", "nano", "neuro", "cyber", "eco", "agri", "agro", "hydro", "petro",
            "electro", "thermo", "photo", "aero", "auto", "counter", "over", "under", "out", "semi", "ultra", "mega", "tri",
            "uni", "poly", "mono", "pan", "pro", "anti", "para", "meta", "omni", "info", "immuno", "cardio", "onco", "derm",
            "gastro", "endo", "retro", "hyper", "hypo", "mid", "cross", "self", "tech", "fin", "med", "pharma");

    /** The shortest word read as a short form of a name of two words run together in lower case, and its halves. */
    private static final int MIN_RUN_TOGETHER = 6;
    private static final int MIN_RUN_TOGETHER_PART = 3;

    /**
     * The one large listing whose name of two words a word in lower case writes run together, each cut short or whole and
     * one cut at least ("genmills" is General Mills, as "GenMills" is); not an English word, a word of the trade, an
     * abbreviation finance writes, a listed ticker or a compound of a combining form ("biopharmaceutical" is no BioMarin
     * Pharmaceutical); null otherwise. Of the 4,568 lower-case words of six letters or more in the 266 bench texts that no
     * English list holds, none is read so.
     */
    private IssuerIdentity shortFormRunTogether(NameTokens.Token t, IssuerDirectory directory) {
        String word = t.norm();
        if (!mayBeWordsRunTogether(t, directory)) {
            return null;
        }
        List<List<String>> splits = new ArrayList<>();
        for (int split = MIN_RUN_TOGETHER_PART; split <= word.length() - MIN_RUN_TOGETHER_PART; split++) {
            splits.add(List.of(word.substring(0, split), word.substring(split)));
        }
        Collection<IssuerIdentity> named = listingsShortenedTo(splits, directory);
        return named.size() == 1 ? named.iterator().next() : null;
    }

    /**
     * A name's word and the usual abbreviation of the word after it, run together in lower case, as the camel case of
     * "CooperCos" is read: "coopercos" is Cooper Companies, where the words written out are exactly one issuer's name (as
     * {@link #shortFormRunTogether} reads two words cut short, "genmills"); an English word ("tacos") is none, and the name
     * must be read whole.
     */
    private IssuerIdentity nameRunTogetherWithItsAbbreviatedWord(NameTokens.Token t, IssuerDirectory directory) {
        String word = t.norm();
        if (!mayBeWordsRunTogether(t, directory)) {
            return null;
        }
        Map<String, IssuerIdentity> named = new LinkedHashMap<>();
        for (String abbreviation : NameTokens.NAME_WORD_ABBREVIATIONS.keySet()) {
            int head = word.length() - abbreviation.length();
            if (word.endsWith(abbreviation) && head >= MIN_RUN_TOGETHER_PART && abbreviation.chars().allMatch(Character::isLetter)) {
                IssuerIdentity issuer = namedWrittenOut(List.of(word.substring(0, head), abbreviation));
                if (issuer != null) {
                    named.putIfAbsent(issuer.key(), issuer);
                }
            }
        }
        return named.size() == 1 ? named.values().iterator().next() : null;
    }

    /**
     * A word in lower case that may be a name's words run together: long enough, of letters only, and no English, trade or
     * business word, abbreviation, ticker, name as written or compound of a combining form.
     */
    private boolean mayBeWordsRunTogether(NameTokens.Token t, IssuerDirectory directory) {
        String word = t.norm();
        return word.length() >= MIN_RUN_TOGETHER && !t.hasUpperOrDigit() && word.chars().allMatch(c -> c >= 'a' && c <= 'z')
                && !Vocabulary.isEverydayWord(word) && !Vocabulary.isTradeWordInLowerCase(word) && !Vocabulary.isBusinessWord(word)
                && !Vocabulary.isAcronym(word.toUpperCase(Locale.ROOT))
                && directory.byTicker(word.toUpperCase(Locale.ROOT)).isEmpty()
                && lookup(word, word).isEmpty() && COMBINING_FORMS.stream().noneMatch(word::startsWith);
    }

    /** The one issuer whose name the parts are, each abbreviated word written out ("cooper cos" is Cooper Companies). */
    private IssuerIdentity namedWrittenOut(List<String> parts) {
        List<String> writtenOut = parts.stream().map(p -> NameTokens.NAME_WORD_ABBREVIATIONS.getOrDefault(p, p)).toList();
        Candidates named = lookup(NameTokens.joined(writtenOut), NameTokens.concatenated(writtenOut));
        return named.exact ? named.choose() : null;
    }

    /**
     * The issuers of the large listings whose name's words one of the ways of cutting a word into parts shortens
     * ({@link #shortFormOf}), each once, in the order of the listings.
     */
    private Collection<IssuerIdentity> listingsShortenedTo(List<List<String>> partings, IssuerDirectory directory) {
        Map<String, IssuerIdentity> named = new LinkedHashMap<>();
        for (IssuerDirectory.NamedListing listing : directory.largest(IssuerDirectory.LARGE_LISTINGS)) {
            List<String> words = listing.words().stream().filter(w -> !NameTokens.CONNECTORS.contains(w)).toList();
            if (partings.stream().anyMatch(parts -> shortFormOf(parts, words))) {
                resolver.byTicker(listing.entry().ticker()).ifPresent(issuer -> named.putIfAbsent(issuer.key(), issuer));
            }
        }
        return named.values();
    }

    /**
     * Two letters joined by an ampersand with no space, as "h&p" or "H&P" is written, in lower case; null for anything
     * else. A name of two words joined by "&" or "and" is shortened so ("H&P" for Helmerich & Payne).
     */
    private static String ampersandPair(List<NameTokens.Token> tokens, int at) {
        NameTokens.Token first = tokens.get(at);
        NameTokens.Token and = tokens.get(at + 1);
        NameTokens.Token second = tokens.get(at + 2);
        if (!and.original().equals("&") || first.end() != and.start() || and.end() != second.start()
                || first.norm().length() != 1 || second.norm().length() != 1
                || !Character.isLetter(first.norm().charAt(0)) || !Character.isLetter(second.norm().charAt(0))
                || (at > 0 && tokens.get(at - 1).end() == first.start())
                || (at + 3 < tokens.size() && tokens.get(at + 3).start() == second.end())) {
            return null;
        }
        return first.norm() + "&" + second.norm();
    }

    /** A capitalised word or two run together with a ticker of three letters or more in capitals: "BetMGM". */
    private static final Pattern TICKER_ENDING_A_BRAND = Pattern.compile("(?:\\p{Lu}\\p{Ll}+){1,2}(\\p{Lu}{3,5})");

    /** Three-letter initials are read only for these listings: most triples are some listing's initials. */
    private static final int INITIALS_LISTINGS = 300;

    /**
     * Each part begins the name's word in its place or is that word's usual abbreviation, and one part at least is cut short
     * or abbreviated: "con ed" of "consolidated edison", "cooper cos" of "cooper companies".
     */
    private static boolean shortFormOf(List<String> parts, List<String> words) {
        if (parts.isEmpty() || parts.size() != words.size()) {
            return false;
        }
        boolean shortened = false;
        for (int k = 0; k < parts.size(); k++) {
            String part = parts.get(k);
            String word = words.get(k);
            if (!word.startsWith(part) && !word.equals(NameTokens.NAME_WORD_ABBREVIATIONS.get(part))) {
                return false;
            }
            shortened |= word.length() > part.length();
        }
        return shortened;
    }

    /**
     * The word after the {@code n} leading words of the names found is a word names are made of ("investment", "foods")
     * other than the one each of those names goes on with, and not "bank" ("pathward bank" is Pathward Financial's).
     */
    private static boolean anotherNameGoesOn(Candidates found, int n, String next) {
        if (!Vocabulary.isGenericNameWord(next) || next.equals("bank") || found.isEmpty()) {
            return false;
        }
        for (NameIndex.Entry entry : found.entries) {
            List<String> words = NameTokens.nameWords(entry.name());
            if (words.size() <= n || words.get(n).equals(next)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Three words of four letters or more, besides the words that join them: a name a filing taught that long, typed whole,
     * is that name in lower case too ("electronic industrial solutions group revenue", "maxim integrated products deal"),
     * unless it ends as a document's or an instrument's name does ("asset and stock purchase agreement").
     */
    private static boolean longName(List<String> words) {
        return words.stream().filter(w -> w.length() >= 4 && !Vocabulary.FUNCTION_WORDS.contains(w)).count() >= 3
                && !AliasLearner.endsAsNoName(words);
    }

    /** The word at {@code position} has a neighbour of letters that no English list holds: maybe a mistyped name's other word. */
    private static boolean besideAnUnknownWord(List<NameTokens.Token> tokens, int position) {
        int k = tokenAt(tokens, position);
        for (int side : new int[] {k - 1, k + 1}) {
            if (k >= 0 && side >= 0 && side < tokens.size() && Vocabulary.isCoinedWord(tokens.get(side).norm(), 1)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A mistyped corpus ticker or name ("MSTF", "nvdia", "mircosoft"): one edit, a transposition
     * included, from exactly one corpus issuer's ticker, distinctive name word or one-word alias ("disnye"), read only
     * when nothing else in the question names an issuer, or, not a ticker in capitals, ahead of every issuer the question
     * names where all are outside the corpus (see {@link #read}). English words and abbreviations are never typos, unless
     * a legal form its listing's title has follows ("deer & co"), where no ticker is read mistyped.
     */
    private Optional<Mention> readTypo(List<NameTokens.Token> tokens) {
        Optional<Mention> phrase = readPhraseTypo(tokens).or(() -> readRunTogetherTypo(tokens));
        if (phrase.isPresent()) {
            return phrase;
        }
        Map<String, IssuerIdentity> found = new LinkedHashMap<>();
        Map<String, Mention> ofTheLargest = new LinkedHashMap<>();
        Set<String> wordsOfNames = new HashSet<>();
        Mention first = null;
        for (int at = 0; at < tokens.size(); at++) {
            NameTokens.Token t = tokens.get(at);
            String word = t.norm();
            boolean upper = isAllUpperCase(t.original());
            // A name that is an English word ("oracle", "adobe") is mistyped as a company only where business follows or
            // at the head of the question's subject ("addobe creative cloud arr").
            boolean business = inBusinessContext(tokens, at, 1) || headOfSubject(tokens, at);
            // A long English word is a coined name mistyped only where it opens the question's subject before its
            // business, and by a slip inside it, its first and last letters kept: "symbiotic systems deployed" is
            // Symbotic's, "symbiotic relationships" nobody's, and "interest split" no Pinterest with its first letter lost.
            // ... or before a word names are made of and then its business: "symbiotic systems backlog"
            boolean englishAtHead = !upper && englishAtHead(tokens, at);
            if (unitAfterItsAmount(tokens, at)) {
                continue;
            }
            // ... or a word its legal form follows, which makes it a name: "deer & co" is Deere & Company mistyped, where the
            // listing's title has that form
            String form = upper || englishAtHead ? null : legalFormAfter(tokens, at);
            // ... and a short word only as a short name word with its inner letters swapped, no English word: "nkie" of Nike
            boolean swapOnly = !upper && form == null && word.length() == SWAPPED_TYPO_WORD;
            int minWord = form != null ? MIN_TYPO_WORD_BEFORE_ITS_FORM : swapOnly ? SWAPPED_TYPO_WORD : MIN_TYPO_WORD;
            int minLength = upper ? MIN_TYPO_TICKER : minWord;
            if (word.length() < minLength || !word.chars().allMatch(Character::isLetter)
                    || (Vocabulary.isEverydayWord(word) && !englishAtHead && form == null)
                    || Vocabulary.isAcronym(word.toUpperCase(Locale.ROOT)) || Vocabulary.isGenericNameWord(word)
                    || Vocabulary.isTradeWordInLowerCase(word)
                    || (!upper && (Vocabulary.isBusinessWord(word) || aPlace(word)
                            || beginsAPlace(tokens, at)))) {
                // nor a word of business or a place in lower case: "gap comps" is comparable sales, not COMP mistyped;
                // "texas power grid" is Texas, not EXAS; "costa rica tourism" is Costa Rica, not COST
                continue;
            }
            for (CorpusIssuer filer : catalog.issuers().values()) {
                String how = null;
                if (form == null && !swapOnly && filer.ticker().length() >= MIN_TYPO_TICKER
                        && oneEditApart(word, filer.ticker().toLowerCase(Locale.ROOT))) {
                    how = "ticker typo";
                    wordsOfNames.add(filer.ticker()); // a ticker in capitals, a name's word in lower case
                } else {
                    Optional<String> nameWord = word.length() < minWord
                            || (form != null && filer.names().stream().noneMatch(n -> titleHasForm(n, form))) ? Optional.empty()
                            : typoTargets(filer).stream().filter(w -> slipOf(word, w, englishAtHead, swapOnly)).findFirst();
                    if (nameWord.isPresent()) {
                        how = "name typo";
                        wordsOfNames.add(nameWord.get());
                    }
                }
                if (how == null) {
                    continue;
                }
                IssuerIdentity issuer = resolver.byTicker(filer.ticker()).orElse(null);
                if (issuer != null && found.putIfAbsent(issuer.key(), issuer) == null && first == null) {
                    first = new Mention(issuer, TYPO, how, t.original(), t.start());
                }
            }
            for (IssuerDirectory.NamedListing named : largestListings()) {
                IssuerDirectory.Entry listing = named.entry();
                String firstWord = named.firstWord();
                String how = null;
                String mistyped = null; // the ticker or the word of a name the typed word is a slip of
                if (form == null && !swapOnly && listing.ticker().length() >= MIN_TYPO_TICKER
                        && oneEditApart(word, listing.ticker().toLowerCase(Locale.ROOT))) {
                    how = "ticker typo";
                    mistyped = listing.ticker();
                } else if (word.length() >= minWord && (form == null || titleHasForm(listing.title(), form))
                        && (business || !Vocabulary.isEverydayWord(firstWord)) && slipOf(word, firstWord, englishAtHead, swapOnly)) {
                    how = "name typo";
                    mistyped = firstWord;
                } else if (word.length() >= minWord && form == null) {
                    // ... or a name of one word the alias list gives it, no English word: "disnye" of Disney
                    mistyped = catalog.oneWordNameAliases().getOrDefault(listing.ticker(), List.of()).stream()
                            .filter(a -> !Vocabulary.isEverydayWord(a) && slipOf(word, a, englishAtHead, swapOnly)).findFirst().orElse(null);
                    how = mistyped == null ? null : "name typo";
                }
                if (how == null) {
                    continue;
                }
                wordsOfNames.add(mistyped);
                IssuerIdentity issuer = resolver.byTicker(listing.ticker()).orElse(null);
                if (issuer == null) {
                    continue;
                }
                Mention typo = new Mention(issuer, TYPO, how, t.original(), t.start());
                ofTheLargest.putIfAbsent(issuer.key(), typo);
                if (found.putIfAbsent(issuer.key(), issuer) == null && first == null) {
                    first = typo;
                }
            }
        }
        if (found.isEmpty()) {
            return readLongWordTypo(tokens);
        }
        if (found.size() > 1 && wordsOfNames.size() == 1 && ofTheLargest.size() == 1) {
            // One word of two filers' names mistyped, one of them among the largest listings, which the word names as
            // written: "jonhson medtech growth" is Johnson & Johnson's, as "johnson medtech growth" is, though Johnson
            // Controls files in the corpus too. The directory alone reads it so; a catalog that holds both keeps it.
            return Optional.of(ofTheLargest.values().iterator().next());
        }
        return found.size() == 1 ? Optional.of(first) : Optional.empty();
    }

    /**
     * Two words that, run together, are one edit from the first words of a corpus issuer's or a largest listing's name run
     * together, one of them no English word and neither a function word: "jp morgn" is JPMorgan mistyped, not Morgan
     * Stanley's first word; "dr hortn" D.R. Horton's. Exactly one issuer must be that close.
     */
    private Optional<Mention> readRunTogetherTypo(List<NameTokens.Token> tokens) {
        Map<String, Mention> found = new LinkedHashMap<>();
        Map<String, List<List<String>>> names = null;
        for (int at = 0; at + 1 < tokens.size(); at++) {
            NameTokens.Token first = tokens.get(at);
            NameTokens.Token second = tokens.get(at + 1);
            String typed = first.norm() + second.norm();
            if (typed.length() < MIN_RUN_TOGETHER_TYPO || !typed.chars().allMatch(Character::isLetter) || first.possessive()
                    || (Vocabulary.isEverydayWord(first.norm()) && Vocabulary.isEverydayWord(second.norm()))
                    || Vocabulary.FUNCTION_WORDS.contains(first.norm()) || Vocabulary.FUNCTION_WORDS.contains(second.norm())) {
                // "tim scott as senate banking chair": "scott as" is no Scotts mistyped
                continue;
            }
            if (names == null) {
                names = namesByTicker();
            }
            names.forEach((ticker, ofTicker) -> {
                if (ofTicker.stream().anyMatch(words -> runsTogetherMistyped(typed, words))) {
                    resolver.byTicker(ticker).ifPresent(issuer -> found.putIfAbsent(issuer.key(),
                            new Mention(issuer, TYPO, "name typo", first.original() + " " + second.original(), first.start())));
                }
            });
        }
        return found.size() == 1 ? Optional.of(found.values().iterator().next()) : Optional.empty();
    }

    /** The words of each corpus issuer's names and of each of the largest listings' names, by ticker. */
    private Map<String, List<List<String>>> namesByTicker() {
        Map<String, List<List<String>>> names = new LinkedHashMap<>();
        for (CorpusIssuer filer : catalog.issuers().values()) {
            filer.names().forEach(n -> names.computeIfAbsent(filer.ticker(), k -> new ArrayList<>())
                    .add(NameTokens.stripSuffixes(NameTokens.nameWords(n))));
        }
        for (IssuerDirectory.NamedListing named : largestListings()) {
            names.computeIfAbsent(named.entry().ticker(), k -> new ArrayList<>()).add(named.words());
        }
        return names;
    }

    /** The name's first words run together are one edit from the typed letters, and not the same. */
    private static boolean runsTogetherMistyped(String typed, List<String> words) {
        StringBuilder run = new StringBuilder();
        for (String word : words) {
            run.append(word);
            if (run.length() + 1 >= typed.length() && !run.toString().equals(typed) && oneEditApart(typed, run.toString())) {
                return true;
            }
            if (run.length() > typed.length()) {
                return false;
            }
        }
        return false;
    }

    /** The letters of two words run together read as a mistyped name: "jpmorgn" of "jp morgn" is seven. */
    private static final int MIN_RUN_TOGETHER_TYPO = 7;

    /**
     * Failing the largest listings, a long word one edit from the first word of exactly one of the next largest
     * ("strabucks", "autzone", "zscalar"; of an English name, "workdya", only as the subject of a business question),
     * a shorter one with two neighbouring letters swapped ("alfac"), or a four-letter upper-case word that no listing has and that swaps two letters of one of those listings' tickers
     * ("ASDK"): long coined names are far apart, where short words and tickers are not, and a swap is the typing slip.
     * Measured by a script applying the rule to 120 EDGAR 10-Ks of the bench: of their 2,602 lower-case words of five letters or more that no English
     * list holds, three read as another name this way ("insource", "finserv", "lactam"; "biotech" too, but a word in
     * any listing's title is never read as a typo); of their 652 upper-case words of four letters that are no
     * listing's ticker, five ("CBER", "SMIC", "VERG", "CSPG", and "LEAN", an English word, so not read).
     */
    private Optional<Mention> readLongWordTypo(List<NameTokens.Token> tokens) {
        IssuerDirectory directory = catalog.directory().orElse(null);
        if (directory == null) {
            return Optional.empty();
        }
        List<IssuerDirectory.NamedListing> largest = directory.largest(MID_SIZE_TYPO_LISTINGS);
        int split = Math.min(LONG_WORD_TYPO_LISTINGS, largest.size());
        List<IssuerDirectory.NamedListing> listings = largest.subList(0, split);
        List<IssuerDirectory.NamedListing> midSize = largest.subList(split, largest.size());
        Map<String, Mention> found = new LinkedHashMap<>();
        Map<String, Mention> foundMidSize = new LinkedHashMap<>();
        Map<String, Mention> foundSmall = new LinkedHashMap<>();
        for (int at = 0; at < tokens.size(); at++) {
            NameTokens.Token t = tokens.get(at);
            String word = t.norm();
            boolean upper = isAllUpperCase(t.original());
            boolean aboutIt = headOfSubject(tokens, at) || inBusinessContext(tokens, at, 1);
            if (upper && word.length() == MIN_TYPO_TICKER && !Vocabulary.isAcronym(t.original()) && !Vocabulary.isEverydayWord(word)
                    && directory.byTicker(t.original()).isEmpty()) {
                // "ASDK" for ADSK: two letters of a large listing's ticker swapped, where no listing has the symbol typed
                for (IssuerDirectory.NamedListing named : listings) {
                    if (swapApart(t.original(), named.entry().ticker())) {
                        resolver.byTicker(named.entry().ticker()).ifPresent(issuer -> found.putIfAbsent(issuer.key(),
                                new Mention(issuer, TYPO, "ticker typo", t.original(), t.start())));
                    }
                }
                continue;
            }
            boolean english = Vocabulary.isEverydayWord(word);
            // outside the corpus an English word only before a word names are made of: "symbiotic systems revenue" is Symbotic
            // mistyped, "nutrient prices" no Nutrien
            boolean beforeANameWord = at + 1 < tokens.size() && Vocabulary.isGenericNameWord(tokens.get(at + 1).norm());
            if (word.length() < MIN_TYPO_WORD || !word.chars().allMatch(Character::isLetter)
                    || (english && !(englishAtHead(tokens, at) && beforeANameWord))
                    || Vocabulary.isGenericNameWord(word) || directory.inAnyTitle(word) || Vocabulary.isTradeWordInLowerCase(word)
                    || aPlace(word)) {
                // a word names are made of ("biotech", "ciena") is no other name mistyped, nor a place ("revenue growth in
                // france" is no Franco-Nevada's)
                continue;
            }
            for (IssuerDirectory.NamedListing named : listings.subList(Math.min(TYPO_LISTINGS, listings.size()), listings.size())) {
                String firstWord = named.firstWord();
                boolean close = word.length() >= MIN_LONG_TYPO_WORD ? oneEditApart(word, firstWord) : swapApart(word, firstWord);
                if (close && firstWord.length() >= MIN_TYPO_WORD && NameIndex.distinctive(firstWord)
                        && (aboutIt || !Vocabulary.isEverydayWord(firstWord)) && !(english && Vocabulary.isEverydayWord(firstWord))
                        && (!english || sameEnds(word, firstWord))) {
                    resolver.byTicker(named.entry().ticker()).ifPresent(issuer -> found.putIfAbsent(issuer.key(),
                            new Mention(issuer, TYPO, "name typo", t.original(), t.start())));
                }
            }
            if (english) {
                continue; // an English word is mistyped only for a large listing's coined name
            }
            // a letter left out of a name this long leaves a word one shorter: "facset" is FactSet. Of the 1,860 lower-case
            // words of six letters in 120 bench 10-Ks that no English list or listing's title holds, one ("palmar") is a
            // letter short of such a name (a script over the bench, fifteenth pass).
            boolean letterShort = word.length() == MIN_MID_SIZE_TYPO_WORD - 1;
            if (word.length() < MIN_MID_SIZE_TYPO_WORD - 1 || (letterShort && !inBusinessContext(tokens, at, 1))) {
                continue; // and before its business only: "palmar grip strength" is the hand's
            }
            readCoinedNameTypo(t, midSize, MIN_MID_SIZE_TYPO_WORD, false, foundMidSize);
            if (word.length() < MIN_MID_SIZE_TYPO_WORD) {
                continue;
            }
            if (word.length() < MIN_SMALL_LISTING_TYPO_WORD || !aboutIt || !found.isEmpty() || !foundMidSize.isEmpty()) {
                continue;
            }
            readCoinedNameTypo(t, directory.listingsPast(MID_SIZE_TYPO_LISTINGS), MIN_SMALL_LISTING_TYPO_WORD, true, foundSmall);
        }
        Map<String, Mention> read = !found.isEmpty() ? found : !foundMidSize.isEmpty() ? foundMidSize : foundSmall;
        return read.size() == 1 ? Optional.of(read.values().iterator().next()) : Optional.empty();
    }

    /**
     * The listings whose coined first word, {@code minLength} letters or more, the token is one edit from; {@code inside}:
     * only a slip inside the word, and the typed word not made of two English ones (the trade's "hyperscaler" is no
     * Hyperscale Data mistyped). A name coined from two is still read mistyped inside ("marinmax" is MarineMax, "brightveiw"
     * BrightView): of 2,883 lower-case words of eight letters or more in the 200 EDGAR texts that no English list holds,
     * none more reads as a typo for it (the same five, a script over the bench, sixteenth pass).
     */
    private void readCoinedNameTypo(NameTokens.Token t, List<IssuerDirectory.NamedListing> listings, int minLength, boolean inside,
            Map<String, Mention> into) {
        String word = t.norm();
        if (inside && madeOfTwoEnglishWords(word)) {
            return;
        }
        for (IssuerDirectory.NamedListing named : listings) {
            String firstWord = named.firstWord();
            if (firstWord.length() >= minLength && oneEditApart(word, firstWord) && NameIndex.distinctive(firstWord)
                    && !Vocabulary.isEverydayWord(firstWord)
                    && (!inside || sameEnds(word, firstWord))) {
                resolver.byTicker(named.entry().ticker()).ifPresent(issuer -> into.putIfAbsent(issuer.key(),
                        new Mention(issuer, TYPO, "name typo", t.original(), t.start())));
            }
        }
    }

    /**
     * The typed word is one slip from a distinctive name word long enough to be mistyped; where the typed word is English at
     * the head of the question, the name word is no English word and the slip is inside it. A word of {@value
     * #SWAPPED_TYPO_WORD} letters ({@code swapOnly}) is read only as a name word of as many with its two inner letters
     * swapped: "nkie" is Nike's, "mtea" Meta's; "nik" or "nikr" nobody's.
     */
    private static boolean slipOf(String typed, String nameWord, boolean englishAtHead, boolean swapOnly) {
        if (swapOnly) {
            return nameWord.length() == SWAPPED_TYPO_WORD && NameIndex.distinctive(nameWord) && swapApart(typed, nameWord)
                    && sameEnds(typed, nameWord);
        }
        return nameWord.length() >= MIN_TYPO_WORD && NameIndex.distinctive(nameWord)
                && !(englishAtHead && Vocabulary.isEverydayWord(nameWord)) && oneEditApart(typed, nameWord)
                && (!englishAtHead || sameEnds(typed, nameWord));
    }

    /**
     * The slip is inside the word, its first and last letters kept ("hovnanain", "nanoviracides"): a different ending is
     * English's inflection ("inhibitory" of Inhibitor, "telecoms" of Telecom, "securitized" of Securitize).
     */
    private static boolean sameEnds(String a, String b) {
        return a.charAt(0) == b.charAt(0) && a.charAt(a.length() - 1) == b.charAt(b.length() - 1);
    }

    /**
     * The trade's new words are made of two English ones ("hyperscaler", "stablecoin"), and so are names coined from
     * them ("Hyperscale", "StableCoinX"): one edit apart, each is the other's word, not a mistyped name. An English word
     * of four letters or more, then one of three or more, maybe with an ending ("scaler" of "scale").
     */
    static boolean madeOfTwoEnglishWords(String word) {
        for (int split = 4; split <= word.length() - 3; split++) {
            if (!Vocabulary.isEverydayWord(word.substring(0, split))) {
                continue;
            }
            String rest = word.substring(split);
            for (String ending : List.of("", "s", "es", "r", "er", "ers", "x")) {
                if (rest.endsWith(ending) && rest.length() - ending.length() >= 3
                        && Vocabulary.isEverydayWord(rest.substring(0, rest.length() - ending.length()))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Two neighbouring letters swapped, and nothing else changed: "alfac" for "aflac", "ASDK" for "ADSK". */
    static boolean swapApart(String a, String b) {
        if (a.length() != b.length() || a.equals(b)) {
            return false;
        }
        int i = 0;
        while (a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i + 1 < a.length() && a.charAt(i) == b.charAt(i + 1) && a.charAt(i + 1) == b.charAt(i)
                && a.substring(i + 2).equals(b.substring(i + 2));
    }

    /**
     * The phrase has the name's number of words, and the one typed otherwise than the name writes it is four letters or
     * more, or a letter short of a longer one and no English word ("mrt" of Wal-Mart), and not the name's word with or
     * without a plural "s" ("deer" of John Deere; not "product" of Enterprise Products, "his" of Hims and Hers).
     */
    private static boolean mistypedWordOfAName(List<NameTokens.Token> typed, String name) {
        String[] words = name.split(" ");
        if (words.length != typed.size()) {
            return false;
        }
        for (int k = 0; k < words.length; k++) {
            String w = typed.get(k).norm();
            if (!w.equals(words[k])) {
                // or, shorter, a letter dropped from a longer word, leaving no English word: "wal-mrt" of Wal-Mart
                boolean dropped = words[k].length() >= 4 && w.length() == words[k].length() - 1 && !Vocabulary.isEverydayWord(w);
                return (w.length() >= 4 || dropped) && !w.equals(words[k] + "s") && !words[k].equals(w + "s");
            }
        }
        return false;
    }

    /** The first word typed otherwise than the name writes it is four letters or more and no English word. */
    private static boolean mistypedWordIsNoWord(List<NameTokens.Token> typed, List<String> name) {
        for (int k = 0; k < typed.size(); k++) {
            String w = typed.get(k).norm();
            if (!w.equals(name.get(k))) {
                return w.length() >= 4 && !Vocabulary.isEverydayWord(w);
            }
        }
        return false;
    }

    /**
     * The word typed otherwise than the name writes it is an English word of four letters or more, and another is the
     * name's own coined word, typed as the name writes it: "gladstone capitol" is Gladstone Capital, which the coined
     * word and the mistyped one tell from Gladstone Investment, Commercial and Land.
     */
    private static boolean anchoredByACoinedWord(List<NameTokens.Token> typed, List<String> name) {
        boolean anchored = false;
        for (int k = 0; k < typed.size(); k++) {
            String w = typed.get(k).norm();
            if (!w.equals(name.get(k))) {
                if (w.length() < 4) {
                    return false;
                }
            } else if (Vocabulary.isCoinedWord(w, 5)
                    && !aPlace(w)) {
                anchored = true;
            }
        }
        return anchored;
    }

    /**
     * A name of two words or more with one of them mistyped ("appied materials", "genral electric"): the phrase is
     * one edit from exactly one listing's name, and holds a word that is no English word, so that "digital reality" stays
     * a phrase rather than Digital Realty, or it opens the question's subject before its business ("ultra beauty comp
     * sales", "general mils margin"; "how big is the digital reality market" stays the phrase). Any listing's: one edit from two such names is rare; past the largest thousand
     * the mistyped word must be four letters or more and no English word ("twsit bioscience", "spectum brands"; not "do
     * biotech" for IO Biotech). The alias list's names of a large listing count too ("john deer revenue"), with the
     * mistyped word four letters or more, or a letter short of a longer one and no English word, and no plural or singular
     * of the name's own ("enterprise product revenue" is no typo).
     */
    private Optional<Mention> readPhraseTypo(List<NameTokens.Token> tokens) {
        // Each phrase of 2..MAX_WORDS words, joined once, with whether it holds a word no English list has.
        String[][] phrases = new String[NameIndex.MAX_WORDS + 1][];
        for (int n = 2; n <= NameIndex.MAX_WORDS && n <= tokens.size(); n++) {
            phrases[n] = new String[tokens.size() - n + 1];
            for (int i = 0; i + n <= tokens.size(); i++) {
                // A phrase may be a name mistyped where it heads the question's subject before its business, where it is two
                // words joined by "and" or "&" as names are, which English words rarely are one edit from ("proctor and
                // gamble fabric care"), or where it holds a word no English list has.
                boolean mistyped = (headOfSubject(tokens, i) && inBusinessContext(tokens, i, n) && !tokens.get(i + n - 1).possessive())
                        || (n == 3 && tokens.get(i + 1).norm().equals("and"));
                for (int k = i; k < i + n && !mistyped; k++) {
                    String w = tokens.get(k).norm();
                    mistyped = Vocabulary.isCoinedWord(w, 1);
                }
                if (mistyped) {
                    phrases[n][i] = NameTokens.joined(tokens.subList(i, i + n).stream().map(NameTokens.Token::norm).toList());
                }
            }
        }
        IssuerDirectory directory = catalog.directory().orElse(null);
        if (directory == null) {
            return Optional.empty();
        }
        Map<Integer, Map<String, String>> aliasNames = catalog.aliases().multiWordNamesByLength();
        Map<String, Mention> found = new LinkedHashMap<>();
        for (int n = 2; n <= NameIndex.MAX_WORDS && n <= tokens.size(); n++) {
            for (int i = 0; i < phrases[n].length; i++) {
                String phrase = phrases[n][i];
                if (phrase == null) {
                    continue;
                }
                List<NameTokens.Token> typed = tokens.subList(i, i + n);
                for (int length = phrase.length() - 1; length <= phrase.length() + 1; length++) {
                    for (IssuerDirectory.NamedListing named : directory.namesOfLength(length)) {
                        if (named.words().size() == n && oneEditApart(phrase, named.name())
                                && ((named.entry().rank() < IssuerDirectory.LARGE_LISTINGS && !named.shortened())
                                        || mistypedWordIsNoWord(typed, named.words())
                                        || anchoredByACoinedWord(typed, named.words()))
                                && !(named.shortened() && (Vocabulary.isPlace(phrase) || typed.stream()
                                        .anyMatch(t -> aPlace(t.norm()))))) {
                            putPhraseTypo(found, typed, named.entry().ticker());
                        }
                    }
                    // ... or one edit from a name of the alias list, which a question writes as often as the listing's
                    // own ("john deer revenue" is John Deere's, DEERE & CO to the directory), of a large listing, where the
                    // word typed otherwise passes mistypedWordOfAName: "cp rail", "enterprise product revenue" and
                    // "health care reits" are no CN Rail, Enterprise Products or Health Care REIT mistyped
                    for (Map.Entry<String, String> alias : aliasNames.getOrDefault(length, Map.of()).entrySet()) {
                        if (!phrase.equals(alias.getKey()) && oneEditApart(phrase, alias.getKey())
                                && mistypedWordOfAName(typed, alias.getKey())
                                && directory.byTicker(alias.getValue()).filter(e -> e.rank() < IssuerDirectory.LARGE_LISTINGS)
                                        .isPresent()) {
                            putPhraseTypo(found, typed, alias.getValue());
                        }
                    }
                }
            }
        }
        return found.size() == 1 ? Optional.of(found.values().iterator().next()) : Optional.empty();
    }

    /** The words typed, read as the mistyped name of the listing under {@code ticker}, unless another reading has its issuer. */
    private void putPhraseTypo(Map<String, Mention> found, List<NameTokens.Token> typed, String ticker) {
        resolver.byTicker(ticker).ifPresent(issuer -> found.putIfAbsent(issuer.key(), new Mention(issuer, TYPO, "name typo",
                NameTokens.joined(typed.stream().map(NameTokens.Token::original).toList()), typed.get(0).start())));
    }

    /**
     * The listing a ticker is, or, for a former ticker no listing holds now, the listing it changed into: "FB" is read as
     * large as META is.
     */
    private Optional<IssuerDirectory.Entry> listing(String symbol) {
        return catalog.directory().flatMap(d -> d.byTicker(symbol).or(() -> catalog.aliases().newTickerOf(symbol).flatMap(d::byTicker)));
    }

    /**
     * Words that say a company is the object of a deal: "maxim integration", "poly acquisition costs".
     */
    private static final Set<String> DEAL_WORDS = Set.of("acquisition", "integration", "merger", "deal", "synergies", "synergy",
            "purchase", "takeover", "buyout", "transaction", "earnout", "earn-out");

    /**
     * The name of one word at {@code i} is a company the issuer's filings give as its own deal's ({@link Catalog#dealNames}),
     * at the head of the question's subject right before a word of the deal: in lower case, though an English word, it is
     * that company ("maxim integration cost synergies" is Analog Devices' Maxim), not the word ("the old maxim integration
     * of ideas").
     */
    private boolean dealNameBeforeItsDeal(List<NameTokens.Token> tokens, int i, int n, IssuerIdentity issuer) {
        if (n != 1 || i + 1 >= tokens.size() || !DEAL_WORDS.contains(tokens.get(i + 1).norm()) || !headOfSubject(tokens, i)) {
            return false;
        }
        String word = tokens.get(i).norm();
        if (Vocabulary.isGenericNameWord(word) || Vocabulary.isBusinessWord(word) || Vocabulary.isPlace(word)) {
            return false;
        }
        IssuerIdentity owner = dealOwner(tokens.get(i).original());
        return owner != null && owner.key().equals(issuer.key());
    }

    /** A place's name, from the places list or one every filing names: "france", "york". */
    private static boolean aPlace(String word) {
        return Vocabulary.isPlace(word) || AliasLearner.isPlace(word);
    }

    /** The one corpus issuer whose filings give these words as the company of a deal of their own, or null. */
    private IssuerIdentity dealOwner(String surface) {
        List<String> words = NameTokens.nameWords(surface);
        NameIndex.Hit hit = words.isEmpty() ? null : catalog.dealNames().lookup(NameTokens.joined(words), NameTokens.concatenated(words));
        List<String> typed = wordsAsTyped(surface);
        if (hit == null && !typed.isEmpty() && !typed.equals(words)) {
            // in the possessive: "forestar's lot sales" is D.R. Horton's, whose deal Forestar is
            hit = catalog.dealNames().lookup(NameTokens.joined(typed), NameTokens.concatenated(typed));
        }
        if (hit == null) {
            return null;
        }
        Set<String> owners = new HashSet<>();
        List<IssuerIdentity> found = new ArrayList<>();
        hit.entries().forEach(e -> resolver.byEntry(e).filter(id -> owners.add(id.key())).ifPresent(found::add));
        return found.size() == 1 ? found.get(0) : null;
    }

    /** The words typed, a possessive's "'s" left off ("forestar's" is forestar). */
    private static List<String> wordsAsTyped(String surface) {
        return NameTokens.tokenize(surface).stream().map(NameTokens.Token::norm).toList();
    }

    /**
     * A word of a deal follows {@code end} across a space or a hyphen, as a noun: "activision purchase price allocation",
     * "activision-merger costs"; not across punctuation ("vs hess: deal terms"), nor as a verb ("hess deal with the
     * arbitration", "pioneer purchase the acreage").
     */
    private static boolean beforeADealNoun(String text, int end) {
        Matcher m = DEAL_NOUN_AFTER.matcher(text.substring(Math.min(end, text.length())));
        if (!m.lookingAt() || !DEAL_WORDS.contains(m.group(1).toLowerCase(Locale.ROOT))) {
            return false;
        }
        Matcher next = NEXT_WORD.matcher(text.substring(Math.min(end, text.length()) + m.end()));
        return !next.lookingAt() || !VERB_OBJECTS.contains(next.group(1).toLowerCase(Locale.ROOT));
    }

    private static final Pattern DEAL_NOUN_AFTER = Pattern.compile("[ -]([A-Za-z][A-Za-z\\-]*)(?![A-Za-z'\u2019])");

    /**
     * Words after a deal word that make the name before it the deal's maker, not its company: a verb ("deal with",
     * "purchase the", "purchase its") or its own deal of another ("activision acquisition of king").
     */
    private static final Set<String> VERB_OBJECTS = Set.of("with", "the", "a", "an", "its", "their", "our", "some", "more",
            "of");

    /** The surface's last word is a possessive: "Activision's". */
    private static boolean endsInAPossessive(String surface) {
        List<NameTokens.Token> tokens = NameTokens.tokenize(surface);
        return !tokens.isEmpty() && tokens.get(tokens.size() - 1).possessive();
    }

    /** A possessive's "'s" right at {@code end}. */
    private static boolean possessiveAt(String text, int end) {
        return end + 1 < text.length() && NameTokens.isApostrophe(text.charAt(end))
                && Character.toLowerCase(text.charAt(end + 1)) == 's';
    }

    private boolean symbolOfASmallListing(String symbol) {
        return catalog.directory().flatMap(d -> d.byTicker(symbol)).map(e -> e.rank() >= IssuerDirectory.SMALL_LISTINGS).orElse(false);
    }

    /**
     * The issuer whose name {@code symbol} writes the initials of, where the symbol is a blank-check company's ticker and
     * exactly one other issuer among all listings has a name of these initials; null otherwise.
     */
    private IssuerIdentity initialsOfAListingForABlankCheck(String symbol, IssuerIdentity ticker) {
        IssuerDirectory directory = catalog.directory().orElse(null);
        if (directory == null || !directory.blankCheck(symbol)) {
            return null;
        }
        List<Long> others = directory.withInitials(symbol.toLowerCase(Locale.ROOT)).stream()
                .map(i -> i.listing().entry().cik()).filter(cik -> !cik.equals(ticker.cik())).distinct().toList();
        return others.size() == 1 ? directory.byCik(others.get(0)).stream().findFirst()
                .flatMap(e -> resolver.byTicker(e.ticker())).orElse(null) : null;
    }

    /** One edit from a corpus ticker or one of the largest listings' tickers. */
    private boolean typoOfALargerIssuer(String symbol) {
        if (symbol.length() < MIN_TYPO_TICKER) {
            return false;
        }
        String word = symbol.toLowerCase(Locale.ROOT);
        return catalog.issuers().values().stream().anyMatch(f -> oneEditApart(word, f.ticker().toLowerCase(Locale.ROOT)))
                || largestListings().stream().anyMatch(l -> oneEditApart(word, l.entry().ticker().toLowerCase(Locale.ROOT)));
    }

    /**
     * The directory's largest listings, which a typo may name without a catalog ("mircosoft", "NVDIA"):
     * few enough that one edit rarely reaches two of them.
     */
    /**
     * A long English word at the head of the question's subject, before its business or before a word names are made of
     * and then its business: "symbiotic systems backlog" may be Symbotic mistyped, "symbiotic relationships" is not.
     */
    private static boolean englishAtHead(List<NameTokens.Token> tokens, int at) {
        NameTokens.Token t = tokens.get(at);
        return t.norm().length() >= MIN_ENGLISH_TYPO_WORD && Vocabulary.isEverydayWord(t.norm()) && headOfSubject(tokens, at)
                && !t.possessive() && (inBusinessContext(tokens, at, 1) || (at + 2 < tokens.size()
                        && Vocabulary.isGenericNameWord(tokens.get(at + 1).norm()) && inBusinessContext(tokens, at, 2)));
    }

    /** The question is read again with at most this many mistyped legal forms spelt right, one at a time. */
    private static final int MOST_FORMS_RESPELT = 2;

    /**
     * A name with its legal form mistyped ("post holdngs" is Post Holdings): a word of five letters or more that no English
     * list holds is one edit from a legal form of as many letters or more, after another word, and the question with that
     * form spelt right names exactly one issuer, by a name that ends with it.
     */
    private Optional<Mention> readMistypedLegalForm(String text, List<NameTokens.Token> tokens) {
        int tried = 0;
        for (int k = 1; k < tokens.size() && tried < MOST_FORMS_RESPELT; k++) {
            NameTokens.Token t = tokens.get(k);
            if (!Vocabulary.isCoinedWord(t.norm(), 5)) {
                continue;
            }
            for (String form : WRITTEN_LEGAL_FORMS) {
                if (form.length() >= 5 && oneEditApart(t.norm(), form) && tried++ < MOST_FORMS_RESPELT) {
                    List<Mention> spelt = read(text.substring(0, t.start()) + form + text.substring(t.end()), false);
                    Mention named = spelt.size() == 1 ? spelt.get(0) : null;
                    if (named != null && kindOf(named.how()).equals(Route.BY_NAME) && named.position() < t.start()
                            && named.position() + named.surface().length() == t.start() + form.length()) {
                        return Optional.of(new Mention(named.issuer(), TYPO, "name typo", text.substring(named.position(), t.end()),
                                named.position()));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The words a corpus issuer is mistyped from: the first word of each of its names, and each name of one word the alias
     * list gives it ("disnye" is Disney mistyped, which begins no name of The Walt Disney Company's).
     */
    private List<String> typoTargets(CorpusIssuer filer) {
        List<String> targets = new ArrayList<>();
        for (String name : filer.names()) {
            List<String> words = NameTokens.stripSuffixes(NameTokens.nameWords(name));
            if (!words.isEmpty()) {
                targets.add(words.get(0));
            }
        }
        targets.addAll(catalog.oneWordNameAliases().getOrDefault(filer.ticker(), List.of()));
        return targets;
    }

    /**
     * The legal form typed right after the word at {@code at} ("holdings", "inc", "corp", ..., or "co" after "&"), in the
     * form a title writes it; null where none follows.
     */
    private static String legalFormAfter(List<NameTokens.Token> tokens, int at) {
        if (at + 1 < tokens.size() && WRITTEN_LEGAL_FORMS.contains(tokens.get(at + 1).norm())) {
            return tokens.get(at + 1).norm();
        }
        if (at + 2 < tokens.size() && tokens.get(at + 1).original().equals("&")
                && (tokens.get(at + 2).norm().equals("co") || tokens.get(at + 2).norm().equals("company"))) {
            return "co";
        }
        return null;
    }

    /** The title holds the legal form, as written or spelled out ("co" and "company", "corp" and "corporation"). */
    private static boolean titleHasForm(String title, String form) {
        List<String> words = NameTokens.nameWords(title);
        return words.contains(form) || words.contains(Vocabulary.SUFFIX_SPELLINGS.getOrDefault(form, form))
                || (form.equals("holdings") && words.contains("holding"));
    }

    private List<IssuerDirectory.NamedListing> largestListings() {
        return catalog.directory().map(d -> d.largest(TYPO_LISTINGS)).orElse(List.of());
    }

    /** Levenshtein distance one, or two neighbouring letters swapped; equal words are not a typo. */
    static boolean oneEditApart(String a, String b) {
        if (a.equals(b) || Math.abs(a.length() - b.length()) > 1) {
            return false;
        }
        int i = 0;
        while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        if (a.length() == b.length()) {
            return a.substring(i + 1).equals(b.substring(i + 1)) || swapApart(a, b); // one substitution, or a swap
        }
        return a.length() > b.length() ? a.substring(i + 1).equals(b.substring(i)) : a.substring(i).equals(b.substring(i + 1));
    }

    private void readNames(String text, List<NameTokens.Token> tokens, boolean shouting, boolean[] covered, List<Mention> out) {
        for (Phrase read : longestPhrases(text, tokens, (i, n) -> {
            NameTokens.Token t = tokens.get(i);
            // a cashtag is a ticker, which the ticker rules read: "$HP" is Helmerich & Payne's, not HP Inc's name
            boolean cashtag = t.start() > 0 && text.charAt(t.start() - 1) == '$' && !t.possessive();
            return cashtag ? null : nameAt(text, tokens, i, n, shouting);
        })) {
            out.add(read.mention());
            for (int k = tokens.get(read.i()).start(); k < tokens.get(read.i() + read.n() - 1).end(); k++) {
                covered[k] = true;
            }
        }
    }

    /** A reading of words i..i+n-1 as a name, or null. */
    @FunctionalInterface
    private interface PhraseReading {
        Mention at(int i, int n);
    }

    /** Words i..i+n-1 and how they were read. */
    private record Phrase(Mention mention, int i, int n) {}

    /**
     * Left to right, the longest phrase ({@link #isPhrase}) at each word that {@code reading} reads, the words after it
     * read next.
     */
    private static List<Phrase> longestPhrases(String text, List<NameTokens.Token> tokens, PhraseReading reading) {
        List<Phrase> read = new ArrayList<>();
        int i = 0;
        while (i < tokens.size()) {
            int matched = 0;
            for (int n = Math.min(NameIndex.MAX_WORDS, tokens.size() - i); n >= 1 && matched == 0; n--) {
                Mention m = isPhrase(text, tokens, i, n) ? reading.at(i, n) : null;
                if (m != null) {
                    read.add(new Phrase(m, i, n));
                    matched = n;
                }
            }
            i += Math.max(1, matched);
        }
        return read;
    }

    /**
     * Words i..i+n-1 read as one name: no sentence punctuation between them. A possessive inside is kept as the name
     * writes it ("dick's sporting goods" is DICK'S SPORTING GOODS), so it matches only a name that holds one.
     */
    private static boolean isPhrase(String text, List<NameTokens.Token> tokens, int i, int n) {
        for (int k = i; k < i + n - 1; k++) {
            NameTokens.Token t = tokens.get(k);
            String between = text.substring(t.end(), tokens.get(k + 1).start());
            for (int c = 0; c < between.length(); c++) {
                char ch = between.charAt(c);
                if (",;:?!()[]{}\"\n".indexOf(ch) >= 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The words of a phrase as names are indexed: short forms of name words written out, a possessive inside kept. */
    private static List<String> phraseWords(List<NameTokens.Token> tokens, int i, int n) {
        List<String> words = new ArrayList<>(n);
        for (int k = i; k < i + n; k++) {
            NameTokens.Token t = tokens.get(k);
            String word = n > 1 ? NameTokens.NAME_WORD_ABBREVIATIONS.getOrDefault(t.norm(), t.norm()) : t.norm();
            words.add(t.possessive() && k < i + n - 1 ? word + "s" : word);
        }
        return words;
    }

    private Mention nameAt(String text, List<NameTokens.Token> tokens, int i, int n, boolean shouting) {
        List<String> words = phraseWords(tokens, i, n);
        NameTokens.Token first = tokens.get(i);
        NameTokens.Token last = tokens.get(i + n - 1);
        boolean englishWordInCapitals = n == 1 && isAllUpperCase(first.original()) && Vocabulary.isCommonWord(first.norm());
        if (n == 1 && (Vocabulary.isGenericNameWord(first.norm()) || (!first.hasUpperOrDigit() && NameTokens.cutOfAGenericNameWord(first.norm()))
                || (Vocabulary.isAcronym(first.original()) && !learnedAbbreviation(first))
                || (englishWordInCapitals && (shouting || !catalog.aliases().isNameInCapitals(first.original())))
                || (!first.hasUpperOrDigit() && Vocabulary.FUNCTION_WORDS.contains(first.norm())))) {
            // An upper-case everyday word ("ON", "ALL") is read by the ticker rules, not as a name, unless the name list
            // writes it so ("UP operating ratio" is Union Pacific's) in a question not typed in capitals.
            return null;
        }
        if (ofPhrase(tokens, i, n) || (n == 1 && isAllUpperCase(first.original()) && afterNumber(text, first.start()))) {
            return null;
        }
        if (n == 1 && NameIndex.letterAndFigure(first.norm()) && !headOfSubject(tokens, i)
                && !tokens.get(i).possessive()) {
            // a letter and a figure lead a name only at the head of the question's subject: "i3 public sector revenue" is
            // i3 Verticals', "intel core i3 laptop demand" a processor's
            return null;
        }
        if (n == 1 && i + 1 < tokens.size() && TENOR.matcher(first.original()).matches() && beforeABenchmark(tokens, i + 1)) {
            // a tenor before a benchmark rate: "3M SOFR vs 3M LIBOR", "3m t-bill yields" are three months', not 3M Company's
            return null;
        }
        if (i + n < tokens.size() && !last.possessive() && STREET_WORDS.contains(tokens.get(i + n).norm())) {
            // a name before "Avenue" or "Street" is the street's: "Woodward Avenue redevelopment"
            return null;
        }
        if (n == 1 && !last.possessive() && EXCHANGES.contains(first.norm()) && i + 1 < tokens.size()
                && LISTING_WORDS.contains(tokens.get(i + 1).norm())
                && !(i + 2 < tokens.size() && Vocabulary.isBusinessWordAfterAnyWord(tokens.get(i + 2).norm())
                        && !Vocabulary.isPeriodNumber(tokens.get(i + 2).norm()))) {
            // a market's name before its listing is the market's: "reverse split to keep the nasdaq listing", "nasdaq
            // minimum bid notice"; "nasdaq listing revenue" is still Nasdaq, Inc.'s
            return null;
        }
        if (n == 1 && unitAfterItsAmount(tokens, i)) {
            return null;
        }
        if (!first.hasUpperOrDigit() && continuesWithAHyphen(text, last.end())
                && words.stream().allMatch(w -> Vocabulary.isEverydayWord(w) || Vocabulary.isGenericNameWord(w))) {
            // "best buy-and-hold", "target-date funds": English words that run on into a compound are that compound
            return null;
        }
        if (n == 1 && !first.hasUpperOrDigit() && Vocabulary.isTradeWordInLowerCase(first.norm())) {
            // "esports viewership", "igaming revenue": the trade's word, whoever's name or brand it begins
            return null;
        }
        if (n == 1 && PERIOD_WORD.matcher(first.original()).matches()) {
            // "q2", "fy24", "h1" in lower case are a quarter, a year, a half: not Q2 Holdings
            return null;
        }
        String joined = NameTokens.joined(words);
        // Written apart but meant as one word ("Foot Locker", "Pepsi Co"); never from a lone letter ("V net" is not VNET).
        String concatenated = n > 1 && words.stream().allMatch(w -> w.length() > 1) ? NameTokens.concatenated(words) : joined;
        Candidates found = lookup(joined, concatenated);
        if (found.isEmpty() && n > 1) {
            // a name's words cut short, where the words as typed name nobody: "univ tech inst", "northern tech intl"
            List<List<String>> ways = NameTokens.cutsWrittenOut(words);
            for (List<String> writtenOut : ways) {
                found = lookup(NameTokens.joined(writtenOut), NameTokens.concatenated(writtenOut));
                if (!found.isEmpty()) {
                    break;
                }
            }
            for (int w = 0; w < ways.size() && found.isEmpty(); w++) {
                // ... or the leading words of a corpus issuer's name that are common words, which a word cut short
                // writes as its name: "northern tech JV income" is Northern Technologies International's (the checks after
                // this one still leave "northern tech hubs in europe" to nobody)
                List<NameIndex.Entry> lead = catalog.corpusNames().leadOfCommonWords(NameTokens.joined(ways.get(w)));
                if (lead.stream().map(NameIndex.Entry::ticker).distinct().count() == 1) {
                    found.entries.addAll(lead);
                }
            }
        }
        Optional<IssuerDirectory.Entry> listed = n == 1 && isAllUpperCase(first.original())
                ? catalog.directory().flatMap(d -> d.byTicker(first.original())) : Optional.empty();
        if (found.isEmpty() && last.possessive() && listed.isEmpty()) {
            // "McDonald's" is indexed as "mcdonalds"; "GD's" is General Dynamics', not GDS Holdings.
            found = lookup(joined + "s", concatenated + "s");
        }
        if (found.isEmpty() && n >= 2 && !last.possessive() && !last.norm().endsWith("s")
                && catalog.learnedNames().lookup(joined + "s", concatenated + "s") != null) {
            // a name a filing writes in the plural, typed in the singular: "vintage stock revenue" (Vintage Stocks); the
            // learned names are asked first, as most phrases are nobody's name in either number
            Candidates plural = lookup(joined + "s", concatenated + "s");
            if (plural.learned) {
                found = plural;
            }
        }
        String typed = text.substring(first.start(), last.end());
        if (found.isEmpty() && n >= 2 && DESIGNATION_OF_A_VARIANT.matcher(joined).matches() && typed.contains("-")) {
            // a designation typed with its variant's letter names the product the list writes without it: "kc-46a tanker
            // charges" are the KC-46's, "F-35A deliveries" the F-35's
            Candidates designated = lookup(joined.substring(0, joined.length() - 1),
                    concatenated.substring(0, concatenated.length() - 1));
            if (designated.listed && designated.entries.stream().allMatch(e -> DESIGNATION.matcher(e.name()).matches()
                    && Character.isDigit(e.name().charAt(e.name().length() - 1)))) {
                found = designated;
            }
        }
        boolean wordOfAName = false;
        if (found.isEmpty() && n == 1 && last.possessive() && !CONTRACTED.contains(last.norm())) {
            found = possessiveNameWord(last.norm());
            wordOfAName = !found.isEmpty();
        }
        boolean apostropheDropped = false;
        if (found.isEmpty() && n == 1 && !last.possessive() && !first.hasUpperOrDigit() && possessiveWithoutApostrophe(last.norm())) {
            // "tysons chicken segment": a name's possessive typed without its apostrophe
            String stem = last.norm().substring(0, last.norm().length() - 1);
            found = lookup(stem, stem);
            apostropheDropped = !found.isEmpty();
        }
        if (found.isEmpty()) {
            return null;
        }
        if (n == 1 && !found.exact && !found.learned && Vocabulary.isEverydayWord(first.norm()) && i + 1 < tokens.size()
                && anotherNameGoesOn(found, n, tokens.get(i + 1).norm())) {
            // An English word that begins a name, followed by a word names are made of that the name does not go on with,
            // begins another name or none: "timberland investment returns" is forest land's, not Timberland Bancorp's
            return null;
        }
        if (listed.isPresent() && listed.get().rank() < found.bestRank()) {
            // An upper-case word that is a larger listing's ticker is that ticker: "SU" is Suncor, not SU Group's name.
            return null;
        }
        IssuerIdentity issuer = found.choose();
        if (issuer == null) {
            return null;
        }
        if (found.listed && namedBeforeWhatItIs(text, tokens, i, n, joined, found, words)) {
            // A product of the alias list before what it is, as the list's note says: "pampers diaper pricing" (P&G
            // diapers), "browns ferry nuclear plant" (TVA nuclear plant), "marquis industries carpet sales" (Live
            // Ventures carpet subsidiary). The words are that product, whatever English makes of its name alone.
            return new Mention(issuer, LEARNED_ALIAS, found.product ? "product alias" : "learned alias",
                    typed, first.start());
        }
        boolean large = issuer.inCorpus() || found.bestRank() < LARGEST_LISTINGS;
        // A question in capitals ("BANK OF AMERICA NET INTEREST INCOME") writes a large issuer's whole name as it writes
        // every other word; two words or more of an exact name are still that name.
        boolean shoutedName = shouting && n > 1 && large && found.exact && !found.learned && allUpperCase(tokens, i, n);
        boolean nameInCapitals = englishWordInCapitals && found.alias;
        if (nameInCapitals && !nameInCapitalsAsItsSubject(text, tokens, i)) {
            return null;
        }
        if (!plausibleName(text, tokens, i, n, issuer, shouting) && !shoutedName && !nameInCapitals
                && !((large || (n == 1 && headOfSubject(tokens, i) && found.bestRank() < IssuerDirectory.ENGLISH_NAME_LISTINGS))
                        && found.exact && !found.alias && !found.learned && wholeNameInLowerCase(tokens, i, n))
                && !(found.exact && !found.learned && beforeItsOwnLearnedName(tokens, i + n, issuer))
                && !(taughtAheadOfItsBusiness(found, words, tokens, i, n))
                && !(found.learned && dealNameBeforeItsDeal(tokens, i, n, issuer))) {
            return null;
        }
        if (!first.hasUpperOrDigit() && !found.learned && !found.alias && (n == 1 || !found.exact)
                && words.stream().allMatch(Vocabulary::isEverydayWord) && afterAnIndefiniteArticle(tokens, i)) {
            // A name takes no "a": after one, and a word that describes what follows it, an English word or the leading
            // words of a name are the noun, possessive too: "a big carrier's bankruptcy" is no Carrier Global's. A whole
            // name is still the name: "give me a home depot revenue breakdown".
            return null;
        }
        if (!first.hasUpperOrDigit() && !found.exact && !found.learned && !found.alias && !last.possessive()
                && words.stream().allMatch(Vocabulary::isEverydayWord) && i + n < tokens.size()
                && SEGMENT_WORDS.contains(tokens.get(i + n).norm())) {
            // English words before "segment" name the segment, not the listing they begin: "display segment margin" is
            // Corning's display business, not LG Display's.
            return null;
        }
        boolean nicknameAfterThe = nicknameAfterThe(tokens, i, n, found);
        if ((n == 1 || found.alias) && !first.hasUpperOrDigit() && !last.possessive() && !found.learned
                && words.stream().allMatch(Vocabulary::isEverydayWord) && afterADeterminer(tokens, i) && !nicknameAfterThe) {
            // After an article or a possessive pronoun an English word is the noun: "the target net leverage ratio", "a
            // visa application", "our progressive rollout"; and so are English words an alias is made of ("the big blue
            // ocean").
            return null;
        }
        if (found.alias && !first.hasUpperOrDigit() && words.stream().allMatch(Vocabulary::isEverydayWord)
                && ((!headOfSubject(tokens, i) && !itsSubject(tokens, i, n) && !nicknameAfterThe)
                        || (!last.possessive() && i + n < tokens.size() && !Vocabulary.isGenericNameWord(last.norm())
                                && Vocabulary.isEnglishCompound(last.norm(), tokens.get(i + n).norm())))) {
            // An everyday or former name of English words in lower case is the company's at the head of the question's subject
            // ("star gas partners heating oil volumes") or as its subject; elsewhere it is those words ("supply of self
            // storage"), and so it is where its last word makes a compound with the next ("big red flags in the audit"),
            // unless that word is one names are made of ("frost bank deposit costs").
            return null;
        }
        if (n == 1 && !last.possessive() && !found.learned && i + 1 < tokens.size() && beginsAnotherTitle(issuer, first, tokens.get(i + 1))) {
            // The word and the next begin another listing's name: "apple hospitality revpar" is not Apple's.
            return null;
        }
        if (n == 2 && !first.hasUpperOrDigit() && !last.possessive() && !found.exact && !found.learned
                && words.stream().allMatch(Vocabulary::isEverydayWord) && Vocabulary.isEnglishCompound(words.get(0), words.get(1))
                && !headOfSubject(tokens, i)) {
            // Two English words that make a compound, written in lower case inside the question, are that compound: "how
            // is bloom doing on fuel cell backlog" is about fuel cells, not FuelCell Energy.
            return null;
        }
        if (n == 2 && !first.hasUpperOrDigit() && !last.hasUpperOrDigit() && !found.learned && !concatenated.equals(joined)
                && words.stream().allMatch(Vocabulary::isEverydayWord) && Vocabulary.isEnglishCompound(words.get(0), words.get(1))
                && lookup(joined, joined).isEmpty()) {
            // A name written as one word ("Salesforce") is not read from the English compound its halves make in lower
            // case: "sales force productivity" is the trade's.
            return null;
        }
        if (n == 1 && Vocabulary.isEverydayWord(first.norm()) && !last.possessive() && !found.learned
                && (!first.hasUpperOrDigit() || sentenceInitial(text, first.start()))
                && i + 1 < tokens.size() && Vocabulary.isEnglishCompound(first.norm(), tokens.get(i + 1).norm())) {
            // An English word that makes a compound with the next is that compound: "progressive tax rates", "apple pie
            // sales", "box office revenue".
            return null;
        }
        if (i > 0 && !first.hasUpperOrDigit() && !last.possessive() && !found.learned
                && !tokens.get(i - 1).hasUpperOrDigit() && !tokens.get(i - 1).possessive()
                && Vocabulary.isEnglishCompound(tokens.get(i - 1).norm(), first.norm())) {
            // ... and so is one that ends a compound with the word before it: "treasury bill holdings" are T-bills, not
            // BILL Holdings; English borrows some whole, the word no English word alone: "de novo banks" are new ones, not
            // Novo Nordisk.
            return null;
        }
        if (!found.exact && !found.learned && !last.possessive() && Vocabulary.isPlace(joined) && !inBusinessContext(tokens, i, n)) {
            // The leading words of a name that are a place's name are the place's, unless the question makes them its
            // subject or goes on about the company's business: "new jersey offshore wind cancellations" are the state's, not
            // New Jersey Resources'; "what did alexandria real estate say" is Alexandria Real Estate Equities'.
            return null;
        }
        if (n == 1 && !first.hasUpperOrDigit() && !last.possessive() && !found.learned && beginsACompoundOutsideBusiness(tokens, i)) {
            // ... and so is a name in lower case that English writes before a word in one compound, though alone it is no
            // English word: "tesla coil", "kodiak bear", "dutch oven", "phillips screwdriver", "dow jones".
            return null;
        }
        if (n == 1 && !found.exact && (Vocabulary.isEverydayWord(first.norm()) || englishWithAPrefix(first.norm()))
                && !last.possessive() && (!first.hasUpperOrDigit() || sentenceInitial(text, first.start()))
                && !(headOfSubject(tokens, i) && (inBusinessContext(tokens, i, n) || beforeAMetric(tokens, i, n)))
                && !endsAQuestionOfItsBusiness(tokens, i, n)) {
            // The English first word of a large issuer's name ("micron" of Micron Technology) names it only at the head of
            // the question's subject and before its business: "micron hbm revenue", not "wireless carrier revenue" or
            // "Delta hedging costs"; an English word with a prefix the lists leave out is English too ("universal life
            // reinsurance recapture" is no question of Reinsurance Group of America's).
            return null;
        }
        if (found.inContext && !first.hasUpperOrDigit() && !(headOfSubject(tokens, i) || inBusinessContext(tokens, i, n))) {
            // "live nation concert attendance", "what did super micro say", but not "a super micro cap" or "the old dominion of".
            return null;
        }
        // A name's "of" and "and" are in lower case in title case too ("Family of Apps"): only a word of its own in lower
        // case says the name is.
        boolean inLowerCase = !first.hasUpperOrDigit() || (n > 1 && sentenceInitial(text, first.start())
                && first.original().substring(1).chars().noneMatch(c -> Character.isUpperCase(c) || Character.isDigit(c))
                && tokens.subList(i + 1, i + n).stream().anyMatch(t -> !t.hasUpperOrDigit()
                        && !Vocabulary.FUNCTION_WORDS.contains(t.norm())));
        // a code, or a designation of the list typed with its hyphen ("the f-35 program"), is no English in any case
        boolean code = found.learned && (found.entries.stream().allMatch(e -> AliasLearner.isProductCode(e.name()))
                || (found.listed && typed.contains("-")
                        && found.entries.stream().allMatch(e -> DESIGNATION.matcher(e.name()).matches())));
        if (found.learned && inLowerCase && Vocabulary.isTradeWordInLowerCase(joined)) {
            // "igaming revenue in new jersey" is the trade's, though a filing spells it iGaming
            return null;
        }
        if (found.learned && inLowerCase && !code && !coinedHyphenated(typed, found)
                && (words.stream().anyMatch(w -> Vocabulary.isEverydayWord(w)
                || catalog.directory().map(d -> d.inAnyTitle(w)).orElse(false))
                || found.entries.stream().anyMatch(e -> Character.isLowerCase(e.name().charAt(0)) && !wholeInLowerCase(e.name())
                        && !prefixedBrand(e.name())))
                && !(headOfSubject(tokens, i) && i + n < tokens.size() && beforeItsBusinessOrALineOfIt(tokens, i + n)
                        && words.stream().noneMatch(Vocabulary::isCommonWord) && !(n == 1 && Vocabulary.isBusinessWord(first.norm()))
                        && !Vocabulary.isEnglishCompound(last.norm(), tokens.get(i + n).norm()))
                && !((found.listed || (n >= 2 && words.stream().anyMatch(IssuerReader::aWordOfItsOwn)))
                        && aListedNameBeforeItsBusiness(tokens, i, n, words))
                && !(found.listed && aListedNameMarkedAsAName(text, tokens, i, n, words))
                && !(headOfSubject(tokens, i) && beforeAnotherOfItsLearnedNames(tokens, i + n, issuer))
                && !(found.exact && longName(words)) && !taughtAheadOfItsBusiness(found, words, tokens, i, n)
                && !dealNameBeforeItsDeal(tokens, i, n, issuer)) {
            // The filing never writes it in lower case, so in lower case an English word is the common noun, and so is a
            // word companies' names are made of ("biotech" of "biotech funding", which Janssen Biotech, Inc. taught for
            // Johnson & Johnson) or a word after a letter ("ecommerce" of eCommerce); a coined one ("geforce",
            // "instagram") is still the product. Unless the question is about it: at the head of its subject, right
            // before a word of business that English does not compound with a word before it ("azure revenue trends",
            // "creative cloud subscriptions"; not "prime rate outlook", "biotech funding"). A sentence's capital on the first
            // word of a name whose next words are in lower case is no capital of the name's: "Progress energy transition"
            // is written in lower case. A name whose hyphen joins a word of its own, typed with it, is coined whatever
            // its other half ("bio-rfid development spend").
            return null;
        }
        if (found.learned && !code && tokens.subList(i, i + n).stream().anyMatch(t -> t.original().chars().anyMatch(Character::isLowerCase))
                && found.entries.stream().allMatch(e -> isAllUpperCase(e.name()))
                && !(found.listed && found.entries.stream().allMatch(e -> aWordInCapitals(e.name())))
                && !found.entries.stream().allMatch(e -> e.name().chars().anyMatch(Character::isDigit))
                && !openingAbbreviationOfItsOwn(tokens, i, n, found)) {
            // An abbreviation a filing defined ("AWS", "HPC") is read as the filing writes it, in capitals: in lower case
            // it is the trade's word as often as the company's ("hpc demand" is high-performance computing). A name with
            // figures in it is no abbreviation, whatever the case of its letters ("737 max", "f-35").
            return null;
        }
        if (found.learned && n == 1 && beginsAPlace(tokens, i)) {
            // A learned word that begins a place's name with the next word is the place: "costa rica tourism" is not
            // Coca-Cola's Costa coffee.
            return null;
        }
        if (n >= 2 && !first.hasUpperOrDigit() && !issuer.inCorpus() && !found.alias && !found.learned
                && found.bestRank() >= IssuerDirectory.ENGLISH_NAME_LISTINGS && words.stream().allMatch(Vocabulary::isEverydayWord)
                && afterADeterminer(tokens, i)) {
            // After an article or a possessive pronoun, a small listing's name of English words in lower case is those
            // words: "our direct digital sales grew" is no word of Direct Digital Holdings.
            return null;
        }
        if (found.alias && !found.learned && found.entries.stream().allMatch(e -> Aliases.isBuiltInPossessiveOnly(e.name())
                && (!last.possessive() || (Aliases.isBuiltInAfterTheArticleOnly(e.name())
                        && !rightAfterThe(tokens, i))))) {
            // a name the list reads in the possessive only, a town the press names a company for: "cupertino's services
            // margin" is Apple's, "cupertino housing prices" the town's; and one it reads right after "the" too, an
            // English word the trade names a company by: "the depot's comp sales" are Home Depot's, "the bus depot's
            // capacity" no company's
            return null;
        }
        if (n == 1 && !found.exact && !found.learned && !found.alias && !last.possessive() && !first.hasUpperOrDigit()
                && Vocabulary.isPlace(first.norm()) && !(headOfSubject(tokens, i) && inBusinessContext(tokens, i, n))) {
            // A place that only begins a name is the place unless the question is about the company: "outlook for tennessee
            // electricity demand" is the state's, not the Tennessee Valley Authority's; "tennessee valley" or "tva" names
            // that.
            return null;
        }
        if (n == 1 && !last.possessive() && (placeBefore(tokens, i) || beforeAKindOfPlace(tokens, i) || beforeItsState(tokens, i))) {
            // A kind of place named by the word before it is that place ("Mekong Delta", "Silicon Valley", "Atlantic City"
            // are no airline, bank or holding company), and so is one named by this word ("Amazon rainforest",
            // "Apple Valley").
            return null;
        }
        if (found.learned && n == 1 && Vocabulary.isEverydayWord(first.norm()) && i > 0 && tokens.get(i - 1).capitalised()
                && tokens.get(i - 1).original().chars().allMatch(Character::isLetter)) {
            // A learned English word after another capitalised word ends a longer name: "Reality Labs" is Meta's, not the
            // "Labs" of HP Labs.
            return null;
        }
        if (found.learned && n == 1 && Vocabulary.isEverydayWord(first.norm()) && sentenceInitial(text, first.start())
                && !beforeItsBusiness(tokens, i + 1) && !taughtAheadOfItsBusiness(found, words, tokens, i, n)) {
            // A question's first word is capitalised whatever it is: a learned English name there ("Prime" of Amazon
            // Prime) is the product only before its business ("Prime membership growth", "Azure consumption trends"),
            // not in a phrase of its own ("Prime brokerage fees", "Prime rate outlook").
            return null;
        }
        if (n == 1 && !found.exact && !found.alias && !found.learned && !first.hasUpperOrDigit() && !last.possessive()
                && i > 0 && PLURAL_AUXILIARIES.contains(tokens.get(i - 1).norm()) && pluralOfAnEnglishNoun(first.norm())
                && !followedByItsBusiness(tokens, i, n)) {
            // A plural noun after the auxiliary a plural takes, and no word of business after it, is the kind, not a company
            // that begins its name with it: "why do builders prefer rate buydowns" asks of homebuilders, not of Builders
            // FirstSource ("why does ... prefer"); "why are wells deposits falling" is still Wells Fargo's.
            return null;
        }
        boolean midSizeEnglishName = false;
        boolean smallListingsCoinedName = false;
        if (n == 1 && !first.hasUpperOrDigit() && !issuer.inCorpus() && !found.alias && !found.learned
                && Vocabulary.isEverydayWord(first.norm()) && found.bestRank() >= LARGEST_LISTINGS
                && found.bestRank() < IssuerDirectory.ENGLISH_NAME_LISTINGS && !Vocabulary.isAcronym(first.norm().toUpperCase(Locale.ROOT))
                && itsSubject(tokens, i, n)) {
            midSizeEnglishName = true;
            // A mid-size issuer's English name only as the question's subject: its possessive, at its head right before
            // a word of its business ("box net retention rate", not "bill payment volumes" or "snap election results"),
            // before a verb of telling ("what did bill say"), or at its end after a metric ("gross loss ratio for
            // lemonade"); a cue before it is not enough ("a fund's two and twenty fee").
        } else if (n == 1 && !issuer.inCorpus() && !found.alias && !found.learned && found.bestRank() >= IssuerDirectory.SMALL_LISTINGS
                && aCoinedWordOfOneListing(first, found)
                && (itsSubject(tokens, i, n) || topicBeforeAColon(text, tokens, i, n)
                        || ((firstBeforeItsBusiness(tokens, i)
                        || (i == 0 && tokens.size() > 2 && !Vocabulary.FUNCTION_WORDS.contains(tokens.get(1).norm())))
                        && catalog.directory().map(d -> d.titlesHolding(first.norm()) <= 1).orElse(false)))) {
            smallListingsCoinedName = true;
            // A small listing's coined name ("hovnanian", "zedge", "nanoviricides"), no English word or abbreviation, that
            // begins no other listing's name, as the question's subject: its possessive, at its head before its business
            // (right after it, or within a few words when the name opens the question and no other title holds its
            // letters: "varex medical segment revenue", not "crypto exposure of regional banks"; as the question's first
            // word before a word that joins none, with or without business: "semileds related party transactions",
            // "neuroone spinal cord stimulation program", not "varex and the old town"), before a verb of telling, or at
            // its end after a metric.
        } else if (n == 1 && !first.hasUpperOrDigit() && !issuer.inCorpus() && !found.alias && !found.learned
                && (Vocabulary.isAcronym(first.norm().toUpperCase(Locale.ROOT))
                        || found.bestRank() >= (Vocabulary.isEverydayWord(first.norm()) ? LARGEST_LISTINGS : IssuerDirectory.SMALL_LISTINGS))) {
            // One word in lower case, outside the corpus, is meant as a name only for a sizeable issuer, and an
            // English word only for a large one: "crypto" and "esg" are words, though Crypto Co and ESG Inc. are
            // listed; "factset" (a coined word, rank 1071) is FactSet.
            return null;
        }
        if (n == 1 && !found.exact && !issuer.inCorpus() && !found.alias && !found.learned && !smallListingsCoinedName
                && found.bestRank() >= IssuerDirectory.SMALL_LISTINGS) {
            // One word that only begins a small listing's name is not enough for it, whatever its case: "GE Aero" is GE's
            // business, not AERO ENERGY; a small issuer is named by its whole name, its ticker, or its filings in the corpus.
            return null;
        }
        if (!found.exact && !issuer.inCorpus() && !found.alias && !found.learned && inLowerCase
                && words.stream().allMatch(Vocabulary::isEverydayWord)
                && catalog.directory().map(d -> d.blankCheck(issuer.ticker())).orElse(false)) {
            // ... nor are English words in lower case (a sentence's capital aside) that begin a blank-check company's name,
            // which has no business of its own to ask about: "general purpose credit card interchange" is the cards', not
            // General Purpose Acquisition Corp.'s
            return null;
        }
        if (n == 1 && !found.exact && !found.alias && !found.learned && !first.hasUpperOrDigit() && !last.possessive()
                && Vocabulary.isBusinessWord(first.norm())) {
            // A word of business English in lower case that only begins a name is that word: "government services vs
            // commercial" asks of a mix of business, not of Commercial Metals
            return null;
        }
        double score = found.learned ? LEARNED_ALIAS : found.alias ? ALIAS : found.exact ? EXACT : PARTIAL_NAME;
        if (midSizeEnglishName) {
            // an English word standing for a mid-size company is read as surely as a lone word-like ticker
            score = Math.min(score, LONE_WORDLIKE_TICKER);
        }
        String how = found.product ? "product alias" : found.leadingLearned ? "leading word of learned alias"
                : found.learned ? "learned alias" : found.alias ? "name alias" : found.exact ? "name"
                : wordOfAName ? "possessive of a word of name" : "leading words of name";
        if (apostropheDropped) {
            how += ", possessive without its apostrophe";
        }
        if (!found.alias && !found.learned && formerName(found)) {
            how = found.exact ? "former name" : "leading word of former name";
        } else if (found.alias && found.entries.stream().allMatch(e -> Aliases.isBuiltInFormerName(e.name()))) {
            how = "former name (alias list)";
        }
        return new Mention(issuer, score, how, typed, first.start());
    }

    /** Every name matched is one a corpus issuer's filing says it went by before ("INTL FCStone Inc." of StoneX). */
    private boolean formerName(Candidates found) {
        return !found.entries.isEmpty() && found.entries.stream().allMatch(e -> catalog.isFormerName(e.ticker(), e.name()));
    }

    /**
     * Words that can only be nouns before a word companies' names end with: "oak street health", "marquis industries".
     * English puts a modifier there ("combined insurance", "general electric"), or a word it also uses as a verb ("steel
     * industries"); a noun before a noun and then a kind of company is how a company is named, at the head of the
     * question before its business (inside a question, "tech data center capex" is English's).
     */
    private static boolean nounsBeforeAKindOfCompany(List<String> words) {
        return words.size() >= 2 && Vocabulary.isGenericNameWord(words.get(words.size() - 1))
                && words.subList(0, words.size() - 1).stream()
                        .allMatch(w -> !Vocabulary.FUNCTION_WORDS.contains(w) && Vocabulary.isOnlyANoun(w));
    }

    /**
     * A name of two words or more from the alias list's products, at the head of the question and its business within
     * the four words after it: "blue buffalo pet food sales", "newport news shipbuilding throughput costs", "pratt &amp;
     * whitney gtf engine costs". Two words English makes a compound of are that compound ("whole foods diet"), and English
     * words that end in a line of business are that business ("combined insurance premiums"), unless nouns come before it
     * (nounsBeforeAKindOfCompany).
     */
    private static boolean aListedNameBeforeItsBusiness(List<NameTokens.Token> tokens, int i, int n, List<String> words) {
        String lastWord = words.get(words.size() - 1);
        if (n < 2 || !headOfSubject(tokens, i) || (n == 2 && Vocabulary.isEnglishCompound(words.get(0), words.get(1)))
                || (words.stream().allMatch(Vocabulary::isEverydayWord) && Vocabulary.isGenericNameWord(lastWord)
                        && !nounsBeforeAKindOfCompany(words))) {
            // English words that end as a line of business does are that business: "combined insurance premiums"; a common
            // word at the end is no line of business ("vintage stock segment revenue" is Live Ventures' retailer)
            return false;
        }
        for (int k = i + n; k < Math.min(tokens.size(), i + n + 4); k++) {
            String word = tokens.get(k).norm();
            if (Vocabulary.FUNCTION_WORDS.contains(word) || COMPARISON.contains(word) || KINDS_OF_COMPANY.contains(word)
                    || KINDS_OF_BODY.contains(word) || tokens.get(k).possessive()) {
                return false;
            }
            // a word English compounds with the word before it ("costs", "settlement") past the word right after the name is
            // the product's business where it ends the question or a year or another word of business follows it ("combat
            // arms earplug settlement", "change healthcare cyberattack costs 2024"), not where the question goes on ("old
            // navy uniforms cost for sailors")
            if (Vocabulary.isBusinessWordAfterAnyWord(word) || PRODUCT_METRICS.contains(word)
                    || (k > i + n && Vocabulary.BUSINESS_WORDS.contains(word)
                            && (k + 1 == tokens.size() || Vocabulary.isBusinessWord(tokens.get(k + 1).norm())))) {
                return true;
            }
        }
        return false;
    }

    /**
     * What is measured of a product, and so follows a product's name of two words or more as its business does ("gorilla
     * glass demand", "gorilla glass price increase", "ditch witch underground construction demand"); after a company's
     * English name they are the English words' ("business travelers demand recovery" is no insurer's), so they are no
     * words of business by themselves.
     */
    private static final Set<String> PRODUCT_METRICS = Set.of("demand", "adoption", "shipments", "units", "orders",
            "penetration", "attach", "installs", "downloads", "sell-through", "minutes", "usage", "engagement", "placements",
            "installations", "procedures", "prescriptions", "scripts", "uptake", "ridership", "price", "prices");

    /**
     * A name of two words or more from the alias list's products that English would not write: a word no English list
     * holds ("kirkland signature", "legg mason", "pratt &amp; whitney", "newport news shipbuilding"), an ampersand ("see
     * &amp; spray") or figures ("737 max"). Read in lower case wherever it stands, as analysts type it ("kirkland signature
     * penetration", "oscar mayer divestiture talk"), unless it is a compound or a place English knows, or names the body
     * or kind of company after it ("red hat society"). Names of English words alone ("old navy", "head and shoulders",
     * "gorilla glass") stay read only at the head of a question before their business (aListedNameBeforeItsBusiness): the
     * bench filings never write one of these names in lower case, but a question can mean the words.
     */
    private static boolean aListedNameMarkedAsAName(String text, List<NameTokens.Token> tokens, int i, int n, List<String> words) {
        if (n < 2 || (n == 2 && Vocabulary.isEnglishCompound(words.get(0), words.get(1))) || Vocabulary.isPlace(String.join(" ", words))
                || words.stream().filter(w -> !Vocabulary.FUNCTION_WORDS.contains(w) && w.length() > 1).count() < 2) {
            return false;
        }
        String written = text.substring(tokens.get(i).start(), tokens.get(i + n - 1).end());
        boolean marked = words.stream().anyMatch(w -> !Vocabulary.FUNCTION_WORDS.contains(w) && !Vocabulary.isEverydayWord(w))
                || written.contains("&") || written.chars().anyMatch(Character::isDigit);
        if (!marked) {
            return false;
        }
        if (i + n < tokens.size()) {
            String next = tokens.get(i + n).norm();
            if (KINDS_OF_BODY.contains(next) || KINDS_OF_COMPANY.contains(next)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A business word next, one that English compounds with the word before ("rate") only with another after it, or a
     * business word after one word that is neither: "membership growth", "consumption trends", not "rate hikes".
     */
    /**
     * A word of business English makes no compound with the word before it at {@code next}, or one it does make one with
     * before another word of business, or after the trade's jargon: "qtl revenue", "qtl licensing revenue", "qtl cdma
     * revenue"; not "aws migration costs".
     */
    private static boolean rightBeforeItsBusiness(List<NameTokens.Token> tokens, int next) {
        if (next + 1 < tokens.size() && jargon(tokens.get(next)) && Vocabulary.isBusinessWord(tokens.get(next + 1).norm())) {
            return true; // the trade's jargon between: "qtl cdma royalties"
        }
        return businessWordAt(tokens, next);
    }

    /**
     * The word at {@code next} is one of business that English makes no compound of with the word before it, or one it
     * does before another word of business: "revenue", "licensing revenue"; not "costs" alone.
     */
    private static boolean businessWordAt(List<NameTokens.Token> tokens, int next) {
        return next < tokens.size() && Vocabulary.isBusinessWord(tokens.get(next).norm())
                && (!Vocabulary.COMPOUNDING_BUSINESS_WORDS.contains(tokens.get(next).norm())
                        || (next + 1 < tokens.size() && Vocabulary.isBusinessWord(tokens.get(next + 1).norm())));
    }

    private static boolean beforeItsBusiness(List<NameTokens.Token> tokens, int next) {
        next = pastRegions(tokens, next); // "prime europe membership growth"
        if (next < tokens.size() && Vocabulary.isBusinessWord(tokens.get(next).norm())) {
            return businessWordAt(tokens, next);
        }
        return next + 1 < tokens.size() && !Vocabulary.FUNCTION_WORDS.contains(tokens.get(next).norm())
                && !Vocabulary.isBusinessWord(tokens.get(next).norm()) && Vocabulary.isBusinessWord(tokens.get(next + 1).norm());
    }

    /**
     * An upper-case abbreviation, written as a filing defined it for a name of its own ("AWS" of "Amazon Web Services
     * (“AWS”)" in Amazon's), or as the alias list's products write it: a learned or product name though the abbreviation
     * is a common one ("aws" in lower case is read as any learned name is).
     */
    private boolean learnedAbbreviation(NameTokens.Token token) {
        if (!isAllUpperCase(token.original())) {
            return false;
        }
        for (NameIndex names : List.of(catalog.learnedNames(), catalog.aliases().productIndex())) {
            NameIndex.Hit hit = names.lookup(token.norm(), token.norm());
            if (hit != null && hit.exact() && hit.entries().stream().anyMatch(e -> e.name().equals(token.original()))) {
                return true;
            }
        }
        return false;
    }

    /**
     * A filing's own abbreviation ("AWS", "TVA") typed in lower case as the question's first word (or the first after the
     * words opening it: "how much did aws operating margin expand"), its subject, before the business it reports, before
     * another name its filings taught ("sgh intelligent platform solutions revenue", SGH the symbol Penguin Solutions
     * traded under) or as its possessive: "aws operating income 2024", "tva's coal plant retirements"; one issuer's
     * alone, three letters or more, and no English or trade word ("hpc demand" is high-performance computing's). Its
     * business may come a few words on, as it may after a small listing's coined name ({@link #firstBeforeItsBusiness}):
     * "tva fuel cost recovery", "espn affiliate fees", "does tva expect capex to rise".
     * Anywhere, where the question names a place or thing the same filings taught as well, whatever its case: "tva coal
     * plant retirements ... at kingston and cumberland" (TVA's plants).
     */
    private boolean openingAbbreviationOfItsOwn(List<NameTokens.Token> tokens, int i, int n, Candidates found) {
        NameTokens.Token word = tokens.get(i);
        String folded = word.norm();
        // the trade writes some of them too ("aws migration costs for a small business"): those only right before it
        boolean aheadOfItsBusiness = opensTheQuestion(tokens, i) && !Vocabulary.isAcronym(folded.toUpperCase(Locale.ROOT))
                && businessWithin(tokens, i + 1, true);
        boolean withAnotherOfItsNames = n == 1 && !Vocabulary.isAcronym(folded.toUpperCase(Locale.ROOT))
                && found.entries.stream().map(NameIndex.Entry::ticker).distinct().count() == 1
                && anotherOfItsLearnedNamesElsewhere(tokens, i, found.entries.get(0).ticker());
        return (opensTheQuestion(tokens, i) || aheadOfItsBusiness || withAnotherOfItsNames) && n == 1
                && folded.length() >= 3
                && folded.chars().allMatch(Character::isLetter)
                && !catalog.directory().flatMap(d -> d.byTicker(folded.toUpperCase(Locale.ROOT)))
                        .map(e -> e.rank() < LARGEST_LISTINGS).orElse(false)
                && found.entries.stream().map(NameIndex.Entry::ticker).distinct().count() == 1
                && !Vocabulary.isEverydayWord(folded) && !Vocabulary.isCommonWord(folded) && !Vocabulary.isTradeWordInLowerCase(folded)
                && !Vocabulary.isBusinessWord(folded) && !Vocabulary.METRIC_ABBREVIATIONS.contains(folded.toUpperCase(Locale.ROOT))
                && (word.possessive() || rightBeforeItsBusiness(tokens, i + 1) || aheadOfItsBusiness
                        || beginsItsOwnLearnedName(tokens, i + 1, found.entries.get(0).ticker()) || withAnotherOfItsNames);
    }

    /**
     * Some words of the question other than word {@code i} are a name the ticker's own filings taught, another than it,
     * whether or not the router reads that name alone ("Cumberland" is Cumberland Pharmaceuticals' too).
     */
    private boolean anotherOfItsLearnedNamesElsewhere(List<NameTokens.Token> tokens, int i, String ticker) {
        for (int at = 0; at < tokens.size(); at++) {
            if (at == i || tokens.get(at).norm().equals(tokens.get(i).norm())) {
                continue;
            }
            for (int n = 1; n <= 3 && at + n <= tokens.size() && (at > i || at + n <= i); n++) {
                if (catalog.taught(ticker, NameTokens.joined(tokens.subList(at, at + n).stream().map(NameTokens.Token::norm).toList()))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The most words between a name a filing taught and the business word that shows the question is about it. */
    private static final int MOST_WORDS_BEFORE_ITS_BUSINESS = 3;

    /**
     * A name a filing taught (not the alias list's, unless it is one word that only the larger English list holds, so
     * seldom what a question means by it: "snapdragon"), of no common, business or generic word, at the head of the question's
     * subject, then one to {@value #MOST_WORDS_BEFORE_ITS_BUSINESS} words that make no compound with it and hold no
     * function or business word, then a word of business English does not compound with the word before it: "bombshells
     * restaurants same store sales", "fortress fire retardant acquisition accounting"; not "fortress balance sheet strength"
     * (a business word right after the name is for the rules before this one), "junior and senior notes outstanding" or
     * "junior high school teachers salaries". On the held-back sets this read eight questions more with the names filings
     * teach and routed no negative; four words read none more. An alias list's rare word is read one word before its
     * business at most ("supercharger network revenue"; "pixel art indie game revenue" is English's).
     */
    private static boolean taughtAheadOfItsBusiness(Candidates found, List<String> words, List<NameTokens.Token> tokens, int i,
            int n) {
        int next = i + n;
        boolean listed = found.listed || found.product;
        if (!found.learned || (listed && !(n == 1 && Vocabulary.isRareWord(words.get(0))))
                || !headOfSubject(tokens, i) || next >= tokens.size()
                || tokens.get(i + n - 1).possessive()
                || words.stream().anyMatch(w -> Vocabulary.isCommonWord(w) || Vocabulary.isBusinessWord(w) || Vocabulary.isGenericNameWord(w))
                || Vocabulary.isBusinessWord(tokens.get(next).norm())
                || Vocabulary.isEnglishCompound(tokens.get(i + n - 1).norm(), tokens.get(next).norm())) {
            // (a business word right after it is the rules' before this one)
            return false;
        }
        int most = listed ? 1 : MOST_WORDS_BEFORE_ITS_BUSINESS;
        for (int k = next + 1; k < tokens.size() && k <= next + most; k++) {
            String w = tokens.get(k).norm();
            if (Vocabulary.isBusinessWordAfterAnyWord(w) && !Vocabulary.isPeriodNumber(w)) {
                return true;
            }
            if (Vocabulary.FUNCTION_WORDS.contains(w) || COMPARISON.contains(w) || Vocabulary.isBusinessWord(w)
                    || tokens.get(k).possessive()) {
                return false;
            }
        }
        return false;
    }

    /**
     * The word at {@code k} is a word of business English does not compound with the word before it, or a line of
     * business right before one: "snapdragon automotive revenue", "azure cloud revenue".
     */
    private static boolean beforeItsBusinessOrALineOfIt(List<NameTokens.Token> tokens, int k) {
        k = pastRegions(tokens, k); // "converse north america and china revenue"
        int at = k + 1 < tokens.size() && LINES_OF_BUSINESS.contains(tokens.get(k).norm()) ? k + 1 : k;
        String word = tokens.get(at).norm();
        return Vocabulary.isBusinessWordAfterAnyWord(word);
    }

    /**
     * Lines of business, and outlets, a product's name comes before, and the word that says it is a brand: "snapdragon
     * automotive revenue", "bombshells restaurant sales", "snapdragon brand revenue".
     */
    private static final Set<String> LINES_OF_BUSINESS = Set.of("automotive", "auto", "cloud", "ai", "genai", "mobile", "gaming",
            "server", "handset", "iot", "pc", "datacenter", "wireless", "wholesale", "advertising", "ad", "ads", "subscription",
            "restaurant", "restaurants", "store", "stores", "brand", "brands");

    /** "a" or "an" comes right before word {@code i}, or before a lower-case English word right before it ("a big"). */
    private static boolean afterAnIndefiniteArticle(List<NameTokens.Token> tokens, int i) {
        return (i > 0 && INDEFINITE_ARTICLES.contains(tokens.get(i - 1).norm()))
                || (i > 1 && INDEFINITE_ARTICLES.contains(tokens.get(i - 2).norm()) && !tokens.get(i - 1).hasUpperOrDigit()
                        && !tokens.get(i - 1).possessive() && Vocabulary.isEverydayWord(tokens.get(i - 1).norm())
                        && !Vocabulary.FUNCTION_WORDS.contains(tokens.get(i - 1).norm()));
    }

    private static final Set<String> INDEFINITE_ARTICLES = Set.of("a", "an");

    /** The words that say the words before them name a part of a company. */
    private static final Set<String> SEGMENT_WORDS = Set.of("segment", "segments", "division", "divisions");

    /** The words before a name in capitals that is an English word ("UP") that make it the subject; no copula, no "and". */
    private static final Set<String> CUES_OF_A_NAME_IN_CAPITALS = Set.of("did", "does", "do", "will", "about", "compare",
            "than", "vs", "versus", "at", "for", "of");

    /** What follows the word "up" where it is the word: "UP again", "UP next", "UP double digits". */
    private static final Set<String> ADVERBS_AFTER_UP = Set.of("again", "next", "double", "front", "to", "from", "by", "year");

    /**
     * Word {@code i}, a name the list writes in capitals that is an English word ("UP"), is the name: the question's
     * subject, possessive, telling, or at its head or after a cue of its own before a word of its business in the same
     * phrase ("UP operating ratio 2024", "CSX vs UP carloads", "what did UP say", "UP's intermodal volumes"); never before
     * an amount, an adverb or a hyphen, where it is the word ("revenue UP 10% in fy23", "UP 10% revenue growth", "labor
     * costs are UP sharply, margins squeezed", "UP next: Microsoft cloud revenue", "UP-front costs").
     */
    private static boolean nameInCapitalsAsItsSubject(String text, List<NameTokens.Token> tokens, int i) {
        NameTokens.Token word = tokens.get(i);
        if (continuesWithAHyphen(text, word.end())) {
            return false;
        }
        if (i + 1 < tokens.size()) {
            String next = tokens.get(i + 1).norm();
            if (anAmount(next) || next.endsWith("ly") || ADVERBS_AFTER_UP.contains(next)) {
                return false;
            }
        }
        return word.possessive() || saysSomething(tokens, i, 1)
                || ((i == 0 || CUES_OF_A_NAME_IN_CAPITALS.contains(tokens.get(i - 1).norm()))
                        && businessWithin(tokens, i + 1, true) && isPhrase(text, tokens, i, Math.min(tokens.size() - i, 3)));
    }

    /**
     * Words i..i+n-1, a nickname of the name list of two words or more, follow "the" as a nickname does and go on about
     * its business, possessive or with a word of business before any function word: "the mouse house linear networks
     * impairment", "the everything store's fulfillment capex"; not "the big blue ocean" or "the big orange sunset over
     * the bay". Another name of English words is the phrase after "the": "the command center software revenue", "the
     * ship finance market".
     */
    private static boolean nicknameAfterThe(List<NameTokens.Token> tokens, int i, int n, Candidates found) {
        return n >= 2 && found.alias && !found.learned && rightAfterThe(tokens, i)
                && found.entries.stream().allMatch(e -> Aliases.isBuiltInNickname(e.name()))
                && (followedByItsBusiness(tokens, i, n) || businessWithin(tokens, i + n, true));
    }

    /** "the" comes right before word {@code i}: "the mouse house", "the depot's". */
    private static boolean rightAfterThe(List<NameTokens.Token> tokens, int i) {
        return i > 0 && tokens.get(i - 1).norm().equals("the");
    }

    /** An article or a possessive pronoun comes right before word {@code i}: "the target", "our direct digital". */
    private static boolean afterADeterminer(List<NameTokens.Token> tokens, int i) {
        return i > 0 && DETERMINERS.contains(tokens.get(i - 1).norm());
    }

    /**
     * A word of four letters or more that no English list holds: a learned name of two words or more with one ("bob
     * evans") is read before its business as a listed product is ("bob evans side dish volumes"); "wi-fi" has none.
     */
    private static boolean aWordOfItsOwn(String word) {
        return Vocabulary.isCoinedWord(word, 4);
    }

    /** A learned name typed as the filing spells it, its hyphen joining a word of its own: "bio-rfid" (Bio-RFID). */
    private static boolean coinedHyphenated(String typed, Candidates found) {
        return typed.indexOf('-') > 0 && found.entries.stream().anyMatch(e -> e.name().equalsIgnoreCase(typed))
                && Arrays.stream(typed.toLowerCase(Locale.ROOT).split("-")).anyMatch(w -> Vocabulary.isCoinedWord(w, 3));
    }

    /** A word that no English list holds, an "s" after a stem that none holds either ("tysons", not "travelers" or "ethos"). */
    private static boolean possessiveWithoutApostrophe(String word) {
        if (word.length() < 5 || !word.endsWith("s") || word.endsWith("ss") || !word.chars().allMatch(Character::isLetter)) {
            return false;
        }
        String stem = word.substring(0, word.length() - 1);
        return !Vocabulary.isEverydayWord(word) && !Vocabulary.isEverydayWord(stem) && !Vocabulary.isGenericNameWord(stem);
    }

    /**
     * A possessive word that only one large issuer's name holds, though not first ("Lilly's" of Eli Lilly): the
     * possessive makes it a company, and no other listing is called by it; or that two names hold, one of the largest
     * 300 listings and one past the largest 1000 ("hilton's"), where the possessive means the large one.
     */
    private Candidates possessiveNameWord(String word) {
        Candidates c = new Candidates();
        IssuerDirectory directory = catalog.directory().orElse(null);
        Set<Long> called = directory == null ? Set.of() : directory.issuersCalled(word);
        if (called.size() == 1) {
            directory.byCik(called.iterator().next()).stream().findFirst().filter(e -> e.rank() < LARGEST_LISTINGS)
                    .ifPresent(e -> c.entries.add(new NameIndex.Entry(e.ticker(), e.cik(), e.title(), e.rank())));
        } else if (called.size() == 2) {
            // "hilton's" is Hilton Worldwide (a listing of the largest 300), not the far smaller Hilton Grand Vacations
            List<IssuerDirectory.Entry> two = called.stream().map(cik -> directory.byCik(cik).get(0))
                    .sorted(java.util.Comparator.comparingInt(IssuerDirectory.Entry::rank)).toList();
            if (two.get(0).rank() < MEGA_LISTINGS && two.get(1).rank() >= LARGEST_LISTINGS) {
                IssuerDirectory.Entry e = two.get(0);
                c.entries.add(new NameIndex.Entry(e.ticker(), e.cik(), e.title(), e.rank()));
            }
        }
        return c;
    }

    /** Words after which an English word is a noun, not a company: articles and possessive pronouns. */
    private static final Set<String> DETERMINERS = Set.of("the", "a", "an", "our", "its", "their", "your", "my", "his",
            "her", "this", "that", "these", "those", "each", "every", "any", "some", "no");

    /** The determiners before which a lower-case ticker is the trade's word ("a crm system"); "the" is not one. */
    private static final Set<String> INDEFINITE_DETERMINERS = Set.of("a", "an", "our", "your", "my", "their", "his", "her");

    /** Bodies a name of words can be ("red hat society", "golden state league"): it is that body's name, not a product. */
    private static final Set<String> KINDS_OF_BODY = Set.of("society", "club", "association", "league", "party", "foundation",
            "church", "school", "college", "university", "team", "union", "council", "committee", "festival", "museum");

    /** Words that make the one before a kind of company ("shell company", "holding firm"), not a company's name. */
    private static final Set<String> KINDS_OF_COMPANY = Set.of("company", "companies", "firm", "firms", "corporation",
            "corporations", "entity", "entities", "corp", "inc", "holdings", "group");

    /**
     * A legal form typed after common words makes them a company's name: "post holdings", "ball corp"; not "group" or
     * "company", which English puts after such words too ("working group", "a good company").
     */
    private static final Set<String> WRITTEN_LEGAL_FORMS = Set.of("holdings", "inc", "corp", "corporation", "incorporated",
            "companies", "plc", "ltd", "limited");

    /** What a kind of software is, right after its abbreviation: "crm implementation", "hcm systems". */
    private static final Pattern WHAT_SOFTWARE_IS = Pattern.compile("\\s+(?i:software|systems?|implementations?|tools?|vendors?"
            + "|suites?|rollouts?|migrations?)(?![\\p{L}\\p{N}])");

    private static boolean softwareBeforeWhatItIs(String text, Mention m) {
        int end = m.position() + m.surface().length();
        return Vocabulary.KINDS_OF_SOFTWARE.contains(m.surface().toLowerCase(Locale.ROOT))
                && WHAT_SOFTWARE_IS.matcher(text).region(end, text.length()).lookingAt();
    }

    /** A "$" right before the word at {@code position}: a cashtag, a ticker in any case and beside any word. */
    private static boolean cashtag(String text, int position) {
        return position > 0 && text.charAt(position - 1) == '$';
    }

    /**
     * English words that are names, with the words of their everyday sense: one of them near the word means the word
     * ("visa backlog for h-1b workers", "apple orchard crop losses", "shell egg prices", "delta variant hospitalizations").
     */
    private static final Map<String, Pattern> EVERYDAY_SENSES = Map.of(
            "visa", senseWords("immigration|immigrants?|h-?1b|h-?2[ab]|schengen|tourists?|consulates?|embass(?:y|ies)|uscis"
                    + "|passports?|asylum"),
            "apple", senseWords("orchards?|crops?|growers?|harvests?|cider|fruits?"),
            "shell", senseWords("eggs?|oysters?|crabs?|beach"),
            "delta", senseWords("omicron|variants?|gamma|vega|theta"),
            "coke", senseWords("ovens?|steel|steelmaking|metallurgical|coking|furnaces?|cocaine"));

    /** How many words on either side of such a name a word of its everyday sense is looked for. */
    private static final int EVERYDAY_SENSE_REACH = 3;

    private static Pattern senseWords(String words) {
        return Pattern.compile("(?<![\\p{L}\\p{N}])(?i:" + words + ")(?![\\p{L}\\p{N}])");
    }

    /**
     * The name is such an English word as typed in lower case (or with a question's first capital), not possessive, and a
     * word of its everyday sense is within {@value #EVERYDAY_SENSE_REACH} words of it: "visa backlog for h-1b workers";
     * not "visa cross-border volume as chinese tourists return", nor "Visa's", "VISA" or a ticker.
     */
    private static boolean inItsEverydaySense(String text, List<NameTokens.Token> tokens, Mention m) {
        String surface = m.surface();
        boolean lowerCase = surface.chars().noneMatch(Character::isUpperCase) || (sentenceInitial(text, m.position())
                && surface.substring(1).chars().noneMatch(Character::isUpperCase));
        Pattern sense = lowerCase ? EVERYDAY_SENSES.get(surface.toLowerCase(Locale.ROOT)) : null;
        if (sense == null || m.how().contains("ticker") || endsInAPossessive(surface)
                || possessiveAt(text, m.position() + surface.length())) {
            return false;
        }
        int k = tokenAt(tokens, m.position());
        if (k < 0) {
            return false;
        }
        // a sense word that begins within reach ("h-1b", which the hyphen makes two words, may end past it)
        int from = tokens.get(Math.max(0, k - EVERYDAY_SENSE_REACH)).start();
        int to = tokens.get(Math.min(tokens.size() - 1, k + EVERYDAY_SENSE_REACH)).end();
        Matcher found = sense.matcher(text).region(from, text.length());
        return found.find() && found.start() < to;
    }

    /**
     * Names are proper nouns: the phrase must be written like one unless it is a distinctive name of
     * a corpus issuer. An everyday word ("Block", "Target") counts only when capitalised mid-sentence
     * or possessive.
     */
    private static boolean plausibleName(String text, List<NameTokens.Token> tokens, int i, int n,
            IssuerIdentity issuer, boolean shouting) {
        NameTokens.Token first = tokens.get(i);
        boolean allCommon = true;
        for (int k = i; k < i + n; k++) {
            String w = tokens.get(k).norm();
            if (!Vocabulary.isCommonWord(w) && !Vocabulary.isGenericNameWord(w)) {
                allCommon = false;
            }
        }
        if (allCommon) {
            NameTokens.Token last = tokens.get(i + n - 1);
            boolean possessive = last.possessive() && !CONTRACTED.contains(last.norm());
            boolean properNoun = first.capitalised() && !shouting && !sentenceInitial(text, first.start());
            return possessive || properNoun || saysSomething(tokens, i, n)
                    || (n > 1 && first.capitalised() && allCapitalised(tokens, i, n) && !shouting)
                    || (n > 1 && !first.hasUpperOrDigit() && inBusinessContext(tokens, i, n))
                    || (n > 1 && WRITTEN_LEGAL_FORMS.contains(last.norm()));
        }
        if (first.hasUpperOrDigit()) {
            return true;
        }
        // In lower case a coined name ("nvidia", "bank of america") is still a name; an English word
        // ("apple", "visa", "outlook") is one only where the question treats it as a company.
        return n > 1 || !Vocabulary.isEverydayWord(first.norm()) || inBusinessContext(tokens, i, n) || beforeAMetric(tokens, i, n)
                || endsAQuestionOfItsBusiness(tokens, i, n);
    }

    /**
     * Words i..i+n-1, a product of the alias list opening with no function word, are followed right away, with no
     * punctuation between, by a word of the list's note on it ("hemlock semiconductor polysilicon stake", "Corning
     * majority-owned polysilicon"). A name of English words only at the head of the question's subject ("browns ferry
     * nuclear plant"; not "skincare brands promising clean and clear skin", "european benchmark energy gas prices"),
     * and one of a single English word only before the note's last word, what the product is ("pampers diaper pricing";
     * not "windows systems demand" of "operating system licensing", nor "athletic sports apparel" of "New York Times
     * sports site"). A name of more words may have one word between it and the note's last word, no function word or
     * word of business: "minute maid orange juice costs" (Coca-Cola juice).
     */
    private boolean namedBeforeWhatItIs(String text, List<NameTokens.Token> tokens, int i, int n, String joined,
            Candidates found, List<String> words) {
        boolean english = words.stream()
                .allMatch(w -> Vocabulary.FUNCTION_WORDS.contains(w) || Vocabulary.isEverydayWord(w));
        if (i + n >= tokens.size() || tokens.get(i + n - 1).possessive() || (english && !headOfSubject(tokens, i))
                || Vocabulary.FUNCTION_WORDS.contains(words.get(0)) || !isPhrase(text, tokens, i, n + 1)) {
            return false;
        }
        String next = Aliases.noteWord(tokens.get(i + n).norm());
        boolean oneEnglishWord = english
                && words.stream().filter(w -> !Vocabulary.FUNCTION_WORDS.contains(w)).count() == 1;
        // a name of more than one English word may have a word of what it is between: "minute maid orange juice costs"
        String between = tokens.get(i + n).norm();
        String modified = !oneEnglishWord && i + n + 1 < tokens.size() && isPhrase(text, tokens, i, n + 2)
                && !Vocabulary.FUNCTION_WORDS.contains(between) && !Vocabulary.isBusinessWord(between)
                ? Aliases.noteWord(tokens.get(i + n + 1).norm()) : null;
        for (NameIndex.Entry entry : found.entries) {
            // the note is under the name as typed, or as the entry writes it (a learned name the list also holds)
            for (String name : List.of(joined, NameTokens.joined(NameTokens.nameWords(entry.name())))) {
                List<String> noted = catalog.aliases().productNoteWords(name, entry.ticker());
                // one English word only before the note's last word, what the product is
                boolean said = oneEnglishWord ? !noted.isEmpty() && noted.get(noted.size() - 1).equals(next)
                        : noted.contains(next) || (!noted.isEmpty() && noted.get(noted.size() - 1).equals(modified));
                if (said) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The words are all that comes before a colon opening the question, the topic of what follows it: "briacell: how much
     * did the warrant liability swing".
     */
    private static boolean topicBeforeAColon(String text, List<NameTokens.Token> tokens, int i, int n) {
        return i == 0 && i + n < tokens.size()
                && text.substring(tokens.get(i + n - 1).end(), tokens.get(i + n).start()).strip().equals(":");
    }

    /** Words that put a name at the end of a question about its business: "margin trends at waters", "risk for credo". */
    private static final Set<String> TAIL_CUES = Set.of("at", "for");

    /**
     * The name ends a question about its business, after "at" or "for" and before nothing but a period, with a metric
     * before it that English does not compound with a word after: "margin trends at waters in fy24", "inventory digestion
     * at lattice"; not "demand for steel", "price increases for steel" or "pressure at home", nor "at target date funds".
     */
    private static boolean endsAQuestionOfItsBusiness(List<NameTokens.Token> tokens, int i, int n) {
        if (i < 2 || !TAIL_CUES.contains(tokens.get(i - 1).norm())) {
            return false;
        }
        String word = tokens.get(i).norm();
        if (n == 1 && tokens.get(i - 1).norm().equals("for") && !tokens.get(i).hasUpperOrDigit() && word.length() > 4
                && word.endsWith("s") && Vocabulary.isEverydayWord(word.substring(0, word.length() - 1))) {
            // after "for" an English noun in the plural is whom the business is for: "rate lock pricing for builders"
            return false;
        }
        int after = i + n;
        if (after < tokens.size()) {
            boolean periodOnly = after + 2 == tokens.size() && List.of("in", "for").contains(tokens.get(after).norm())
                    && (PERIOD_WORD.matcher(tokens.get(after + 1).norm()).matches()
                            || tokens.get(after + 1).norm().matches("(?:19|20)\\d{2}"));
            if (!periodOnly && !(after + 1 == tokens.size() && PERIOD_WORD.matcher(tokens.get(after).norm()).matches())) {
                return false;
            }
        }
        for (int k = 0; k < i - 1; k++) {
            String w = tokens.get(k).norm();
            if (Vocabulary.isBusinessWordAfterAnyWord(w) && !Vocabulary.isPeriodNumber(w)) {
                return true;
            }
        }
        return false;
    }

    /** The token and the next begin the title of a sizeable listing other than {@code issuer}'s. */
    private boolean beginsAnotherTitle(IssuerIdentity issuer, NameTokens.Token token, NameTokens.Token next) {
        if (next.possessive() || !next.original().chars().allMatch(Character::isLetter)) {
            return false;
        }
        Set<Long> begun = catalog.directory().map(d -> d.sizeableIssuersWhoseTitleBegins(token.norm(), next.norm())).orElse(Set.of());
        return !begun.isEmpty() && (issuer.cik() == null || !begun.contains(issuer.cik()));
    }

    /**
     * At the head of the question's subject, a name, then one or two words of its business and a metric that is not a
     * word English compounds with the one before: "travelers catastrophe losses", "mosaic potash volumes", "ford model e
     * losses"; not "delta hedging costs" or "target date funds" (the compound "apple pie sales" is refused before).
     */
    private static boolean beforeAMetric(List<NameTokens.Token> tokens, int i, int n) {
        if (!headOfSubject(tokens, i)) {
            return false;
        }
        for (int k = i + n + 1; k <= i + n + 2 && k < tokens.size(); k++) {
            String before = tokens.get(k - 1).norm();
            if (Vocabulary.FUNCTION_WORDS.contains(before) || COMPARISON.contains(before) || tokens.get(k - 1).possessive()
                    || KINDS_OF_COMPANY.contains(before)) {
                // "shell company reverse merger accounting" is about a kind of company
                return false;
            }
            String word = tokens.get(k).norm();
            if (Vocabulary.isBusinessWordAfterAnyWord(word)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A large issuer's whole name in lower case, made of common words, where the question goes on about its
     * business: "american express card member spending" (two words or more), "target comparable sales" and
     * "block gross profit" (one word, then two business words, so not "target operating model" or "block trades").
     */
    private static boolean wholeNameInLowerCase(List<NameTokens.Token> tokens, int i, int n) {
        for (int k = i; k < i + n; k++) {
            if (tokens.get(k).hasUpperOrDigit()) {
                return false;
            }
        }
        if (n > 1) {
            return i + n < tokens.size();
        }
        return i + 2 < tokens.size() && Vocabulary.isBusinessWord(tokens.get(i + 1).norm())
                && Vocabulary.isBusinessWord(tokens.get(i + 2).norm());
    }

    /**
     * A name of English words in lower case followed by "of" is a noun with its complement, not a company:
     * "general motors of growth", "the target of the probe", "an apple of discord".
     */
    private static boolean ofPhrase(List<NameTokens.Token> tokens, int i, int n) {
        if (i + n >= tokens.size() || !tokens.get(i + n).original().equals("of") || tokens.get(i + n - 1).possessive()) {
            return false;
        }
        for (int k = i; k < i + n; k++) {
            NameTokens.Token t = tokens.get(k);
            if (t.hasUpperOrDigit() || !(Vocabulary.isEverydayWord(t.norm()) || Vocabulary.isGenericNameWord(t.norm()))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The words from {@code at} begin a name the issuer's own filings taught ("meta reality labs losses"): an English
     * name in lower case is the company when its own product or segment follows, as "apple pie" has none.
     */
    private boolean beforeItsOwnLearnedName(List<NameTokens.Token> tokens, int at, IssuerIdentity issuer) {
        for (int n = 1; n <= 3 && at + n <= tokens.size(); n++) {
            List<String> words = tokens.subList(at, at + n).stream().map(NameTokens.Token::norm).toList();
            NameIndex.Hit hit = catalog.learnedNames().lookup(NameTokens.joined(words), NameTokens.concatenated(words));
            if (hit != null && hit.exact() && hit.entries().stream()
                    .anyMatch(e -> resolver.byEntry(e).map(id -> id.key().equals(issuer.key())).orElse(false))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The words from {@code at} are, or begin, another name the issuer's filings taught: "armor all auto care sales" (Auto
     * Care is Energizer's segment as Armor All its brand).
     */
    private boolean beforeAnotherOfItsLearnedNames(List<NameTokens.Token> tokens, int at, IssuerIdentity issuer) {
        return issuer.corpusTickers().stream().anyMatch(t -> beginsItsOwnLearnedName(tokens, at, t));
    }

    /** The words from {@code at} are, or begin with two words or more, a name the ticker's own filings taught. */
    private boolean beginsItsOwnLearnedName(List<NameTokens.Token> tokens, int at, String ticker) {
        List<String> names = catalog.learnedNameWordsByTicker().getOrDefault(ticker, List.of());
        for (int n = 1; n <= 4 && at + n <= tokens.size() && !names.isEmpty(); n++) {
            String typed = NameTokens.joined(tokens.subList(at, at + n).stream().map(NameTokens.Token::norm).toList());
            int words = n;
            if (names.stream().anyMatch(name -> name.equals(typed) || (words >= 2 && name.startsWith(typed + " ")))) {
                return true;
            }
        }
        return false;
    }

    /**
     * A name as read, its words joined, both as the name indexes fold them and as typed: "clearbridge's" is "clearbridges"
     * folded, "clearbridge" typed.
     */
    private static Set<String> wordsOf(String surface) {
        return new HashSet<>(List.of(NameTokens.joined(NameTokens.nameWords(surface)), NameTokens.joined(wordsAsTyped(surface))));
    }

    /** Words of a fund's title: "ClearBridge Energy Midstream Opportunity Fund Inc.", "Templeton Dragon Fund". */
    private static final Set<String> FUND_WORDS = Set.of("fund", "funds", "etf", "etfs");

    /** Kinds of business names are made of: "Quaker Foods", "Cumberland Gas", "Hawaiian Electric". */
    private static final Set<String> KINDS_OF_BUSINESS_IN_NAMES = Set.of("foods", "brands", "gas", "oil", "power", "energy",
            "electric", "water", "health", "healthcare", "insurance", "bank", "mining", "pharmaceuticals", "pharma",
            "therapeutics", "biosciences", "medical", "communications", "realty", "properties", "technologies", "technology",
            "systems", "industries");

    /**
     * The word after the leading words of a listing's name is a kind of business that its name does not go on with:
     * "quaker foods" is another Quaker than Quaker Chemical, "cumberland gas plant" another Cumberland than Cumberland
     * Pharmaceuticals; "quaker financial results" and "cumberland income statement" say nothing of the kind.
     */
    private static boolean anotherNameGoesOnAfter(String text, Mention m) {
        List<String> after = wordsAfter(text.substring(Math.min(text.length(), m.position() + m.surface().length())));
        return !after.isEmpty() && KINDS_OF_BUSINESS_IN_NAMES.contains(after.get(0))
                && NameTokens.nameWords(m.issuer().name()).stream().noneMatch(w -> w.equalsIgnoreCase(after.get(0)));
    }

    private static boolean aFund(String title) {
        return NameTokens.nameWords(title).stream().anyMatch(w -> FUND_WORDS.contains(w.toLowerCase(Locale.ROOT)));
    }

    /** Auxiliaries that agree with a plural subject, as a company's name does not: "why do builders", "are insurers". */
    private static final Set<String> PLURAL_AUXILIARIES = Set.of("do", "are", "were", "have");

    /** An English word that is the plural of another: "builders", "banks"; not "analysis", "business". */
    private static boolean pluralOfAnEnglishNoun(String word) {
        return word.length() > 3 && word.endsWith("s") && !word.endsWith("ss") && Vocabulary.isEverydayWord(word)
                && Vocabulary.isEverydayWord(word.substring(0, word.length() - 1));
    }

    /** Auxiliaries a question puts before its subject and a verb: "what did block say". */
    private static final Set<String> AUXILIARIES = Set.of("did", "does", "do", "will", "has", "have", "had");

    /** The words a question opens with before its auxiliary: "how did", "why does". */
    private static final Set<String> QUESTION_WORDS = Set.of("how", "why", "what", "when", "where");

    /** What "how" asks of an amount before its auxiliary: "how much did aws operating margin expand". */
    private static final Set<String> HOW_MUCH = Set.of("much", "far");

    /** Verbs of what a company tells: "what did block say", "how does chase report". */
    private static final Set<String> REPORTING_VERBS = Set.of("say", "said", "says", "report", "reported", "reports",
            "disclose", "disclosed", "discloses", "guide", "guided", "mention", "mentioned", "announce", "announced",
            "expect", "expects", "comment", "note", "explain", "book", "recognize", "describe");

    /**
     * Words i..i+n-1 are the question's subject: possessive, at its head right before a word of its business, before a
     * verb of telling, or at its end after a metric.
     */
    private static boolean itsSubject(List<NameTokens.Token> tokens, int i, int n) {
        return tokens.get(i + n - 1).possessive() || (headOfSubject(tokens, i) && followedByItsBusiness(tokens, i, n))
                || saysSomething(tokens, i, n) || endsAQuestionOfItsBusiness(tokens, i, n);
    }

    /** How far after a name that opens the question a word of its business may come. */
    private static final int BUSINESS_WITHIN = 4;

    /**
     * ... and after a small listing's coined name, which no other title holds: analysts describe what they ask about before
     * the word of business ("hovnanian land-light lot option deposits").
     */
    private static final int BUSINESS_WITHIN_A_COINED_NAME = 6;

    /**
     * The word opens the question, or follows the auxiliary that does ("does semileds still have going concern doubt",
     * "how did zedge ..."), and a word of business (not a year) comes within {@link #BUSINESS_WITHIN_A_COINED_NAME} after it.
     */
    private static boolean firstBeforeItsBusiness(List<NameTokens.Token> tokens, int i) {
        return opensTheQuestion(tokens, i) && businessWithin(tokens, i + 1, false, BUSINESS_WITHIN_A_COINED_NAME);
    }

    /**
     * Word {@code i} opens the question, or follows the auxiliary that does ("does semileds", "how did zedge", "how much
     * did aws").
     */
    private static boolean opensTheQuestion(List<NameTokens.Token> tokens, int i) {
        return i == 0 || (i == 1 && AUXILIARIES.contains(tokens.get(0).norm()))
                || (i == 2 && QUESTION_WORDS.contains(tokens.get(0).norm()) && AUXILIARIES.contains(tokens.get(1).norm()))
                || (i == 3 && tokens.get(0).norm().equals("how") && HOW_MUCH.contains(tokens.get(1).norm())
                        && AUXILIARIES.contains(tokens.get(2).norm()));
    }

    /**
     * A word of business (not a year) within {@link #BUSINESS_WITHIN} words from {@code from}; with {@code
     * beforeAFunctionWord}, before any function word: "fuel cost recovery", "expect capex"; not "analysis of crop yield
     * genes".
     */
    private static boolean businessWithin(List<NameTokens.Token> tokens, int from, boolean beforeAFunctionWord) {
        return businessWithin(tokens, from, beforeAFunctionWord, BUSINESS_WITHIN);
    }

    private static boolean businessWithin(List<NameTokens.Token> tokens, int from, boolean beforeAFunctionWord, int within) {
        for (int k = from; k < from + within && k < tokens.size(); k++) {
            String w = tokens.get(k).norm();
            if (beforeAFunctionWord && Vocabulary.FUNCTION_WORDS.contains(w)) {
                return false;
            }
            if (Vocabulary.isBusinessWord(w) && !Vocabulary.isPeriodNumber(w)) {
                return true;
            }
        }
        return false;
    }

    /** The shortest coined word read as a small listing's name: shorter ones are as often abbreviations or slips. */
    static final int MIN_COINED_NAME = 5;

    /**
     * A word of letters no English list, abbreviation list or word of company names holds ("hovnanian", "zedge"), at least
     * {@link #MIN_COINED_NAME} long, no place ("arizona"), and one company's only: no other title begins with it, nor does
     * a large issuer's hold it ("morgan" begins Morgan Stanley's title as well as Morgan Group Holding's).
     */
    private boolean aCoinedWordOfOneListing(NameTokens.Token word, Candidates found) {
        String w = word.norm();
        return Vocabulary.isCoinedWord(w, MIN_COINED_NAME)
                && !Vocabulary.isCommonWord(w) && !Vocabulary.isGenericNameWord(w) && !Vocabulary.isAcronym(w.toUpperCase(Locale.ROOT))
                && !Vocabulary.isPlace(w) && found.entries.stream().map(e -> e.cik()).distinct().count() == 1
                && catalog.directory().map(d -> d.issuersCalled(w).size() <= 1).orElse(false);
    }

    /**
     * The words are the subject between an auxiliary and a verb of telling: "what did block say about margins", "how does
     * target report comparable sales"; a name of common words is a company there.
     */
    private static boolean saysSomething(List<NameTokens.Token> tokens, int i, int n) {
        return i > 0 && i + n < tokens.size() && AUXILIARIES.contains(tokens.get(i - 1).norm())
                && REPORTING_VERBS.contains(tokens.get(i + n).norm());
    }

    /** Token i starts the question or follows a cue that makes it the subject ("what did", "compare"); not "on steel revenue". */
    private static boolean headOfSubject(List<NameTokens.Token> tokens, int i) {
        return i == 0 || Vocabulary.SUBJECT_CUES.contains(tokens.get(i - 1).norm());
    }

    /**
     * Words i..i+n-1 are the subject of a business question: possessive ("apple's"), followed by a
     * business word ("apple services margin", "target comparable sales"), or after a cue ("what did
     * apple say", "how does visa make money"); "apple pie" and "target date funds" are none of these.
     */
    private static boolean inBusinessContext(List<NameTokens.Token> tokens, int i, int n) {
        return businessContext(tokens, i, n, true);
    }

    /**
     * The words after i..i+n-1 go on about its business, or it is possessive: "apple's", "apple services margin",
     * "target comparable sales", "apple vs microsoft"; a cue before it is not enough ("how do spot crypto etfs work").
     */
    private static boolean followedByItsBusiness(List<NameTokens.Token> tokens, int i, int n) {
        return businessContext(tokens, i, n, false);
    }

    private static boolean businessContext(List<NameTokens.Token> tokens, int i, int n, boolean afterACue) {
        NameTokens.Token last = tokens.get(i + n - 1);
        if (last.possessive() && !CONTRACTED.contains(last.norm())) {
            return true;
        }
        int next = i + n;
        for (int skipped = 0; skipped < 2 && next + 1 < tokens.size() && jargon(tokens.get(next)); skipped++) {
            next++; // "micron hbm revenue", "nvidia gpu sales", "carrier resi hvac volumes"
        }
        // regions between a company and its business: "sbux china comps", "general mils north america retail sales",
        // "converse north america and china revenue"
        next = pastRegions(tokens, next);
        if (next < tokens.size() && COMPARISON.contains(tokens.get(next).norm())) {
            // "apple vs microsoft", but not "principal vs agent": a comparison is between companies when the other side
            // is written as a name
            return next + 1 < tokens.size() && (tokens.get(next + 1).hasUpperOrDigit()
                    || !Vocabulary.isEverydayWord(tokens.get(next + 1).norm()));
        }
        if (next + 1 < tokens.size() && REGULATORY_TERMS.contains(tokens.get(next).norm() + " " + tokens.get(next + 1).norm())) {
            // "spire missouri rate case", "wells asset cap impact"
            return true;
        }
        if (next < tokens.size() && Vocabulary.isBusinessWord(tokens.get(next).norm())) {
            // "progressive tax brackets", "travelers spending on airfare": a word that ordinary English compounds
            // with the word before it shows a company only with another business word after it.
            return !Vocabulary.COMPOUNDING_BUSINESS_WORDS.contains(tokens.get(next).norm())
                    || (next + 1 < tokens.size() && Vocabulary.isBusinessWord(tokens.get(next + 1).norm()));
        }
        // after a cue the name is the subject of what follows, unless a word that can only be a noun follows, with which an
        // English word makes a noun phrase: "how does visa make money", "is apple profitable", not "how do visa
        // restrictions affect hiring" or "is progressive taxation good for growth"
        return afterACue && i > 0 && Vocabulary.SUBJECT_CUES.contains(tokens.get(i - 1).norm())
                && !(next < tokens.size() && Vocabulary.isEverydayWord(last.norm()) && Vocabulary.isOnlyANoun(tokens.get(next).norm()));
    }

    /**
     * The words after an upper-case ticker go on about its business: a business word next ("GS investment banking
     * fees"), or a metric of a few words ending in one ("UPS average daily volume", "KO case volume growth"), with no
     * word before it that only holds a sentence together ("UPS and downs of the sales cycle"). Not for a name in lower
     * case, where an English name and a noun after it make a phrase of their own ("apple pie recipe sales").
     */
    private static boolean businessAfterTicker(String after) {
        List<String> ahead = wordsAfter(after);
        if (ahead.isEmpty()) {
            return false;
        }
        if (Vocabulary.isBusinessWord(ahead.get(0))) {
            return true;
        }
        for (int k = 1; k < ahead.size(); k++) {
            if (Vocabulary.FUNCTION_WORDS.contains(ahead.get(k - 1)) || Vocabulary.isBusinessWord(ahead.get(k - 1))) {
                return false;
            }
            if (Vocabulary.isBusinessWordAfterAnyWord(ahead.get(k))) {
                return true;
            }
        }
        return false;
    }

    private static final Set<String> CONTINENTS = Set.of("america", "americas", "europe", "asia", "africa", "pacific", "china");
    private static final Set<String> POINTS_OF_A_REGION = Set.of("north", "south", "latin", "central", "greater", "western",
            "eastern", "northern", "southern", "southeast", "asia");

    /** A place, or a region of one or two words ("europe", "north america", "greater china"), no possessive. */
    private static boolean region(NameTokens.Token first, NameTokens.Token second) {
        if (second.possessive() || (first != null && first.possessive())) {
            return false;
        }
        if (first == null) {
            return Vocabulary.isPlace(second.norm()) || CONTINENTS.contains(second.norm());
        }
        return POINTS_OF_A_REGION.contains(first.norm())
                && (CONTINENTS.contains(second.norm()) || Vocabulary.isPlace(second.norm()));
    }

    /**
     * Past the region at {@code at} and the regions "and" joins to it ("north america and china"), where a word follows
     * them; {@code at} itself where no region begins there.
     */
    private static int pastRegions(List<NameTokens.Token> tokens, int at) {
        int past = pastRegion(tokens, at);
        while (past > at && past + 1 < tokens.size() && tokens.get(past).norm().equals("and")) {
            int further = pastRegion(tokens, past + 1);
            if (further == past + 1) {
                break;
            }
            past = further;
        }
        return past;
    }

    private static int pastRegion(List<NameTokens.Token> tokens, int at) {
        if (at + 2 < tokens.size() && region(tokens.get(at), tokens.get(at + 1))) {
            return at + 2;
        }
        return at + 1 < tokens.size() && region(null, tokens.get(at)) ? at + 1 : at;
    }

    /** An abbreviation or a word no English list holds ("gpu", "hbm", "revpar"): a product or metric, not prose. */
    private static boolean jargon(NameTokens.Token t) {
        String w = t.norm();
        return !Vocabulary.isBusinessWord(w) && (Vocabulary.isAcronym(w.toUpperCase(Locale.ROOT))
                || Vocabulary.isCoinedWord(w, 2));
    }

    private static boolean allUpperCase(List<NameTokens.Token> tokens, int i, int n) {
        for (int k = i; k < i + n; k++) {
            if (!isAllUpperCase(tokens.get(k).original())) {
                return false;
            }
        }
        return true;
    }

    private static boolean allCapitalised(List<NameTokens.Token> tokens, int i, int n) {
        for (int k = i; k < i + n; k++) {
            if (!tokens.get(k).capitalised()) {
                return false;
            }
        }
        return true;
    }

    static boolean sentenceInitial(String text, int start) {
        for (int p = start - 1; p >= 0; p--) {
            char c = text.charAt(p);
            if (Character.isWhitespace(c) && c != '\n') {
                continue;
            }
            return ".?!:;\n\"'".indexOf(c) >= 0;
        }
        return true;
    }

    /**
     * A name written wholly in lower case, as a drug's international name is ("sabizabulin") or a brand styled so
     * ("fairlife"): in lower case it is written as its owner writes it, unlike a name with a capital inside ("eCommerce").
     */
    private static final Pattern PREFIXED_BRAND = Pattern.compile("[a-z][A-Z][a-z]{2,}[A-Za-z]*");

    /**
     * A letter before a capitalised word ("iPhone", "uContact", "sPower") is a brand's spelling, which analysts type in
     * lower case; a letter before capitals ("qPCR", "cGMP", "hMPV") is the trade's term, and so is an English prefix
     * English writes in lower case itself ("ecommerce", "igaming").
     */
    static boolean prefixedBrand(String name) {
        String folded = name.toLowerCase(Locale.ROOT);
        return PREFIXED_BRAND.matcher(name).matches() && !Vocabulary.isEverydayWord(folded) && !Vocabulary.isTradeWordInLowerCase(folded);
    }

    private static boolean wholeInLowerCase(String name) {
        return name.chars().noneMatch(Character::isUpperCase);
    }

    /**
     * A listed name in capitals that is a word, not initials: four letters or more with two vowels at least ("EPYC",
     * "ZERUST", "GEICO", "NARCAN"; of four, no English word), so in any case it is the brand; initials ("AWS", "HPIDC")
     * are read only in capitals.
     */
    static boolean aWordInCapitals(String name) {
        if (name.length() < 4 || !name.chars().allMatch(Character::isUpperCase)
                || (name.length() == 4 && Vocabulary.isEverydayWord(name.toLowerCase(Locale.ROOT)))) {
            return false;
        }
        return name.chars().filter(c -> "AEIOUY".indexOf(c) >= 0).count() >= 2;
    }

    private static boolean isAllUpperCase(String word) {
        boolean letter = false;
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (Character.isLowerCase(c)) {
                return false;
            }
            letter |= Character.isLetter(c);
        }
        return letter;
    }

    private static boolean mostlyUpperCase(String text) {
        int letters = 0;
        int upper = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isLetter(c)) {
                letters++;
                if (Character.isUpperCase(c)) {
                    upper++;
                }
            }
        }
        return letters >= 12 && upper > letters * 0.6;
    }

    /** What one phrase matched across the corpus, alias and directory indexes. */
    private final class Candidates {
        final List<NameIndex.Entry> entries = new ArrayList<>();
        boolean exact;
        boolean alias;
        boolean learned;
        /** Read from the alias list's products: as a learned name is, and said so. */
        boolean product;
        /**
         * On the alias list's products for the issuers it names, whether or not a filing taught it too: read by the rules
         * for the list's names ("Legg Mason", which Franklin's filings teach as well, is a name English would not write).
         */
        boolean listed;
        /** A directory name read only where the question is about the issuer ({@link IssuerDirectory#namesInContext()}). */
        boolean inContext;
        /** Only the coined leading word of a name a filing taught. */
        boolean leadingLearned;

        boolean isEmpty() {
            return entries.isEmpty();
        }

        int bestRank() {
            return entries.stream().mapToInt(NameIndex.Entry::rank).min().orElse(Integer.MAX_VALUE);
        }

        /**
         * One issuer, or null when the phrase is ambiguous: corpus issuers win; among others a whole
         * name goes to the best-ranked listing, a partial name must be unique.
         */
        IssuerIdentity choose() {
            Map<String, IssuerIdentity> inCorpus = new LinkedHashMap<>();
            Map<String, IssuerIdentity> others = new LinkedHashMap<>();
            NameIndex.Entry bestOther = null;
            for (NameIndex.Entry e : entries) {
                IssuerIdentity id = resolver.byEntry(e).orElse(null);
                if (id == null) {
                    continue;
                }
                if (id.inCorpus()) {
                    inCorpus.putIfAbsent(id.key(), id);
                } else {
                    others.putIfAbsent(id.key(), id);
                    if (bestOther == null || e.rank() < bestOther.rank()) {
                        bestOther = e;
                    }
                }
            }
            if (inCorpus.size() == 1) {
                return inCorpus.values().iterator().next();
            }
            if (inCorpus.size() > 1) {
                return exact ? inCorpus.values().iterator().next() : null;
            }
            if (others.size() == 1) {
                return others.values().iterator().next();
            }
            if (others.size() > 1 && exact && bestOther != null) {
                return resolver.byEntry(bestOther).orElse(null);
            }
            return null;
        }
    }

    private Candidates lookup(String joined, String concatenated) {
        Candidates c = new Candidates();
        NameIndex.Hit corpus = catalog.corpusNames().lookup(joined, concatenated);
        NameIndex.Hit aliases = catalog.aliases().nameIndex().lookup(joined, concatenated);
        if (aliases == null || !aliases.exact()) {
            NameIndex.Hit former = catalog.shortenedFormerNames().lookup(joined, concatenated);
            aliases = former != null && former.exact() ? former : aliases;
        }
        NameIndex.Hit directory = catalog.directory().map(d -> d.names().lookup(joined, concatenated)).orElse(null);
        for (NameIndex.Hit hit : new NameIndex.Hit[] {corpus, aliases, directory}) {
            if (hit != null && hit.exact()) {
                c.entries.addAll(hit.entries());
                c.exact = true;
            }
        }
        if (c.exact) {
            // An alias is a weaker reading only when no real name says the same.
            c.alias = aliases != null && aliases.exact() && (corpus == null || !corpus.exact())
                    && (directory == null || !directory.exact());
            return c;
        }
        // (a word that only begins a small listing's name does not name it, so it leaves the word to the alias list's product:
        // "Blackwell" is NVIDIA's, not the leading word of Blackwell 3D Construction Corp.)
        boolean onlyBeginsSmallListings = directory != null && !directory.exact()
                && directory.entries().stream().allMatch(e -> e.rank() >= IssuerDirectory.SMALL_LISTINGS);
        // (a product only as written apart or together: "Gulf Stream" is the ocean's current, not Gulfstream)
        NameIndex.Hit product = corpus == null && (directory == null || onlyBeginsSmallListings)
                ? catalog.aliases().productIndex().lookup(joined, joined) : null;
        NameIndex.Hit learned = corpus == null && directory == null ? catalog.learnedNames().lookup(joined, concatenated) : null;
        // A product of the alias list ("YouTube", "Red Hat") is read as a name a filing taught is; where a filing taught
        // it to another issuer, the list says whose it is (a filing names other companies' products among its own).
        boolean listed = product != null && product.exact() && (learned == null || !learned.exact() || learned.entries().stream()
                .noneMatch(l -> product.entries().stream().anyMatch(e -> e.ticker().equals(l.ticker()))));
        NameIndex.Hit taught = listed ? product : learned;
        if (taught != null && taught.exact()) {
            // A product or segment a filing taught ("YouTube", "Gatorade"): read only where no name, not even
            // the leading words of one ("Rivian" of Rivian Automotive, which Amazon's filings name), says otherwise.
            c.entries.addAll(taught.entries());
            c.exact = true;
            c.learned = true;
            c.product = listed;
            c.listed = listed || (product != null && product.exact() && taught.entries().stream()
                    .allMatch(l -> product.entries().stream().anyMatch(e -> e.ticker().equals(l.ticker()))));
            return c;
        }
        if (learned != null && product == null && learned.entries().stream().map(NameIndex.Entry::ticker).distinct().count() == 1) {
            // The coined word a name a filing taught begins with, and no name nor listed product begins ("hillshire" of
            // Hillshire Farm): see Catalog#learnedNames.
            c.entries.addAll(learned.entries());
            c.learned = true;
            c.leadingLearned = true;
            return c;
        }
        for (NameIndex.Hit hit : new NameIndex.Hit[] {corpus, directory}) {
            if (hit != null) {
                c.entries.addAll(hit.entries());
            }
        }
        if (c.isEmpty() && corpus == null && directory == null) {
            NameIndex.Hit inContext = catalog.directory().map(d -> d.namesInContext().lookup(joined, concatenated)).orElse(null);
            if (inContext != null) {
                c.entries.addAll(inContext.entries());
                c.inContext = true;
            }
        }
        return c;
    }

    /** {@code clinical}: the question holds a word of medicine, in which two capitals are a disease or a measure. */
    private void readTickers(String text, boolean shouting, boolean clinical, boolean[] covered, List<Mention> out) {
        Matcher m = TICKER.matcher(text);
        List<Mention> lone = new ArrayList<>();
        Set<String> named = new HashSet<>();
        out.forEach(x -> named.add(x.issuer().key()));
        boolean namedByName = !out.isEmpty();
        while (m.find()) {
            int start = m.start(2);
            int end = m.end(2);
            if (partOfCompound(text, start, end)) {
                continue;
            }
            String symbol = m.group(2);
            boolean dollar = m.group(1) != null;
            if (!dollar && spelledByTheWordsBefore(text, start, symbol)) {
                // "Medicare Advantage MA star ratings", "net interest margin (NIM)": the words' short form, defined in place
                continue;
            }
            boolean cued = dollar || TICKER_CUE.matcher(text.substring(Math.max(0, start - 24), start)).find()
                    || parenthesised(text, start, end);
            boolean possessive = end + 1 < text.length() && NameTokens.isApostrophe(text.charAt(end))
                    && (text.charAt(end + 1) == 's' || text.charAt(end + 1) == 'S');
            if ((Vocabulary.isAcronym(symbol) || afterNumber(text, start) || afterATerm(text, start)
                    || beforeADocumentNumber(text, end)) && !cued) {
                continue;
            }
            if (!cued && !possessive && symbol.length() == 2 && (stateNamed(symbol, text.substring(end)) || clinical)) {
                // "MA sales tax revenue" is Massachusetts; "MS revenue" beside "patients" is multiple sclerosis.
                continue;
            }
            IssuerIdentity issuer = resolver.byTicker(symbol).orElse(null);
            if (issuer == null || (covered[start] && !named.contains(issuer.key()))) {
                // Inside a name, an upper-case word counts only as that name's own ticker ("MGM" in MGM Resorts).
                continue;
            }
            boolean direct = resolver.isCorpusTicker(symbol) || (!issuer.inCorpus() && issuer.ticker().equals(Ticker.canonical(symbol)));
            boolean wordLike = symbol.length() == 1 || Vocabulary.isCommonWord(symbol);
            if (shouting && !cued) {
                continue;
            }
            boolean openingLetter = symbol.length() == 1 && start == 0 && bareOneLetterTicker(symbol, namedByName, text, end);
            if (!issuer.inCorpus() && !cued && !possessive && symbol.length() < MIN_BARE_DIRECTORY_TICKER
                    && !(symbol.length() == MIN_BARE_DIRECTORY_TICKER - 1 && bareThreeLetterTicker(symbol, namedByName, text.substring(end), start == 0))
                    && !(symbol.length() == 2 && bareTwoLetterTicker(symbol, namedByName, text.substring(end), start == 0))
                    && !openingLetter) {
                // Nearly every two- and three-letter string is listed somewhere ("MLR" of "ACA" plans are
                // Miller Industries and Arcosa); outside the corpus such a word names an issuer only in context.
                continue;
            }
            if (!issuer.inCorpus() && !cued && !possessive && symbolOfASmallListing(symbol) && typoOfALargerIssuer(symbol)) {
                // "TLSA deliveries" is Tesla mistyped more likely than Tiziana Life Sciences: left to the typo reading.
                continue;
            }
            IssuerIdentity initialsOf = !issuer.inCorpus() && !cued && !possessive && symbol.length() >= 3
                    ? initialsOfAListingForABlankCheck(symbol, issuer) : null;
            if (initialsOf != null) {
                // A blank-check company has no business of its own to ask about: bare, its ticker is the one listing's whose
                // name it writes the initials of ("TVA fuel cost recovery" is the Tennessee Valley Authority's, not Texas
                // Ventures Acquisition III's); "$TVA" and "ticker TVA" stay the ticker.
                out.add(new Mention(initialsOf, ABBREVIATION, "initials of name", symbol, start));
            } else if (!wordLike) {
                out.add(new Mention(issuer, direct ? EXACT : ALIAS, direct ? "ticker" : "ticker through CIK or ticker change",
                        symbol, start));
            } else if (cued || possessive) {
                out.add(new Mention(issuer, TICKER_IN_CONTEXT, "ticker in ticker context", symbol, start));
            } else if (openingLetter || (start == 0 && symbol.length() >= 3 && !namedByName && !inTitleCase(text)
                    && itsBusinessNext(symbol, text.substring(end)) && (issuer.inCorpus() || catalog.directory()
                            .flatMap(d -> d.byTicker(symbol)).map(e -> e.rank() < LARGEST_LISTINGS).orElse(false)))
                    || (issuer.inCorpus() && !sentenceInitial(text, start) && !afterLabelWord(text, start) && !inTitleCase(text))) {
                // A one-letter or word-like ticker in capitals that opens the question before its business ("V revenue
                // growth", "COST membership fees", "CAT dealer inventories"), or a corpus ticker inside it; a question in
                // title case writes "A" and "On" as it writes every word ("Blue Chip Stocks For A Portfolio").
                lone.add(new Mention(issuer, LONE_WORDLIKE_TICKER, "lone upper-case ticker", symbol, start));
            }
        }
        readClassSharesInAnyCase(text, covered, named, out);
        readLowerCaseTickers(text, covered, named, out);
        // "V" alone reads as Visa only when nothing else in the question names an issuer.
        if (out.isEmpty() && lone.size() == 1) {
            out.add(lone.get(0));
        }
    }

    private static final Pattern WORD_OF_LETTERS = Pattern.compile("\\p{L}{2,}");

    /** Four words or more, every word of letters capitalised and none all in capitals: "Blue Chip Stocks For A Portfolio". */
    static boolean inTitleCase(String text) {
        Matcher w = WORD_OF_LETTERS.matcher(text);
        int words = 0;
        while (w.find()) {
            String word = w.group();
            if (!Character.isUpperCase(word.charAt(0)) || word.substring(1).chars().noneMatch(Character::isLowerCase)) {
                return false;
            }
            words++;
        }
        return words >= 4;
    }

    /** Up to three words that follow, in lower case, up to the first punctuation. */
    private static List<String> wordsAfter(String after) {
        List<String> words = new ArrayList<>(3);
        Matcher next = NEXT_WORD.matcher(after);
        while (words.size() < 3 && next.lookingAt()) {
            words.add(next.group(1).toLowerCase(Locale.ROOT));
            after = after.substring(next.end());
            next = NEXT_WORD.matcher(after);
        }
        return words;
    }

    /** A state's postal code followed, within two words, by a word of state government or taxes. */
    private static boolean stateNamed(String symbol, String after) {
        if (!Vocabulary.STATE_CODES.contains(symbol)) {
            return false;
        }
        Matcher next = NEXT_WORD.matcher(after);
        for (int k = 0; k < 2 && next.lookingAt(); k++) {
            if (Vocabulary.STATE_CONTEXT.contains(next.group(1).toLowerCase(Locale.ROOT))) {
                return true;
            }
            after = after.substring(next.end());
            next = NEXT_WORD.matcher(after);
        }
        return false;
    }

    /**
     * A three-letter upper-case word outside the corpus reads as the directory's ticker when it is no
     * English word or abbreviation ("UNH", "JPM", not "CAT", "ALL", "LNG"); beside a company named by
     * name, where it may be that company's jargon, only when it is one of the largest listings.
     */
    private boolean bareThreeLetterTicker(String symbol, boolean namedByName, String after, boolean opening) {
        if (Vocabulary.isAcronym(symbol)) {
            return false;
        }
        if (Vocabulary.isEverydayWord(symbol)) {
            // "DIS streaming losses": an English word ("dis", not "CAT", "ALL", "KEY" unless they open the question) of a
            // large listing's ticker, followed by a business word.
            return !namedByName && (opening || !Vocabulary.isCommonWord(symbol)) && businessAfterTicker(after)
                    && listing(symbol).map(e -> e.rank() < LARGEST_LISTINGS).orElse(false);
        }
        return !namedByName || listing(symbol).map(e -> e.rank() < LARGEST_LISTINGS).orElse(false);
    }

    /**
     * A two-letter upper-case word outside the corpus reads as the ticker of one of the very largest listings
     * when a business word follows and nothing else names an issuer ("GS investment banking fees", "KO volume growth"),
     * unless it is a common word ("SO", "MO") or a metric's abbreviation ("GM" for gross margin). A ticker such a listing
     * traded under before, no listing's today, is its name still where it opens the question before a word that is no
     * function word, whatever its business: "FB family of apps daily active people" is Meta's, "FB of the month" no one's.
     */
    private boolean bareTwoLetterTicker(String symbol, boolean namedByName, String after, boolean opening) {
        boolean formerTicker = opening && !after.isBlank() && catalog.directory().flatMap(d -> d.byTicker(symbol)).isEmpty()
                && catalog.aliases().newTickerOf(symbol).isPresent()
                && wordsAfter(after).stream().limit(1).noneMatch(Vocabulary.FUNCTION_WORDS::contains);
        return !namedByName && !Vocabulary.isCommonWord(symbol) && !Vocabulary.METRIC_ABBREVIATIONS.contains(symbol)
                && (businessAfterTicker(after) || formerTicker)
                && listing(symbol).map(e -> e.rank() < MEGA_LISTINGS).orElse(false);
    }

    /**
     * A business word right after a word-like ticker, or after one or two more words, the first of which English does not make
     * a compound with it: "COST membership fees", "ALL catastrophe losses", "POST pet food segment", not "FAST food menu
     * pricing" or "KEY takeaways from earnings".
     */
    private static boolean itsBusinessNext(String symbol, String after) {
        List<String> ahead = wordsAfter(after);
        if (ahead.isEmpty() || Vocabulary.isEnglishCompound(symbol, ahead.get(0))) {
            return false;
        }
        for (int k = 0; k < ahead.size(); k++) {
            // a word joined by hyphens is its first word here: "banking-as-a-service partners" is banking's
            String word = ahead.get(k).indexOf('-') > 0 ? ahead.get(k).substring(0, ahead.get(k).indexOf('-')) : ahead.get(k);
            if (Vocabulary.isBusinessWordAfterAnyWord(word)) {
                return true;
            }
            if (Vocabulary.FUNCTION_WORDS.contains(word) || Vocabulary.isBusinessWord(word)) {
                return false;
            }
        }
        return false;
    }

    /**
     * A one-letter ticker of one of the very largest listings that opens the question, followed by its business ("V
     * revenue growth", "C markets revenue"): not the article or the pronoun ("A revenue decline", "I think"), not in a
     * question in title case.
     */
    private boolean bareOneLetterTicker(String symbol, boolean namedByName, String text, int end) {
        List<String> ahead = wordsAfter(text.substring(end));
        return !namedByName && !symbol.equals("A") && !symbol.equals("I") && !inTitleCase(text)
                && !ahead.isEmpty() && RESULTS_AFTER_A_LETTER.contains(ahead.get(0))
                && listing(symbol).map(e -> e.rank() < MEGA_LISTINGS).orElse(false);
    }

    /**
     * What follows a one-letter ticker when it is one: its results, not a word a letter makes a term with ("B share
     * class", "C suite pay", "D rated debt", "E mini futures", "T bill yields", "K shaped recovery").
     */
    private static final Set<String> RESULTS_AFTER_A_LETTER = Set.of("revenue", "revenues", "sales", "margin", "margins",
            "earnings", "eps", "guidance", "growth", "results", "outlook", "capex", "buyback", "buybacks", "dividend",
            "dividends", "profit", "profits", "volume", "volumes", "cross", "subscribers", "deposits", "loans", "payments",
            "markets", "10-k", "10k", "q1", "q2", "q3", "q4");

    /**
     * Any listing's ticker of four or five letters in lower case that opens the question, no English word nor a word of the
     * trade, before a word that is not a function word: "nnvc cash burn", "ocsl portfolio at fair value". Nearly every
     * string of three letters is listed somewhere; four letters that are no word, at the head of a question, are meant as
     * a ticker ("asic demand" and "defi volumes" are the trade's words). Five letters one short of a large listing's
     * longer first word are that name mistyped, left to the typo reading ("agnco eagle mines" is Agnico Eagle's).
     */
    private boolean opensTheQuestionAsATicker(List<NameTokens.Token> tokens, int k) {
        NameTokens.Token t = tokens.get(k);
        String word = t.original();
        return k == 0 && word.length() >= 4 && !t.possessive() && !Vocabulary.isEverydayWord(word) && k + 1 < tokens.size()
                && !Vocabulary.FUNCTION_WORDS.contains(tokens.get(k + 1).norm())
                && (word.length() < 5 || catalog.directory().map(d -> d.largest(LONG_WORD_TYPO_LISTINGS)).orElse(List.of()).stream()
                        .noneMatch(l -> !l.words().isEmpty() && l.words().get(0).length() > 5 && oneEditApart(word, l.words().get(0))));
    }

    /**
     * Tickers typed in lower case ("msft capex", "buyback update jnj"): a corpus ticker, or one of the
     * directory's largest listings, of three letters or more that is no English word or abbreviation; any listing's
     * that opens the question ({@link #opensTheQuestionAsATicker}).
     */
    private void readLowerCaseTickers(String text, boolean[] covered, Set<String> named, List<Mention> out) {
        List<NameTokens.Token> tokens = NameTokens.tokenize(text);
        for (int k = 0; k < tokens.size(); k++) {
            NameTokens.Token t = tokens.get(k);
            String original = t.original();
            String word = original;
            if (t.start() > 0 && text.charAt(t.start() - 1) == '$' && word.length() <= 5 && !covered[t.start()]
                    && word.chars().allMatch(Character::isLetter) && !word.chars().allMatch(Character::isUpperCase)) {
                // A cashtag is a ticker in any case: "$hubs customer count", "$Nvda".
                String symbol = word.toUpperCase(Locale.ROOT);
                resolver.byTicker(symbol).ifPresent(issuer -> out.add(new Mention(issuer, TICKER_IN_CONTEXT, "cashtag ticker", original, t.start())));
                continue;
            }
            if (k == 0 && word.length() >= 3 && Character.isUpperCase(word.charAt(0)) && sentenceInitial(text, t.start())
                    && word.substring(1).chars().allMatch(Character::isLowerCase)) {
                // the capital a question's first word takes says nothing: "Msft cloud revenue" is "msft cloud revenue"
                word = word.toLowerCase(Locale.ROOT);
            }
            // a corpus issuer's ticker, or its former one, that opens the question before a name its own filings taught:
            // "keys electronic industrial solutions orders", "fb family of apps ad revenue" (Facebook, now Meta)
            String upper = word.toUpperCase(Locale.ROOT);
            int next = k + 1;
            boolean ownNameNext = k == 0 && word.length() >= 2 && word.length() <= 5 && word.chars().allMatch(Character::isLowerCase)
                    && next < tokens.size() && resolver.byTicker(upper).filter(IssuerIdentity::inCorpus)
                            .map(issuer -> beforeAnotherOfItsLearnedNames(tokens, next, issuer)).orElse(false);
            boolean compared = comparedTickers(tokens, k, k + 2) || comparedTickers(tokens, k - 2, k);
            // the question's subject before its business: "gs trading revenue", "pep pricing growth"
            boolean subject = (headOfSubject(tokens, k) && k + 1 < tokens.size() && followedByItsBusiness(tokens, k, 1)
                    || saysSomething(tokens, k, 1) || endsAQuestionOfItsBusiness(tokens, k, 1) || afterItsMetric(tokens, k))
                    && !Vocabulary.FUNCTION_WORDS.contains(word) && !Vocabulary.isCommonWord(word)
                    && !Vocabulary.isBusinessWord(word) && !Vocabulary.PLACE_NAME_LEADS.contains(word);
            if (word.length() < (compared || subject || ownNameNext ? 2 : 3) || word.length() > 5 || !word.chars().allMatch(Character::isLowerCase)
                    || covered[t.start()] || partOfCompound(text, t.start(), t.end())
                    || (k > 0 && INDEFINITE_DETERMINERS.contains(tokens.get(k - 1).norm()))
                    || beginsACompoundOutsideBusiness(tokens, k) || beforeADocumentNumber(text, t.end())) {
                // after "a" or a possessive pronoun it is the trade's word: "a crm system", "our erp rollout"; "the" may
                // come before a ticker ("the nvda data center ramp"); before a word it makes a compound with, the compound's
                // ("dow jones industrial average"); before a rule's number, the rule's ("sr 11-7 model risk guidance")
                continue;
            }
            String symbol = upper;
            if ((!compared && !subject && !ownNameNext && Vocabulary.isEverydayWord(word)) || Vocabulary.isAcronym(symbol) || Vocabulary.isTradeWordInLowerCase(word)
                    || (!compared && !ownNameNext && Vocabulary.isBusinessWord(word))
                    || Vocabulary.isGenericNameWord(word) || NameTokens.cutOfAGenericNameWord(word)
                    || (Vocabulary.PLACE_NAME_LEADS.contains(word) && !followedByItsBusiness(tokens, k, 1))) {
                // nor the first word of a place: "san francisco offices" is not Santander's ("san revenue growth" is); nor
                // a cut of a word names are made of: "intl revenue growth"; nor the trade's own word: "comp sales" are
                // comparable sales, not Compass's
                continue;
            }
            IssuerIdentity issuer = resolver.byTicker(symbol).orElse(null);
            IssuerIdentity initialsOf = issuer == null || word.length() < 3 || Vocabulary.isEverydayWord(word) ? null
                    : initialsOfAListingForABlankCheck(symbol, issuer);
            if (initialsOf != null && initialsOf.inCorpus()
                    && (subject || inBusinessContext(tokens, k, 1)
                            || (opensTheQuestion(tokens, k) && businessWithin(tokens, k + 1, true)))) {
                // a blank-check company's ticker in lower case, where the question goes on about the business of the one
                // corpus issuer whose initials it writes, is that issuer's: "fuel cost revenue at tva fy2023" is the
                // Tennessee Valley Authority's, as "TVA" is
                out.add(new Mention(initialsOf, ABBREVIATION, "initials of name", original, t.start()));
                continue;
            }
            // the next listings' tickers, to the 7,000 largest, only at the head of the subject before its business: "czr
            // digital segment ebitda", "whr north america pricing actions", "sgu customer attrition"; not a name's
            // possessive, "sam's club"
            boolean headOfItsQuestion = word.length() >= 3 && !Vocabulary.isEverydayWord(word) && !t.possessive()
                    && headOfSubject(tokens, k) && (followedByItsBusiness(tokens, k, 1) || beforeAMetric(tokens, k, 1));
            // a two-letter ticker no listing holds now, that one of the very largest changed from: "fb capex 2024" (Meta)
            boolean formerOfTheLargest = word.length() == 2 && catalog.directory().flatMap(d -> d.byTicker(symbol)).isEmpty()
                    && listing(symbol).map(e -> e.rank() < MEGA_LISTINGS).orElse(false);
            if (issuer == null || !(largeOrCorpusTicker(symbol) || ownNameNext || formerOfTheLargest
                    || (headOfItsQuestion && listedBelow(symbol, HEAD_OF_QUESTION_TICKER_LISTINGS))
                    || opensTheQuestionAsATicker(tokens, k))) {
                continue;
            }
            if (!compared && !ownNameNext && word.length() == 2 && (Vocabulary.METRIC_ABBREVIATIONS.contains(symbol) || Vocabulary.isEverydayWord(word)
                    || !(listedBelow(symbol, MEGA_LISTINGS) || formerOfTheLargest))) {
                // two letters in lower case only for the largest listings, and never a metric's ("gm", "pm")
                continue;
            }
            // an English word or two letters is a ticker less surely than "msft"
            boolean wordLike = !compared && (word.length() == 2 || Vocabulary.isEverydayWord(word));
            out.add(new Mention(issuer, wordLike ? LONE_WORDLIKE_TICKER : ALIAS, "lower-case ticker", original, t.start()));
        }
    }

    /**
     * The last word of the question, right after a metric and a business word before it, the metric not one that English
     * puts after any noun ({@link Vocabulary#COMPOUNDING_BUSINESS_WORDS}): "enterprise revenue growth zm", "net income growth
     * ko"; not "sales per sq", "margin trends cost".
     */
    private static boolean afterItsMetric(List<NameTokens.Token> tokens, int k) {
        if (k != tokens.size() - 1 || k < 2) {
            return false;
        }
        String metric = tokens.get(k - 1).norm();
        return Vocabulary.isBusinessWordAfterAnyWord(metric)
                && !Vocabulary.isPeriodNumber(metric) && Vocabulary.isBusinessWord(tokens.get(k - 2).norm());
    }


    /** The word is a kind of place and the word before it, capitalised and no function word, names it: "Mekong Delta". */
    private static boolean placeBefore(List<NameTokens.Token> tokens, int k) {
        if (k == 0 || !Vocabulary.isKindOfPlace(tokens.get(k).norm())) {
            return false;
        }
        NameTokens.Token before = tokens.get(k - 1);
        return before.capitalised() && before.original().chars().allMatch(Character::isLetter)
                && !Vocabulary.FUNCTION_WORDS.contains(before.norm());
    }

    /** The next word is a kind of place this word names: "Amazon rainforest", "Apple Valley". */
    private static boolean beforeAKindOfPlace(List<NameTokens.Token> tokens, int k) {
        return k + 1 < tokens.size() && Vocabulary.isKindOfPlace(tokens.get(k + 1).norm());
    }

    /**
     * A place's name before "state" is the state, whatever follows ("apple orchard acreage in washington state yoy"); before
     * a state's name with no word of business after them, a town: "columbia missouri housing". But "spire missouri
     * utility margins" is Spire's utility, and a town's name that is no place of the English list stays the company's
     * ("ashland oregon").
     */
    private static boolean beforeItsState(List<NameTokens.Token> tokens, int k) {
        if (!Vocabulary.isPlace(tokens.get(k).norm())) {
            return false;
        }
        for (int n = 1; n <= 2 && k + n < tokens.size(); n++) {
            String next = NameTokens.joined(tokens.subList(k + 1, k + 1 + n).stream().map(NameTokens.Token::norm).toList());
            if (next.equals("state")) {
                return true;
            }
            if (Vocabulary.STATE_NAMES.contains(next)) {
                String after = k + 1 + n < tokens.size() ? tokens.get(k + 1 + n).norm() : "";
                return !Vocabulary.isBusinessWord(after) || Vocabulary.isPeriodNumber(after);
            }
        }
        return false;
    }

    /** The word at {@code k} and the next are a place's name: "costa rica", "hong kong". */
    private static boolean beginsAPlace(List<NameTokens.Token> tokens, int k) {
        return k + 1 < tokens.size() && Vocabulary.isPlace(tokens.get(k).norm() + " " + tokens.get(k + 1).norm());
    }

    /** Words whose two sides a question compares. */
    private static final Set<String> COMPARISON = Set.of("vs", "versus", "v");

    /**
     * Two lower-case words either side of "vs", both tickers of corpus issuers or the largest listings ("pep vs ko"):
     * compared like that, even English words and two letters are tickers. Function and common words never are.
     */
    private boolean comparedTickers(List<NameTokens.Token> tokens, int left, int right) {
        if (left < 0 || right >= tokens.size() || !COMPARISON.contains(tokens.get(left + 1).original())) {
            return false;
        }
        for (NameTokens.Token side : List.of(tokens.get(left), tokens.get(right))) {
            String word = side.original();
            if (word.length() < 2 || !word.chars().allMatch(Character::isLowerCase) || Vocabulary.FUNCTION_WORDS.contains(word)
                    || Vocabulary.isCommonWord(word) || resolver.byTicker(word.toUpperCase(Locale.ROOT)).isEmpty()
                    || !largeOrCorpusTicker(word.toUpperCase(Locale.ROOT))) {
                return false;
            }
        }
        return true;
    }

    private boolean largeOrCorpusTicker(String symbol) {
        return listedBelow(symbol, LARGEST_LISTINGS);
    }

    private boolean listedBelow(String symbol, int rank) {
        return resolver.isCorpusTicker(symbol) || catalog.directory().flatMap(d -> d.byTicker(symbol))
                .map(e -> e.rank() < rank).orElse(false);
    }

    private void readClassSharesInAnyCase(String text, boolean[] covered, Set<String> named, List<Mention> out) {
        Matcher m = CLASS_SHARE.matcher(text);
        while (m.find()) {
            String symbol = m.group(1);
            if (symbol.equals(symbol.toUpperCase(Locale.ROOT)) || partOfCompound(text, m.start(1), m.end(1))) {
                continue; // upper case is read with the other tickers
            }
            IssuerIdentity issuer = resolver.byTicker(symbol).orElse(null);
            if (issuer == null || !issuer.inCorpus() || (covered[m.start(1)] && !named.contains(issuer.key()))) {
                continue;
            }
            boolean direct = resolver.isCorpusTicker(symbol);
            out.add(new Mention(issuer, direct ? EXACT : ALIAS, direct ? "ticker" : "ticker through CIK or ticker change",
                    symbol, m.start(1)));
        }
    }

    /** "S&P", "R&D", "10-K", "COVID-19": letters glued to others by &, - or / are not a ticker. */
    /** A hyphen and a letter right after {@code end}: the word goes on into a compound ("buy-and-hold"). */
    private static boolean continuesWithAHyphen(String text, int end) {
        return end + 1 < text.length() && text.charAt(end) == '-' && Character.isLetter(text.charAt(end + 1));
    }

    private static boolean partOfCompound(String text, int start, int end) {
        if (start > 0) {
            char before = text.charAt(start - 1);
            if (before == '&' || before == '-' || before == '/' || Character.isLetterOrDigit(before)) {
                return true;
            }
        }
        if (end < text.length()) {
            char after = text.charAt(end);
            if (after == '&' || after == '/' || (after == '-' && end + 1 < text.length()
                    && Character.isLetterOrDigit(text.charAt(end + 1)))) {
                return true;
            }
        }
        return false;
    }

    private static final Pattern DOCUMENT_NUMBER = Pattern.compile(" (\\d{1,3})-(\\d{1,3})(?![\\p{L}\\p{N}%])"
            + "(?!\\s*(?i:years?|yrs?|months?|quarters?|qtrs?|weeks?|days?|x)(?![\\p{L}\\p{N}]))");

    /**
     * Right before the number of a letter, rule or standard in its series, numbers joined by a hyphen: "SR 11-7" (the
     * Federal Reserve's supervisory letter), "ASU 16-13"; not "KO 10-K" or "HD 2023-24 outlook", nor a range of a
     * percentage or of a span of time ("MSFT 30-35% azure growth", "nvda 3-5 year cagr"), nor two years of two figures in a
     * row ("crm 22-23 margins").
     */
    private static boolean beforeADocumentNumber(String text, int end) {
        Matcher m = DOCUMENT_NUMBER.matcher(text).region(end, text.length());
        return m.lookingAt() && !(m.group(1).length() == 2 && m.group(2).length() == 2
                && Integer.parseInt(m.group(2)) == Integer.parseInt(m.group(1)) + 1);
    }

    /** A span of time written with its figures and a hyphen ("50-day", "10-year"), which a measure's abbreviation follows. */
    private static final Pattern TERM_BEFORE = Pattern.compile("(?<![\\p{L}\\p{N}])\\d{1,3}-(?:day|week|month|year|yr)s?\\s+$",
            Pattern.CASE_INSENSITIVE);

    /** Right after a span of time: "50-day MA" is a moving average, "10-year UST" a note, not Mastercard or a listing. */
    private static boolean afterATerm(String text, int start) {
        return TERM_BEFORE.matcher(text.substring(Math.max(0, start - 16), start)).find();
    }

    /**
     * A word of one or two letters after an amount is its unit: "25 BP", "$5 BN", "10 MM shares"; not after a
     * year or a fiscal year ("2024 GS revenue", "FY24 KO volume").
     */
    private static boolean afterNumber(String text, int start) {
        int end = start;
        while (end < text.length() && Character.isLetter(text.charAt(end))) {
            end++;
        }
        return end - start <= 2 && afterAnAmount(text, start);
    }

    /** Word {@code k} and the next make an English compound, the next no word of business: "tesla coil", "dow jones". */
    private static boolean beginsACompoundOutsideBusiness(List<NameTokens.Token> tokens, int k) {
        if (k + 1 >= tokens.size()) {
            return false;
        }
        String next = tokens.get(k + 1).norm();
        return Vocabulary.isEnglishCompound(tokens.get(k).norm(), next) && !Vocabulary.isBusinessWord(next);
    }

    private static final Pattern WORDS_BEFORE = Pattern.compile("\\p{L}+");

    /** The words right before an upper-case word (an opening bracket between them aside) begin with its letters in turn. */
    static boolean spelledByTheWordsBefore(String text, int start, String symbol) {
        if (symbol.length() < 2 || !symbol.chars().allMatch(Character::isLetter)) {
            return false;
        }
        int end = start;
        while (end > 0 && (Character.isWhitespace(text.charAt(end - 1)) || text.charAt(end - 1) == '(')) {
            end--;
        }
        List<String> words = new ArrayList<>();
        Matcher w = WORDS_BEFORE.matcher(text.substring(0, end));
        while (w.find()) {
            words.add(w.group());
        }
        if (words.size() < symbol.length() || end == 0 || !Character.isLetter(text.charAt(end - 1))) {
            return false;
        }
        List<String> spelling = words.subList(words.size() - symbol.length(), words.size());
        for (int k = 0; k < symbol.length(); k++) {
            if (Character.toUpperCase(spelling.get(k).charAt(0)) != symbol.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static boolean parenthesised(String text, int start, int end) {
        return start > 0 && end < text.length() && text.charAt(start - 1) == '(' && text.charAt(end) == ')';
    }

    private static boolean afterLabelWord(String text, int start) {
        int p = start - 1;
        while (p >= 0 && Character.isWhitespace(text.charAt(p))) {
            p--;
        }
        int wordEnd = p + 1;
        while (p >= 0 && Character.isLetter(text.charAt(p))) {
            p--;
        }
        String word = text.substring(p + 1, wordEnd).toLowerCase(Locale.ROOT);
        return LABEL_WORDS.contains(word);
    }

    /** One mention per issuer: its best score, at its first position. */
    private static List<Mention> merge(List<Mention> mentions) {
        Map<String, Mention> byIssuer = new LinkedHashMap<>();
        mentions.sort((a, b) -> Integer.compare(a.position(), b.position()));
        for (Mention m : mentions) {
            byIssuer.merge(m.issuer().key(), m, (a, b) -> {
                List<Route.Naming> both = new ArrayList<>(a.namedBy());
                b.namedBy().stream().filter(n -> !both.contains(n)).forEach(both::add);
                Mention best = b.score() > a.score() ? b : a;
                return new Mention(best.issuer(), best.score(), best.how(), best.surface(), a.position(), both);
            });
        }
        return new ArrayList<>(byIssuer.values());
    }
}
