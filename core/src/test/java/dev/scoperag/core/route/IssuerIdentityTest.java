package dev.scoperag.core.route;

import static dev.scoperag.core.route.TestCatalogs.commit;
import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The issuer is the CIK and a ticker has one spelling for keys: Berkshire Hathaway filed as BRK.B
 * (CIK 1067983, listed by SEC as BRK-A and BRK-B) routes to its BRK-B shard however it is written,
 * and a look-up that finds nothing is "unknown", never an exception.
 */
class IssuerIdentityTest {

    private static final long BERKSHIRE = 1067983L;
    private static final Shard BRK_2023 = new Shard("BRK-B", 2023);

    private static Catalog catalog;
    private final DeterministicRouter router = new DeterministicRouter();

    @BeforeAll
    static void loadCatalog() {
        catalog = withBerkshire(TestCatalogs.full());
    }

    /** The filing the user published, as the ingest job commits it: ticker as filed BRK.B. */
    private static Catalog withBerkshire(Catalog c) {
        c.add(commit("BRK.B", BERKSHIRE, "Berkshire Hathaway Inc", 2022, "10-K", null));
        c.add(commit("BRK.B", BERKSHIRE, "Berkshire Hathaway Inc", 2023, "10-K", null));
        return c;
    }

    private Route route(String question) {
        return router.route(question, RouteHints.NONE, catalog);
    }

    @Nested
    class ClassShares {

        @Test
        void theBerkshireQuestionThatStoppedTheQueryJobRoutesToTheBrkBShard() {
            Route route = route("What does Berkshire Hathaway say about insurance float?");
            assertThat(route.shards()).containsExactly(BRK_2023);
            assertThat(route.issuers()).containsExactly(new Route.Issuer("BRK-B", BERKSHIRE, "Berkshire Hathaway Inc", true));
            assertThat(route.fallback()).isFalse();
            assertThat(route.abstains()).isFalse();
        }

        @Test
        void theCatalogKeysTheFilingByTheCanonicalTickerAndFindsItInAnySpelling() {
            assertThat(catalog.shards()).contains(BRK_2023, new Shard("BRK-B", 2022));
            for (String spelled : List.of("BRK.B", "BRK/B", "brk.b", "BRK-B", "BRK B")) {
                assertThat(catalog.issuer(spelled)).as(spelled).hasValueSatisfying(i -> {
                    assertThat(i.ticker()).isEqualTo("BRK-B");
                    assertThat(i.cik()).isEqualTo(BERKSHIRE);
                });
            }
            assertThat(catalog.tickersForCik(BERKSHIRE)).containsExactly("BRK-B");
        }

        @ParameterizedTest
        @ValueSource(strings = {
                "What does BRK.B say about insurance float in FY2023?",
                "What does BRK/B say about insurance float in FY2023?",
                "What does BRK-B say about insurance float in FY2023?",
                "What does brk.b say about insurance float in FY2023?",
                "What did $BRK.B report as insurance float in FY2023?",
                "How large was BRK.B's insurance float in FY2023?"})
        void aClassShareTickerInAQuestionRoutesToTheSameShardInEverySpelling(String question) {
            Route route = route(question);
            assertThat(route.shards()).containsExactly(BRK_2023);
            assertThat(route.issuers()).extracting(Route.Issuer::ticker).containsExactly("BRK-B");
        }

        @ParameterizedTest
        @ValueSource(strings = {"BRK.B", "BRK/B", "brk.b", "BRK-B", "BRK B"})
        void aClassShareTickerInTheHintsRoutesToTheSameShardInEverySpelling(String hinted) {
            Route route = router.route("What does the company say about insurance float?",
                    new RouteHints(List.of(hinted), List.of(2023), Set.of()), catalog);
            assertThat(route.shards()).containsExactly(BRK_2023);
            assertThat(route.method()).isEqualTo(Route.HINTS);
        }

        @Test
        void theOtherClassOfTheSameCikReachesTheFilingsThroughTheIssuer() {
            Route route = route("What does BRK.A say about insurance float in FY2023?");
            assertThat(route.shards()).containsExactly(BRK_2023);
            assertThat(route.issuers()).extracting(Route.Issuer::cik).containsExactly(BERKSHIRE);
        }

        @Test
        void aRecordWrittenBeforeTickersWereCanonicalJoinsTheSameIssuer() {
            Catalog c = TestCatalogs.full();
            c.add(TestRecords.commit("BRK.B:2021", "10-K", "hash").issuer(null, BERKSHIRE, "Berkshire Hathaway Inc").sourceHash("src")
                    .counts(10, 1000, 0).committedAt("2024-01-01T00:00:00Z").model("bge-small-en-v1.5-q").pipeline("test").build());
            withBerkshire(c);
            assertThat(c.issuer("BRK-B").orElseThrow().fiscalYears()).containsExactly(2021, 2022, 2023);
            assertThat(router.route("What did Berkshire Hathaway say about float in FY2021?", RouteHints.NONE, c).shards())
                    .containsExactly(new Shard("BRK-B", 2021));
        }

        @Test
        void broadcastStateHoldingBothSpellingsIsRestoredAsOneIssuer() {
            String json = TestCatalogs.corpus().toJson().replace("\"issuers\":{",
                    "\"issuers\":{\"BRK.B\":{\"ticker\":\"BRK.B\",\"cik\":1067983,\"names\":[\"Berkshire Hathaway Inc\"],"
                            + "\"years\":{\"2022\":[{\"doc_id\":\"10-K\",\"form_type\":\"10-K\"}]}},"
                            + "\"BRK-B\":{\"ticker\":\"BRK-B\",\"cik\":1067983,\"names\":[\"BERKSHIRE HATHAWAY INC\"],"
                            + "\"years\":{\"2023\":[{\"doc_id\":\"10-K\",\"form_type\":\"10-K\"}]}},");
            Catalog restored = Catalog.fromJson(json);
            CorpusIssuer berkshire = restored.issuer("brk.b").orElseThrow();
            assertThat(berkshire.ticker()).isEqualTo("BRK-B");
            assertThat(berkshire.fiscalYears()).containsExactly(2022, 2023);
            assertThat(berkshire.names()).containsExactly("BERKSHIRE HATHAWAY INC", "Berkshire Hathaway Inc");
            assertThat(restored.tickersForCik(BERKSHIRE)).containsExactly("BRK-B");
        }

        @Test
        void aClassShareFilingWithoutCikTakesTheListingsCikAndName() {
            Catalog c = new Catalog().useDirectory(TestCatalogs.directory());
            c.add(commit("BRK/B", null, null, 2023, "10-K", null));
            Route route = router.route("What does BRK.B say about float in FY2023?", RouteHints.NONE, c);
            assertThat(route.shards()).containsExactly(BRK_2023);
            assertThat(route.issuers()).containsExactly(new Route.Issuer("BRK-B", BERKSHIRE, "BERKSHIRE HATHAWAY INC", true));
        }
    }

    @Nested
    class UnknownIsAnAnswer {

        @Test
        void aTickerNoListKnowsIsAnUnknownIssuerNotAnError() {
            Route route = router.route("What was revenue in FY2023?", RouteHints.tickers("ZZQX.W"), catalog);
            assertThat(route.abstains()).isTrue();
            assertThat(route.issuers()).containsExactly(new Route.Issuer("ZZQX-W", null, null, false));
            assertThat(route.abstainReason()).contains("no list knows the ticker ZZQX-W");
        }

        @Test
        void aDirectoryIssuerWithNoFilingInTheCorpusAbstains() {
            Route route = route("What was Tesla's revenue in FY2022?");
            assertThat(route.shards()).isEmpty();
            assertThat(route.abstainReason()).startsWith("ISSUER_NOT_IN_CORPUS");
        }

        @Test
        void filingsWithoutAUsableCikAreNeverOneIssuerByTheirMissingCik() {
            Catalog c = new Catalog();
            c.add(commit("AAA", 0L, "Alpha Widgets", 2022, "10-K", null));
            c.add(commit("BBB", -5L, "Beta Gadgets", 2022, "10-K", null));
            c.add(commit("CCC", null, "", 2022, "10-K", null));
            assertThat(c.issuer("AAA").orElseThrow().cik()).isNull();
            assertThat(c.tickersForCik(0)).isEmpty();
            assertThat(router.route("How did Alpha Widgets do in FY2022?", RouteHints.NONE, c).shards())
                    .containsExactly(new Shard("AAA", 2022));
            assertThat(router.route("What did $CCC report in FY2022?", RouteHints.NONE, c).issuers())
                    .containsExactly(new Route.Issuer("CCC", null, "CCC", true));
        }

        @Test
        void aRecordThatNamesNoShardIsLeftOutOfTheCatalog() {
            Catalog c = TestCatalogs.corpus();
            int before = c.shards().size();
            for (String shard : new String[] {null, "", "BRK.B", ":2023", "BRK.B:twenty", "BRK.B:99999999999"}) {
                c.add(new DocumentCommitted(shard, "BRK.B", BERKSHIRE, null, 2023, "10-K", null, null, null, "10-K", "h", "s",
                        1, 1, 1, 0, null, "t", "m", "p"));
                assertThat(c.remove(shard, "10-K")).isFalse();
            }
            c.add(null);
            assertThat(c.remove((DocumentRetracted) null)).isFalse();
            assertThat(c.shards()).hasSize(before);
        }

        @Test
        void aTickerChangeCycleEndsAsUnknown() {
            Catalog c = TestCatalogs.corpus().useAliases(new Aliases(List.of(
                    new Aliases.TickerChange("QQA", "QQB", "", ""), new Aliases.TickerChange("QQB", "QQA", "", "")), List.of()));
            Route route = router.route("What did $QQA report in FY2022?", RouteHints.NONE, c);
            assertThat(route.shards()).isEmpty();
            assertThat(router.route("x", RouteHints.tickers("QQA"), c).abstains()).isTrue();
        }

        @Test
        void hintedYearsAtTheEndsOfTheIntegersStillRoute() {
            for (int year : new int[] {Integer.MAX_VALUE, Integer.MAX_VALUE - 1, Integer.MIN_VALUE, 0, -1}) {
                Route route = router.route("What was 3M's revenue?", new RouteHints(List.of("MMM"), List.of(year), Set.of()), catalog);
                assertThat(route.shards()).as("year %d", year).isNotEmpty().allMatch(s -> s.ticker().equals("MMM"));
            }
        }

        @Test
        void nullAndBlankHintsSayNothing() {
            RouteHints hints = new RouteHints(Arrays.asList("  ", null, "mmm"), Arrays.asList(2018, null),
                    new HashSet<>(Arrays.asList(null, "", "10-K")), Arrays.asList(null, "2018Q4"));
            assertThat(hints.tickers()).containsExactly("mmm");
            Route route = router.route("revenue?", hints, catalog);
            assertThat(route.shards()).containsExactly(new Shard("MMM", 2018));
        }

        @Test
        void noCatalogAndNoQuestionStillGiveARoute() {
            Route route = router.route(null, null, null);
            assertThat(route.fallback()).isTrue();
            assertThat(route.shards()).isEmpty();
        }
    }
}
