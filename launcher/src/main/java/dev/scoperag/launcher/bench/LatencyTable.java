package dev.scoperag.launcher.bench;

import dev.scoperag.launcher.stats.Percentiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Latency percentiles per search path and stage for one phase of the benchmark: the time until the
 * answer was visible to a reader, then the stages of the answer's {@code timings_ms}.
 */
public final class LatencyTable {

    /** The end-to-end figure the benchmark measures itself. */
    public static final String VISIBLE = "visible";
    /** The answer's stages, in pipeline order; {@code total} runs from the route step to the answer. */
    public static final List<String> STAGES = List.of("route", "embed_query", "retrieve", "rerank", "answer", "total");

    private final Map<Observation.Path, Map<String, Percentiles>> byPath = new LinkedHashMap<>();
    private final Map<Observation.Path, Integer> counts = new LinkedHashMap<>();
    private final Map<Observation.Path, Map<String, Long>> statuses = new LinkedHashMap<>();

    public LatencyTable(List<Observation> observations) {
        for (Observation.Path path : Observation.Path.values()) {
            List<Observation> of = observations.stream().filter(o -> o.path() == path).toList();
            if (of.isEmpty()) {
                continue;
            }
            Map<String, Percentiles> stages = new LinkedHashMap<>();
            stages.put(VISIBLE, Percentiles.of(of.stream().map(Observation::visibleMs).toList()));
            for (String stage : STAGES) {
                List<Double> values = of.stream().map(o -> o.timingsMs().get(stage)).filter(v -> v != null).toList();
                if (!values.isEmpty()) {
                    stages.put(stage, Percentiles.of(values));
                }
            }
            byPath.put(path, stages);
            counts.put(path, of.size());
            statuses.put(path, of.stream().collect(Collectors.groupingBy(Observation::status, TreeMap::new, Collectors.counting())));
        }
    }

    public int count(Observation.Path path) {
        return counts.getOrDefault(path, 0);
    }

    public Percentiles get(Observation.Path path, String stage) {
        return byPath.getOrDefault(path, Map.of()).getOrDefault(stage, Percentiles.NONE);
    }

    /** The table as text, one line per path and stage, latencies in milliseconds. */
    public List<String> lines(double seconds) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "  %-26s %-12s %6s %9s %9s %9s %9s", "path", "stage", "n", "p50 ms", "p95 ms", "p99 ms",
                "max ms"));
        byPath.forEach((path, stages) -> {
            String name = path.name().toLowerCase(Locale.ROOT).replace('_', '-');
            lines.add(String.format(Locale.ROOT, "  %-26s %d answers (%s), %.2f answers/s", name, counts.get(path),
                    statuses.get(path).entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", ")),
                    counts.get(path) / seconds));
            stages.forEach((stage, p) -> lines.add(String.format(Locale.ROOT, "  %-26s %-12s %6d %9.1f %9.1f %9.1f %9.1f", "", stage,
                    p.count(), p.p50(), p.p95(), p.p99(), p.max())));
        });
        return lines;
    }

    @Override
    public String toString() {
        return byPath.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }
}
