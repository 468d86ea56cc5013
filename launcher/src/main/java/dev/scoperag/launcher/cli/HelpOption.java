package dev.scoperag.launcher.cli;

import picocli.CommandLine.Option;

/** {@code -h}/{@code --help}, on every command: its usage, and exit status 0. */
public final class HelpOption {

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit") private boolean help;

}
