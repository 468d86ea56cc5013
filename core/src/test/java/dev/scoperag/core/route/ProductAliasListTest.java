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
        Map<String, Set<String>> owners = new HashMap<>();
        for (Aliases.NameAlias product : PRODUCTS) {
            assertThat(directory.byTicker(product.ticker())).as(product.alias()).isPresent();
            owners.computeIfAbsent(NameTokens.joined(NameTokens.nameWords(product.alias())), k -> new HashSet<>()).add(product.ticker());
        }
        assertThat(PRODUCTS).hasSizeGreaterThan(3000);
        assertThat(owners.entrySet()).filteredOn(e -> e.getValue().size() > 1).isEmpty();
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
            if (named != null && named.exact() && named.entries().stream().anyMatch(e -> !e.ticker().equals(product.ticker()))) {
                others.add(product.alias() + " is " + named.entries().get(0).name() + "'s name");
            }
        }
        assertThat(others).isEmpty();
    }
}
