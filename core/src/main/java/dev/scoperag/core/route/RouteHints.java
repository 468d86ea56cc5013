package dev.scoperag.core.route;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
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

    /** Null and blank entries say nothing and are dropped, so a caller's odd list cannot fail a route. */
    public RouteHints {
        tickers = given(tickers);
        fiscalYears = fiscalYears == null ? List.of() : fiscalYears.stream().filter(Objects::nonNull).toList();
        forms = forms == null ? Set.of() : Set.copyOf(given(forms));
        periods = given(periods);
    }

    private static List<String> given(Collection<String> values) {
        return values == null ? List.of() : values.stream().filter(v -> v != null && !v.isBlank()).toList();
    }

    public RouteHints(List<String> tickers, List<Integer> fiscalYears, Set<String> forms) {
        this(tickers, fiscalYears, forms, List.of());
    }

    public static RouteHints tickers(String... tickers) {
        return new RouteHints(tickers == null ? List.of() : Arrays.asList(tickers), List.of(), Set.of());
    }

    public boolean isEmpty() {
        return tickers.isEmpty() && fiscalYears.isEmpty() && forms.isEmpty() && periods.isEmpty();
    }
}
