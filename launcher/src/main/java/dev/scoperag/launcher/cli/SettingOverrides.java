package dev.scoperag.launcher.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** The {@code -Dkey=value} options of a command: one job setting each, checked against the jobs' options. */
public final class SettingOverrides {

    @Option(names = "-D", paramLabel = "KEY=VALUE", description = "one job setting (./scoperag options lists them); later wins")
    private Map<String, String> values = new LinkedHashMap<>();

    /** The settings, in the order given. */
    public Map<String, String> values() {
        return values;
    }
}
