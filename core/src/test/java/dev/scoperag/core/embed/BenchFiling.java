package dev.scoperag.core.embed;

import dev.scoperag.core.TestFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** A filing's text from shared/bench cut the way ingest cuts it: 2,500-char chunks every 1,250 chars. */
record BenchFiling(Path file, String text) {

    static final int CHUNK_CHARS = 2_500;
    static final int STRIDE_CHARS = 1_250;

    /** shared/bench/financebench/files, from -Dscoperag.bench.dir or beside the project root. */
    static Path filesDirectory() {
        return TestFiles.benchFile("financebench", "files");
    }

    static BenchFiling read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file);
             InputStream text = file.toString().endsWith(".gz") ? new GZIPInputStream(in) : in) {
            return new BenchFiling(file, new String(text.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    List<String> chunks() {
        List<String> chunks = new ArrayList<>();
        for (int start = 0; start < text.length(); start += STRIDE_CHARS) {
            chunks.add(text.substring(start, Math.min(text.length(), start + CHUNK_CHARS)));
            if (start + CHUNK_CHARS >= text.length()) {
                break;
            }
        }
        return chunks;
    }
}
