package dev.scoperag.core.route;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.filing.Ticker;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What the query side knows about issuers: the corpus (built from DocumentCommitted records, one
 * entry per ticker filed under, in canonical spelling), and optionally the SEC issuer directory and
 * aliases that map other tickers, CIKs and names onto it. Plain data, serialisable as JSON for
 * broadcast state; updates touch one issuer. Not thread-safe for writes: one writer, as in a
 * broadcast function. No operation throws for what a record or a question holds: a look-up that
 * misses is empty, a record that names no shard is left out.
 */
public final class Catalog {

    /** Last words of a firm's name that say only what kind of firm it is: "Star Gas Partners", "Tyco Fire Products Group". */
    private static final Set<String> FIRM_WORDS = Set.of("partners", "group", "holdings", "holding", "industries", "enterprises",
            "company", "companies", "corporation", "incorporated", "international");

    private final TreeMap<String, CorpusIssuer> issuers = new TreeMap<>();
    private IssuerDirectory directory;
    private Aliases aliases;

    // Derived look-ups, rebuilt on demand after a change that can alter them.
    private Map<Long, List<String>> tickersByCik;
    private NameIndex corpusNames;
    private NameIndex shortenedFormerNames;
    private Map<String, List<String>> oneWordNameAliases;
    private NameIndex learnedNames;
    private NameIndex dealNames;
    private Map<String, Set<String>> tickersByInitials;
    private Map<String, Set<String>> tickersByInitialsAndLegalForm;
    private Map<String, Set<String>> formerNamesByTicker;
    /** Built with {@link #learnedNames}: per name's words, the tickers of the issuers whose documents taught it. */
    private Map<String, Set<String>> teachersByName;

    public Catalog() {
        this(Map.of(), null, null);
    }

    @JsonCreator
    public Catalog(
            @JsonProperty("issuers") Map<String, CorpusIssuer> issuers,
            @JsonProperty("directory") IssuerDirectory directory,
            @JsonProperty("aliases") Aliases aliases) {
        if (issuers != null) {
            // State written before tickers were canonical may hold BRK.B and BRK-B apart: one issuer now.
            issuers.values().stream().filter(Objects::nonNull).filter(i -> !i.years().isEmpty())
                    .forEach(i -> this.issuers.merge(i.ticker(), i, CorpusIssuer::mergedWith));
        }
        this.directory = directory;
        this.aliases = aliases == null ? Aliases.empty() : aliases;
    }

    public static Catalog fromJson(String json) {
        try {
            return Json.MAPPER.readValue(json, Catalog.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String toJson() {
        return Json.toString(this);
    }

    public Catalog useDirectory(IssuerDirectory directory) {
        this.directory = directory;
        shortenedFormerNames = null; // of the alias list, not of the corpus: kept as documents come and go
        invalidate();
        return this;
    }

    public Catalog useAliases(Aliases aliases) {
        this.aliases = aliases == null ? Aliases.empty() : aliases;
        shortenedFormerNames = null;
        oneWordNameAliases = null;
        learnedNames = null; // a learned name may be another issuer's alias
        dealNames = null;
        return this;
    }

    /** Records a committed document (or a new version of one) in its shard; a record naming no shard is left out. */
    public void add(DocumentCommitted committed) {
        Optional<Shard> named = committed == null ? Optional.empty() : Shard.fromId(committed.shard());
        if (named.isEmpty()) {
            return;
        }
        Shard shard = named.get();
        CorpusIssuer before = issuers.get(shard.ticker());
        CorpusIssuer base = before != null ? before : new CorpusIssuer(shard.ticker(), committed.cik(), null, null);
        CatalogDocument doc = new CatalogDocument(committed.docId(), committed.formType(), committed.period(),
                committed.learnedAliases(), committed.formerNames(), committed.dealNames());
        CorpusIssuer after = base.with(shard.fiscalYear(), doc, committed.company(), committed.cik());
        issuers.put(shard.ticker(), after);
        learnedNames = null;
        dealNames = null;
        if (before == null || !before.names().equals(after.names()) || !Objects.equals(before.cik(), after.cik())
                || !doc.formerNames().isEmpty()) {
            invalidate();
        }
    }

    /** Removes a retracted document; an issuer with no document left leaves the corpus. */
    public boolean remove(String shardId, String docId) {
        Optional<Shard> named = Shard.fromId(shardId);
        if (named.isEmpty()) {
            return false;
        }
        Shard shard = named.get();
        CorpusIssuer before = issuers.get(shard.ticker());
        if (before == null) {
            return false;
        }
        CorpusIssuer after = before.without(shard.fiscalYear(), docId);
        if (after == null) {
            issuers.remove(shard.ticker());
            invalidate();
        } else {
            issuers.put(shard.ticker(), after);
            invalidate(); // the document may have said a name its company went by before
        }
        return after != before;
    }

    public boolean remove(DocumentRetracted retracted) {
        return retracted != null && remove(retracted.shard(), retracted.docId());
    }

    private void invalidate() {
        tickersByCik = null;
        corpusNames = null;
        learnedNames = null;
        dealNames = null;
        tickersByInitials = null;
        tickersByInitialsAndLegalForm = null;
        formerNamesByTicker = null;
    }

    @JsonProperty("issuers")
    public Map<String, CorpusIssuer> issuers() {
        return Collections.unmodifiableMap(issuers);
    }

    @JsonProperty("directory")
    public IssuerDirectory directoryOrNull() {
        return directory;
    }

    @JsonProperty("aliases")
    public Aliases aliases() {
        return aliases;
    }

    public Optional<IssuerDirectory> directory() {
        return Optional.ofNullable(directory);
    }

    /** The corpus issuer of a ticker in any spelling (brk.b finds BRK-B), or empty. */
    public Optional<CorpusIssuer> issuer(String ticker) {
        return Optional.ofNullable(issuers.get(Ticker.canonical(ticker)));
    }

    /** The corpus tickers filed under one CIK (Block's filings under SQ), in ticker order. */
    public List<String> tickersForCik(long cik) {
        if (tickersByCik == null) {
            Map<Long, List<String>> map = new HashMap<>();
            for (CorpusIssuer issuer : issuers.values()) {
                if (issuer.cik() != null) {
                    map.computeIfAbsent(issuer.cik(), k -> new ArrayList<>()).add(issuer.ticker());
                }
            }
            tickersByCik = map;
        }
        return tickersByCik.getOrDefault(cik, List.of());
    }

    public SortedSet<Integer> fiscalYears(String ticker) {
        return issuer(ticker).map(CorpusIssuer::fiscalYears).orElse(Collections.emptySortedSet());
    }

    public List<CatalogDocument> documents(Shard shard) {
        if (shard == null) {
            return List.of();
        }
        return issuer(shard.ticker()).map(i -> i.years().getOrDefault(shard.fiscalYear(), List.of())).orElse(List.of());
    }

    /** Every shard of the corpus, in ticker and year order. */
    public SortedSet<Shard> shards() {
        TreeSet<Shard> shards = new TreeSet<>();
        issuers.values().forEach(i -> i.years().keySet().forEach(y -> shards.add(new Shard(i.ticker(), y))));
        return shards;
    }

    /**
     * A document lists what it taught most mentioned first: a name among a document's first few is its
     * issuer's own, one further down may be a partner's product it mentions ("YouTube" in a record label's).
     */
    static final int OWN_NAME_POSITIONS = 3;

    /**
     * The names the corpus's documents taught for their own issuer's products, segments and
     * subsidiaries. A name taught by two issuers' documents belongs to the one whose documents put it among
     * their first few when no other's do (Alphabet's "YouTube", which Warner Music's filings also name);
     * otherwise it says neither and is left out. A name the directory, the corpus or an alias gives to another issuer, or
     * that begins with a word the directory calls another issuer by ("Microsoft Teams" in IDT's filings),
     * is left out too, and so is a place's name, which a filing capitalises for where it does business, not for what it
     * sells: "Dallas Fed survey" and "Macau gaming revenue" name no issuer (documents committed before the learner knew
     * places still carry them, so the catalog checks).
     */
    NameIndex learnedNames() {
        if (learnedNames == null) {
            // per name, per issuer (the CIK when known): that issuer and the best position its documents gave the name
            Map<String, Map<Object, Map.Entry<CorpusIssuer, Integer>>> teachers = new HashMap<>();
            Map<String, String> spelling = new HashMap<>();
            for (CorpusIssuer issuer : issuers.values()) {
                Object identity = issuer.cik() != null ? issuer.cik() : issuer.ticker();
                for (List<CatalogDocument> docs : issuer.years().values()) {
                    for (CatalogDocument doc : docs) {
                        List<String> taught = doc.learnedAliases();
                        for (int position = 0; position < taught.size(); position++) {
                            String alias = taught.get(position);
                            String key = NameTokens.joined(NameTokens.nameWords(alias));
                            spelling.putIfAbsent(key, alias);
                            teachers.computeIfAbsent(key, k -> new HashMap<>()).merge(identity, Map.entry(issuer, position),
                                    (a, b) -> b.getValue() < a.getValue() ? b : a);
                        }
                    }
                }
            }
            Map<String, Set<String>> teachersOf = new HashMap<>();
            teachers.forEach((key, byIssuer) -> {
                if (!key.isEmpty()) {
                    Set<String> tickers = new HashSet<>();
                    byIssuer.values().forEach(taught -> tickers.add(taught.getKey().ticker()));
                    teachersOf.put(key, tickers);
                }
            });
            teachersByName = teachersOf;
            NameIndex index = new NameIndex(false);
            teachers.forEach((key, byIssuer) -> {
                List<Map.Entry<CorpusIssuer, Integer>> ranked = new java.util.ArrayList<>(byIssuer.values());
                ranked.sort(Map.Entry.comparingByValue());
                CorpusIssuer owner = ranked.get(0).getKey();
                boolean own = ranked.size() == 1
                        || (ranked.get(0).getValue() < OWN_NAME_POSITIONS && ranked.get(1).getValue() >= OWN_NAME_POSITIONS);
                CorpusIssuer aliased = ranked.size() > 1 ? teacherTheAliasesName(key, ranked) : null;
                if (aliased != null) {
                    // "Facebook", which Zedge's filings name among their first too, is Meta's by the alias list.
                    owner = aliased;
                    own = true;
                }
                if (own && !key.isEmpty() && !namesAnotherIssuer(key, owner) && !Vocabulary.isPlace(spelling.get(key))) {
                    index.add(spelling.get(key), owner.ticker(), owner.cik(), 0);
                    String lead = coinedLeadingWord(key);
                    if (lead != null && !namesAnotherIssuer(lead, owner)) {
                        index.addLeadingWord(lead, owner.ticker(), owner.cik(), spelling.get(key), 0);
                    }
                }
            });
            learnedNames = index;
        }
        return learnedNames;
    }

    /**
     * The names documents give as companies of their issuer's own deals (spun off, sold, held, acquired: "Kenvue" in
     * Johnson &amp; Johnson's), each with the one issuer whose documents give it; a name two issuers give is left out.
     * The reader takes one for its issuer only where the listing the name reads as has no filings in the corpus.
     */
    NameIndex dealNames() {
        if (dealNames == null) {
            Map<String, Set<CorpusIssuer>> givers = new HashMap<>();
            Map<String, String> spelling = new HashMap<>();
            for (CorpusIssuer issuer : issuers.values()) {
                issuer.years().values().forEach(docs -> docs.forEach(doc -> doc.dealNames().forEach(name -> {
                    String key = NameTokens.joined(NameTokens.nameWords(name));
                    spelling.putIfAbsent(key, name);
                    givers.computeIfAbsent(key, k -> new HashSet<>()).add(issuer);
                })));
            }
            NameIndex index = new NameIndex(false);
            givers.forEach((key, by) -> {
                if (by.size() == 1 && !key.isEmpty()) {
                    CorpusIssuer owner = by.iterator().next();
                    index.add(spelling.get(key), owner.ticker(), owner.cik(), 0);
                }
            });
            dealNames = index;
        }
        return dealNames;
    }

    /**
     * The first word of a learned name of two words or more, where it is a coined word that stands for the name as a
     * company's coined first word does ("hillshire" of Hillshire Farm, "clearbridge" of ClearBridge Investments): five
     * letters or more, no English word nor one with an "s" the filing's lost apostrophe left ("Companys Hawthorne"), no
     * place, and no abbreviation finance writes; null otherwise.
     */
    static String coinedLeadingWord(String key) {
        int space = key.indexOf(' ');
        if (space < 0) {
            return null;
        }
        String lead = key.substring(0, space);
        if (!Vocabulary.isCoinedWord(lead, 5) || (lead.endsWith("s") && Vocabulary.isEverydayWord(lead.substring(0, lead.length() - 1)))
                || Vocabulary.isPlace(lead) || AliasLearner.isPlace(lead) || Vocabulary.isGenericNameWord(lead)
                || Vocabulary.isBusinessWord(lead) || Vocabulary.isAcronym(lead.toUpperCase(Locale.ROOT))) {
            return null;
        }
        return lead;
    }

    /** The one teacher of a name that the alias list gives the name to, or null. */
    private CorpusIssuer teacherTheAliasesName(String key, List<Map.Entry<CorpusIssuer, Integer>> teachers) {
        NameIndex.Hit hit = aliases.nameIndex().lookup(key, NameTokens.concatenated(List.of(key.split(" "))));
        if (hit == null || !hit.exact()) {
            return null;
        }
        IssuerResolver resolver = new IssuerResolver(this);
        Set<String> named = new HashSet<>();
        hit.entries().forEach(e -> resolver.byEntry(e).ifPresent(id -> named.add(id.key())));
        List<CorpusIssuer> found = teachers.stream().map(Map.Entry::getKey)
                .filter(t -> resolver.byTicker(t.ticker()).map(id -> named.contains(id.key())).orElse(false)).toList();
        return found.size() == 1 ? found.get(0) : null;
    }

    /**
     * A name a filing teaches that the directory, the corpus or an alias gives to another issuer: a customer, competitor,
     * partner or former parent the filing writes about ("Microsoft" in NVIDIA's, "Walmart" in Symbotic's), not its own.
     */
    private boolean namesAnotherIssuer(String key, CorpusIssuer owner) {
        List<String> words = List.of(key.split(" "));
        List<NameIndex.Entry> named = new ArrayList<>();
        for (NameIndex names : List.of(corpusNames(), aliases.nameIndex())) {
            NameIndex.Hit hit = names.lookup(key, NameTokens.concatenated(words));
            if (hit != null) {
                named.addAll(hit.entries());
            }
        }
        if (directory != null) {
            NameIndex.Hit listed = directory.names().lookup(key, NameTokens.concatenated(words));
            if (listed != null) {
                named.addAll(listed.entries());
            }
            // and a name the directory reads only as a question's subject ("Cracker Barrel", Kraft Heinz's cheese, is the
            // restaurant company's)
            NameIndex.Hit inContext = directory.namesInContext().lookup(key, NameTokens.concatenated(words));
            if (inContext != null) {
                named.addAll(inContext.entries());
            }
            if (directory.issuersCalled(words.get(0)).stream().anyMatch(cik -> !cik.equals(owner.cik()))) {
                // nor a name that begins with another company's ("Microsoft Teams" in IDT's filings is Microsoft's product)
                return true;
            }
        }
        // An alias may name the owner by a former ticker ("Facebook" is FB, now META): compared as the router reads them.
        IssuerResolver resolver = new IssuerResolver(this);
        String ownerKey = resolver.byTicker(owner.ticker()).map(IssuerIdentity::key).orElse(owner.ticker());
        return named.stream().anyMatch(e -> owner.cik() != null && e.cik() != null ? !e.cik().equals(owner.cik())
                : !resolver.byEntry(e).map(IssuerIdentity::key).orElse(e.ticker()).equals(ownerKey));
    }

    /** The learned names by ticker, as spelled and as the router reads them, and the index they were built from. */
    private record LearnedByTicker(NameIndex of, Map<String, List<String>> names, Map<String, List<String>> words) {}

    private LearnedByTicker learnedByTicker;

    /** The names {@link #learnedNames()} keeps, by the ticker of the issuer they name: what a reader of the catalog can check. */
    Map<String, List<String>> learnedAliasesByTicker() {
        return learnedByTicker().names();
    }

    /** The same names as the router reads them, their words in lower case joined by a space ("auto care international"). */
    Map<String, List<String>> learnedNameWordsByTicker() {
        return learnedByTicker().words();
    }

    /** Built once for each learned index. */
    private LearnedByTicker learnedByTicker() {
        NameIndex learned = learnedNames();
        LearnedByTicker built = learnedByTicker;
        if (built == null || built.of() != learned) {
            Map<String, List<String>> byTicker = new TreeMap<>();
            learned.entries().forEach(e -> byTicker.computeIfAbsent(e.ticker(), t -> new ArrayList<>()).add(e.name()));
            byTicker.replaceAll((ticker, names) -> List.copyOf(names.stream().sorted().toList()));
            Map<String, List<String>> words = new HashMap<>();
            byTicker.forEach((ticker, names) -> words.put(ticker,
                    names.stream().map(name -> NameTokens.joined(NameTokens.nameWords(name))).toList()));
            built = new LearnedByTicker(learned, Collections.unmodifiableMap(byTicker), Map.copyOf(words));
            learnedByTicker = built;
        }
        return built;
    }

    /**
     * Whether a document of the corpus issuer with this ticker learned a name of these words (lower case, joined by a
     * space), whether or not {@link #learnedNames()} keeps it: a name that is another listing's too ("Zimmer" in NeuroOne's
     * filings, of its distributor Zimmer Biomet) is no name the router reads alone, but the issuer's filings do tell of it.
     */
    boolean taught(String ticker, String words) {
        return teachers(words).contains(ticker);
    }

    /** The tickers of the corpus issuers a document of which learned a name of these words. */
    Set<String> teachers(String words) {
        learnedNames();
        return teachersByName.getOrDefault(words, Set.of());
    }

    /** The names the issuer's documents say it went by before. */
    private static Set<String> formerNamesOf(CorpusIssuer issuer) {
        Set<String> names = new LinkedHashSet<>();
        issuer.years().values().forEach(docs -> docs.forEach(d -> names.addAll(d.formerNames())));
        return names;
    }

    /** Whether the corpus issuer's documents say it went by {@code name} before ("INTL FCStone Inc." of StoneX). */
    boolean isFormerName(String ticker, String name) {
        if (formerNamesByTicker == null) {
            Map<String, Set<String>> byTicker = new HashMap<>();
            issuers.values().forEach(issuer -> byTicker.put(issuer.ticker(), formerNamesOf(issuer)));
            formerNamesByTicker = byTicker;
        }
        return formerNamesByTicker.getOrDefault(ticker, Set.of()).contains(name);
    }

    /** The corpus issuers whose names {@code initials} (lower case) may stand for ({@link NameTokens#initialsOfName}). */
    Set<String> tickersWithInitials(String initials) {
        if (tickersByInitials == null) {
            tickersByInitials = tickersByInitialsOfNames(NameTokens::initialsOfName);
        }
        return tickersByInitials.getOrDefault(initials, Set.of());
    }

    /** The corpus issuers whose names {@code initials} (lower case) stand for with their legal form's initial ("apci"). */
    Set<String> tickersWithInitialsAndLegalForm(String initials) {
        if (tickersByInitialsAndLegalForm == null) {
            tickersByInitialsAndLegalForm = tickersByInitialsOfNames(name -> NameTokens.initialsWithLegalForm(name).stream().toList());
        }
        return tickersByInitialsAndLegalForm.getOrDefault(initials, Set.of());
    }

    /** The corpus issuers' tickers by the initials {@code initialsOf} gives each of their names. */
    private Map<String, Set<String>> tickersByInitialsOfNames(Function<String, Collection<String>> initialsOf) {
        Map<String, Set<String>> index = new HashMap<>();
        for (CorpusIssuer issuer : issuers.values()) {
            for (String name : issuer.names()) {
                initialsOf.apply(name).forEach(i -> index.computeIfAbsent(i, k -> new TreeSet<>()).add(issuer.ticker()));
            }
        }
        return index;
    }

    /**
     * The name's words without a last word that only says what kind of firm it is, where two words or more remain and no
     * sizeable listing's title begins with the first two: "star gas" of Star Gas Partners; null otherwise.
     */
    private String withoutItsFirmWord(List<String> words) {
        if (words.size() >= 3 && FIRM_WORDS.contains(words.get(words.size() - 1)) && (directory == null
                || directory.sizeableIssuersWhoseTitleBegins(words.get(0), words.get(1)).isEmpty())) {
            return NameTokens.joined(words.subList(0, words.size() - 1));
        }
        return null;
    }

    /**
     * The alias list's names of one word, in lower case, by the ticker they name ("disney" of DIS); not a name read in the
     * possessive only, which a typo of it ("cupertno housing") would read without one.
     */
    Map<String, List<String>> oneWordNameAliases() {
        if (oneWordNameAliases == null) {
            Map<String, List<String>> byTicker = new HashMap<>();
            for (Aliases.NameAlias alias : aliases.names()) {
                List<String> words = NameTokens.nameWords(alias.alias());
                if (words.size() == 1 && !Aliases.isBuiltInPossessiveOnly(alias.alias())) {
                    byTicker.computeIfAbsent(Ticker.canonical(alias.ticker()), k -> new ArrayList<>()).add(words.get(0));
                }
            }
            oneWordNameAliases = byTicker;
        }
        return oneWordNameAliases;
    }

    /**
     * The built-in former names of the alias list as a corpus issuer's former names are read too, without the word that only
     * says what kind of firm it was ("star gas revenue fy23": Star Group, Star Gas Partners until 2017), with the directory
     * alone as with the corpus.
     */
    NameIndex shortenedFormerNames() {
        if (shortenedFormerNames == null) {
            NameIndex index = new NameIndex(false);
            int rank = 0;
            for (Aliases.NameAlias alias : aliases.names()) {
                String ticker = Ticker.canonical(alias.ticker());
                if (!ticker.isEmpty() && Aliases.isBuiltInFormerName(alias.alias())) {
                    String shortened = withoutItsFirmWord(NameTokens.stripSuffixes(NameTokens.nameWords(alias.alias())));
                    if (shortened != null) {
                        index.addShortened(shortened, ticker, null, alias.alias(), rank);
                    }
                }
                rank++;
            }
            shortenedFormerNames = index;
        }
        return shortenedFormerNames;
    }

    NameIndex corpusNames() {
        if (corpusNames == null) {
            NameIndex index = new NameIndex(true);
            int rank = 0;
            for (CorpusIssuer issuer : issuers.values()) {
                for (String name : issuer.names()) {
                    index.add(name, issuer.ticker(), issuer.cik(), rank);
                }
                // A name the company went by before ("INTL FCStone" of StoneX), whole only: its first word may be
                // another's now ("meta" of Meta Financial Group, now Pathward).
                for (String name : formerNamesOf(issuer)) {
                    index.addWhole(name, issuer.ticker(), issuer.cik(), rank);
                    // ... unless that word is coined and no listing's title holds it now: "tyco fire products" is
                    // Johnson Controls', formerly Tyco International
                    List<String> words = NameTokens.stripSuffixes(NameTokens.nameWords(name));
                    // ... and without a last word that only says what kind of firm it was, where no sizeable listing's
                    // title begins so: "star gas home heating oil" is Star Group's, formerly Star Gas Partners
                    String shortened = withoutItsFirmWord(words);
                    if (shortened != null) {
                        index.addShortened(shortened, issuer.ticker(), issuer.cik(), name, rank);
                    }
                    if (words.size() > 1 && words.get(0).length() >= 4 && NameIndex.distinctive(words.get(0))
                            && !Vocabulary.isEverydayWord(words.get(0)) && directory != null && !directory.inAnyTitle(words.get(0))) {
                        index.addLeadingWord(words.get(0), issuer.ticker(), issuer.cik(), name, rank);
                    }
                }
                // The SEC title ("PayPal Holdings, Inc.") may be how a question names a corpus issuer.
                if (directory != null && issuer.cik() != null) {
                    for (IssuerDirectory.Entry listing : directory.byCik(issuer.cik())) {
                        index.add(listing.title(), issuer.ticker(), issuer.cik(), rank);
                    }
                }
                rank++;
            }
            corpusNames = index;
        }
        return corpusNames;
    }
}
