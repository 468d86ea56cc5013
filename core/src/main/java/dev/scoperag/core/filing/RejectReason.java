package dev.scoperag.core.filing;

/** Why a filing was not published; every rejection lands on {@code filings.dlq} with one of these. */
public enum RejectReason {
    MALFORMED_RECORD("the record is not valid UTF-8 JSON"),
    SCHEMA_VIOLATION("the record does not match schemas/FilingEvent.schema.json"),
    MISSING_TICKER("no ticker: a shard is keyed by (ticker, fiscal year)"),
    INVALID_TICKER("the ticker is not 1-10 letters, digits, '.', '-' or '/'"),
    MISSING_FISCAL_YEAR("no fiscal year: a shard is keyed by (ticker, fiscal year)"),
    INVALID_FISCAL_YEAR("the fiscal year is outside 1993 (EDGAR's start) to next year"),
    UNSUPPORTED_CONTENT_TYPE("the content is not PDF, EDGAR HTML, an EDGAR submission or plain text"),
    URI_NOT_ALLOWED("the content URI is outside the allow-list (file root, http hosts)"),
    FETCH_FAILED("the content URI could not be read"),
    FETCH_TOO_LARGE("the content is larger than the configured size cap"),
    PDF_CORRUPT("the PDF cannot be parsed"),
    PDF_ENCRYPTED("the PDF is encrypted and cannot be read without a password"),
    NO_TEXT("no text could be extracted (a scanned or empty document)"),
    TOO_LARGE("the document's text or chunks are over the configured caps (scoperag.ingest.max-characters, max-chunks)"),
    INTERNAL_ERROR("processing failed inside ScopeRAG (the detail names the stage and the exception); the filing was not committed");

    private final String description;

    RejectReason(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
