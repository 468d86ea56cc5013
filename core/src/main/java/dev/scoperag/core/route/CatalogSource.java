package dev.scoperag.core.route;

import java.io.Serializable;
import java.nio.file.Path;

/**
 * Where a catalog's knowledge beyond the corpus comes from: SEC's issuer directory and a file of
 * ticker changes, both optional; the built-in everyday names are always known.
 */
public record CatalogSource(String issuerDirectoryPath, String tickerChangesPath) implements Serializable {

    public static CatalogSource none() {
        return new CatalogSource(null, null);
    }

    /** A catalog with no documents yet, knowing the directory and aliases. */
    public Catalog emptyCatalog() {
        Aliases aliases = Aliases.builtIn();
        if (tickerChangesPath != null) {
            aliases = aliases.merge(Aliases.loadTickerChanges(Path.of(tickerChangesPath)));
        }
        Catalog catalog = new Catalog().useAliases(aliases);
        return issuerDirectoryPath == null ? catalog : catalog.useDirectory(IssuerDirectory.load(Path.of(issuerDirectoryPath)));
    }
}
