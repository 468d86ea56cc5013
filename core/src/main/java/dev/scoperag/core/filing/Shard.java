package dev.scoperag.core.filing;

import java.util.Locale;

/** The unit of routing and storage: every document of one issuer (as filed) for one fiscal year. */
public record Shard(String ticker, int fiscalYear) implements Comparable<Shard> {

    public Shard {
        ticker = ticker.trim().toUpperCase(Locale.ROOT);
    }

    /** The shard id used in topic keys and state, {@code TICKER:YEAR}. */
    public String id() {
        return ticker + ":" + fiscalYear;
    }

    public static Shard parse(String id) {
        int colon = id.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("not a shard id (TICKER:YEAR): " + id);
        }
        return new Shard(id.substring(0, colon), Integer.parseInt(id.substring(colon + 1)));
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
