package dev.scoperag.core.filing;

import java.util.Optional;

/**
 * The unit of routing and storage: every document of one issuer for one fiscal year, keyed by the
 * canonical spelling of the ticker it was filed under ({@link Ticker}: BRK.B is filed as BRK-B).
 */
public record Shard(String ticker, int fiscalYear) implements Comparable<Shard> {

    public Shard {
        ticker = Ticker.canonical(ticker);
    }

    /** The shard id used in topic keys and state, {@code TICKER:YEAR}. */
    public String id() {
        return ticker + ":" + fiscalYear;
    }

    /** The shard of a {@code TICKER:YEAR} id, in canonical spelling; throws when it is not one (see {@link #fromId}). */
    public static Shard parse(String id) {
        return fromId(id).orElseThrow(() -> new IllegalArgumentException("not a shard id (TICKER:YEAR): " + id));
    }

    /** The shard of a {@code TICKER:YEAR} id, in canonical spelling, or empty when it is not one. */
    public static Optional<Shard> fromId(String id) {
        if (id == null) {
            return Optional.empty();
        }
        int colon = id.lastIndexOf(':');
        if (colon <= 0) {
            return Optional.empty();
        }
        String ticker = Ticker.canonical(id.substring(0, colon));
        String year = id.substring(colon + 1);
        if (ticker.isEmpty() || year.isEmpty() || year.length() > 9 || !year.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return Optional.empty();
        }
        return Optional.of(new Shard(ticker, Integer.parseInt(year)));
    }

    @Override
    public int compareTo(Shard other) {
        int byTicker = ticker.compareTo(other.ticker);
        return byTicker != 0 ? byTicker : Integer.compare(fiscalYear, other.fiscalYear);
    }

    @Override
    public String toString() {
        return id();
    }
}
