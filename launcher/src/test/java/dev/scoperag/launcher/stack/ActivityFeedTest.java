package dev.scoperag.launcher.stack;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What `up` prints of a record is safe to print to a terminal. */
class ActivityFeedTest {

    @Test
    void controlAndBidiCharactersNeverReachTheTerminal() {
        String shown = ActivityFeed.printable("What\u0000 was \u202eBerkshire's\u0007 float\u001B[2J in\n\nFY2022?", 200);
        assertThat(shown).isEqualTo("What\uFFFD was \uFFFDBerkshire's\uFFFD float\uFFFD[2J in FY2022?");
        assertThat(shown.chars()).noneMatch(c -> Character.isISOControl(c) || Character.getType(c) == Character.FORMAT);
    }

    @Test
    void longTextIsCutByCodePointsNotInsideASurrogatePair() {
        String shown = ActivityFeed.printable("\uD83D\uDE80".repeat(100), 5);
        assertThat(shown).isEqualTo("\uD83D\uDE80".repeat(5) + "...");
        assertThat(ActivityFeed.printable("x".repeat(100_000), 80)).hasSize(83);
    }
}
