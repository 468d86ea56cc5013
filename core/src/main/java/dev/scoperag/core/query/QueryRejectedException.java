package dev.scoperag.core.query;

/** A query that cannot be answered as sent: it gets a {@code rejected} answer carrying this reason. */
public final class QueryRejectedException extends Exception {

    /** Why a query was rejected. */
    public enum Reason {
        /** The record is not a UTF-8 JSON object. */
        MALFORMED_QUERY,
        /** The record does not match schemas/QueryEvent.schema.json (wrong types, a question over 4,000 characters). */
        SCHEMA_VIOLATION,
        /** The question is missing or blank. */
        EMPTY_QUESTION,
        /** The question is not in English, the only language the embedding model and the answerer read. */
        UNSUPPORTED_LANGUAGE,
        /** The question instructs the answerer (ignore your instructions, reveal your prompt) instead of asking. */
        PROMPT_INJECTION
    }

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
