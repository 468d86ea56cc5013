package dev.scoperag.core.filing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.contract.Schemas;
import dev.scoperag.core.json.Json;
import java.io.IOException;
import java.time.Clock;
import java.time.Year;
import java.util.List;
import java.util.regex.Pattern;

/** Turns a {@code filings} record value into a FilingEvent, or says exactly why it cannot. */
public final class FilingDecoder {

    /**
     * Letters and digits, with the class-share separators filers use ('.', '-', '/'); accepted as
     * sent and canonicalized (BRK.B and BRK/B are BRK-B) by {@link Shard}.
     */
    private static final Pattern TICKER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9./\\-]{0,9}");
    /** EDGAR's electronic filings start in 1993. */
    public static final int FIRST_FISCAL_YEAR = 1993;

    private final Clock clock;

    public FilingDecoder(Clock clock) {
        this.clock = clock;
    }

    public FilingDecoder() {
        this(Clock.systemUTC());
    }

    public FilingEvent decode(byte[] value) throws FilingRejectedException {
        if (value == null || value.length == 0) {
            throw new FilingRejectedException(RejectReason.MALFORMED_RECORD, "empty record value");
        }
        JsonNode node;
        try {
            node = Json.readInput(value);
        } catch (IOException e) {
            throw new FilingRejectedException(RejectReason.MALFORMED_RECORD, Json.describeInputFailure(e), e);
        }
        if (node == null || !node.isObject()) {
            throw new FilingRejectedException(RejectReason.MALFORMED_RECORD, "not a JSON object");
        }
        checkTicker(node.get("ticker"));
        checkFiscalYear(node.get("fiscal_year"));
        List<String> violations = Schemas.violations(Schemas.FILING_EVENT, node);
        if (!violations.isEmpty()) {
            throw new FilingRejectedException(RejectReason.SCHEMA_VIOLATION, String.join("; ", violations));
        }
        try {
            return Json.MAPPER.treeToValue(node, FilingEvent.class);
        } catch (JsonProcessingException e) {
            throw new FilingRejectedException(RejectReason.SCHEMA_VIOLATION, firstLine(e), e);
        }
    }

    private static void checkTicker(JsonNode ticker) throws FilingRejectedException {
        if (ticker == null || ticker.isNull() || (ticker.isTextual() && ticker.asText().isBlank())) {
            throw new FilingRejectedException(RejectReason.MISSING_TICKER, "field 'ticker' is required");
        }
        if (!ticker.isTextual() || !TICKER.matcher(ticker.asText().trim()).matches()) {
            throw new FilingRejectedException(RejectReason.INVALID_TICKER, "ticker " + ticker + " is not 1-10 letters, digits, '.', '-' or '/'");
        }
    }

    private void checkFiscalYear(JsonNode year) throws FilingRejectedException {
        if (year == null || year.isNull()) {
            throw new FilingRejectedException(RejectReason.MISSING_FISCAL_YEAR, "field 'fiscal_year' is required");
        }
        int latest = Year.now(clock).getValue() + 1;
        if (!year.isIntegralNumber() || year.asLong() < FIRST_FISCAL_YEAR || year.asLong() > latest) {
            throw new FilingRejectedException(RejectReason.INVALID_FISCAL_YEAR,
                    "fiscal_year " + year + " is not an integer from " + FIRST_FISCAL_YEAR + " to " + latest);
        }
    }

    private static String firstLine(Exception e) {
        String message = String.valueOf(e.getMessage());
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
