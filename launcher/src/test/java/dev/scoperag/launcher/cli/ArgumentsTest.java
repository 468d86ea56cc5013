package dev.scoperag.launcher.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArgumentsTest {

    private static final List<Option> OPTIONS = List.of(
            Option.value("--timeout", "DURATION", "wait"), Option.flag("--json", "json"));

    @Test
    void optionsSettingsAndPositionalsAreSeparated() {
        Arguments args = Arguments.parse(new String[] {"What", "--timeout", "5s", "-Dscoperag.topics.answers=a2", "--json", "now?"}, OPTIONS);
        assertThat(args.value("--timeout")).contains("5s");
        assertThat(args.flag("--json")).isTrue();
        assertThat(args.settings()).isEqualTo(Map.of("scoperag.topics.answers", "a2"));
        assertThat(args.positionals()).containsExactly("What", "now?");
    }

    @Test
    void anOptionValueMayFollowAnEqualsSign() {
        assertThat(Arguments.parse(new String[] {"--timeout=2min"}, OPTIONS).value("--timeout")).contains("2min");
    }

    @Test
    void afterADoubleDashEverythingIsPositional() {
        assertThat(Arguments.parse(new String[] {"--", "--json"}, OPTIONS).positionals()).containsExactly("--json");
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        assertThatThrownBy(() -> Arguments.parse(new String[] {"--jsn"}, OPTIONS))
                .isInstanceOfSatisfying(CommandFailure.class, e -> {
                    assertThat(e.reason()).isEqualTo(CommandFailure.Reason.USAGE);
                    assertThat(e.getMessage()).contains("--jsn");
                    assertThat(e.reason().exitStatus()).isEqualTo(2);
                });
    }

    @Test
    void anOptionWithoutItsValueIsAUsageError() {
        assertThatThrownBy(() -> Arguments.parse(new String[] {"--timeout"}, OPTIONS))
                .isInstanceOfSatisfying(CommandFailure.class, e -> assertThat(e.getMessage()).contains("--timeout DURATION"));
    }
}
