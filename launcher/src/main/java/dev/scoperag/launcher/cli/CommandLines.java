package dev.scoperag.launcher.cli;

import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * How every command's arguments are read: picocli, with the conventions of this command line (an option
 * given twice keeps the last value, durations in Flink's notation, enum values in any case).
 */
public final class CommandLines {

    private CommandLines() {}

    /** A picocli command line for {@code command}, with the conventions every command shares. */
    public static CommandLine of(Object command) {
        CommandLine commandLine = new CommandLine(command);
        commandLine.setOverwrittenOptionsAllowed(true);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setUsageHelpAutoWidth(true);
        commandLine.registerConverter(Duration.class, Durations::parse);
        withHelpAndShortSynopses(commandLine);
        return commandLine;
    }

    /**
     * Gives every command {@code -h}/{@code --help} (picocli's own help commands have theirs) and the synopsis
     * {@code Usage: scoperag ask [OPTIONS] QUESTION...}, the options being listed below it one a line.
     */
    private static void withHelpAndShortSynopses(CommandLine commandLine) {
        CommandSpec spec = commandLine.getCommandSpec();
        if (spec.findOption("--help") == null) {
            spec.addMixin("help", CommandSpec.forAnnotatedObject(new HelpOption()));
        }
        spec.usageMessage().abbreviateSynopsis(true);
        commandLine.getSubcommands().values().forEach(CommandLines::withHelpAndShortSynopses);
    }

    /**
     * Fills {@code command}'s options and parameters from {@code argv}: for code that runs a command without
     * the {@code scoperag} command line around it (tests, and commands run by other commands).
     *
     * @throws CommandFailure {@code USAGE} for an unknown option, a missing value or a value that does not parse
     */
    public static <T> T parse(T command, String... argv) {
        try {
            of(command).parseArgs(argv);
        } catch (ParameterException e) {
            throw new CommandFailure(CommandFailure.Reason.USAGE, e.getMessage(), e);
        }
        return command;
    }
}
