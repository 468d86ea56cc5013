package dev.scoperag.core.route;

import dev.scoperag.core.TestFiles;
import dev.scoperag.core.TestRecords;
import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.filing.Ticker;
import dev.scoperag.core.record.DocumentCommitted;

/**
 * Catalogs for route tests: a small corpus of commit records, and SEC's issuer files as the
 * project ships them in samples/issuers (the directory of 10,438 issuers and the ticker changes).
 */
final class TestCatalogs {

    private static IssuerDirectory directory;

    private TestCatalogs() {}

    /** A commit as the ingest job writes it for a filing under {@code ticker} as the filer spelled it. */
    static DocumentCommitted commit(String ticker, long cik, String company, int year, String form, String period) {
        return commit(ticker, (Long) cik, company, year, form, period);
    }

    static DocumentCommitted commit(String ticker, Long cik, String company, int year, String form, String period) {
        return commit(ticker, cik, company, year, form, period, null);
    }

    /** A commit that carries the aliases its document taught. */
    static DocumentCommitted commit(String ticker, Long cik, String company, int year, String form, String period,
            java.util.List<String> learnedAliases) {
        return commit(ticker, cik, company, year, form, period, learnedAliases, null);
    }

    /** A commit that carries the aliases its document taught and the names it says its company went by before. */
    static DocumentCommitted commit(String ticker, Long cik, String company, int year, String form, String period,
            java.util.List<String> learnedAliases, java.util.List<String> formerNames) {
        return commit(ticker, cik, company, year, form, period, learnedAliases, formerNames, null);
    }

    /** ... and the companies of its issuer's own deals it names. */
    static DocumentCommitted commit(String ticker, Long cik, String company, int year, String form, String period,
            java.util.List<String> learnedAliases, java.util.List<String> formerNames, java.util.List<String> dealNames) {
        Shard shard = new Shard(ticker, year);
        String docId = shard.ticker() + "_" + year + "_" + form.replace("/", "") + (period == null ? "" : "_" + period);
        return TestRecords.commit(shard.id(), docId, "hash-" + docId).issuer(Ticker.asFiledIfDifferent(ticker), cik, company)
                .form(form, period).filing("acc-" + docId, "2024-01-01T00:00:00Z").sourceHash("src-" + docId).counts(10, 1000, 5)
                .committedAt("2024-01-01T00:00:00Z").model("bge-small-en-v1.5-q").pipeline("test")
                .learnedAliases(learnedAliases).formerNames(formerNames).dealNames(dealNames).build();
    }

    /** The corpus every router test uses, without directory or aliases. */
    static Catalog corpus() {
        Catalog c = new Catalog();
        c.add(commit("MMM", 66740, "3M", 2018, "10-K", null));
        c.add(commit("MMM", 66740, "3M", 2019, "10-K", null));
        c.add(commit("MMM", 66740, "3M", 2022, "10-K", null));
        c.add(commit("MMM", 66740, "3M", 2023, "10-Q", "2023Q2"));
        c.add(commit("SQ", 1512673, "Block", 2016, "10-K", null));
        c.add(commit("SQ", 1512673, "Block", 2020, "10-K", null));
        c.add(commit("JNJ", 200406, "Johnson & Johnson", 2022, "10-K", null));
        c.add(commit("JNJ", 200406, "Johnson & Johnson", 2023, "8-K", "2023-08-30"));
        c.add(commit("KO", 21344, "Coca-Cola", 2021, "10-K", null));
        c.add(commit("KO", 21344, "Coca-Cola", 2022, "10-K", null));
        c.add(commit("JPM", 19617, "JPMorgan", 2021, "10-Q", "2021Q1"));
        c.add(commit("JPM", 19617, "JPMorgan", 2022, "10-K", null));
        c.add(commit("LIN", 1707925, "Linde", 2022, "10-K", null));
        c.add(commit("PEP", 77476, "PepsiCo", 2021, "10-K", null));
        c.add(commit("PEP", 77476, "PepsiCo", 2022, "10-K", null));
        c.add(commit("PEP", 77476, "PepsiCo", 2023, "8-K", "2023-05-05"));
        c.add(commit("PEP", 77476, "PepsiCo", 2023, "8-K", "2023-05-30"));
        c.add(commit("V", 1403161, "Visa", 2022, "10-K", null));
        c.add(commit("AMD", 2488, "AMD", 2022, "10-K", null));
        c.add(commit("MGM", 789570, "MGM Resorts", 2020, "10-K", null));
        c.add(commit("MGM", 789570, "MGM Resorts", 2022, "10-K", null));
        c.add(commit("AAL", 6201, "American Airlines", 2022, "10-K", null));
        c.add(commit("AXP", 4962, "American Express", 2022, "10-K", null));
        c.add(commit("AWK", 1410636, "American Water Works", 2021, "10-K", null));
        c.add(commit("GIS", 40704, "General Mills", 2022, "10-K", null));
        c.add(commit("KHC", 1637459, "Kraft Heinz", 2019, "10-K", null));
        c.add(commit("BBY", 764478, "Best Buy", 2023, "10-K", null));
        c.add(commit("FL", 850209, "Foot Locker", 2022, "8-K", "2022-08-19"));
        c.add(commit("FB", 1326801, "Facebook", 2021, "10-K", null));
        c.add(commit("MSFT", 789019, "Microsoft", 2023, "10-K", null));
        return c;
    }

    /** SEC's directory of 10,438 issuers, loaded once. */
    static synchronized IssuerDirectory directory() {
        if (directory == null) {
            directory = IssuerDirectory.load(TestFiles.projectFile("samples", "issuers", "company_tickers.json"));
        }
        return directory;
    }

    static Aliases aliases() {
        return Aliases.builtIn().merge(Aliases.loadTickerChanges(TestFiles.projectFile("samples", "issuers", "ticker_changes.csv")));
    }

    /** The corpus with the real directory and aliases, as the query job would hold it. */
    static Catalog full() {
        return corpus().useDirectory(directory()).useAliases(aliases());
    }
}
