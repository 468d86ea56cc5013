package dev.scoperag.launcher.ingest;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The outcome of an ingest run in numbers.
 *
 * @param commitOffsets per partition of {@code chunks}, the offset of the last commit record of a
 *     document this run published: a reader past these has every such document
 * @param rejections {@code key: REASON} of each rejected filing
 */
public record IngestSummary(int published, int unchanged, int rejected, int pending, int chunks, Duration elapsed,
        Map<Integer, Long> commitOffsets, List<String> rejections) {

    public int accepted() {
        return published + unchanged;
    }
}
