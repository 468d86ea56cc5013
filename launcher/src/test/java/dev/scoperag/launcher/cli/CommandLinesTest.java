package dev.scoperag.launcher.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

class CommandLinesTest {

    /** A command with the kinds of options the commands have. */
    static final class Sample {
        @Option(names = "--timeout", paramLabel = "DURATION") Duration timeout = Duration.ofSeconds(60);
        @Option(names = "--json") boolean json;
        @Option(names = "--top-k", paramLabel = "N") Integer topK;
        @Mixin SettingOverrides settings = new SettingOverrides();
        @Parameters List<String> words = new ArrayList<>();
    }

    @Test
    void optionsSettingsAndPositionalsAreSeparated() {
        Sample parsed = CommandLines.parse(new Sample(), "What", "--timeout", "5s", "-Dscoperag.topics.answers=a2", "--json", "now?");
        assertThat(parsed.timeout).isEqualTo(Duration.ofSeconds(5));
        assertThat(parsed.json).isTrue();
        assertThat(parsed.settings.values()).isEqualTo(Map.of("scoperag.topics.answers", "a2"));
        assertThat(parsed.words).containsExactly("What", "now?");
    }

    @Test
    void settingsKeepTheirOrderAndAValueMayHoldAnEqualsSign() {
        Sample parsed = CommandLines.parse(new Sample(), "-Dscoperag.b=1", "-Dscoperag.a=x=y", "-Dscoperag.b=2");
        assertThat(parsed.settings.values()).containsExactly(Map.entry("scoperag.b", "2"), Map.entry("scoperag.a", "x=y"));
    }

    @Test
    void aDurationWithoutUnitIsRefusedRatherThanReadAsMilliseconds() {
        // Flink's notation reads "150" as 150 ms: ask --timeout 150 then failed at once as if no broker answered.
        assertThatThrownBy(() -> CommandLines.parse(new Sample(), "--timeout", "150"))
                .isInstanceOf(CommandFailure.class).hasMessageContaining("'150' has no unit: say 150s");
        assertThat(CommandLines.parse(new Sample(), "--timeout", "150 ms").timeout).isEqualTo(Duration.ofMillis(150));
    }

    @Test
    void anOptionValueMayFollowAnEqualsSignAndTheLastOneGivenWins() {
        assertThat(CommandLines.parse(new Sample(), "--timeout=2min").timeout).isEqualTo(Duration.ofMinutes(2));
        assertThat(CommandLines.parse(new Sample(), "--top-k", "3", "--top-k", "7").topK).isEqualTo(7);
    }

    @Test
    void afterADoubleDashEverythingIsPositional() {
        assertThat(CommandLines.parse(new Sample(), "--", "--json").words).containsExactly("--json");
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        assertThatThrownBy(() -> CommandLines.parse(new Sample(), "--jsn"))
                .isInstanceOfSatisfying(CommandFailure.class, e -> {
                    assertThat(e.reason()).isEqualTo(CommandFailure.Reason.USAGE);
                    assertThat(e.getMessage()).contains("--jsn");
                    assertThat(e.reason().exitStatus()).isEqualTo(2);
                });
    }

    @Test
    void anOptionWithoutItsValueIsAUsageError() {
        assertThatThrownBy(() -> CommandLines.parse(new Sample(), "--timeout"))
                .isInstanceOfSatisfying(CommandFailure.class, e -> assertThat(e.getMessage()).contains("--timeout"));
    }

    @Test
    void aValueThatDoesNotParseIsAUsageErrorNamingTheOptionAndTheValue() {
        assertThatThrownBy(() -> CommandLines.parse(new Sample(), "--timeout", "banana"))
                .isInstanceOfSatisfying(CommandFailure.class, e -> {
                    assertThat(e.reason()).isEqualTo(CommandFailure.Reason.USAGE);
                    assertThat(e.getMessage()).contains("--timeout", "'banana' is not a duration such as 90s, 10min or 2h");
                });
        assertThatThrownBy(() -> CommandLines.parse(new Sample(), "--top-k", "five"))
                .isInstanceOfSatisfying(CommandFailure.class, e -> assertThat(e.getMessage()).contains("--top-k", "'five'"));
    }
}
