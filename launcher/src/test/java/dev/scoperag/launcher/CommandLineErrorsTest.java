package dev.scoperag.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.ingest.IngestOptions;
import dev.scoperag.launcher.cli.ClientOptions;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.CommandLines;
import dev.scoperag.launcher.cli.JobSettings;
import dev.scoperag.query.QueryOptions;
import dev.scoperag.stream.SharedOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.flink.configuration.ConfigOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a user who mistypes sees: exit status 2 and one line naming the reason, the key and the
 * problem, never a stack trace; for a bad setting, before anything starts (no broker is needed to get
 * these errors, and none runs here).
 */
class CommandLineErrorsTest {

    @TempDir static Path work;

    /** Every command that takes the jobs' settings, with the arguments it needs to get as far as reading them. */
    static Stream<Arguments> commandsTakingSettings() {
        return Stream.of(
                Arguments.of("ask", List.of("What were Amcor's net sales in fiscal 2023?")),
                Arguments.of("ingest", List.of("../samples/corpus.jsonl")),
                Arguments.of("route", List.of("What were Amcor's net sales in fiscal 2023?")),
                Arguments.of("up", List.of()),
                Arguments.of("demo", List.of("--samples", "../samples")));
    }

    @Test
    void anUnknownCommandExitsTwoWithTheUsage() throws Exception {
        for (String command : List.of("frobnicate", "-x", "--verbose")) {
            Run run = Run.of(command);
            assertThat(run.status).as(command).isEqualTo(2);
            assertThat(run.err).as(command).contains("scoperag: USAGE: unknown command '" + command + "'")
                    .contains("Usage: scoperag [OPTIONS] COMMAND").containsPattern("(?m)^Commands:$").containsPattern("(?m)^  bench-ingest ");
            run.assertNoStackTrace();
        }
        Run none = Run.of();
        assertThat(none.status).as("no command").isEqualTo(2);
        assertThat(none.err).contains("Usage: scoperag [OPTIONS] COMMAND");
        Run help = Run.of("--help");
        assertThat(help.status).isZero();
        assertThat(help.out).contains("Usage: scoperag [OPTIONS] COMMAND").contains("Exit status:");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commandsTakingSettings")
    void anUnknownOptionExitsTwoWithTheCommandsUsage(String command, List<String> arguments) throws Exception {
        Run run = Run.of(command, arguments, "-x");
        assertThat(run.status).isEqualTo(2);
        assertThat(run.err).contains("scoperag " + command + ": USAGE: Unknown option: '-x'").contains("Usage: scoperag " + command);
        run.assertNoStackTrace();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"demo", "up", "ingest", "ask", "route", "options", "cluster", "bench-ingest", "bench-query", "eval"})
    void everyCommandPrintsItsUsageForHelpAndExitsZero(String command) throws Exception {
        for (List<String> args : List.of(List.of(command, "--help"), List.of(command, "-h"), List.of("help", command))) {
            Run run = Run.of(args);
            assertThat(run.status).as(args.toString()).isZero();
            assertThat(run.out).as(args.toString()).contains("Usage: scoperag " + command + " ").contains("-h, --help");
            assertThat(run.err).as(args.toString()).isEmpty();
        }
    }

    /** A value its option does not take, for several kinds of options: the option and the value are named, nothing runs. */
    static Stream<Arguments> badOptionValues() {
        return Stream.of(
                Arguments.of(List.of("up", "--port", "nine"), "Invalid value for option '--port': 'nine' is not an int"),
                Arguments.of(List.of("ask", "--timeout", "banana", "q"),
                        "Invalid value for option '--timeout': 'banana' is not a duration such as 90s, 10min or 2h"),
                Arguments.of(List.of("ask", "--fiscal-year", "2023,20x3", "q"), "Invalid value for option '--fiscal-year'"),
                Arguments.of(List.of("ingest", "--content", "sideways", "x"), "Invalid value for option '--content'"),
                Arguments.of(List.of("ingest", "--idle-timeout", "soon", "x"), "Invalid value for option '--idle-timeout'"),
                Arguments.of(List.of("bench-query", "--rate", "fast"), "Invalid value for option '--rate'"),
                Arguments.of(List.of("eval", "--arms", "hdrr,nope", "--corpus", "c", "--questions", "q", "--out", "o"),
                        "Invalid value for option '--arms'"),
                Arguments.of(List.of("ask", "q", "--timeout"), "Missing required parameter for option '--timeout'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badOptionValues")
    void aBadOptionValueExitsTwoNamingTheOptionAndTheValue(List<String> args, String message) throws Exception {
        Run run = Run.of(args);
        assertThat(run.status).isEqualTo(2);
        assertThat(run.err).contains("scoperag " + args.get(0) + ": USAGE: " + message).contains("Usage: scoperag " + args.get(0));
        assertThat(run.out).isEmpty();
        run.assertNoStackTrace();
    }

    @Test
    void theShellCompletionScriptCompletesTheCommandsAndTheirOptions() throws Exception {
        Run run = Run.of("generate-completion");
        assertThat(run.status).isZero();
        assertThat(run.out).contains("complete -F _complete_scoperag").contains("bench-query").contains("--bootstrap-servers");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commandsTakingSettings")
    void aConfigurationLineThatIsNotKeyColonValueExitsTwoNamingTheFileAndLine(String command, List<String> arguments) throws Exception {
        Path config = Files.writeString(work.resolve(command + "-malformed.yaml"), "# settings\nscoperag.chunk.size 2500\n");

        Run run = Run.of(command, arguments, "--config", config.toString());

        assertThat(run.status).isEqualTo(2);
        assertThat(run.err).contains("scoperag " + command + ": INVALID_SETTING: " + config + ":2: not a 'key: value' line: "
                + "scoperag.chunk.size 2500");
        run.assertNoStackTrace();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commandsTakingSettings")
    void aValueItsOptionDoesNotTakeExitsTwoNamingTheKeyAndTheProblem(String command, List<String> arguments) throws Exception {
        Path config = Files.writeString(work.resolve(command + "-typed.yaml"), "scoperag.checkpoint.interval: banana\n");
        Run banana = Run.of(command, arguments, "--config", config.toString());
        assertThat(banana.status).isEqualTo(2);
        assertThat(banana.err).contains("scoperag " + command + ": INVALID_SETTING: scoperag.checkpoint.interval: 'banana' is not "
                + "a duration such as 10 s, 500 ms or 2 min (in " + config + ")");
        banana.assertNoStackTrace();

        Run negative = Run.of(command, arguments, "-Dscoperag.chunk.size=-3");
        assertThat(negative.status).isEqualTo(2);
        assertThat(negative.err).contains("INVALID_SETTING: scoperag.chunk.size: '-3' must be more than zero: it takes a whole number "
                + "such as 2500 (given with -D)");
        negative.assertNoStackTrace();

        Run letters = Run.of(command, arguments, "-Dscoperag.chunk.size=abc");
        assertThat(letters.status).isEqualTo(2);
        assertThat(letters.err).contains("INVALID_SETTING: scoperag.chunk.size: 'abc' is not a whole number such as 2500");

        Run misspelt = Run.of(command, arguments, "-Dscoperag.chunk.sise=2000");
        assertThat(misspelt.status).isEqualTo(2);
        assertThat(misspelt.err).contains("INVALID_SETTING: scoperag.chunk.sise is not a setting of either job (given with -D): "
                + "./scoperag options lists them");
    }

    @Test
    void otherWrongValuesAreNamedTooAndBenchQueryChecksItsSettingsAlike() throws Exception {
        assertThat(Run.of("ask", List.of("q"), "-Dscoperag.rerank.enabled=yes").err)
                .contains("INVALID_SETTING: scoperag.rerank.enabled: 'yes' is not true or false");
        assertThat(Run.of("ask", List.of("q"), "-Dscoperag.retrieval.mode=fuzzy").err)
                .contains("INVALID_SETTING: scoperag.retrieval.mode: 'fuzzy' is not one of ");
        assertThat(Run.of("ask", List.of("q"), "-Dscoperag.fetch.max-size=lots").err)
                .contains("INVALID_SETTING: scoperag.fetch.max-size: 'lots' is not a size such as 64 mb");
        assertThat(Run.of("ask", List.of("q"), "-Dscoperag.query.gather-timeout=0s").err)
                .contains("INVALID_SETTING: scoperag.query.gather-timeout: '0s' must be more than zero");
        assertThat(Run.of("ingest", List.of("x"), "-Dscoperag.chunk.size=1000", "-Dscoperag.chunk.stride=1500").err)
                .contains("INVALID_SETTING: scoperag.chunk.stride 1500 is more than scoperag.chunk.size 1000");

        Run bench = Run.of("bench-query", List.of(), "-Dscoperag.checkpoint.interval=banana");
        assertThat(bench.status).isEqualTo(2);
        assertThat(bench.err).contains("scoperag bench-query: INVALID_SETTING: scoperag.checkpoint.interval: 'banana' is not a duration");
        bench.assertNoStackTrace();
    }

    @Test
    void settingsTheJobsReadKafkaClientSettingsAndFlinksOwnPass() throws Exception {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("scoperag.checkpoint.interval", "10 s");
        values.put("scoperag.chunk.size", "2000");
        values.put("scoperag.retrieval.mode", "bm25");
        values.put("scoperag.kafka.client.client.dns.lookup", "use_all_dns_ips");
        values.put("parallelism.default", "1");
        JobSettings.check(values, Map.of());
        // The example configuration the README points to, and the one the compose image carries.
        for (String file : List.of("conf/scoperag.yaml", "deploy/scoperag-compose.yaml")) {
            ClientSettings settings = ClientSettings.from(CommandLines.parse(new ClientOptions(), "--config", Path.of("..", file).toString()));
            assertThat(settings.configuration().get(SharedOptions.CHECKPOINT_INTERVAL)).as(file).isPositive();
        }
    }

    @Test
    void everyDefaultPassesTheCheck() {
        // A new option whose default the check refused (a zero meaning "off") would make every command refuse to start.
        List<String> refused = new ArrayList<>();
        for (ConfigOption<?> option : Stream.concat(IngestOptions.all().stream(), QueryOptions.all().stream()).toList()) {
            if (option.hasDefaultValue()) {
                Map<String, String> one = Map.of(option.key(), String.valueOf(option.defaultValue() instanceof List<?> l
                        ? String.join(";", l.stream().map(String::valueOf).toList()) : option.defaultValue()));
                try {
                    JobSettings.check(one, Map.of());
                } catch (CommandFailure e) {
                    refused.add(e.getMessage());
                }
            }
        }
        assertThat(refused).isEmpty();
    }

    /** One run of the command line: its exit status and what it printed. */
    private record Run(int status, String out, String err) {

        static Run of(String... args) throws Exception {
            return of(List.of(args));
        }

        static Run of(String command, List<String> arguments, String... more) throws Exception {
            List<String> all = new ArrayList<>(List.of(command));
            all.addAll(arguments);
            all.addAll(List.of(more));
            return of(all);
        }

        static Run of(List<String> args) throws Exception {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = Main.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        }

        void assertNoStackTrace() {
            assertThat(err).doesNotContain("\tat ").doesNotContainPattern("(?m)^\\S+(Exception|Error)\\b");
        }
    }
}
