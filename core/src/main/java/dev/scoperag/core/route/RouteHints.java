package dev.scoperag.core.route;

import java.util.List;
import java.util.Set;

/**
 * What the caller already knows about a question's scope; each non-empty field replaces what the
 * router would read from the text.
 */
public record RouteHints(List<String> tickers, List<Integer> fiscalYears, Set<String> forms) {

    public static final RouteHints NONE = new RouteHints(List.of(), List.of(), Set.of());

    public RouteHints {
        tickers = tickers == null ? List.of() : List.copyOf(tickers);
        fiscalYears = fiscalYears == null ? List.of() : List.copyOf(fiscalYears);
        forms = forms == null ? Set.of() : Set.copyOf(forms);
    }

    public static RouteHints tickers(String... tickers) {
        return new RouteHints(List.of(tickers), List.of(), Set.of());
    }

    public boolean isEmpty() {
        return tickers.isEmpty() && fiscalYears.isEmpty() && forms.isEmpty();
    }
}
