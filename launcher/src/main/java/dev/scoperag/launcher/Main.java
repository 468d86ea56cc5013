package dev.scoperag.launcher;

import dev.scoperag.launcher.ask.AskCommand;
import dev.scoperag.launcher.bench.BenchQuery;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.demo.DemoCommand;
import dev.scoperag.launcher.ingest.IngestCommand;
import dev.scoperag.launcher.route.RouteCommand;
import dev.scoperag.launcher.stack.UpCommand;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/** The {@code ./scoperag} command line: one subcommand per thing a user does. */
public final class Main {

    /** A subcommand. */
    interface Command {
        int run(String[] args) throws Exception;
    }

    private static final Map<String, Command> COMMANDS = new TreeMap<>(Map.of(
            "ask", AskCommand::run,
            "bench-ingest", BenchIngest::run,
            "bench-query", BenchQuery::run,
            "demo", DemoCommand::run,
            "eval", dev.scoperag.launcher.eval.Eval::run,
            "ingest", IngestCommand::run,
            "options", OptionsReference::run,
            "route", RouteCommand::run,
            "up", UpCommand::run));

    /** Usage texts of the commands that have one; printed for --help and after a usage error. */
    private static final Map<String, Supplier<String>> USAGES = Map.of(
            "ask", AskCommand::usage,
            "bench-ingest", BenchIngest::usage,
            "bench-query", BenchQuery::usage,
            "demo", DemoCommand::usage,
            "eval", dev.scoperag.launcher.eval.Eval::usage,
            "ingest", IngestCommand::usage,
            "route", RouteCommand::usage,
            "up", UpCommand::usage);

    private Main() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || args[0].equals("-h") || args[0].equals("--help") || !COMMANDS.containsKey(args[0])) {
            System.err.println("usage: scoperag <command> [options]\ncommands: " + String.join(", ", COMMANDS.keySet())
                    + "\n(scoperag <command> --help for a command's options)");
            System.exit(args.length == 0 || !args[0].startsWith("-") ? 2 : 0);
        }
        String name = args[0];
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if (USAGES.containsKey(name) && List.of(rest).stream().anyMatch(a -> a.equals("-h") || a.equals("--help"))) {
            System.out.print(USAGES.get(name).get());
            System.exit(0);
        }
        int status;
        try {
            status = COMMANDS.get(name).run(rest);
        } catch (CommandFailure e) {
            System.out.flush();
            System.err.println("scoperag " + name + ": " + e.reason() + ": " + e.getMessage());
            if (e.reason() == CommandFailure.Reason.USAGE && USAGES.containsKey(name)) {
                System.err.print(USAGES.get(name).get());
            }
            status = e.reason().exitStatus();
        }
        System.exit(status);
    }
}
