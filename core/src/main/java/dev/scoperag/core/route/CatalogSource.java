package dev.scoperag.core.route;

import java.io.Serializable;
import java.nio.file.Path;

/**
 * Where a catalog's knowledge beyond the corpus comes from: SEC's issuer directory, a file of ticker
 * changes and a file of a deployment's own products, all optional; the built-in everyday names and
 * products are always known.
 */
public record CatalogSource(String issuerDirectoryPath, String tickerChangesPath, String productAliasesPath) implements Serializable {

    public CatalogSource(String issuerDirectoryPath, String tickerChangesPath) {
        this(issuerDirectoryPath, tickerChangesPath, null);
    }

    public static CatalogSource none() {
        return new CatalogSource(null, null);
    }

    /** A catalog with no documents yet, knowing the directory and aliases. */
    public Catalog emptyCatalog() {
        Aliases aliases = Aliases.builtIn();
        if (tickerChangesPath != null) {
            aliases = aliases.merge(Aliases.loadTickerChanges(Path.of(tickerChangesPath)));
        }
        if (productAliasesPath != null) {
            aliases = aliases.merge(Aliases.loadProducts(Path.of(productAliasesPath)));
        }
        Catalog catalog = new Catalog().useAliases(aliases);
        return issuerDirectoryPath == null ? catalog : catalog.useDirectory(IssuerDirectory.load(Path.of(issuerDirectoryPath)));
    }
}
