package dev.scoperag.core.filing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TickerTest {

    @ParameterizedTest
    @ValueSource(strings = {"BRK-B", "BRK.B", "BRK/B", "brk.b", "Brk/b", "BRK B", " BRK.B ", "BRK..B", "BRK.B.", ".BRK-B"})
    void everyClassShareSpellingIsTheDirectorysDashedUpperCase(String spelled) {
        assertThat(Ticker.canonical(spelled)).isEqualTo("BRK-B");
        assertThat(new Shard(spelled, 2023).id()).isEqualTo("BRK-B:2023");
    }

    @ParameterizedTest
    @ValueSource(strings = {"MMM", "AMCR", "V", "GOOGL", "3M0", "BF-B"})
    void aTickerAlreadyCanonicalKeepsItsBytesSoExistingShardIdsStay(String ticker) {
        assertThat(Ticker.canonical(ticker)).isEqualTo(ticker);
        assertThat(new Shard(ticker, 2018).id()).isEqualTo(ticker + ":2018");
        assertThat(Ticker.asFiledIfDifferent(ticker)).isNull();
    }

    @Test
    void whatTheFilerWroteIsKeptOnlyWhereItDiffers() {
        assertThat(Ticker.asFiledIfDifferent("BRK.B")).isEqualTo("BRK.B");
        assertThat(Ticker.asFiledIfDifferent("mmm")).isEqualTo("mmm");
        assertThat(Ticker.asFiledIfDifferent(null)).isNull();
    }

    @Test
    void nothingCanonicalisesToTheEmptyTicker() {
        assertThat(Ticker.canonical(null)).isEmpty();
        assertThat(Ticker.canonical(" ./- ")).isEmpty();
    }

    @Test
    void aShardIdIsReadInAnySpellingAndAnythingElseIsNoShard() {
        assertThat(Shard.fromId("BRK.B:2023")).contains(new Shard("BRK-B", 2023));
        assertThat(Shard.parse("mmm:2018")).isEqualTo(new Shard("MMM", 2018));
        for (String notAShard : new String[] {null, "", "MMM", ":2018", "MMM:", "MMM:20x8", "MMM:-1", "MMM:99999999999", "./:2018"}) {
            assertThat(Shard.fromId(notAShard)).as(String.valueOf(notAShard)).isEmpty();
        }
    }

    @Test
    void aFilingUnderAnyClassShareSpellingIsAcceptedAndLandsInTheCanonicalShard() throws Exception {
        FilingDecoder decoder = new FilingDecoder(Clock.fixed(Instant.parse("2026-12-02T00:00:00Z"), ZoneOffset.UTC));
        for (String spelled : new String[] {"BRK.B", "BRK/B", "brk.b", "BRK-B"}) {
            FilingEvent event = decoder.decode(("{\"ticker\":\"" + spelled + "\",\"cik\":1067983,\"fiscal_year\":2023,"
                    + "\"content\":{\"text\":\"x\"}}").getBytes(StandardCharsets.UTF_8));
            assertThat(event.ticker()).isEqualTo(spelled);
            assertThat(event.shard().id()).isEqualTo("BRK-B:2023");
            assertThat(event.tickerAsFiled()).isEqualTo(spelled.equals("BRK-B") ? null : spelled);
        }
    }
}
