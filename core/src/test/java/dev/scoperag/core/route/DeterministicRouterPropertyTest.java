package dev.scoperag.core.route;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.filing.Ticker;
import dev.scoperag.core.record.DocumentRetracted;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.SortedSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The router and the catalog are total functions: over generated corpora, directories, ticker
 * changes, questions and hints (class shares in every spelling, tickers no list knows, renamed
 * issuers, CIKs missing or 0, blank names, any unicode, control characters, 4,000-character
 * questions), no call throws and every route is well formed.
 */
class DeterministicRouterPropertyTest {

    private static final IssuerDirectory SEC_DIRECTORY = TestCatalogs.directory();
    private static final Aliases SEC_ALIASES = TestCatalogs.aliases();
    private static final Aliases BUILT_IN_ALIASES = Aliases.builtIn();
    private static final int LONGEST_QUESTION = 4_000;
    /** Text that has broken text handling elsewhere: combining marks, RTL, emoji, lone surrogates, NUL, escapes. */
    private static final String[] HOSTILE = {
            "e\u0301\u0301\u0301", "\u202Eflow\u202C", "\u05D1\u05E8\u05E7\u05E9\u05D9\u05D9\u05E8", "\u0634\u0631\u0643\u0629",
            "\uD83D\uDE80\uD83D\uDCC8", "\uD835\uDC00\uD835\uDC01", "\uD800", "\uDC00x", "\u0000", "\u0007\u001B[31m", "\r\n",
            "\u200B\u200D\uFEFF", "\uFF22\uFF32\uFF2B\uFF0E\uFF22", "\u0130stanbul", "stra\u00DFe", "\u1E9E", "\u0345", "\u00A0",
            "'s", "\u2019s", "$", "(", ")", "&", "/", "...", "--", "FY", "Q4", "'23", "\\", "\"", "\uFFFF", "\uE000"};

    private final DeterministicRouter router = new DeterministicRouter();

    /** One committed document, as any record on {@code chunks} might carry it. */
    record Filing(String ticker, Long cik, String company, int year, String form, String period) {}

    /** A catalog to build: filings, then retractions of some (by index), a directory and ticker changes. */
    record CatalogCase(List<Filing> filings, List<Integer> retracted, Directory directory, List<Aliases.TickerChange> changes) {

        Catalog build() {
            Catalog catalog = new Catalog();
            for (Filing f : filings) {
                catalog.add(TestCatalogs.commit(f.ticker(), f.cik(), f.company(), f.year(), f.form() == null ? "" : f.form(), f.period()));
            }
            for (int index : retracted) {
                if (!filings.isEmpty()) {
                    Filing f = filings.get(Math.floorMod(index, filings.size()));
                    var commit = TestCatalogs.commit(f.ticker(), f.cik(), f.company(), f.year(), f.form() == null ? "" : f.form(), f.period());
                    catalog.remove(new DocumentRetracted(commit.shard(), commit.ticker(), f.year(), commit.docId(), "h", "t", "test"));
                }
            }
            catalog.useDirectory(directory.directory());
            Aliases aliases = directory == Directory.SEC ? SEC_ALIASES : BUILT_IN_ALIASES;
            return catalog.useAliases(aliases.merge(new Aliases(changes, List.of())));
        }
    }

    /** Which issuer directory the catalog knows: none, SEC's real one, or a tiny odd one. */
    enum Directory {
        NONE, SEC, ODD;

        IssuerDirectory directory() {
            return switch (this) {
                case NONE -> null;
                case SEC -> SEC_DIRECTORY;
                case ODD -> new IssuerDirectory(List.of(
                        new IssuerDirectory.Entry(1067983, "BRK.A", "BERKSHIRE HATHAWAY INC", 0),
                        new IssuerDirectory.Entry(1067983, "brk/b", "", 1),
                        new IssuerDirectory.Entry(0, "ZERO", "NO CIK CO", 2),
                        new IssuerDirectory.Entry(42, "", "NO TICKER INC", 3),
                        new IssuerDirectory.Entry(77, "MMM", null, 4),
                        new IssuerDirectory.Entry(77, "DUP", "   ", 5),
                        new IssuerDirectory.Entry(1512673, "XYZ", "Block, Inc. /DE/", 6)));
            };
        }
    }

    /** A catalog, and a question and hints that name its issuers (respelled) as often as anything else. */
    record Scenario(CatalogCase catalog, String question, RouteHints hints, String ticker, Long cik) {}

    @Property(tries = 200, edgeCases = EdgeCasesMode.NONE)
    void routingNeverThrowsAndEveryShardIsInTheCatalog(@ForAll("scenarios") Scenario given) {
        Catalog catalog = given.catalog().build();
        assertWellFormed(router.route(given.question(), given.hints(), catalog), catalog);
        assertWellFormed(router.route(given.question(), RouteHints.NONE, catalog), catalog);
    }

    @Property(tries = 100, edgeCases = EdgeCasesMode.NONE)
    void catalogLookupsNeverThrowAndSurviveAJsonRoundTrip(@ForAll("scenarios") Scenario given) {
        Catalog catalog = given.catalog().build();
        String ticker = given.ticker();
        catalog.issuer(ticker).ifPresent(i -> assertThat(i.years()).isNotEmpty());
        catalog.fiscalYears(ticker).forEach(year -> assertThat(catalog.documents(new Shard(ticker, year))).isNotEmpty());
        catalog.tickersForCik(given.cik() == null ? 0 : given.cik()).forEach(t -> assertThat(catalog.issuer(t)).isPresent());
        for (Shard shard : catalog.shards()) {
            assertThat(catalog.issuer(shard.ticker())).hasValueSatisfying(i -> assertThat(i.ticker()).isEqualTo(shard.ticker()));
        }
        new IssuerResolver(catalog).byTicker(ticker).ifPresent(i -> assertThat(catalog.shards().stream().map(Shard::ticker))
                .containsAll(i.corpusTickers()));

        if (given.catalog().directory() != Directory.SEC) { // 10,438 listings are too many to serialise on every try
            Catalog restored = Catalog.fromJson(catalog.toJson());
            assertThat(restored.shards()).isEqualTo(catalog.shards());
            assertThat(restored.issuers()).isEqualTo(catalog.issuers());
        }
    }

    private static void assertWellFormed(Route route, Catalog catalog) {
        SortedSet<Shard> present = catalog.shards();
        assertThat(route).isNotNull();
        assertThat(route.shards()).doesNotContainNull().doesNotHaveDuplicates();
        assertThat(present).containsAll(route.shards());
        assertThat(route.confidence()).isBetween(0.0, 1.0);
        assertThat(route.issuers()).doesNotContainNull();
        assertThat(route.explanation()).isNotNull();
        if (route.shards().isEmpty()) {
            assertThat(route.fallback() || route.abstains()).as("a route with no shard falls back or abstains").isTrue();
        } else {
            assertThat(route.fallback()).isFalse();
            assertThat(route.abstains()).isFalse();
        }
    }

    @Provide
    Arbitrary<Scenario> scenarios() {
        Arbitrary<Filing> filing = Combinators.combine(tickers(), ciks(), companies(), years(), forms(), periods()).as(Filing::new);
        return filing.list().ofMaxSize(12).flatMap(filings -> {
            Arbitrary<String> known = knownTickers(filings);
            Arbitrary<Aliases.TickerChange> change = Combinators.combine(known, known, Arbitraries.of("", "2022-06-09"),
                    oddText().injectNull(0.2)).as(Aliases.TickerChange::new);
            Arbitrary<CatalogCase> catalog = Combinators.combine(
                    Arbitraries.just(filings),
                    Arbitraries.integers().list().ofMaxSize(3),
                    Arbitraries.of(Directory.class),
                    change.injectNull(0.1).list().ofMaxSize(4)).as(CatalogCase::new);
            return Combinators.combine(catalog, questions(filings, known), hints(known), known, ciks()).as(Scenario::new);
        });
    }

    /** Tickers of the generated filings in another spelling, or any ticker. */
    private Arbitrary<String> knownTickers(List<Filing> filings) {
        if (filings.isEmpty()) {
            return tickers();
        }
        Arbitrary<String> filed = Arbitraries.of(filings.stream().map(Filing::ticker).toList()).flatMap(this::respelled);
        return Arbitraries.frequencyOf(Tuple.of(3, filed), Tuple.of(1, tickers()));
    }

    /** The ticker with its class separator and case written any way (BRK-B as brk.b, Brk/B). */
    private Arbitrary<String> respelled(String ticker) {
        List<String> parts = List.of(Ticker.canonical(ticker).split("-", -1));
        return Combinators.combine(Arbitraries.of(".", "-", "/", " ", "..", "-/"), Arbitraries.integers().between(0, 2))
                .as((separator, casing) -> cased(String.join(separator, parts), casing));
    }

    private static String cased(String ticker, int casing) {
        if (casing == 0 || ticker.isEmpty()) {
            return ticker;
        }
        String lower = ticker.toLowerCase(Locale.ROOT);
        return casing == 1 ? lower : Character.toUpperCase(lower.charAt(0)) + lower.substring(1);
    }

    /** Real and made-up tickers, class shares in every spelling and case, and odd strings. */
    private Arbitrary<String> tickers() {
        Arbitrary<String> base = Arbitraries.oneOf(
                Arbitraries.of("BRK", "BF", "MMM", "KO", "SQ", "XYZ", "FB", "META", "GOOGL", "V", "A", "ON", "ALL", "PEP", "ZZQX"),
                Arbitraries.strings().withCharRange('A', 'Z').ofMinLength(1).ofMaxLength(6));
        Arbitrary<String> shareClass = Arbitraries.of("", "", "A", "B", "WS", "U");
        Arbitrary<String> separator = Arbitraries.of(".", "-", "/", " ", "..", "-/");
        Arbitrary<Integer> casing = Arbitraries.integers().between(0, 2);
        Arbitrary<String> spelled = Combinators.combine(base, shareClass, separator, casing)
                .as((b, c, sep, cs) -> cased(c.isEmpty() ? b : b + sep + c, cs));
        return Arbitraries.frequencyOf(
                Tuple.of(8, spelled),
                Tuple.of(1, oddText()),
                Tuple.of(1, Arbitraries.of("", " ", ".", "-", "/", ":", "BRK.B:2023")));
    }

    private Arbitrary<Long> ciks() {
        return Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.just((Long) null)),
                Tuple.of(1, Arbitraries.of(0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE)),
                Tuple.of(3, Arbitraries.of(1067983L, 1512673L, 1326801L, 66740L, 21344L, 77L)),
                Tuple.of(2, Arbitraries.longs().between(1, 2_000_000)));
    }

    private Arbitrary<String> companies() {
        return Arbitraries.frequencyOf(
                Tuple.of(1, Arbitraries.just((String) null)),
                Tuple.of(1, Arbitraries.of("", "   ", "\t\n", "/NY/", "The", "Inc.", "&", "'s")),
                Tuple.of(3, Arbitraries.of("Berkshire Hathaway Inc", "3M", "Block, Inc.", "Meta Platforms",
                        "Coca-Cola", "The Coca-Cola Company", "CORNING INC /NY", "Johnson & Johnson", "J.P. Morgan")),
                Tuple.of(2, oddText()));
    }

    private Arbitrary<Integer> years() {
        return Arbitraries.frequencyOf(
                Tuple.of(9, Arbitraries.integers().between(2015, 2025)),
                Tuple.of(1, Arbitraries.of(0, 1993, 9999, -1, Integer.MAX_VALUE, Integer.MIN_VALUE)));
    }

    private Arbitrary<String> forms() {
        return Arbitraries.of("10-K", "10-K", "10-K/A", "10-Q", "8-K", "EARNINGS", null, "", "weird form");
    }

    private Arbitrary<String> periods() {
        return Arbitraries.of(null, "", "2023Q2", "2023-05-05", "2022-07-01", "2023-02-30", "9999-99-99", "Q5", "\u0000");
    }

    /** Any characters: lone surrogates, NUL, controls, private use. */
    private Arbitrary<String> oddText() {
        return Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(30), Arbitraries.of(HOSTILE));
    }

    /** Questions built from the words routing reads, mixed with anything; some exactly 4,000 characters long. */
    private Arbitrary<String> questions(List<Filing> filings, Arbitrary<String> known) {
        List<String> names = filings.stream().map(Filing::company).filter(Objects::nonNull).toList();
        Arbitrary<String> named = names.isEmpty() ? companies().map(c -> c == null ? "" : c)
                : Arbitraries.oneOf(Arbitraries.of(names), Arbitraries.of(names).map(n -> n + "'s"));
        Arbitrary<String> fragment = Arbitraries.oneOf(
                known,
                known.map(t -> "$" + t),
                known.map(t -> t + "'s"),
                known.map(t -> "(NYSE: " + t + ")"),
                named,
                Arbitraries.of("Berkshire Hathaway", "Berkshire's", "insurance float", "What does", "say about", "revenue",
                        "Square", "Facebook", "Tesla", "in", "and", "the latest", "most recent", "10-K", "10-Q", "8-K",
                        "earnings release", "Class B", "ticker"),
                Arbitraries.of("FY2023", "fiscal 2019", "FY'23", "2021", "Q2 2023", "2023Q4", "second quarter of fiscal 2022",
                        "May 5, 2023", "2023-05-05", "5/5/2023", "31 February 2023", "FY2018 - FY2020", "from 1999 to 2049", "FY9999"),
                Arbitraries.of(HOSTILE),
                Arbitraries.strings().all().ofMaxLength(12));
        Arbitrary<String> composed = fragment.list().ofMaxSize(14).map(parts -> String.join(" ", parts));
        Arbitrary<String> longest = fragment.list().ofMinSize(1).ofMaxSize(14).map(parts -> {
            String unit = String.join(" ", parts) + " ";
            StringBuilder sb = new StringBuilder(LONGEST_QUESTION + unit.length());
            while (sb.length() < LONGEST_QUESTION) {
                sb.append(unit.isBlank() ? "x " : unit);
            }
            return sb.substring(0, LONGEST_QUESTION);
        });
        return Arbitraries.frequencyOf(
                Tuple.of(6, composed),
                Tuple.of(2, Arbitraries.strings().all().ofMaxLength(300)),
                Tuple.of(2, longest),
                Tuple.of(1, Arbitraries.of("", " ", "\u0000", "?", "BRK.B", "What does Berkshire Hathaway say about insurance float?")));
    }

    private Arbitrary<RouteHints> hints(Arbitrary<String> known) {
        Arbitrary<RouteHints> some = Combinators.combine(
                known.injectNull(0.1).list().ofMaxSize(3),
                Arbitraries.oneOf(Arbitraries.integers().between(2015, 2025), Arbitraries.integers()).injectNull(0.1).list().ofMaxSize(3),
                Arbitraries.of("10-K", "10k", "10-Q", "8K", "EARNINGS", " ", "x").injectNull(0.1).set().ofMaxSize(2),
                periods().list().ofMaxSize(2)).as((tickers, years, forms, periods) -> new RouteHints(
                        new ArrayList<>(tickers), new ArrayList<>(years), new HashSet<>(forms), new ArrayList<>(periods)));
        return Arbitraries.frequencyOf(
                Tuple.of(1, Arbitraries.just((RouteHints) null)),
                Tuple.of(2, Arbitraries.just(RouteHints.NONE)),
                Tuple.of(4, some));
    }
}
