package dev.scoperag.launcher.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A command's parsed command line: its options (each given at most once, the last one wins),
 * {@code -Dkey=value} settings, and the positional arguments, in order.
 */
public final class Arguments {

    private final Map<String, String> values = new LinkedHashMap<>();
    private final Map<String, String> settings = new LinkedHashMap<>();
    private final List<String> positionals = new ArrayList<>();

    private Arguments() {}

    /**
     * Parses {@code argv} against the options a command knows.
     *
     * @throws CommandFailure with {@code USAGE} for an unknown option or a missing value
     */
    public static Arguments parse(String[] argv, List<Option> options) {
        Map<String, Option> known = options.stream().collect(Collectors.toMap(Option::name, o -> o));
        Arguments parsed = new Arguments();
        boolean onlyPositionals = false;
        for (int i = 0; i < argv.length; i++) {
            String arg = argv[i];
            if (onlyPositionals || !arg.startsWith("-") || arg.equals("-")) {
                parsed.positionals.add(arg);
            } else if (arg.equals("--")) {
                onlyPositionals = true;
            } else if (arg.startsWith("-D") && arg.indexOf('=') > 2) {
                int eq = arg.indexOf('=');
                parsed.settings.put(arg.substring(2, eq), arg.substring(eq + 1));
            } else {
                String name = arg;
                String inline = null;
                int eq = arg.indexOf('=');
                if (arg.startsWith("--") && eq > 0) {
                    name = arg.substring(0, eq);
                    inline = arg.substring(eq + 1);
                }
                Option option = known.get(name);
                if (option == null) {
                    throw CommandFailure.usage("unknown option " + name);
                }
                if (!option.takesValue()) {
                    if (inline != null) {
                        throw CommandFailure.usage(name + " takes no value");
                    }
                    parsed.values.put(name, "true");
                } else if (inline != null) {
                    parsed.values.put(name, inline);
                } else if (i + 1 < argv.length) {
                    parsed.values.put(name, argv[++i]);
                } else {
                    throw CommandFailure.usage(name + " needs a value (" + option.synopsis() + ")");
                }
            }
        }
        return parsed;
    }

    public boolean flag(String name) {
        return values.containsKey(name);
    }

    public Optional<String> value(String name) {
        return Optional.ofNullable(values.get(name));
    }

    public int intValue(String name, int otherwise) {
        String v = values.get(name);
        if (v == null) {
            return otherwise;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw CommandFailure.usage(name + " takes a whole number, not '" + v + "'");
        }
    }

    /** {@code -Dkey=value} settings, in the order given. */
    public Map<String, String> settings() {
        return settings;
    }

    public List<String> positionals() {
        return positionals;
    }
}
