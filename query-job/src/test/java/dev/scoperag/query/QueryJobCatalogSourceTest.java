package dev.scoperag.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.route.Aliases;
import dev.scoperag.core.route.Catalog;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the query job's router knows beyond the corpus, from its configuration. */
class QueryJobCatalogSourceTest {

    @Test
    void aDeploymentsOwnProductsAreKnownBesideTheBuiltInOnes(@TempDir Path dir) throws Exception {
        Path products = Files.writeString(dir.resolve("products.csv"), "alias,ticker,note\nZorblax Cloud,PEP,a product of our own\n");
        Configuration config = new Configuration();
        config.set(QueryOptions.PRODUCT_ALIASES, products.toString());

        Catalog catalog = QueryJob.catalogSource(config).emptyCatalog();

        assertThat(catalog.aliases().products()).extracting(Aliases.NameAlias::alias).contains("Zorblax Cloud", "YouTube");
        assertThat(QueryJob.catalogSource(new Configuration()).emptyCatalog().aliases().products())
                .extracting(Aliases.NameAlias::alias).contains("YouTube").doesNotContain("Zorblax Cloud");
    }
}
