package dev.scoperag.launcher;

import dev.scoperag.launcher.ask.AskCommand;
import dev.scoperag.launcher.bench.BenchQuery;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cluster.ClusterCommand;
import dev.scoperag.launcher.demo.DemoCommand;
import dev.scoperag.launcher.ingest.IngestCommand;
import dev.scoperag.launcher.route.RouteCommand;
import dev.scoperag.launcher.stack.UpCommand;
import java.io.PrintStream;
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
            "cluster", ClusterCommand::run,
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
            "cluster", ClusterCommand::usage,
            "demo", DemoCommand::usage,
            "eval", dev.scoperag.launcher.eval.Eval::usage,
            "ingest", IngestCommand::usage,
            "route", RouteCommand::usage,
            "up", UpCommand::usage);

    private static final String USAGE = "usage: scoperag <command> [options]\ncommands: " + String.join(", ", COMMANDS.keySet())
            + "\n(scoperag <command> --help for a command's options)";

    private Main() {}

    public static void main(String[] args) throws Exception {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs a command line and returns its exit status: a user error (an unknown command or option, a bad
     * setting) is a line naming its reason code on {@code err}, never a stack trace.
     */
    static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        if (args.length > 0 && (args[0].equals("-h") || args[0].equals("--help"))) {
            out.println(USAGE);
            return 0;
        }
        if (args.length == 0 || !COMMANDS.containsKey(args[0])) {
            if (args.length > 0) {
                err.println("scoperag: " + CommandFailure.Reason.USAGE + ": unknown command '" + args[0] + "'");
            }
            err.println(USAGE);
            return CommandFailure.Reason.USAGE.exitStatus();
        }
        String name = args[0];
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if (USAGES.containsKey(name) && List.of(rest).stream().anyMatch(a -> a.equals("-h") || a.equals("--help"))) {
            out.print(USAGES.get(name).get());
            return 0;
        }
        try {
            return COMMANDS.get(name).run(rest);
        } catch (CommandFailure e) {
            out.flush();
            err.println("scoperag " + name + ": " + e.reason() + ": " + e.getMessage());
            if (e.reason() == CommandFailure.Reason.USAGE && USAGES.containsKey(name)) {
                err.print(USAGES.get(name).get());
            }
            return e.reason().exitStatus();
        }
    }
}
