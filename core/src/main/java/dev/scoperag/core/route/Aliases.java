package dev.scoperag.core.route;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.scoperag.core.filing.Ticker;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Former tickers and everyday names of issuers ("FB" and "Facebook" are Meta, "Square" is Block,
 * "J&J" is Johnson & Johnson): what a question may say that neither the corpus nor the SEC
 * directory spells that way.
 */
public final class Aliases {

    /** One row of ticker_changes.csv: {@code old,new,effective_date,note}. */
    public record TickerChange(String oldTicker, String newTicker, String effectiveDate, String note) {}

    /**
     * A name a company is called by, the ticker (current or former) it stands for, and the list's note on it ("P&amp;G
     * diapers" of Pampers), empty where it has none.
     */
    public record NameAlias(String alias, String ticker, @JsonInclude(JsonInclude.Include.NON_EMPTY) String note) {
        public NameAlias {
            note = note == null ? "" : note.trim();
        }

        public NameAlias(String alias, String ticker) {
            this(alias, ticker, "");
        }
    }

    /** The classpath default: everyday names of large issuers, in the {@code alias,ticker,note} format. */
    public static final String BUILT_IN_NAMES = "/dev/scoperag/core/route/name-aliases.csv";

    /**
     * The classpath default: products, brands, segments and subsidiaries of large listings that questions name instead of the
     * company ("YouTube", "Gatorade", "Red Hat"), in the same format. The router reads them as it reads the names filings
     * teach (a product only where nothing names an issuer otherwise), so they work with the directory alone too.
     */
    public static final String BUILT_IN_PRODUCTS = "/dev/scoperag/core/route/product-aliases.csv";

    /**
     * The classpath default: the names listings went by before (Facebook, AmerisourceBergen, Minnesota Mining and
     * Manufacturing), in the same format, read as everyday names are.
     */
    public static final String BUILT_IN_FORMER_NAMES = "/dev/scoperag/core/route/former-names.csv";

    /**
     * The classpath default: the tickers listings of the 3,000 largest traded under before (FB, ABC, SGH), in the format
     * of ticker_changes.csv; a deployment's own ticker changes are read beside them and win where they differ.
     */
    public static final String BUILT_IN_FORMER_TICKERS = "/dev/scoperag/core/route/former-tickers.csv";

    /** Notes such as "Facebook renamed Meta Platforms" or "BB&T merged with SunTrust as Truist" name the old company. */
    private static final Pattern OLD_NAME_IN_NOTE =
            Pattern.compile("^(.+?)\\s+(?:renamed|became|(?:merged|combined) with .+? as)\\s");

    private final List<TickerChange> tickerChanges;
    private final List<NameAlias> names;
    private final List<NameAlias> products;
    private final Map<String, String> newTickerByOld = new HashMap<>();
    private final Map<String, List<String>> oldTickersByNew = new HashMap<>();
    private volatile Indexes indexes;

    public Aliases(List<TickerChange> tickerChanges, List<NameAlias> names) {
        this(tickerChanges, names, List.of());
    }

    @JsonCreator
    public Aliases(
            @JsonProperty("ticker_changes") List<TickerChange> tickerChanges,
            @JsonProperty("names") List<NameAlias> names,
            @JsonProperty("products") List<NameAlias> products) {
        this.tickerChanges = tickerChanges == null ? List.of() : tickerChanges.stream().filter(Objects::nonNull).toList();
        this.names = names == null ? List.of() : names.stream().filter(Objects::nonNull).toList();
        this.products = products == null ? List.of() : products.stream().filter(Objects::nonNull).toList();
        for (TickerChange change : this.tickerChanges) {
            String oldTicker = Ticker.canonical(change.oldTicker());
            String newTicker = Ticker.canonical(change.newTicker());
            if (oldTicker.isEmpty() || newTicker.isEmpty()) {
                continue;
            }
            String before = newTickerByOld.put(oldTicker, newTicker);
            if (before != null && !before.equals(newTicker)) {
                oldTickersByNew.getOrDefault(before, new ArrayList<>()).remove(oldTicker); // the later change wins
            }
            List<String> olds = oldTickersByNew.computeIfAbsent(newTicker, k -> new ArrayList<>());
            if (!olds.contains(oldTicker)) {
                olds.add(oldTicker); // the same change in the built-in list and a deployment's
            }
        }
    }

    public static Aliases empty() {
        return new Aliases(List.of(), List.of());
    }

    /** The built-in everyday names and products only. */
    public static Aliases builtIn() {
        List<NameAlias> names = new ArrayList<>(builtInList(BUILT_IN_NAMES, false));
        names.addAll(builtInFormerNames());
        List<TickerChange> changes = builtInRows(BUILT_IN_FORMER_TICKERS, 4).stream().map(Aliases::tickerChange)
                .filter(Objects::nonNull).toList();
        return new Aliases(changes, names, builtInList(BUILT_IN_PRODUCTS, true));
    }

    private static volatile List<NameAlias> builtInFormerNames;
    private static volatile Set<String> builtInFormerNameSet;

    /** The built-in former names ({@value #BUILT_IN_FORMER_NAMES}), read once. */
    private static List<NameAlias> builtInFormerNames() {
        List<NameAlias> former = builtInFormerNames;
        if (former == null) {
            former = builtInList(BUILT_IN_FORMER_NAMES, false);
            builtInFormerNameSet = former.stream().map(NameAlias::alias).collect(Collectors.toUnmodifiableSet());
            builtInFormerNames = former;
        }
        return former;
    }

    /** The name is one of the built-in former names ({@value #BUILT_IN_FORMER_NAMES}), as written there. */
    static boolean isBuiltInFormerName(String name) {
        builtInFormerNames();
        return builtInFormerNameSet.contains(name);
    }

    private static volatile Map<String, String> builtInNotes;

    /** The built-in list's ({@value #BUILT_IN_NAMES}) note on each name, in lower case, by the name as written there. */
    private static Map<String, String> builtInNotes() {
        Map<String, String> notes = builtInNotes;
        if (notes == null) {
            Map<String, String> byName = new HashMap<>();
            builtInRows(BUILT_IN_NAMES, 3).stream().filter(row -> row.length > 2)
                    .forEach(row -> byName.merge(row[0].trim(), row[2].toLowerCase(Locale.ROOT), (a, b) -> a + "; " + b));
            notes = Map.copyOf(byName);
            builtInNotes = notes;
        }
        return notes;
    }

    /**
     * The name is one the built-in list ({@value #BUILT_IN_NAMES}) notes as a nickname ("Mouse House", "Big Orange"), as
     * written there: what the trade calls a company, not a name it bore.
     */
    static boolean isBuiltInNickname(String name) {
        return builtInNotes().getOrDefault(name, "").contains("nickname");
    }

    /**
     * The name is one the built-in list notes as read "in the possessive only", as written there: a town the press names a
     * company for ("Cupertino's services margin") is the town otherwise ("cupertino housing prices").
     */
    static boolean isBuiltInPossessiveOnly(String name) {
        return builtInNotes().getOrDefault(name, "").contains("in the possessive only");
    }

    /**
     * The name is one the built-in list notes as read "right after the article" too: an English word the trade names a
     * company by ("the Mouse's parks segment") is the word after any other ("a lab mouse's genome").
     */
    static boolean isBuiltInAfterTheArticleOnly(String name) {
        return builtInNotes().getOrDefault(name, "").contains("right after the article");
    }

    /** One {@code old,new,effective_date,note} row, or null for a row without both tickers. */
    private static TickerChange tickerChange(String[] row) {
        if (row.length < 2 || row[0].isBlank() || row[1].isBlank()) {
            return null;
        }
        return new TickerChange(row[0].trim(), row[1].trim(), row.length > 2 ? row[2].trim() : "", row.length > 3 ? row[3].trim() : "");
    }

    private static List<NameAlias> builtInList(String resource, boolean withNotes) {
        return namesOf(builtInRows(resource, 3), withNotes);
    }

    /** A classpath CSV's rows (header and '#' lines skipped); none where the resource is missing. */
    private static List<String[]> builtInRows(String resource, int columns) {
        try (InputStream in = Aliases.class.getResourceAsStream(resource)) {
            return in == null ? List.of() : readCsv(new InputStreamReader(in, StandardCharsets.UTF_8), columns);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Ticker changes from a {@code old,new,effective_date,note} file, plus the old company names the
     * notes mention ("Anthem renamed Elevance Health" makes "Anthem" an alias of ANTM).
     */
    public static Aliases loadTickerChanges(Path csv) {
        List<TickerChange> changes = new ArrayList<>();
        List<NameAlias> oldNames = new ArrayList<>();
        for (String[] row : readCsv(csv, 4)) {
            TickerChange change = tickerChange(row);
            if (change == null) {
                continue;
            }
            changes.add(change);
            String note = change.note();
            Matcher m = OLD_NAME_IN_NOTE.matcher(note);
            if (m.find()) {
                oldNames.add(new NameAlias(m.group(1).trim(), row[0].trim()));
            }
        }
        return new Aliases(changes, oldNames);
    }

    /**
     * Products, brands, segments and subsidiaries from an {@code alias,ticker[,note]} file, as the built-in
     * {@value #BUILT_IN_PRODUCTS}: a deployment's own, read beside the built-in ones.
     */
    public static Aliases loadProducts(Path csv) {
        try (Reader reader = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            return new Aliases(List.of(), List.of(), parseNames(reader, true));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Name aliases from an {@code alias,ticker[,note]} file. */
    public static Aliases loadNames(Path csv) {
        try (Reader reader = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            return new Aliases(List.of(), parseNames(reader, false));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<NameAlias> parseNames(Reader reader, boolean withNotes) throws IOException {
        return namesOf(readCsv(reader, 3), withNotes);
    }

    /**
     * {@code alias,ticker[,note]} rows as names, with their notes where asked (the router reads a product's, not a
     * name's); a row without both is skipped.
     */
    private static List<NameAlias> namesOf(List<String[]> rows, boolean withNotes) {
        List<NameAlias> names = new ArrayList<>();
        for (String[] row : rows) {
            if (row.length >= 2 && !row[0].isBlank() && !row[1].isBlank()) {
                names.add(new NameAlias(row[0].trim(), row[1].trim(), withNotes && row.length > 2 ? row[2] : ""));
            }
        }
        return names;
    }

    private static List<String[]> readCsv(Path csv, int columns) {
        try (Reader reader = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            return readCsv(reader, columns);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Header and '#' lines skipped; the last column keeps any commas (notes are free text). */
    private static List<String[]> readCsv(Reader reader, int columns) throws IOException {
        List<String[]> rows = new ArrayList<>();
        BufferedReader lines = new BufferedReader(reader);
        String line;
        boolean header = true;
        while ((line = lines.readLine()) != null) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (header) {
                header = false;
                continue;
            }
            rows.add(line.split(",", columns));
        }
        return rows;
    }

    /** Both sets of aliases; on a conflicting ticker change the other one wins. */
    public Aliases merge(Aliases other) {
        List<TickerChange> changes = new ArrayList<>(tickerChanges);
        changes.addAll(other.tickerChanges);
        List<NameAlias> allNames = new ArrayList<>(names);
        allNames.addAll(other.names);
        List<NameAlias> allProducts = new ArrayList<>(products);
        allProducts.addAll(other.products);
        return new Aliases(changes, allNames, allProducts);
    }

    @JsonProperty("ticker_changes")
    public List<TickerChange> tickerChanges() {
        return tickerChanges;
    }

    @JsonProperty("names")
    public List<NameAlias> names() {
        return names;
    }

    @JsonProperty("products")
    public List<NameAlias> products() {
        return products;
    }

    /** The ticker a former ticker changed to, in canonical spelling, or empty. */
    public Optional<String> newTickerOf(String oldTicker) {
        return Optional.ofNullable(newTickerByOld.get(Ticker.canonical(oldTicker)));
    }

    /** The tickers that changed into this one (FB for META). */
    public List<String> oldTickersOf(String newTicker) {
        return oldTickersByNew.getOrDefault(Ticker.canonical(newTicker), List.of());
    }

    /** The everyday names, by name. */
    NameIndex nameIndex() {
        return indexes().names();
    }

    /** The products, brands, segments and subsidiaries, by name. */
    NameIndex productIndex() {
        return indexes().products();
    }

    /**
     * The names of two words or more, their words joined as the router reads them ("john deere"), with their
     * ticker, by the length of that joined form: what a mistyped phrase is compared with.
     */
    Map<Integer, Map<String, String>> multiWordNamesByLength() {
        return indexes().multiWordNames();
    }

    /**
     * The words of the list's note on a product, each as {@link #noteWord} folds it, in the note's order (its last word
     * says what the product is: "P&amp;G diapers", "TVA nuclear plant"); the words a note on any product has ("brand",
     * "acquired"), figures, function words and single letters are left out. Empty where the list has no note on it.
     */
    List<String> productNoteWords(String joinedName, String ticker) {
        String noted = indexes().productNoteWords().get(joinedName + ' ' + Ticker.canonical(ticker));
        return noted == null ? List.of() : List.of(noted.split(" "));
    }

    /** Words of a note that say what any product is, not what this one is. */
    private static final Set<String> NOTE_WORDS_OF_ANY_PRODUCT = Set.of("acquired", "acquisition", "brand", "business",
            "company", "division", "former", "formerly", "line", "platform", "product", "program", "segment", "service",
            "subsidiary", "unit");

    /** A word of a note or a question in the singular, as the two are compared: "diapers", "utilities". */
    static String noteWord(String word) {
        if (word.length() > 4 && word.endsWith("ies")) {
            return word.substring(0, word.length() - 3) + "y";
        }
        boolean plural = word.length() > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")
                && !word.endsWith("ws");
        return plural ? word.substring(0, word.length() - 1) : word;
    }

    /** By product name (joined as the router reads it) and ticker, its note's words, kept as one string each. */
    private static Map<String, String> productNoteWords(List<NameAlias> aliases) {
        Map<String, String> byProduct = new HashMap<>();
        for (NameAlias alias : aliases) {
            String ticker = Ticker.canonical(alias.ticker());
            if (alias.note().isEmpty() || ticker.isEmpty()) {
                continue;
            }
            List<String> words = new ArrayList<>();
            for (String word : NameTokens.nameWords(alias.note())) {
                String folded = noteWord(word);
                if (word.length() >= 2 && word.chars().allMatch(Character::isLetter)
                        && !Vocabulary.FUNCTION_WORDS.contains(word) && !NOTE_WORDS_OF_ANY_PRODUCT.contains(folded)) {
                    words.add(folded);
                }
            }
            if (!words.isEmpty()) {
                String product = NameTokens.joined(NameTokens.nameWords(alias.alias()));
                byProduct.putIfAbsent(product + ' ' + ticker, String.join(" ", words));
            }
        }
        return Map.copyOf(byProduct);
    }

    /**
     * A name the list writes in capitals that is an English word in lower case ("UP", as railroad analysts write Union
     * Pacific): typed in capitals, as the list writes it, it is that name.
     */
    boolean isNameInCapitals(String typed) {
        return indexes().namesInCapitals().contains(typed);
    }

    private static Set<String> namesInCapitals(List<NameAlias> aliases) {
        Set<String> inCapitals = new HashSet<>();
        for (NameAlias alias : aliases) {
            String name = alias.alias();
            if (name.length() >= 2 && name.chars().allMatch(c -> c >= 'A' && c <= 'Z')
                    && Vocabulary.isCommonWord(name.toLowerCase(Locale.ROOT))) {
                inCapitals.add(name);
            }
        }
        return Set.copyOf(inCapitals);
    }

    private record Indexes(NameIndex names, NameIndex products, Map<Integer, Map<String, String>> multiWordNames,
            Map<String, String> productNoteWords, Set<String> namesInCapitals) {}

    private Indexes indexes() {
        Indexes built = indexes;
        if (built == null) {
            synchronized (this) {
                built = indexes;
                if (built == null) {
                    built = new Indexes(indexOf(names), indexOf(products), multiWordNamesByLength(names),
                            productNoteWords(products), namesInCapitals(names));
                    indexes = built;
                }
            }
        }
        return built;
    }

    private static Map<Integer, Map<String, String>> multiWordNamesByLength(List<NameAlias> aliases) {
        Map<Integer, Map<String, String>> byLength = new HashMap<>();
        for (NameAlias alias : aliases) {
            List<String> words = NameTokens.nameWords(alias.alias());
            String ticker = Ticker.canonical(alias.ticker());
            if (words.size() >= 2 && words.size() <= NameIndex.MAX_WORDS && !ticker.isEmpty()) {
                String joined = NameTokens.joined(words);
                byLength.computeIfAbsent(joined.length(), k -> new LinkedHashMap<>()).putIfAbsent(joined, ticker);
            }
        }
        return byLength;
    }

    private static NameIndex indexOf(List<NameAlias> aliases) {
        NameIndex index = new NameIndex(false);
        int rank = 0;
        for (NameAlias alias : aliases) {
            String ticker = Ticker.canonical(alias.ticker());
            if (!ticker.isEmpty()) {
                index.add(alias.alias(), ticker, null, rank);
            }
            rank++;
        }
        return index;
    }
}
