package dev.scoperag.core.search;

import java.util.Locale;

/**
 * The normalized values a {@link DocumentFilter} tests for one chunk, computed once when a chunk is
 * indexed so neither the Lucene fields nor the dense mask normalize per query.
 *
 * @param baseForm the form an amendment amends ({@code 10-K} for {@code 10-K/A}); equal to
 *     {@code form} otherwise
 * @param period null for documents without one (annual reports)
 */
record FilterKeys(String shard, String form, String baseForm, String period) {

    private static final String AMENDMENT_SUFFIX = "/A";

    static FilterKeys of(IndexedChunk chunk) {
        String form = chunk.formType() == null || chunk.formType().isBlank() ? null : normalize(chunk.formType());
        String baseForm = form != null && form.endsWith(AMENDMENT_SUFFIX) && form.length() > AMENDMENT_SUFFIX.length()
                ? form.substring(0, form.length() - AMENDMENT_SUFFIX.length())
                : form;
        String period = chunk.period() == null || chunk.period().isBlank() ? null : normalize(chunk.period());
        return new FilterKeys(normalize(chunk.shard()), form, baseForm, period);
    }

    static String normalize(String value) {
        return value.trim().toUpperCase(Locale.ROOT);
    }
}
