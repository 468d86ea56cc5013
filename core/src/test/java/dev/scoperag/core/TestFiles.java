package dev.scoperag.core;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where tests find their data on any machine: the project's own files, from the project root
 * whatever module a test runs in, and the shared benchmark data, never copied into the project,
 * from {@code -Dscoperag.bench.dir} (the build sets it) or else {@code ../shared/bench} beside the
 * project root. Data that is absent fails the test with what to do; it is never skipped.
 */
public final class TestFiles {

    public static final String BENCH_DIR_PROPERTY = "scoperag.bench.dir";

    private TestFiles() {}

    /** The directory holding the reactor pom and {@code core/}; tests run in a module directory below it. */
    public static Path projectRoot() {
        Path start = Path.of(System.getProperty("user.dir")).toAbsolutePath().normalize();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isRegularFile(dir.resolve("core").resolve("pom.xml"))) {
                return dir;
            }
        }
        return fail("no ScopeRAG project root (a directory with pom.xml and core/pom.xml) at or above " + start);
    }

    /** A file of the project, such as {@code samples/issuers/company_tickers.json}; fails when absent. */
    public static Path projectFile(String first, String... more) {
        Path file = projectRoot().resolve(Path.of(first, more));
        if (!Files.exists(file)) {
            fail("no " + file + " in the project");
        }
        return file;
    }

    /** The shared benchmark directory, whether or not it exists. */
    public static Path benchDirectory() {
        String configured = System.getProperty(BENCH_DIR_PROPERTY);
        Path dir = configured == null || configured.isBlank()
                ? projectRoot().resolve("..").resolve("shared").resolve("bench")
                : Path.of(configured);
        return dir.toAbsolutePath().normalize();
    }

    /** A file or directory of the shared benchmark data, such as {@code financebench/corpus.jsonl}; fails when absent. */
    public static Path benchFile(String first, String... more) {
        Path file = benchDirectory().resolve(Path.of(first, more));
        if (!Files.exists(file)) {
            fail("no benchmark data at " + file + ": this test needs the shared benchmark data at " + benchDirectory()
                    + "; set -D" + BENCH_DIR_PROPERTY + "=DIR to where it is (it is never copied into the project)");
        }
        return file;
    }
}
