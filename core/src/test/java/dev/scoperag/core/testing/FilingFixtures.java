package dev.scoperag.core.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The real filings and issuer directory under core's {@code src/test/resources/filings}, one copy
 * for the tests of every module (they reach it through core's test-jar): excerpts of Coca-Cola's
 * 2021 and 2022 10-Ks as text ({@code KO_2021_10K_excerpt.txt}, {@code KO_2022_10K_excerpt.txt}),
 * PepsiCo's 8-K of 5 May 2023 with its annual meeting's votes ({@code PEP_2023_8K_2023-05-05.pdf}),
 * 3M's 10-Q for the second quarter of 2023 as an EDGAR full submission
 * ({@code MMM_2023Q2_10Q_submission.txt}), and an SEC company_tickers.json of KO, PEP, MMM and TSLA
 * (known, with no filing here: {@code issuers.json}).
 */
public final class FilingFixtures {

    private FilingFixtures() {}

    /** Copies fixture {@code name} to {@code dir}, under its own name. */
    public static Path copy(String name, Path dir) {
        return copy(name, dir, name);
    }

    /**
     * Copies fixture {@code name} to {@code dir} as {@code fileName} and returns the copy: inside a
     * test-jar a resource is no file a job or command could be given.
     */
    public static Path copy(String name, Path dir, String fileName) {
        try (InputStream in = FilingFixtures.class.getResourceAsStream("/filings/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no test fixture filings/" + name + " (core's test-jar holds them)");
            }
            Path target = Files.createDirectories(dir).resolve(fileName);
            Files.copy(in, target);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
