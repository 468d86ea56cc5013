package dev.scoperag.launcher;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/** The {@code ./scoperag} command line: one subcommand per thing a user does. */
public final class Main {

    /** A subcommand. */
    interface Command {
        int run(String[] args) throws Exception;
    }

    private static final Map<String, Command> COMMANDS = new TreeMap<>(Map.of(
            "bench-ingest", BenchIngest::run,
            "eval", dev.scoperag.launcher.eval.Eval::run,
            "options", OptionsReference::run));

    private Main() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || args[0].equals("-h") || args[0].equals("--help") || !COMMANDS.containsKey(args[0])) {
            System.err.println("usage: scoperag <command> [options]\ncommands: " + String.join(", ", COMMANDS.keySet()));
            System.exit(args.length == 0 || !args[0].startsWith("-") ? 2 : 0);
        }
        int status = COMMANDS.get(args[0]).run(Arrays.copyOfRange(args, 1, args.length));
        System.exit(status);
    }
}
