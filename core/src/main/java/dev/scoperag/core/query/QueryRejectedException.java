package dev.scoperag.core.query;

/** A query that cannot be answered as sent: it gets a {@code rejected} answer carrying this reason. */
public final class QueryRejectedException extends Exception {

    /** Why a query was rejected. */
    public enum Reason { MALFORMED_QUERY, SCHEMA_VIOLATION, EMPTY_QUESTION }

    private final Reason reason;
    private final String queryId;

    public QueryRejectedException(Reason reason, String queryId, String detail) {
        super(detail);
        this.reason = reason;
        this.queryId = queryId;
    }

    public Reason reason() {
        return reason;
    }

    /** The query id if the record had one, so the rejection can be keyed like the query. */
    public String queryId() {
        return queryId;
    }
}
