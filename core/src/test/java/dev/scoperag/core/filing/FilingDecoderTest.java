package dev.scoperag.core.filing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FilingDecoderTest {

    private final FilingDecoder decoder = new FilingDecoder(Clock.fixed(Instant.parse("2026-12-02T00:00:00Z"), ZoneOffset.UTC));

    private FilingEvent decode(String json) throws FilingRejectedException {
        return decoder.decode(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aValidEventDecodesWithItsDocumentIdentity() throws Exception {
        FilingEvent e = decode("""
                {"ticker":"mmm","cik":66740,"fiscal_year":2018,"form_type":"10-K/A",
                 "content":{"uri":"file:///x/MMM.pdf"}}""");
        assertThat(e.shard().id()).isEqualTo("MMM:2018");
        assertThat(e.docId()).as("an amendment supersedes its original").isEqualTo("10-K");
        assertThat(e.isRetraction()).isFalse();
    }

    @Test
    void quarterlyAndCurrentReportsAreSeparateDocumentsByPeriod() throws Exception {
        assertThat(decode("{\"ticker\":\"MMM\",\"fiscal_year\":2023,\"form_type\":\"10-Q\",\"period\":\"2023Q2\",\"content\":{\"text\":\"x\"}}").docId())
                .isEqualTo("10-Q@2023Q2");
        assertThat(decode("{\"ticker\":\"MMM\",\"fiscal_year\":2023,\"content\":{\"text\":\"x\"}}").docId()).isEqualTo("10-K");
    }

    @Test
    void aRetractionNeedsNoContent() throws Exception {
        assertThat(decode("{\"action\":\"retract\",\"ticker\":\"MMM\",\"fiscal_year\":2018}").isRetraction()).isTrue();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "not json at all                                                           | MALFORMED_RECORD",
        "[1,2]                                                                     | MALFORMED_RECORD",
        "{\"ticker\":\"MMM\",\"ticker\":\"KO\",\"fiscal_year\":2018,\"content\":{\"text\":\"x\"}} | MALFORMED_RECORD",
        "{\"ticker\":\"MMM\",\"fiscal_year\":2018,\"content\":{\"text\":\"x\",\"text\":\"y\"}} | MALFORMED_RECORD",
        "{\"fiscal_year\":2018,\"content\":{\"text\":\"x\"}}                       | MISSING_TICKER",
        "{\"ticker\":\"  \",\"fiscal_year\":2018,\"content\":{\"text\":\"x\"}}     | MISSING_TICKER",
        "{\"ticker\":\"NOT A TICKER\",\"fiscal_year\":2018,\"content\":{\"text\":\"x\"}} | INVALID_TICKER",
        "{\"ticker\":42,\"fiscal_year\":2018,\"content\":{\"text\":\"x\"}}         | INVALID_TICKER",
        "{\"ticker\":\"MMM\",\"content\":{\"text\":\"x\"}}                         | MISSING_FISCAL_YEAR",
        "{\"ticker\":\"MMM\",\"fiscal_year\":1850,\"content\":{\"text\":\"x\"}}    | INVALID_FISCAL_YEAR",
        "{\"ticker\":\"MMM\",\"fiscal_year\":2031,\"content\":{\"text\":\"x\"}}    | INVALID_FISCAL_YEAR",
        "{\"ticker\":\"MMM\",\"fiscal_year\":\"2018\",\"content\":{\"text\":\"x\"}} | INVALID_FISCAL_YEAR",
        "{\"ticker\":\"MMM\",\"fiscal_year\":2018}                                 | SCHEMA_VIOLATION",
        "{\"ticker\":\"MMM\",\"fiscal_year\":2018,\"content\":{\"text\":\"x\",\"uri\":\"file:///a\"}} | SCHEMA_VIOLATION",
        "{\"ticker\":\"MMM\",\"fiscal_year\":2018,\"content\":{\"uri\":\"ftp://host/a.pdf\"}} | SCHEMA_VIOLATION",
        "{\"ticker\":\"MMM\",\"fiscal_year\":2018,\"action\":\"delete\",\"content\":{\"text\":\"x\"}} | SCHEMA_VIOLATION",
    })
    void everyBadRecordGetsItsReason(String json, RejectReason reason) {
        assertThatThrownBy(() -> decode(json.strip()))
                .isInstanceOfSatisfying(FilingRejectedException.class, e -> {
                    assertThat(e.reason()).isEqualTo(reason);
                    assertThat(e.detail()).isNotBlank();
                });
    }

    @Test
    void anEmptyOrNullValueIsMalformed() {
        assertThatThrownBy(() -> decoder.decode(null)).isInstanceOfSatisfying(FilingRejectedException.class,
                e -> assertThat(e.reason()).isEqualTo(RejectReason.MALFORMED_RECORD));
        assertThatThrownBy(() -> decoder.decode(new byte[0])).isInstanceOfSatisfying(FilingRejectedException.class,
                e -> assertThat(e.reason()).isEqualTo(RejectReason.MALFORMED_RECORD));
    }
}
