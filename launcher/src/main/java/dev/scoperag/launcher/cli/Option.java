package dev.scoperag.launcher.cli;

/**
 * One command-line option: {@code --name VALUE}, or a flag when {@code valueName} is null.
 *
 * @param name the option as typed, with its leading dashes
 * @param valueName how the usage text names its value, or null for a flag
 * @param description one line for the usage text
 */
public record Option(String name, String valueName, String description) {

    public static Option flag(String name, String description) {
        return new Option(name, null, description);
    }

    public static Option value(String name, String valueName, String description) {
        return new Option(name, valueName, description);
    }

    public boolean takesValue() {
        return valueName != null;
    }

    /** {@code --name VALUE}, as the usage text shows it. */
    public String synopsis() {
        return takesValue() ? name + " " + valueName : name;
    }
}
