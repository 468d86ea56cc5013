package dev.scoperag.core.llm;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.scoperag.core.filing.Ticker;
import dev.scoperag.core.route.Catalog;
import dev.scoperag.core.route.CorpusIssuer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The part of the catalog the LLM router shows the model, which is also all it may route to: the issuers its
 * listing has room for, each with a few names and its fiscal years. Small enough to travel with a question to an
 * asynchronous routing step, and immutable, so that step needs no access to the live catalog. It holds no documents:
 * an LLM route names no form or period, so planning it never filters a shard by its documents.
 *
 * @param issuers the listed issuers, in catalog order
 * @param omitted how many issuers of the catalog the listing had no room for
 */
public record CatalogExcerpt(List<ListedIssuer> issuers, int omitted) {

    /** The listing of all issuers is cut at this many characters. */
    public static final int MAX_CHARS = 12_000;
    // Bounds of one line, so that no issuer's names crowd the others out of the listing.
    static final int MAX_TICKER_CHARS = 16;
    static final int MAX_NAME_CHARS = 120;
    static final int MAX_NAMES_PER_ISSUER = 4;

    /**
     * One issuer as listed.
     *
     * @param ticker the corpus ticker as in the catalog (the shard key), shown through {@link PromptText#field}
     * @param names up to {@value #MAX_NAMES_PER_ISSUER} of its company names, each a {@link PromptText#field}
     * @param moreNames how many other names it has
     */
    public record ListedIssuer(String ticker, Long cik, List<String> names, int moreNames, SortedSet<Integer> fiscalYears) {

        public ListedIssuer {
            names = List.copyOf(names);
            fiscalYears = new TreeSet<>(fiscalYears);
        }

        /** The first of its names as listed, else its ticker. */
        @JsonIgnore
        public String displayName() {
            return names.isEmpty() ? ticker : names.get(0);
        }

        static ListedIssuer of(CorpusIssuer issuer) {
            Set<String> names = new LinkedHashSet<>();
            for (String name : issuer.names()) {
                String field = PromptText.field(name, MAX_NAME_CHARS);
                if (field != null) {
                    names.add(field);
                }
            }
            List<String> shown = names.stream().limit(MAX_NAMES_PER_ISSUER).toList();
            return new ListedIssuer(issuer.ticker(), issuer.cik(), shown, names.size() - shown.size(), issuer.fiscalYears());
        }

        /** {@code TICKER | names | years}: no field can start a line, add a column or separate names. */
        String line() {
            String ticker = PromptText.field(ticker(), MAX_TICKER_CHARS);
            return (ticker == null ? "?" : ticker) + " | " + String.join("; ", names) + (moreNames > 0 ? "; (" + moreNames + " more)" : "")
                    + " | " + fiscalYears.stream().map(String::valueOf).collect(Collectors.joining(", ")) + "\n";
        }
    }

    public CatalogExcerpt {
        issuers = List.copyOf(issuers);
    }

    /** The issuers of {@code catalog} that fit a listing of {@value #MAX_CHARS} characters. */
    public static CatalogExcerpt of(Catalog catalog) {
        return of(catalog, MAX_CHARS);
    }

    static CatalogExcerpt of(Catalog catalog, int maxChars) {
        List<ListedIssuer> listed = new ArrayList<>();
        int chars = 0;
        for (CorpusIssuer issuer : catalog.issuers().values()) {
            ListedIssuer entry = ListedIssuer.of(issuer);
            chars += entry.line().length();
            if (chars > maxChars) {
                break;
            }
            listed.add(entry);
        }
        return new CatalogExcerpt(listed, catalog.issuers().size() - listed.size());
    }

    /** One line per listed issuer, {@code TICKER | names | years}, then how many issuers were left out. */
    public String listing() {
        StringBuilder listing = new StringBuilder();
        issuers.forEach(issuer -> listing.append(issuer.line()));
        if (omitted > 0) {
            listing.append("(").append(omitted).append(" more issuers not listed)\n");
        }
        return listing.toString();
    }

    /** The listed issuer of {@code ticker} in any spelling ({@code brk.b} finds {@code BRK-B}), or empty. */
    public Optional<ListedIssuer> issuer(String ticker) {
        String canonical = Ticker.canonical(ticker);
        if (canonical.isEmpty()) {
            return Optional.empty();
        }
        return issuers.stream().filter(issuer -> Ticker.canonical(issuer.ticker()).equals(canonical)).findFirst();
    }
}
