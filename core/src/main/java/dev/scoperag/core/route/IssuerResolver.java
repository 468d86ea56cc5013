package dev.scoperag.core.route;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Maps a ticker, CIK or name-index entry onto an issuer and its corpus tickers, through the CIK
 * (Block trades as XYZ and filed as SQ) and through ticker changes (FB became META).
 */
final class IssuerResolver {

    private static final int MAX_TICKER_CHANGES = 5;

    private final Catalog catalog;

    IssuerResolver(Catalog catalog) {
        this.catalog = catalog;
    }

    /** The issuer a ticker stands for, or null if no list knows it. */
    IssuerIdentity byTicker(String rawTicker) {
        String ticker = IssuerDirectory.normalTicker(rawTicker);
        Set<String> seen = new HashSet<>();
        String current = ticker;
        for (int hop = 0; current != null && hop <= MAX_TICKER_CHANGES && seen.add(current); hop++) {
            IssuerIdentity found = byCurrentTicker(current);
            if (found != null) {
                return found;
            }
            current = catalog.aliases().newTickerOf(current);
        }
        return null;
    }

    /** True when the ticker itself is a corpus ticker, not one reached through a CIK or a ticker change. */
    boolean isCorpusTicker(String rawTicker) {
        return catalog.issuer(rawTicker).isPresent();
    }

    private IssuerIdentity byCurrentTicker(String ticker) {
        var corpus = catalog.issuer(ticker);
        IssuerDirectory directory = catalog.directory().orElse(null);
        IssuerDirectory.Entry listing = directory == null ? null : directory.byTicker(ticker);
        if (corpus.isPresent()) {
            CorpusIssuer issuer = corpus.get();
            if (issuer.cik() == null) {
                return withListing(new IssuerIdentity(null, issuer.ticker(), issuer.displayName(), List.of(issuer.ticker())),
                        listing == null ? null : listing.cik(), listing == null ? null : listing.displayName());
            }
            return new IssuerIdentity(issuer.cik(), issuer.ticker(), issuer.displayName(), catalog.tickersForCik(issuer.cik()));
        }
        if (listing != null) {
            return byCik(listing.cik(), ticker, listing.displayName());
        }
        List<String> former = formerCorpusTickers(ticker);
        if (!former.isEmpty()) {
            return identityOfCorpus(former);
        }
        return null;
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
        if (!tickers.isEmpty()) {
            return withListing(identityOfCorpus(tickers), cik, name);
        }
        return new IssuerIdentity(cik, ticker, name, List.of());
    }

    /** The corpus issuer with the listing's CIK, and its name, where its filings carry none. */
    private static IssuerIdentity withListing(IssuerIdentity corpus, Long cik, String name) {
        if (corpus.cik() != null || cik == null) {
            return corpus;
        }
        boolean unnamed = corpus.name() == null || corpus.name().equals(corpus.ticker());
        return new IssuerIdentity(cik, corpus.ticker(), unnamed && name != null ? name : corpus.name(), corpus.corpusTickers());
    }

    IssuerIdentity byEntry(NameIndex.Entry entry) {
        return entry.cik() != null
                ? byCik(entry.cik(), entry.ticker(), NameTokens.withoutStateTag(entry.name()))
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

    private IssuerIdentity identityOfCorpus(List<String> tickers) {
        // Show the ticker with the most recent filings: the name the corpus knows it by now.
        CorpusIssuer best = null;
        for (String t : tickers) {
            CorpusIssuer issuer = catalog.issuer(t).orElseThrow();
            if (best == null || issuer.fiscalYears().last() > best.fiscalYears().last()) {
                best = issuer;
            }
        }
        return new IssuerIdentity(best.cik(), best.ticker(), best.displayName(), tickers);
    }
}
