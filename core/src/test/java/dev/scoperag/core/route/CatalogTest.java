package dev.scoperag.core.route;

import static dev.scoperag.core.route.TestCatalogs.commit;
import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.record.DocumentRetracted;
import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogTest {

    @Test
    void committedDocumentsGiveEachTickerItsCikNamesYearsAndDocuments() {
        Catalog catalog = TestCatalogs.corpus();
        CorpusIssuer mmm = catalog.issuer("mmm").orElseThrow();
        assertThat(mmm.cik()).isEqualTo(66740L);
        assertThat(mmm.names()).containsExactly("3M");
        assertThat(mmm.fiscalYears()).containsExactly(2018, 2019, 2022, 2023);
        assertThat(catalog.documents(new Shard("MMM", 2023)))
                .containsExactly(new CatalogDocument("MMM_2023_10-Q_2023Q2", "10-Q", "2023Q2"));
        assertThat(catalog.tickersForCik(1512673L)).containsExactly("SQ");
    }

    @Test
    void aNewVersionOfADocumentReplacesItInsteadOfAddingASecond() {
        Catalog catalog = TestCatalogs.corpus();
        catalog.add(commit("KO", 21344, "The Coca-Cola Company", 2022, "10-K", null));
        assertThat(catalog.documents(new Shard("KO", 2022))).hasSize(1);
        assertThat(catalog.issuer("KO").orElseThrow().names()).containsExactly("Coca-Cola", "The Coca-Cola Company");
    }

    @Test
    void retractingTheLastDocumentOfAYearRemovesTheYearAndOfAnIssuerRemovesTheIssuer() {
        Catalog catalog = TestCatalogs.corpus();
        assertThat(catalog.remove("LIN:2022", "LIN_2022_10-K")).isTrue();
        assertThat(catalog.issuer("LIN")).isEmpty();
        assertThat(catalog.tickersForCik(1707925L)).isEmpty();

        catalog.remove(new DocumentRetracted("MMM:2018", "MMM", 2018, "MMM_2018_10-K", "h", "t", "test"));
        assertThat(catalog.fiscalYears("MMM")).containsExactly(2019, 2022, 2023);
        assertThat(catalog.remove("MMM:2018", "MMM_2018_10-K")).isFalse();
    }

    @Test
    void aRetractedIssuerIsNoLongerRoutedTo() {
        Catalog catalog = TestCatalogs.corpus();
        DeterministicRouter router = new DeterministicRouter();
        assertThat(router.route("What was Linde's FY2022 capex?", RouteHints.NONE, catalog).shards()).hasSize(1);
        catalog.remove("LIN:2022", "LIN_2022_10-K");
        assertThat(router.route("What was Linde's FY2022 capex?", RouteHints.NONE, catalog).fallback()).isTrue();
    }

    @Test
    void theCorpusPartSurvivesAJsonRoundTripAndRoutesTheSame() {
        Catalog catalog = TestCatalogs.corpus().useAliases(Aliases.builtIn());
        String json = catalog.toJson();
        Catalog restored = Catalog.fromJson(json);

        assertThat(restored.issuers()).isEqualTo(catalog.issuers());
        assertThat(restored.aliases().names()).isEqualTo(catalog.aliases().names());
        assertThat(restored.aliases().products()).isEqualTo(catalog.aliases().products()).isNotEmpty();
        assertThat(restored.toJson()).isEqualTo(json);
        DeterministicRouter router = new DeterministicRouter();
        for (String q : List.of("What was JnJ's FY2022 revenue?", "Compare KO and PEP in FY2022.",
                "Does 3M maintain a stable trend of dividend distribution?", "Gatorade pricing in FY2022")) {
            assertThat(router.route(q, RouteHints.NONE, restored)).isEqualTo(router.route(q, RouteHints.NONE, catalog));
        }
    }

    @Test
    void theWholeCatalogWithDirectoryAndAliasesSurvivesAJsonRoundTrip() {
        Catalog catalog = TestCatalogs.full();
        Catalog restored = Catalog.fromJson(catalog.toJson());
        assertThat(restored.directory().orElseThrow().size()).isEqualTo(catalog.directory().orElseThrow().size());
        assertThat(restored.aliases().tickerChanges()).isEqualTo(catalog.aliases().tickerChanges());
        DeterministicRouter router = new DeterministicRouter();
        String q = "What was Square's revenue growth in FY2020, and how did Tesla do?";
        assertThat(router.route(q, RouteHints.NONE, restored)).isEqualTo(router.route(q, RouteHints.NONE, catalog));
    }

    @Test
    void theSecDirectoryLoadsEveryRowAndFindsClassSharesInAnySpelling() {
        IssuerDirectory directory = TestCatalogs.directory();
        assertThat(directory.size()).isEqualTo(10_438);
        assertThat(directory.byTicker("XYZ").orElseThrow().cik()).isEqualTo(1512673L);
        assertThat(directory.byTicker("BRK.B")).isEqualTo(directory.byTicker("BRK-B")).isEqualTo(directory.byTicker("brk/b"));
        assertThat(directory.byTicker("BRK.B").orElseThrow().cik()).isEqualTo(1067983L);
        assertThat(directory.byCik(1652044L)).extracting(IssuerDirectory.Entry::ticker).contains("GOOGL", "GOOG");
        assertThat(directory.byTicker("GLW").orElseThrow().displayName()).isEqualTo("CORNING INC");
        assertThat(directory.byTicker("NOSUCHTICKER")).isEmpty();
    }

    @Test
    void aProductsNoteIsKeptThroughJsonAndLeftOutWhereEmpty() {
        // the router reads a product's note ("P&G diapers"); a name without one writes no "note" at all
        Aliases aliases = new Aliases(List.of(), List.of(new Aliases.NameAlias("Coke", "KO")),
                List.of(new Aliases.NameAlias("Pampers", "PG", " P&G diapers ")));
        Catalog restored = Catalog.fromJson(new Catalog().useAliases(aliases).toJson());
        assertThat(restored.aliases().products()).containsExactly(new Aliases.NameAlias("Pampers", "PG", "P&G diapers"));
        assertThat(restored.aliases().names()).containsExactly(new Aliases.NameAlias("Coke", "KO"));
        assertThat(new Catalog().useAliases(aliases).toJson()).contains("\"note\":\"P&G diapers\"").containsOnlyOnce("\"note\"");
        assertThat(restored.aliases().productNoteWords("pampers", "PG")).containsExactly("diaper");
        assertThat(Aliases.noteWord("utilities")).isEqualTo("utility");
        assertThat(Aliases.noteWord("news")).isEqualTo("news");
        assertThat(Aliases.noteWord("glass")).isEqualTo("glass");
    }

    @Test
    void tickerChangesChainAndTheirNotesGiveFormerNames() {
        Aliases aliases = TestCatalogs.aliases();
        assertThat(aliases.newTickerOf("FB")).contains("META");
        assertThat(aliases.newTickerOf("META")).isEmpty();
        assertThat(aliases.oldTickersOf("META")).containsExactly("FB");
        assertThat(aliases.names()).contains(new Aliases.NameAlias("Anthem", "ANTM"), new Aliases.NameAlias("Facebook", "FB"),
                new Aliases.NameAlias("BB&T", "BBT"));
    }
}
