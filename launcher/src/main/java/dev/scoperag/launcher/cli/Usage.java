package dev.scoperag.launcher.cli;

import java.util.List;

/** The usage text of a command, from its synopsis lines and its options. */
public final class Usage {

    private Usage() {}

    public static String of(String command, List<String> synopses, List<Option> options, String notes) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < synopses.size(); i++) {
            text.append(i == 0 ? "usage: " : "       ").append("scoperag ").append(command).append(' ').append(synopses.get(i)).append('\n');
        }
        if (!options.isEmpty()) {
            text.append("options:\n");
            int width = options.stream().mapToInt(o -> o.synopsis().length()).max().orElse(0);
            for (Option o : options) {
                text.append("  ").append(o.synopsis()).append(" ".repeat(width - o.synopsis().length() + 2))
                        .append(o.description()).append('\n');
            }
            text.append("  -Dkey=value").append(" ".repeat(Math.max(2, width - 9))).append("one job setting (see ./scoperag options)\n");
        }
        if (notes != null && !notes.isBlank()) {
            text.append(notes.strip()).append('\n');
        }
        return text.toString();
    }
}
