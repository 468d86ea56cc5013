package dev.scoperag.core.route;

import java.util.List;

/**
 * An issuer as the router resolved it: its CIK when known, the ticker and name to show, and the
 * corpus tickers its filings are under (empty when none of its filings is in the corpus).
 */
record IssuerIdentity(Long cik, String ticker, String name, List<String> corpusTickers) {

    IssuerIdentity {
        corpusTickers = List.copyOf(corpusTickers);
    }

    boolean inCorpus() {
        return !corpusTickers.isEmpty();
    }

    /** Same issuer whatever ticker or name led to it. */
    String key() {
        if (!corpusTickers.isEmpty()) {
            return "corpus:" + corpusTickers.get(0);
        }
        return cik != null ? "cik:" + cik : "ticker:" + ticker;
    }

    Route.Issuer toIssuer() {
        return new Route.Issuer(ticker, cik, name, inCorpus());
    }
}
