package dev.scoperag.launcher.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Files that ship in the repository beside the code: the sample filings and questions, and SEC's
 * issuer directory. Found under {@code -Dscoperag.home} (the {@code ./scoperag} script sets it to
 * the checkout), else under the working directory.
 */
public final class BundledFiles {

    private BundledFiles() {}

    public static Path home() {
        return Path.of(System.getProperty("scoperag.home", ".")).toAbsolutePath().normalize();
    }

    public static Path samples() {
        return home().resolve("samples");
    }

    /** SEC's company_tickers.json, if the checkout has it. */
    public static Optional<Path> issuerDirectory() {
        return existing(samples().resolve("issuers/company_tickers.json"));
    }

    public static Optional<Path> tickerChanges() {
        return existing(samples().resolve("issuers/ticker_changes.csv"));
    }

    private static Optional<Path> existing(Path p) {
        return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
    }
}
