package dev.scoperag.core.record;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.filing.RejectReason;
import dev.scoperag.core.ident.Hashes;
import dev.scoperag.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A dead-letter record fits the topic whatever was sent. */
class RejectedFilingTest {

    @Test
    void aTwentyMebibyteFilingLeavesARecordUnderOneMebibyteWithItsLengthAndHash() {
        byte[] filing = ("{\"ticker\":\"MMM\",\"fiscal_year\":2018,\"content\":{\"text\":\"" + "\\\"quoted\\\" ".repeat(2_200_000) + "\"}}")
                .getBytes(StandardCharsets.UTF_8);
        assertThat(filing.length).isGreaterThan(20 * 1024 * 1024);
        RejectedFiling r = new RejectedFiling(RejectReason.FETCH_TOO_LARGE, "inline text is over the size cap", "fetch",
                "2026-12-03T00:00:00Z", new RejectedFiling.Source("filings", 0, 1L, "k".repeat(50_000)), RejectedFiling.Payload.of(filing));

        byte[] record = Json.toBytes(r);
        assertThat(record.length).isLessThan(1024 * 1024);
        assertThat(r.original().truncated()).isTrue();
        assertThat(r.original().length()).isEqualTo(filing.length);
        assertThat(r.original().sha256()).isEqualTo(Hashes.sha256(filing));
        assertThat(r.original().bytes()).isEqualTo(Arrays.copyOf(filing, r.original().bytes().length));
        assertThat(r.source().key()).hasSizeLessThanOrEqualTo(RejectedFiling.Source.MAX_KEY_CHARS);
    }

    @Test
    void aPrefixIsCutBetweenCharactersSoTextStaysText() {
        byte[] filing = "é".repeat(100_000).getBytes(StandardCharsets.UTF_8);
        RejectedFiling.Payload p = RejectedFiling.Payload.of(filing);
        assertThat(p.encoding()).isEqualTo("utf-8");
        assertThat(p.truncated()).isTrue();
        assertThat(p.bytes().length).isLessThanOrEqualTo(RejectedFiling.Payload.MAX_ORIGINAL_BYTES);
    }

    @Test
    void binaryIsKeptAsBase64AndASmallRecordWhole() {
        byte[] pdf = new byte[] {'%', 'P', 'D', 'F', (byte) 0xff, (byte) 0xfe, 0};
        RejectedFiling.Payload p = RejectedFiling.Payload.of(pdf);
        assertThat(p.encoding()).isEqualTo("base64");
        assertThat(p.truncated()).isFalse();
        assertThat(p.bytes()).isEqualTo(pdf);
    }
}
