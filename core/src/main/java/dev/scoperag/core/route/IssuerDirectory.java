package dev.scoperag.core.route;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.filing.Ticker;
import dev.scoperag.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Every listed issuer the SEC knows (company_tickers.json): lets the router recognise a company
 * outside the corpus, and map a current ticker to the CIK a corpus filing was made under.
 */
public final class IssuerDirectory {

    /** One row of company_tickers.json; rank is its position, which the SEC orders by market value. */
    public record Entry(long cik, String ticker, String title, int rank) {

        public Entry {
            ticker = Ticker.canonical(ticker);
            title = title == null ? "" : title;
        }

        /** The title without the SEC's state tag ("CORNING INC /NY" is "CORNING INC"). */
        public String displayName() {
            return NameTokens.withoutStateTag(title);
        }
    }

    private final List<Entry> entries;
    private final Map<String, Entry> byTicker = new HashMap<>();
    private final Map<Long, List<Entry>> byCik = new HashMap<>();
    private volatile NameIndex names;
    private volatile NameIndex namesInContext;
    private volatile Map<String, Set<Long>> issuersCalled;
    private volatile Set<String> titleWords;
    private volatile List<String> lowerCaseTitles;

    /** Rows without a ticker or a CIK (SEC's CIKs start at 1) are left out: they could only be looked up wrongly. */
    @JsonCreator
    public IssuerDirectory(@JsonProperty("entries") List<Entry> entries) {
        this.entries = entries == null ? List.of()
                : entries.stream().filter(Objects::nonNull).filter(e -> !e.ticker().isEmpty() && e.cik() > 0).toList();
        for (Entry e : this.entries) {
            byTicker.putIfAbsent(e.ticker(), e);
            byCik.computeIfAbsent(e.cik(), k -> new ArrayList<>(1)).add(e);
        }
    }

    /** Reads SEC's {@code {"0":{"cik_str":320193,"ticker":"AAPL","title":"Apple Inc."},...}} format. */
    public static IssuerDirectory load(Path companyTickersJson) {
        try (InputStream in = Files.newInputStream(companyTickersJson)) {
            return parse(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static IssuerDirectory parse(InputStream companyTickersJson) throws IOException {
        JsonNode root = Json.MAPPER.readTree(companyTickersJson);
        List<Entry> entries = new ArrayList<>(root.size());
        Iterator<JsonNode> rows = root.elements();
        while (rows.hasNext()) {
            JsonNode row = rows.next();
            String ticker = row.path("ticker").asText("");
            if (ticker.isEmpty() || !row.hasNonNull("cik_str")) {
                continue;
            }
            entries.add(new Entry(row.get("cik_str").asLong(), ticker, row.path("title").asText(""), entries.size()));
        }
        return new IssuerDirectory(entries);
    }

    @JsonProperty("entries")
    public List<Entry> entries() {
        return entries;
    }

    /** The listing of a ticker in any spelling (BRK.B finds BRK-B), or empty. */
    public Optional<Entry> byTicker(String ticker) {
        return Optional.ofNullable(byTicker.get(Ticker.canonical(ticker)));
    }

    /** Every listing of one issuer (Alphabet has GOOGL and GOOG), best-ranked first. */
    public List<Entry> byCik(long cik) {
        return byCik.getOrDefault(cik, Collections.emptyList());
    }

    /** The SEC lists issuers by market value: the largest listings are the first thousand. */
    static final int LARGE_LISTINGS = 1000;

    /**
     * An English word names a listing up to this rank, the largest thousand's wherever the question treats it as a
     * company, the next two thousand's only as its subject ("energizer battery volume decline"; 2,000 until the
     * fifteenth pass on issue 17, which read five more analyst questions alone and one more of 240 kept-back hard
     * no-issuer questions).
     */
    static final int ENGLISH_NAME_LISTINGS = 3000;

    /** The largest listings, which own their first word beside listings past the largest thousand. */
    static final int MEGA_LISTINGS = 300;

    /** Listings past this rank are too small to stand in a large issuer's way for its own first word. */
    static final int SMALL_LISTINGS = 3000;

    /** Built on first use and kept: the directory does not change while a catalog uses it. */
    NameIndex names() {
        NameIndex index = names;
        if (index == null) {
            synchronized (this) {
                index = names;
                if (index == null) {
                    index = new NameIndex(false);
                    for (Entry e : entries) {
                        index.add(e.title(), e.ticker(), e.cik(), e.rank());
                    }
                    NameIndex inContext = new NameIndex(false);
                    addDistinctiveFirstWords(index, inContext);
                    addDistinctiveLeadingNames(index, inContext);
                    namesInContext = inContext;
                    names = index;
                }
            }
        }
        return index;
    }

    /**
     * The first word of a longer title stands for its issuer when it is no English word and no other
     * issuer's title starts with it, or every other one that does is a small listing beside a large one:
     * "costco" is Costco Wholesale, "exxon" Exxon Mobil, "honeywell" Honeywell International (not its
     * small Honeywell Aerospace), "procter" Procter &amp; Gamble (a trust that names it in its title starts
     * otherwise), and an English word only for a large issuer ("micron" Micron Technology); "america" (in dozens of
     * titles) and "target" name nobody alone. A larger listing whose whole name begins the others' is the word's too
     * ("cheniere" is Cheniere Energy, not its Cheniere Energy Partners), and initials before a name are read past
     * ("smucker" of J M SMUCKER, "grainger" of W W GRAINGER).
     */
    private void addDistinctiveFirstWords(NameIndex index, NameIndex inContext) {
        Map<String, List<Entry>> startingWith = new HashMap<>();
        // A word inside another large issuer's title is that issuer's too: "charles" is in SCHWAB CHARLES CORP as well
        // as first in Charles River Laboratories, so it names neither alone.
        Map<String, Set<Long>> largeTitlesHolding = new HashMap<>();
        for (Entry e : entries) {
            if (e.rank() < LARGE_LISTINGS) {
                for (String w : NameTokens.nameWords(e.title())) {
                    largeTitlesHolding.computeIfAbsent(w, k -> new HashSet<>()).add(e.cik());
                }
            }
        }
        Map<Long, List<String>> namesOf = new HashMap<>();
        for (Entry e : entries) {
            List<String> words = NameTokens.stripSuffixes(NameTokens.nameWords(e.title()));
            namesOf.putIfAbsent(e.cik(), words);
            // Initials before the name are read past: "smucker" of J M SMUCKER, "grainger" of W W GRAINGER.
            int lead = 0;
            while (lead + 1 < words.size() && (words.get(lead).length() == 1 || (words.get(lead).length() == 2
                    && !Vocabulary.isEverydayWord(words.get(lead)) && words.get(lead).chars().noneMatch(c -> "aeiouy".indexOf(c) >= 0)))) {
                // initials have no vowel between them ("jm"); "li" of Li Auto is a name, so "auto" is not Li Auto's
                lead++;
            }
            if (words.size() >= 2) {
                List<Entry> same = startingWith.computeIfAbsent(words.get(lead), k -> new ArrayList<>(1));
                if (same.stream().noneMatch(s -> s.cik() == e.cik())) {
                    same.add(e);
                }
            }
        }
        startingWith.forEach((first, titles) -> {
            Entry best = titles.get(0); // entries are in rank order
            if (first.length() < 4 || !NameIndex.distinctive(first)
                    || (Vocabulary.isEverydayWord(first) && best.rank() >= ENGLISH_NAME_LISTINGS)) {
                // An English first word ("micron", "carrier") is a large issuer's only; the reader wants it at the head
                // of the question's subject and before its business.
                return;
            }
            List<String> bestName = namesOf.get(best.cik());
            boolean alone = titles.size() == 1
                    || (best.rank() < LARGE_LISTINGS && titles.stream().skip(1).allMatch(t -> t.rank() >= SMALL_LISTINGS
                            || startsWith(namesOf.get(t.cik()), bestName)));
            // One of the largest 300 beside listings past the largest thousand, read only as the question's subject:
            // "marriott revenue growth" is Marriott International, not Marriott Vacations Worldwide, but "the phillips
            // curve" is nobody's; a place ("boston") or an English word ("steel") is nobody's anywhere.
            boolean largest = !alone && best.rank() < MEGA_LISTINGS && !Vocabulary.isEverydayWord(first) && !AliasLearner.isPlace(first)
                    && !Vocabulary.CITIES.contains(first)
                    && titles.stream().skip(1).allMatch(t -> t.rank() >= LARGE_LISTINGS
                            || startsWith(namesOf.get(t.cik()), bestName));
            Set<Long> holders = largeTitlesHolding.getOrDefault(first, Set.of());
            boolean held = holders.stream().allMatch(cik -> cik == best.cik() || startsWith(namesOf.get(cik), bestName));
            if (alone && held) {
                index.addLeadingWord(first, best.ticker(), best.cik(), best.title(), best.rank());
            } else if (largest && held) {
                inContext.addLeadingWord(first, best.ticker(), best.cik(), best.title(), best.rank());
            }
        });
    }

    private volatile Map<String, Long> onlyIssuerBeginning;

    /**
     * Each run of a title's first words (two or more, legal form left out), joined, with the one issuer whose name begins
     * with it or is it, or -1 where several do.
     */
    private Map<String, Long> onlyIssuerBeginning() {
        Map<String, Long> onlyCik = onlyIssuerBeginning;
        if (onlyCik == null) {
            onlyCik = new HashMap<>();
            for (Entry e : entries) {
                List<String> words = NameTokens.stripSuffixes(NameTokens.nameWords(e.title()));
                for (int k = 2; k <= words.size(); k++) {
                    String lead = NameTokens.joined(words.subList(0, k));
                    Long seen = onlyCik.putIfAbsent(lead, e.cik());
                    if (seen != null && seen != e.cik()) {
                        onlyCik.put(lead, -1L);
                    }
                }
            }
            onlyIssuerBeginning = onlyCik;
        }
        return onlyCik;
    }

    /** Whether {@code name} begins with all of {@code lead}'s words: Cheniere Energy Partners with Cheniere Energy. */
    private static boolean startsWith(List<String> name, List<String> lead) {
        return name.size() > lead.size() && name.subList(0, lead.size()).equals(lead);
    }

    /**
     * A large issuer's name without the generic words that end it stands for the issuer when no other title starts
     * with it and it holds a word of its own: "Johnson Controls" (International plc), "Raymond James" (Financial),
     * "Philip Morris" (International). Leading words of all 10,000 titles would be too loose ("United States" would be
     * an oil fund, "Public Service" a utility), so only the largest listings, and never a phrase of common words alone.
     */
    private void addDistinctiveLeadingNames(NameIndex index, NameIndex inContext) {
        Map<String, Long> onlyCik = onlyIssuerBeginning();
        for (Entry e : entries) {
            if (e.rank() >= LARGE_LISTINGS) {
                continue;
            }
            List<String> words = NameTokens.stripSuffixes(NameTokens.nameWords(e.title()));
            if (words.size() < 3) {
                continue; // two words of its own and a generic one after them, at the least
            }
            int end = words.size();
            while (end > 2 && Vocabulary.isGenericNameWord(words.get(end - 1))) {
                end--;
            }
            int connector = words.indexOf("and");
            boolean beforeConnector = end == words.size() && connector >= 2;
            if (beforeConnector) {
                end = connector; // "Air Products" of Air Products & Chemicals
            }
            List<String> core = words.subList(0, end);
            String last = core.get(core.size() - 1);
            if (end < 2 || end == words.size() || List.of("and", "of", "the", "for").contains(last)
                    || core.stream().noneMatch(w -> NameIndex.distinctive(w) && !AliasLearner.isPlace(w)
                            && (beforeConnector || !Vocabulary.isEverydayWord(w)))) {
                // a nationality or place is no word of its own: "canadian natural" is gas before it is CNQ
                continue;
            }
            String lead = NameTokens.joined(core);
            if (Long.valueOf(e.cik()).equals(onlyCik.get(lead))) {
                index.addLeadingWord(lead, e.ticker(), e.cik(), e.title(), e.rank());
                index.addLeadingWord(NameTokens.concatenated(core), e.ticker(), e.cik(), e.title(), e.rank());
            }
        }
        addUniqueLeadingPairs(index, onlyCik, inContext);
    }

    /**
     * The first two words of a large issuer's longer name stand for it when no other title starts with them, whatever
     * word follows: "royal caribbean" (Cruises), "capital one" (Financial). A pair of common words is read in lower
     * case only where the question goes on about the business, as any such name is ("capital one net charge-offs", not
     * "capital one needs"); a pair that begins another title, or is one, ("united states", "public service") is
     * nobody's. A pair with a place in it ("new york", "las vegas") or with an English word that is not one of those
     * common words ("live nation", "super micro", "martin marietta") goes to {@link #namesInContext()}, or nowhere. A
     * smaller listing's pair, past the largest thousand, goes there too, whatever its size: "suburban propane",
     * "compass minerals" name their issuers as the question's subject.
     */
    private void addUniqueLeadingPairs(NameIndex index, Map<String, Long> onlyCik, NameIndex inContext) {
        for (Entry e : entries) {
            List<String> words = NameTokens.stripSuffixes(NameTokens.nameWords(e.title()));
            if (words.size() < 3 || words.get(1).length() < 3 || List.of("and", "of", "the", "for").contains(words.get(1))
                    || words.subList(0, 2).stream().anyMatch(w -> w.chars().anyMatch(Character::isDigit))) {
                continue;
            }
            List<String> pair = words.subList(0, 2);
            String lead = NameTokens.joined(pair);
            if (!Long.valueOf(e.cik()).equals(onlyCik.get(lead))) {
                continue;
            }
            if (e.rank() >= LARGE_LISTINGS) {
                // any smaller listing's pairs only as the question's subject: "option care home infusion margin",
                // "american eagle's aerie growth", "compass minerals salt volumes"
                if (pairInContext(pair, true)) {
                    inContext.addLeadingWord(lead, e.ticker(), e.cik(), e.title(), e.rank());
                }
                continue;
            }
            boolean place = Vocabulary.PLACE_NAME_LEADS.contains(pair.get(0)) || pair.stream().anyMatch(AliasLearner::isPlace);
            boolean english = pair.stream().anyMatch(w -> Vocabulary.isEverydayWord(w) && !Vocabulary.isCommonWord(w)
                    && !Vocabulary.isGenericNameWord(w));
            if (!place && !english) {
                index.addLeadingWord(lead, e.ticker(), e.cik(), e.title(), e.rank());
            } else if (pairInContext(pair, false)) {
                inContext.addLeadingWord(lead, e.ticker(), e.cik(), e.title(), e.rank());
            }
        }
    }

    /**
     * A leading pair with an English word in it ("live nation", "super micro", "old dominion") or a place after a word
     * of its own ("martin marietta") is read in lower case only as the subject of a business question (see
     * {@link #namesInContext()}). Left out are pairs that open with a place or a nationality ("palo alto", "canadian
     * natural", "mexican economic"), whose second word is a business or common word that English puts after the first
     * ("international business", "automatic data", "joint stock", "extra space"), or that hold a word one letter long.
     * A smaller listing's pair may end in a common word ("option care"), never in a function word or a kind of place
     * ("permian basin" is the basin before it is a royalty trust).
     */
    private static boolean pairInContext(List<String> pair, boolean midSize) {
        String first = pair.get(0);
        String second = pair.get(1);
        return first.length() >= 3 && !Vocabulary.PLACE_NAME_LEADS.contains(first) && !AliasLearner.isPlace(first)
                && !Vocabulary.FUNCTION_WORDS.contains(first) && !Vocabulary.isBusinessWord(second)
                && !Vocabulary.isGenericNameWord(second) && !Vocabulary.CORPORATE_SUFFIXES.contains(second)
                && (midSize ? !Vocabulary.FUNCTION_WORDS.contains(second) && !Vocabulary.isKindOfPlace(second)
                        : !Vocabulary.isCommonWord(second));
    }

    /**
     * Names that stand for a large issuer only where the question is about it: the leading pairs of {@link
     * #pairInContext}. Built with {@link #names()}.
     */
    NameIndex namesInContext() {
        names();
        return namesInContext;
    }

    /**
     * The issuers a filing may mean by one word: the first word of any title ("Deutsche", "Columbia", "Morgan") and
     * any other word of a large issuer's title ("Mellon", "Lilly"), when it is no English word. Wider than the names a
     * question is read by, since a filing that writes the word mid-sentence writes it as a name.
     */
    Set<Long> issuersCalled(String word) {
        Map<String, Set<Long>> called = issuersCalled;
        if (called == null) {
            called = new HashMap<>();
            for (Entry e : entries) {
                List<String> words = NameTokens.stripSuffixes(NameTokens.nameWords(e.title()));
                for (int k = 0; k < words.size() && (k == 0 || e.rank() < LARGE_LISTINGS); k++) {
                    String w = words.get(k);
                    if (w.length() >= 4 && NameIndex.distinctive(w) && !Vocabulary.isEverydayWord(w)) {
                        called.computeIfAbsent(w, x -> new HashSet<>()).add(e.cik());
                    }
                }
            }
            issuersCalled = called;
        }
        return called.getOrDefault(word, Set.of());
    }

    private volatile Map<String, Set<Long>> titlesBeginning;

    /**
     * The issuers past the small listings whose title begins with these two words: "apple hospitality" is Apple
     * Hospitality REIT's, so "apple" before "hospitality" is not Apple; the trusts that Franklin Templeton names are too
     * small to take "franklin templeton" from Franklin Resources.
     */
    Set<Long> sizeableIssuersWhoseTitleBegins(String first, String second) {
        Map<String, Set<Long>> beginning = titlesBeginning;
        if (beginning == null) {
            beginning = new HashMap<>();
            for (Entry e : entries) {
                List<String> words = NameTokens.nameWords(e.title());
                if (words.size() >= 2 && e.rank() < SMALL_LISTINGS) {
                    beginning.computeIfAbsent(words.get(0) + " " + words.get(1), x -> new HashSet<>(1)).add(e.cik());
                }
            }
            titlesBeginning = beginning;
        }
        return beginning.getOrDefault(first + " " + second, Set.of());
    }

    /**
     * How many issuers' titles hold the letters, inside a word or not ("crypto" of CryptoBlox and Bit Crypto); an
     * issuer's several listings (PhenixFIN's shares and its notes) are one.
     */
    int titlesHolding(String letters) {
        List<String> titles = lowerCaseTitles;
        if (titles == null) {
            titles = entries.stream().map(e -> e.title().toLowerCase(Locale.ROOT)).toList();
            lowerCaseTitles = titles;
        }
        String wanted = letters.toLowerCase(Locale.ROOT);
        Set<Long> holding = new HashSet<>();
        for (int k = 0; k < titles.size(); k++) {
            if (titles.get(k).contains(wanted)) {
                holding.add(entries.get(k).cik());
            }
        }
        return holding.size();
    }

    /** Whether any listing's title holds the word: "biotech" and "fintech" are words names are made of. */
    boolean inAnyTitle(String word) {
        Set<String> words = titleWords;
        if (words == null) {
            words = new HashSet<>();
            for (Entry e : entries) {
                words.addAll(NameTokens.nameWords(e.title()));
            }
            titleWords = words;
        }
        return words.contains(word);
    }

    /**
     * A listing and the words of its name without legal form, as a typo of it is checked; {@code shortened}: only the
     * first two of them.
     */
    record NamedListing(Entry entry, List<String> words, String name, boolean shortened) {

        NamedListing(Entry entry, List<String> words) {
            this(entry, words, NameTokens.joined(words), false);
        }

        String firstWord() {
            return words.isEmpty() ? "" : words.get(0);
        }
    }

    private volatile List<NamedListing> largest;

    private volatile Map<Integer, List<NamedListing>> byNameLength;

    /**
     * Every listing of two name words or more by the length of its name as {@link NamedListing#name()} writes it, in rank
     * order: a mistyped name is one edit from names one letter shorter, as long or one longer, and no others. A longer
     * name's first two words are there too where no other listing's name begins with them nor is them ("johnson controls"
     * of Johnson Controls International), as people shorten it and then mistype it ("jonhson controls backlog").
     */
    List<NamedListing> namesOfLength(int length) {
        Map<Integer, List<NamedListing>> index = byNameLength;
        if (index == null) {
            index = new HashMap<>();
            Map<String, Long> onlyCik = onlyIssuerBeginning();
            for (NamedListing named : largest(entries.size())) {
                if (named.words().size() >= 2) {
                    index.computeIfAbsent(named.name().length(), k -> new ArrayList<>()).add(named);
                }
                if (named.words().size() >= 3) {
                    List<String> pair = named.words().subList(0, 2);
                    String lead = NameTokens.joined(pair);
                    if (Long.valueOf(named.entry().cik()).equals(onlyCik.get(lead)) && pair.stream().allMatch(w -> w.length() >= 3)
                            && !Vocabulary.FUNCTION_WORDS.contains(pair.get(1))) {
                        index.computeIfAbsent(lead.length(), k -> new ArrayList<>()).add(new NamedListing(named.entry(), List.copyOf(pair), lead, true));
                    }
                }
            }
            byNameLength = index;
        }
        return index.getOrDefault(length, List.of());
    }

    private volatile Map<String, List<NamedListing>> byAmpersandInitials;

    /**
     * The listings among the {@link #SMALL_LISTINGS} largest whose name is two words joined by "&amp;" or "and", in rank
     * order, that {@code pair} ("h&amp;p") writes the initials of: Helmerich &amp; Payne. Of those listings 16 have such a
     * name, no two with the same letters.
     */
    List<NamedListing> withAmpersandInitials(String pair) {
        Map<String, List<NamedListing>> index = byAmpersandInitials;
        if (index == null) {
            index = new HashMap<>();
            for (NamedListing named : largest(SMALL_LISTINGS)) {
                List<String> words = named.words();
                if (words.size() == 3 && words.get(1).equals("and") && words.get(0).length() > 1 && words.get(2).length() > 1) {
                    index.computeIfAbsent(words.get(0).charAt(0) + "&" + words.get(2).charAt(0), k -> new ArrayList<>()).add(named);
                }
            }
            byAmpersandInitials = index;
        }
        return index.getOrDefault(pair, List.of());
    }

    /** The {@code n} best-ranked listings with their names' words; built once for the most asked. */
    List<NamedListing> largest(int n) {
        int wanted = Math.min(n, entries.size());
        List<NamedListing> cached = largest;
        if (cached == null || cached.size() < wanted) {
            List<NamedListing> built = new ArrayList<>();
            for (Entry e : entries.subList(0, wanted)) {
                built.add(new NamedListing(e, List.copyOf(NameTokens.stripSuffixes(NameTokens.nameWords(e.title())))));
            }
            cached = List.copyOf(built);
            largest = cached;
        }
        return cached.subList(0, wanted);
    }

    /** The listings ranked after the {@code n} best, with their names' words. */
    List<NamedListing> listingsPast(int n) {
        List<NamedListing> all = largest(entries.size());
        return all.subList(Math.min(n, all.size()), all.size());
    }

    public int size() {
        return entries.size();
    }

    /**
     * A blank-check company's name: "Texas Ventures Acquisition III Corp", "Rice Acquisition Corp 3". 710 of the 10,438
     * listings of SEC's company_tickers.json of early 2026, none ranked in the 2,600 largest.
     */
    private static final Pattern BLANK_CHECK = Pattern.compile(
            "(?i)\\bacquisitions?\\b.*\\b(corp|corporation|company|co|inc|ltd|limited|holdings|group|trust)\\b");

    /** Whether {@code ticker} is a blank-check company's, which has no business of its own to ask about yet. */
    boolean blankCheck(String ticker) {
        return byTicker(ticker).map(e -> BLANK_CHECK.matcher(e.title()).find()).orElse(false);
    }

    /** A listing whose name has some initials, and its place among the listings (0 the largest). */
    record Initialled(NamedListing listing, int place) {}

    private volatile Map<String, List<Initialled>> byInitials;

    /**
     * The listings, largest first, whose name of three words or more, without connectors and legal form, has the letters of
     * {@code initials} (lower case) as its words' first letters: "tva" is the Tennessee Valley Authority's (TVE and TVC).
     */
    List<Initialled> withInitials(String initials) {
        Map<String, List<Initialled>> index = byInitials;
        if (index == null) {
            index = new HashMap<>();
            List<NamedListing> all = largest(entries.size());
            for (int place = 0; place < all.size(); place++) {
                NamedListing named = all.get(place);
                List<String> words = named.words().stream().filter(w -> !NameTokens.CONNECTORS.contains(w)).toList();
                if (words.size() >= 3) {
                    index.computeIfAbsent(NameTokens.initialsOf(words), k -> new ArrayList<>()).add(new Initialled(named, place));
                }
            }
            byInitials = index;
        }
        return index.getOrDefault(initials, List.of());
    }
}
