package dev.scoperag.launcher.ingest;

import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.launcher.cli.Durations;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** The summary of an ingest run: one line per filing, then the totals. */
final class IngestReport {

    private IngestReport() {}

    static void print(Ingestion.Result result, PrintStream out) {
        List<TrackedFiling> filings = result.filings();
        int labelWidth = Math.min(48, filings.stream().mapToInt(f -> f.key.length()).max().orElse(10));
        for (TrackedFiling f : filings) {
            out.println("  " + line(f, labelWidth));
        }
        long published = count(filings, TrackedFiling.Status.PUBLISHED);
        long unchanged = count(filings, TrackedFiling.Status.UNCHANGED);
        long rejected = count(filings, TrackedFiling.Status.REJECTED);
        long pending = count(filings, TrackedFiling.Status.PENDING);
        int chunks = filings.stream().filter(f -> f.status == TrackedFiling.Status.PUBLISHED).mapToInt(f -> f.chunksSeen).sum();
        double seconds = Math.max(result.elapsed().toMillis() / 1000.0, 0.001);
        out.printf(Locale.ROOT, "accepted %d of %d documents (%d published, %d unchanged), rejected %d%s; %d chunks in %s (%.1f chunks/s)%n",
                published + unchanged, filings.size(), published, unchanged, rejected,
                pending == 0 ? "" : ", " + pending + " without an outcome yet", chunks, Durations.human(result.elapsed()), chunks / seconds);
    }

    private static long count(List<TrackedFiling> filings, TrackedFiling.Status status) {
        return filings.stream().filter(f -> f.status == status).count();
    }

    private static String line(TrackedFiling f, int labelWidth) {
        String label = String.format(Locale.ROOT, "%-" + labelWidth + "s", f.key);
        String where = String.format(Locale.ROOT, "%-12s %-18s", f.shard(), f.docId());
        return switch (f.status) {
            case PUBLISHED -> {
                DocumentCommitted c = f.committed;
                yield String.format(Locale.ROOT, "published  %s  %s %4d chunks, %s, version %d", label, where, c.chunkCount(),
                        c.pageCount() > 0 ? c.pageCount() + " pages" : String.format(Locale.ROOT, "%,d chars", c.charCount()), c.version());
            }
            case UNCHANGED -> String.format(Locale.ROOT, "unchanged  %s  %s %s", label, where, f.detail);
            case REJECTED -> String.format(Locale.ROOT, "rejected   %s  %s %s: %s", label, where, f.reason, f.detail);
            case PENDING -> String.format(Locale.ROOT, "pending    %s  %s %s", label, where,
                    f.sent ? f.chunksSeen + " chunks seen, not committed yet" : "not sent");
        };
    }
}
