package dev.scoperag.core.route;

import dev.scoperag.core.filing.Shard;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Where a question should be answered from: its issuers, the shards to search, and soft filters inside them.
 *
 * <p>No shard with {@code fallback} means search the whole corpus; no shard with an
 * {@code abstainReason} means do not answer from other companies' filings. Forms and periods are
 * preferences: when no document of a routed shard matches them, search the whole shard.
 *
 * @param issuers every issuer the question names, in the order first named
 * @param shards shards to search, most useful first: per issuer the latest routed year leads
 * @param forms document forms to prefer inside the shards ("10-K", "10-Q", "8-K", "EARNINGS"); empty means any
 * @param periods periods named ("2023Q2", "2022-07-01"); empty means any
 * @param method "deterministic", "deterministic-typo" (an issuer read from a mistyped ticker or name), "hints",
 *     "llm" or "fallback"
 * @param confidence 0..1, see {@link DeterministicRouter} for the formula
 * @param fallback routing resolved nothing: search corpus-wide
 * @param abstainReason why no shard may be searched although the issuer is known, or null
 * @param explanation one line on how the route was found
 * @param namedBy the words that named each issuer and how, every reading in the order written
 */
public record Route(
        List<Issuer> issuers,
        List<Shard> shards,
        SortedSet<String> forms,
        List<String> periods,
        String method,
        double confidence,
        boolean fallback,
        String abstainReason,
        String explanation,
        List<Naming> namedBy) {

    /** An issuer the question names; {@code ticker} is the corpus ticker when it has filings in the corpus. */
    public record Issuer(String ticker, Long cik, String name, boolean inCorpus) {}

    /**
     * Words of the question that named an issuer ({@code ticker} as in {@link Issuer}), and how:
     * {@value #BY_NAME}, {@value #BY_ALIAS}, {@value #BY_LEARNED_ALIAS}, {@value #BY_PRODUCT_ALIAS}, {@value #BY_TICKER},
     * {@value #BY_TYPO} or {@value #BY_HINT}; {@code detail} says more ("leading words of name", "lower-case ticker").
     */
    public record Naming(String ticker, String words, String how, String detail) {}

    public static final String BY_NAME = "name";
    public static final String BY_ALIAS = "alias";
    public static final String BY_LEARNED_ALIAS = "learned alias";
    /** A product, brand, segment or subsidiary of the built-in alias list ("YouTube"), not a filing's. */
    public static final String BY_PRODUCT_ALIAS = "product alias";
    public static final String BY_TICKER = "ticker";
    public static final String BY_TYPO = "typo";
    public static final String BY_HINT = "hint";

    public static final String DETERMINISTIC = "deterministic";
    public static final String DETERMINISTIC_TYPO = "deterministic-typo";
    public static final String HINTS = "hints";
    public static final String LLM = "llm";
    public static final String FALLBACK = "fallback";

    public Route {
        issuers = List.copyOf(issuers);
        shards = List.copyOf(shards);
        forms = Collections.unmodifiableSortedSet(new TreeSet<>(forms == null ? Set.of() : forms));
        periods = List.copyOf(periods);
        namedBy = namedBy == null ? List.of() : List.copyOf(namedBy);
        if (confidence < 0 || confidence > 1) {
            throw new IllegalArgumentException("confidence outside 0..1: " + confidence);
        }
    }

    /** A route that does not say which words named its issuers (an LLM's, a test's). */
    public Route(List<Issuer> issuers, List<Shard> shards, SortedSet<String> forms, List<String> periods, String method,
            double confidence, boolean fallback, String abstainReason, String explanation) {
        this(issuers, shards, forms, periods, method, confidence, fallback, abstainReason, explanation, List.of());
    }

    /** The words that named one issuer of this route. */
    public List<Naming> namedBy(Issuer issuer) {
        return namedBy.stream().filter(n -> n.ticker().equals(issuer.ticker())).toList();
    }

    /** Nothing resolved: answer from the whole corpus. */
    public static Route corpusWide(SortedSet<String> forms, List<String> periods, String explanation) {
        return new Route(List.of(), List.of(), forms, periods, FALLBACK, 0.0, true, null, explanation);
    }

    public boolean abstains() {
        return abstainReason != null;
    }
}
