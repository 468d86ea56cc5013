package dev.scoperag.core.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The built-in list of everyday names as its header promises it: what an edit of the file must keep. */
class NameAliasListTest {

    private static final List<Aliases.NameAlias> NAMES = Aliases.builtIn().names();

    @Test
    void everyNameNamesOneCompany() {
        assertThat(NAMES).hasSizeGreaterThan(500);
        assertThat(ProductAliasListTest.namesOfTwoCompanies(NAMES)).isEmpty();
    }

    @Test
    void noNameIsAnotherListingsTickerOrNameOrAnEnglishWord() {
        IssuerDirectory directory = TestCatalogs.directory();
        List<String> others = new ArrayList<>();
        for (Aliases.NameAlias name : NAMES) {
            Long cik = directory.byTicker(name.ticker()).map(IssuerDirectory.Entry::cik).orElse(null);
            directory.byTicker(name.alias()).filter(listed -> !listed.ticker().equals(name.ticker()) && !Long.valueOf(listed.cik()).equals(cik))
                    .ifPresent(listed -> others.add(name.alias() + " is " + listed.title() + "'s ticker"));
            List<String> words = NameTokens.nameWords(name.alias());
            NameIndex.Hit named = directory.names().lookup(NameTokens.joined(words), NameTokens.joined(words));
            if (named != null && named.exact() && named.entries().stream().anyMatch(e -> !Long.valueOf(e.cik()).equals(cik))) {
                others.add(name.alias() + " is " + named.entries().get(0).name() + "'s name");
            }
            if (words.size() == 1 && Vocabulary.isEverydayWord(words.get(0))) {
                others.add(name.alias() + " is an English word");
            }
        }
        // the everyday names that are English words too, which the reader takes as names only where a question writes them
        // as one ("Coke" is also Coca-Cola Consolidated's ticker; "UP", Union Pacific as railroad analysts write it, is read
        // in capitals only, as the subject before its business, and "$UP" is still Wheels Up's; "Mouse" and "Depot", the
        // trade's Disney and Home Depot, only in the possessive right after "the"); no other may be
        assertThat(others).containsExactlyInAnyOrder("Square is an English word", "Meta is an English word",
                "Google is an English word", "Coke is Coca-Cola Consolidated, Inc.'s ticker", "Coke is an English word",
                "Occidental is an English word", "Dominion is an English word", "UP is Wheels Up Experience Inc.'s ticker",
                "UP is an English word", "Mouse is an English word", "Depot is an English word");
    }

    @Test
    void everyFormerTickerIsNoListingsTickerTodayAndChangedIntoOne() {
        IssuerDirectory directory = TestCatalogs.directory();
        List<Aliases.TickerChange> changes = Aliases.builtIn().tickerChanges();
        assertThat(changes).hasSizeGreaterThan(200);
        List<String> wrong = new ArrayList<>();
        for (Aliases.TickerChange change : changes) {
            if (directory.byTicker(change.oldTicker()).isPresent()) {
                wrong.add(change.oldTicker() + " is listed today");
            }
            if (directory.byTicker(change.newTicker()).isEmpty()) {
                // the 3,000 largest listings' until the nineteenth pass on issue 17, every listing's since
                wrong.add(change.newTicker() + " is no listing");
            }
            if (Vocabulary.isEverydayWord(change.oldTicker().toLowerCase(java.util.Locale.ROOT))) {
                wrong.add(change.oldTicker() + " is an English word");
            }
        }
        assertThat(wrong).isEmpty();
        assertThat(Aliases.builtIn().newTickerOf("FB")).contains("META");
    }

    @Test
    void formerNamesAreReadAsNamesOfTheirCompany() {
        assertThat(Aliases.isBuiltInFormerName("AmerisourceBergen")).isTrue();
        assertThat(Aliases.isBuiltInFormerName("Coke")).isFalse();
        assertThat(NAMES).contains(new Aliases.NameAlias("Minnesota Mining and Manufacturing", "MMM"));
    }
}
