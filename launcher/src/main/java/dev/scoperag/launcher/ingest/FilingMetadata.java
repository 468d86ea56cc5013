package dev.scoperag.launcher.ingest;

import picocli.CommandLine.Option;

/** What the command line says about a filing given as a single file (a directory or manifest says it per file). */
record FilingMetadata(String ticker, Integer fiscalYear, String form, String period, String company, Long cik, String documentId) {

    static final FilingMetadata NONE = new FilingMetadata(null, null, null, null, null, null, null);

    boolean isEmpty() {
        return ticker == null && fiscalYear == null && form == null && period == null && company == null && cik == null
                && documentId == null;
    }

    /** The options that give it. */
    static final class Options {

        @Option(names = "--ticker", paramLabel = "TICKER", description = "for a single file: the ticker it was filed under") private String ticker;
        @Option(names = "--fiscal-year", paramLabel = "YEAR", description = "for a single file: its fiscal year") private Integer fiscalYear;
        @Option(names = "--form", paramLabel = "FORM", description = "for a single file: 10-K (default), 10-Q, 8-K, EARNINGS, ...") private String form;
        @Option(names = "--period", paramLabel = "PERIOD", description = "for a single file: 2023Q2, or the 8-K date 2023-05-05") private String period;
        @Option(names = "--company", paramLabel = "NAME", description = "for a single file: the company name") private String company;
        @Option(names = "--cik", paramLabel = "CIK", description = "for a single file: the SEC CIK") private Long cik;
        @Option(names = "--document-id", paramLabel = "ID", description = "for a single file: its identity in the shard (default form@period)") private String documentId;

        FilingMetadata toMetadata() {
            return new FilingMetadata(ticker, fiscalYear, form, period, company, cik, documentId);
        }
    }
}
