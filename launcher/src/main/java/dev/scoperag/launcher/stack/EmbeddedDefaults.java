package dev.scoperag.launcher.stack;

import dev.scoperag.launcher.cli.BundledFiles;
import dev.scoperag.query.QueryOptions;
import dev.scoperag.stream.SharedOptions;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.flink.configuration.Configuration;

/** The settings the embedded default runs the jobs with where the user's configuration says nothing. */
public final class EmbeddedDefaults {

    /** Both jobs: chunks and answers become visible to read_committed readers at this pace. */
    static final Duration CHECKPOINT_INTERVAL = Duration.ofSeconds(2);

    private EmbeddedDefaults() {}

    public static Configuration apply(Configuration userConfig) {
        Configuration c = new Configuration(userConfig);
        // One key for both jobs (SharedOptions); 2 s rather than its 10 s default, so answers show soon.
        if (!c.contains(SharedOptions.CHECKPOINT_INTERVAL)) {
            c.set(SharedOptions.CHECKPOINT_INTERVAL, CHECKPOINT_INTERVAL);
        }
        // The issuer directory that ships in samples/, so that a company outside the corpus is recognised
        // (and abstained on) rather than answered from another company's filings.
        if (!c.contains(QueryOptions.ISSUER_DIRECTORY)) {
            BundledFiles.issuerDirectory().map(Path::toString).ifPresent(p -> c.set(QueryOptions.ISSUER_DIRECTORY, p));
        }
        if (!c.contains(QueryOptions.TICKER_CHANGES)) {
            BundledFiles.tickerChanges().map(Path::toString).ifPresent(p -> c.set(QueryOptions.TICKER_CHANGES, p));
        }
        return c;
    }
}
