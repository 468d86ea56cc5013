package dev.scoperag.launcher;

import dev.scoperag.launcher.ask.AskCommand;
import dev.scoperag.launcher.bench.BenchIngest;
import dev.scoperag.launcher.bench.BenchQuery;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.CommandLines;
import dev.scoperag.launcher.cluster.ClusterCommand;
import dev.scoperag.launcher.demo.DemoCommand;
import dev.scoperag.launcher.eval.EvalCommand;
import dev.scoperag.launcher.ingest.IngestCommand;
import dev.scoperag.launcher.route.RouteCommand;
import dev.scoperag.launcher.stack.UpCommand;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/** The {@code ./scoperag} command line: one subcommand per thing a user does. */
@Command(name = "scoperag", synopsisSubcommandLabel = "COMMAND",
        description = "Streaming document-routed question answering over SEC filings.",
        subcommands = {DemoCommand.class, UpCommand.class, IngestCommand.class, AskCommand.class, RouteCommand.class,
            OptionsReference.class, ClusterCommand.class, BenchIngest.class, BenchQuery.class, EvalCommand.class, CommandLine.HelpCommand.class,
            AutoComplete.GenerateCompletion.class},
        footer = "%nscoperag COMMAND --help lists a command's options.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:done", "1:some filing or question rejected or failed, or unexpected answers (demo)",
            "2:bad input: an unknown command or option, a bad value, a missing path, an invalid setting",
            "3:no broker at the bootstrap servers, or a topic missing", "4:no outcome in time",
            "5:the embedded stack could not start, or a job failed for good"})
public final class Main implements Callable<Integer> {

    @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Without a command: the usage, as a usage error. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return CommandFailure.Reason.USAGE.exitStatus();
    }

    /**
     * Runs a command line and returns its exit status: a user error (an unknown command or option, a bad
     * setting) is a line naming its reason code on {@code err}, never a stack trace.
     */
    static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine commandLine = CommandLines.of(new Main());
        commandLine.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        commandLine.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        commandLine.setParameterExceptionHandler(Main::usageError);
        commandLine.setExecutionExceptionHandler((e, command, parsed) -> failure(e, command, out));
        return commandLine.execute(args);
    }

    private static int usageError(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        // Before a command, anything that is not one (an option included) is an unknown command.
        String message = command.getParent() == null && e instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()
                ? "unknown command '" + unmatched.getUnmatched().get(0) + "'" : e.getMessage();
        err.println(command.getCommandSpec().qualifiedName() + ": " + CommandFailure.Reason.USAGE + ": " + message);
        UnmatchedArgumentException.printSuggestions(e, err);
        command.usage(err);
        return CommandFailure.Reason.USAGE.exitStatus();
    }

    /** A command's failure as its reason and message, with the usage after a usage error; anything else is a bug, with its trace. */
    private static int failure(Exception e, CommandLine command, PrintStream out) throws Exception {
        if (!(e instanceof CommandFailure failure)) {
            throw e;
        }
        out.flush();
        PrintWriter err = command.getErr();
        err.println(command.getCommandSpec().qualifiedName() + ": " + failure.reason() + ": " + failure.getMessage());
        if (failure.reason() == CommandFailure.Reason.USAGE) {
            command.usage(err);
        }
        return failure.reason().exitStatus();
    }
}
