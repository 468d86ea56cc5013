package dev.scoperag.launcher.ingest;

import dev.scoperag.launcher.cli.Arguments;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.Option;
import java.util.List;

/** What the command line says about a filing given as a single file (a directory or manifest says it per file). */
record FilingMetadata(String ticker, Integer fiscalYear, String form, String period, String company, Long cik, String documentId) {

    static final Option TICKER = Option.value("--ticker", "TICKER", "for a single file: the ticker it was filed under");
    static final Option FISCAL_YEAR = Option.value("--fiscal-year", "YEAR", "for a single file: its fiscal year");
    static final Option FORM = Option.value("--form", "FORM", "for a single file: 10-K (default), 10-Q, 8-K, EARNINGS, ...");
    static final Option PERIOD = Option.value("--period", "PERIOD", "for a single file: 2023Q2, or the 8-K date 2023-05-05");
    static final Option COMPANY = Option.value("--company", "NAME", "for a single file: the company name");
    static final Option CIK = Option.value("--cik", "CIK", "for a single file: the SEC CIK");
    static final Option DOCUMENT_ID = Option.value("--document-id", "ID", "for a single file: its identity in the shard (default form@period)");

    static final List<Option> OPTIONS = List.of(TICKER, FISCAL_YEAR, FORM, PERIOD, COMPANY, CIK, DOCUMENT_ID);

    static FilingMetadata from(Arguments args) {
        Integer year = args.value(FISCAL_YEAR.name()).map(v -> parseInt(FISCAL_YEAR, v)).orElse(null);
        Long cik = args.value(CIK.name()).map(v -> (long) parseInt(CIK, v)).orElse(null);
        return new FilingMetadata(args.value(TICKER.name()).orElse(null), year, args.value(FORM.name()).orElse(null),
                args.value(PERIOD.name()).orElse(null), args.value(COMPANY.name()).orElse(null), cik,
                args.value(DOCUMENT_ID.name()).orElse(null));
    }

    boolean isEmpty() {
        return ticker == null && fiscalYear == null && form == null && period == null && company == null && cik == null
                && documentId == null;
    }

    private static int parseInt(Option option, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw CommandFailure.usage(option.name() + " takes a number, not '" + value + "'");
        }
    }
}
