package dev.scoperag.core.route;

import java.util.List;
import java.util.Set;

/**
 * What the caller already knows about a question's scope; each non-empty field replaces what the
 * router would read from the text.
 *
 * @param periods periods of the documents wanted ("2023Q2", an 8-K's date "2022-07-01"); like the
 *     forms, a preference inside the routed shards
 */
public record RouteHints(List<String> tickers, List<Integer> fiscalYears, Set<String> forms, List<String> periods) {

    public static final RouteHints NONE = new RouteHints(List.of(), List.of(), Set.of(), List.of());

    public RouteHints {
        tickers = tickers == null ? List.of() : List.copyOf(tickers);
        fiscalYears = fiscalYears == null ? List.of() : List.copyOf(fiscalYears);
        forms = forms == null ? Set.of() : Set.copyOf(forms);
        periods = periods == null ? List.of() : List.copyOf(periods);
    }

    public RouteHints(List<String> tickers, List<Integer> fiscalYears, Set<String> forms) {
        this(tickers, fiscalYears, forms, List.of());
    }

    public static RouteHints tickers(String... tickers) {
        return new RouteHints(List.of(tickers), List.of(), Set.of());
    }

    public boolean isEmpty() {
        return tickers.isEmpty() && fiscalYears.isEmpty() && forms.isEmpty() && periods.isEmpty();
    }
}
