package dev.scoperag.core.extract;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.zip.GZIPInputStream;

/** The real and synthetic filings under {@code src/test/resources/filings}. */
final class TestFilings {

    static final String ULTA_EARNINGS_PDF = "ULTABEAUTY_2023Q4_EARNINGS.pdf";
    static final String ULTA_10K_TEXT_GZ = "ULTABEAUTY_2023_10K.txt.gz";
    static final String SYNTHETIC_SUBMISSION = "synthetic-10k-submission.txt";

    private TestFilings() {
    }

    static byte[] bytes(String name) {
        try (InputStream in = TestFilings.class.getResourceAsStream("/filings/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource filings/" + name);
            }
            return name.endsWith(".gz") ? new GZIPInputStream(in).readAllBytes() : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
