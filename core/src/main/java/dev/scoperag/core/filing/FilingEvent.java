package dev.scoperag.core.filing;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.Locale;

/**
 * A filing as it arrives on the {@code filings} topic (schemas/FilingEvent.schema.json).
 *
 * <p>{@code action} is {@code upsert} (the default) or {@code retract}; a retraction needs no content.
 */
public record FilingEvent(
        String eventId,
        String action,
        String ticker,
        Long cik,
        String company,
        Integer fiscalYear,
        String formType,
        String period,
        String accession,
        String filedAt,
        String documentId,
        FilingContent content) {

    public static final String UPSERT = "upsert";
    public static final String RETRACT = "retract";
    public static final String DEFAULT_FORM = "10-K";

    @JsonIgnore
    public boolean isRetraction() {
        return RETRACT.equals(action);
    }

    @JsonIgnore
    public Shard shard() {
        return new Shard(ticker, fiscalYear);
    }

    /** The ticker as sent when it is not spelled as the shard's ({@code BRK.B} for BRK-B), for display; else null. */
    @JsonIgnore
    public String tickerAsFiled() {
        return Ticker.asFiledIfDifferent(ticker);
    }

    /** The form as filed, upper case; a 10-K when none is given. */
    @JsonIgnore
    public String form() {
        return formType == null || formType.isBlank() ? DEFAULT_FORM : formType.trim().toUpperCase(Locale.ROOT);
    }

    /**
     * The document's identity inside its shard. An amendment (10-K/A) and a corrected re-send share
     * the identity of the document they replace, so they supersede it: base form plus period.
     */
    @JsonIgnore
    public String docId() {
        if (documentId != null && !documentId.isBlank()) {
            return documentId.trim();
        }
        String base = form().endsWith("/A") ? form().substring(0, form().length() - 2) : form();
        return period == null || period.isBlank() ? base : base + "@" + period.trim();
    }

    public FilingEvent withContent(FilingContent newContent) {
        return new FilingEvent(eventId, action, ticker, cik, company, fiscalYear, formType, period,
                accession, filedAt, documentId, newContent);
    }
}
