package dev.scoperag.core.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The built-in product list as its header promises it: what an edit of the file must keep. */
class ProductAliasListTest {

    private static final List<Aliases.NameAlias> PRODUCTS = Aliases.builtIn().products();

    @Test
    void everyProductNamesOneListedCompany() {
        IssuerDirectory directory = TestCatalogs.directory();
        for (Aliases.NameAlias product : PRODUCTS) {
            assertThat(directory.byTicker(product.ticker())).as(product.alias()).isPresent();
        }
        assertThat(PRODUCTS).hasSizeGreaterThan(4000);
        assertThat(namesOfTwoCompanies(PRODUCTS)).isEmpty();
    }

    /** The names of a list, as the reader joins their words, that the list gives to two companies or more. */
    static List<String> namesOfTwoCompanies(List<Aliases.NameAlias> names) {
        Map<String, Set<String>> owners = new HashMap<>();
        for (Aliases.NameAlias name : names) {
            owners.computeIfAbsent(NameTokens.joined(NameTokens.nameWords(name.alias())), k -> new HashSet<>()).add(name.ticker());
        }
        return owners.entrySet().stream().filter(e -> e.getValue().size() > 1).map(e -> e.getKey() + " " + e.getValue()).toList();
    }

    @Test
    void noProductIsAnotherListingsNameOrTicker() {
        IssuerDirectory directory = TestCatalogs.directory();
        List<String> others = new java.util.ArrayList<>();
        for (Aliases.NameAlias product : PRODUCTS) {
            if (product.alias().matches("[A-Z0-9.&-]{1,6}")) {
                directory.byTicker(product.alias()).filter(listed -> !listed.ticker().equals(product.ticker()))
                        .ifPresent(listed -> others.add(product.alias() + " is " + listed.title() + "'s ticker"));
            }
            List<String> words = NameTokens.nameWords(product.alias());
            NameIndex.Hit named = directory.names().lookup(NameTokens.joined(words), NameTokens.joined(words));
            // (another of the same company's listings, its preferred shares' say, is no other company)
            Long ownCik = directory.byTicker(product.ticker()).map(IssuerDirectory.Entry::cik).orElse(null);
            if (named != null && named.exact() && named.entries().stream()
                    .anyMatch(e -> !e.ticker().equals(product.ticker()) && !java.util.Objects.equals(e.cik(), ownCik))) {
                others.add(product.alias() + " is " + named.entries().get(0).name() + "'s name");
            }
        }
        assertThat(others).isEmpty();
    }
}
