package dev.scoperag.core.route;

import dev.scoperag.core.filing.Ticker;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Maps a ticker, CIK or name-index entry onto an issuer and its corpus tickers, through the CIK
 * (Block trades as XYZ and filed as SQ; Berkshire is listed as BRK-A and BRK-B) and through
 * ticker changes (FB became META). Every look-up that misses is empty, never an exception.
 */
final class IssuerResolver {

    private static final int MAX_TICKER_CHANGES = 5;

    private final Catalog catalog;

    IssuerResolver(Catalog catalog) {
        this.catalog = catalog;
    }

    /** The issuer a ticker in any spelling stands for, or empty if no list knows it. */
    Optional<IssuerIdentity> byTicker(String rawTicker) {
        Set<String> seen = new HashSet<>();
        String current = Ticker.canonical(rawTicker);
        for (int hop = 0; !current.isEmpty() && hop <= MAX_TICKER_CHANGES && seen.add(current); hop++) {
            Optional<IssuerIdentity> found = byCurrentTicker(current);
            if (found.isPresent()) {
                return found;
            }
            current = catalog.aliases().newTickerOf(current).orElse("");
        }
        return Optional.empty();
    }

    /** True when the ticker itself is a corpus ticker, not one reached through a CIK or a ticker change. */
    boolean isCorpusTicker(String rawTicker) {
        return catalog.issuer(rawTicker).isPresent();
    }

    private Optional<IssuerIdentity> byCurrentTicker(String ticker) {
        Optional<IssuerDirectory.Entry> listing = catalog.directory().flatMap(d -> d.byTicker(ticker));
        Optional<CorpusIssuer> corpus = catalog.issuer(ticker);
        if (corpus.isPresent()) {
            CorpusIssuer issuer = corpus.get();
            if (issuer.cik() == null) {
                IssuerIdentity filed = new IssuerIdentity(null, issuer.ticker(), issuer.displayName(), List.of(issuer.ticker()));
                return Optional.of(listing.map(l -> withListing(filed, l.cik(), l.displayName())).orElse(filed));
            }
            return Optional.of(new IssuerIdentity(issuer.cik(), issuer.ticker(), issuer.displayName(),
                    catalog.tickersForCik(issuer.cik())));
        }
        if (listing.isPresent()) {
            return Optional.of(byCik(listing.get().cik(), ticker, listing.get().displayName()));
        }
        return identityOfCorpus(formerCorpusTickers(ticker));
    }

    /** The issuer with this CIK; ticker and name are shown when none of its filings is in the corpus. */
    IssuerIdentity byCik(long cik, String ticker, String name) {
        List<String> tickers = catalog.tickersForCik(cik);
        if (tickers.isEmpty()) {
            tickers = formerCorpusTickers(ticker);
        }
        if (tickers.isEmpty() && ticker != null) {
            // Filings sent without a CIK (a {fiscal_year}/{TICKER} backfill) are the listing's when they
            // are filed under its ticker; a corpus ticker with another CIK is another issuer.
            tickers = catalog.issuer(ticker).filter(i -> i.cik() == null).map(i -> List.of(i.ticker())).orElse(List.of());
        }
        return identityOfCorpus(tickers)
                .map(corpus -> withListing(corpus, cik, name))
                .orElseGet(() -> new IssuerIdentity(cik, ticker, name, List.of()));
    }

    /** The corpus issuer with the listing's CIK, and its name, where its filings carry none. */
    private static IssuerIdentity withListing(IssuerIdentity corpus, Long cik, String name) {
        if (corpus.cik() != null || cik == null) {
            return corpus;
        }
        boolean unnamed = corpus.name() == null || corpus.name().equals(corpus.ticker());
        boolean named = name != null && !name.isBlank();
        return new IssuerIdentity(cik, corpus.ticker(), unnamed && named ? name : corpus.name(), corpus.corpusTickers());
    }

    Optional<IssuerIdentity> byEntry(NameIndex.Entry entry) {
        return entry.cik() != null
                ? Optional.of(byCik(entry.cik(), entry.ticker(), NameTokens.withoutStateTag(entry.name())))
                : byTicker(entry.ticker());
    }

    /** Corpus tickers that were renamed into this one (a corpus holding FB filings without their CIK). */
    private List<String> formerCorpusTickers(String ticker) {
        List<String> found = new ArrayList<>();
        for (String old : catalog.aliases().oldTickersOf(ticker)) {
            if (catalog.issuer(old).isPresent()) {
                found.add(old);
            }
        }
        return found;
    }

    /** One issuer for the corpus tickers it filed under; empty when none of them is in the corpus. */
    private Optional<IssuerIdentity> identityOfCorpus(List<String> tickers) {
        // Show the ticker with the most recent filings: the name the corpus knows it by now.
        CorpusIssuer best = null;
        List<String> present = new ArrayList<>(tickers.size());
        for (String t : tickers) {
            Optional<CorpusIssuer> found = catalog.issuer(t);
            if (found.isEmpty()) {
                continue;
            }
            CorpusIssuer issuer = found.get();
            present.add(issuer.ticker());
            if (best == null || issuer.latestYear().orElse(Integer.MIN_VALUE) > best.latestYear().orElse(Integer.MIN_VALUE)) {
                best = issuer;
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        return Optional.of(new IssuerIdentity(best.cik(), best.ticker(), best.displayName(), present));
    }
}
