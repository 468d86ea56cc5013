package dev.scoperag.core.search;

import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which documents a search may return, by shard id, form and period; an empty set places no
 * restriction on that attribute.
 *
 * <p>A base form also admits its amendments ({@code 10-K} admits {@code 10-K/A}); naming the
 * amendment admits only the amendment. Periods match exactly ({@code 2023Q2}, or an 8-K's date
 * {@code 2022-07-01}); annual reports carry no period, so a period restriction excludes them.
 * Values are compared trimmed and case-insensitively.
 */
public record DocumentFilter(Set<String> shards, Set<String> forms, Set<String> periods) {

    private static final DocumentFilter NONE = new DocumentFilter(Set.of(), Set.of(), Set.of());

    public DocumentFilter {
        shards = normalized(shards);
        forms = normalized(forms);
        periods = normalized(periods);
    }

    public static DocumentFilter none() {
        return NONE;
    }

    public static DocumentFilter shards(String... shardIds) {
        return new DocumentFilter(Set.of(shardIds), Set.of(), Set.of());
    }

    public static DocumentFilter forms(String... formTypes) {
        return new DocumentFilter(Set.of(), Set.of(formTypes), Set.of());
    }

    public static DocumentFilter periods(String... periodIds) {
        return new DocumentFilter(Set.of(), Set.of(), Set.of(periodIds));
    }

    public boolean isUnrestricted() {
        return shards.isEmpty() && forms.isEmpty() && periods.isEmpty();
    }

    public boolean allows(IndexedChunk chunk) {
        return allows(FilterKeys.of(chunk));
    }

    boolean allows(FilterKeys keys) {
        return (shards.isEmpty() || shards.contains(keys.shard()))
                && (forms.isEmpty() || (keys.form() != null
                        && (forms.contains(keys.form()) || forms.contains(keys.baseForm()))))
                && (periods.isEmpty() || (keys.period() != null && periods.contains(keys.period())));
    }

    private static Set<String> normalized(Set<String> values) {
        if (values == null || values.isEmpty()) {
            return Set.of();
        }
        return values.stream()
                .filter(v -> v != null && !v.isBlank())
                .map(FilterKeys::normalize)
                .collect(Collectors.toUnmodifiableSet());
    }
}
