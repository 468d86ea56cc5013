package dev.scoperag.core.search;

import dev.scoperag.core.TestFiles;
import dev.scoperag.core.TestRecords;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.zip.GZIPInputStream;

/**
 * Times {@link ShardIndex#build} and {@link ShardIndex#search} over 2,000 chunks of 2,500 chars cut
 * from the real filings in the benchmark corpus (1,250-char stride, as the chunker cuts), with
 * random unit vectors of 384 dimensions, and prints the figures.
 *
 * <p>Run from the project root with the test classpath: {@code mvn -o -pl core test-compile
 * dependency:build-classpath -Dmdep.outputFile=cp.txt}, then {@code java -cp
 * core/target/classes:core/target/test-classes:$(cat core/cp.txt)
 * dev.scoperag.core.search.ShardIndexBenchmark}. Optional arguments: the number of chunks and the
 * directory of {@code .txt.gz} filings. Wall and thread-CPU percentiles are both printed because on
 * a shared machine the wall-clock tail is mostly waiting for a core.
 */
public final class ShardIndexBenchmark {

    private static final int CHUNK_CHARS = 2_500;
    private static final int STRIDE = 1_250;
    private static final int DIMENSIONS = 384;
    private static final int BUILD_RUNS = 5;
    private static final int WARMUP_QUERIES = 3_000;
    private static final int TIMED_QUERIES = 3_000;

    private static final List<String> QUESTIONS = List.of(
            "What was the total revenue in fiscal 2022?",
            "How much did the company spend on research and development?",
            "What is the FY2022 capital expenditure in USD millions?",
            "What was net income attributable to the company?",
            "How much goodwill was recorded for the Xilinx acquisition?",
            "What were the total current liabilities at year end?",
            "What is the gross margin percentage for 2022?",
            "Describe the revolving credit facility and its maturity.",
            "How much cash and cash equivalents did the company hold?",
            "What was the effective tax rate?",
            "What were share repurchases during the year?",
            "What is the amount of long-term debt due in 2024?",
            "What are the main risk factors related to supply chain?",
            "What was adjusted EBITDA?",
            "How much was depreciation and amortization of PP&E?",
            "What was operating cash flow in 2021 versus 2022?",
            "Total $ 2,501 term debt principal",
            "What dividends per share were declared?",
            "How many employees did the company have?",
            "What was inventory at December 31, 2022?");

    private ShardIndexBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        Path filings = args.length > 1 ? Path.of(args[1]) : TestFiles.benchFile("financebench", "files");
        List<IndexedChunk> chunks = chunks(filings, count, new Random(7));
        long chars = chunks.stream().mapToLong(c -> c.text().length()).sum();
        System.out.printf(Locale.ROOT, "%,d chunks, %,d chars, %d-dim vectors, %d available processors%n",
                chunks.size(), chars, DIMENSIONS, Runtime.getRuntime().availableProcessors());

        ShardIndex index = null;
        for (int run = 1; run <= BUILD_RUNS; run++) {
            if (index != null) {
                index.close();
            }
            long start = System.nanoTime();
            index = ShardIndex.build(chunks);
            System.out.printf(Locale.ROOT, "build run %d%s: %,d ms%n", run, run == 1 ? " (JIT cold)" : "",
                    (System.nanoTime() - start) / 1_000_000);
        }
        try (ShardIndex searched = index) {
            Random random = new Random(11);
            List<float[]> vectors = new ArrayList<>();
            for (int i = 0; i < QUESTIONS.size(); i++) {
                vectors.add(randomUnit(random));
            }
            time(searched, "warm-up hybrid", SearchMode.HYBRID, DocumentFilter.none(), vectors, WARMUP_QUERIES);
            time(searched, "hybrid", SearchMode.HYBRID, DocumentFilter.none(), vectors, TIMED_QUERIES);
            time(searched, "bm25 only", SearchMode.BM25, DocumentFilter.none(), vectors, TIMED_QUERIES);
            time(searched, "dense only", SearchMode.DENSE, DocumentFilter.none(), vectors, TIMED_QUERIES);
            time(searched, "hybrid, form filter", SearchMode.HYBRID, DocumentFilter.forms("10-Q"), vectors, TIMED_QUERIES);
        }
    }

    private static void time(ShardIndex index, String label, SearchMode mode, DocumentFilter filter,
            List<float[]> vectors, int queries) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] wall = new long[queries];
        long[] cpu = new long[queries];
        long results = 0;
        long allocatedBefore = allocatedBytes(threads);
        for (int i = 0; i < queries; i++) {
            int q = i % QUESTIONS.size();
            SearchRequest request = SearchRequest.of(QUESTIONS.get(q), vectors.get(q)).withMode(mode).withFilter(filter);
            long startCpu = threads.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            results += index.search(request).size();
            wall[i] = System.nanoTime() - start;
            cpu[i] = threads.getCurrentThreadCpuTime() - startCpu;
        }
        long allocated = allocatedBytes(threads) - allocatedBefore;
        // Wall time includes waiting for a core on a shared machine; thread CPU time does not.
        System.out.printf(Locale.ROOT, "%-20s %,d queries, %.1f results/query, %,d KB allocated/query%n"
                + "    wall %s%n    cpu  %s%n", label, queries, (double) results / queries, allocated / queries / 1024,
                percentiles(wall), percentiles(cpu));
    }

    private static long allocatedBytes(ThreadMXBean threads) {
        return threads instanceof com.sun.management.ThreadMXBean hotspot
                ? hotspot.getCurrentThreadAllocatedBytes()
                : 0;
    }

    private static String percentiles(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return String.format(Locale.ROOT, "p50 %.3f ms, p95 %.3f ms, p99 %.3f ms, max %.3f ms",
                sorted[n / 2] / 1e6, sorted[(int) (n * 0.95)] / 1e6, sorted[(int) (n * 0.99)] / 1e6, sorted[n - 1] / 1e6);
    }

    /** Cuts the filings into overlapping windows, cycling through them until {@code count} are cut. */
    private static List<IndexedChunk> chunks(Path filings, int count, Random random) throws IOException {
        List<String> texts = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(filings, "*.txt.gz")) {
            for (Path file : files) {
                texts.add(gunzip(file));
            }
        }
        if (texts.isEmpty()) {
            throw new IllegalArgumentException("no .txt.gz filings in " + filings.toAbsolutePath());
        }
        texts.sort(null);
        String[] forms = {"10-K", "10-K/A", "10-Q"};
        List<IndexedChunk> chunks = new ArrayList<>(count);
        for (int pass = 0; chunks.size() < count; pass++) {
            for (int t = 0; t < texts.size() && chunks.size() < count; t++) {
                String text = texts.get(t);
                // Later passes shift the windows so repeated text is not byte-identical.
                for (int start = pass * 97; start < text.length() && chunks.size() < count; start += STRIDE) {
                    int end = Math.min(text.length(), start + CHUNK_CHARS);
                    int n = chunks.size();
                    String form = forms[n % forms.length];
                    chunks.add(TestRecords.indexedChunk(String.format(Locale.ROOT, "chunk-%06d", n), "SYN:" + (2015 + t),
                                    text.substring(start, end))
                            .document("doc-" + t + "-" + pass, "hash-" + t).form(form, form.equals("10-Q") ? "2022Q2" : null)
                            .seq(n).at(start).section(null).vector(randomUnit(random)).build());
                }
            }
        }
        return chunks;
    }

    private static float[] randomUnit(Random random) {
        float[] vector = new float[DIMENSIONS];
        double norm = 0;
        for (int i = 0; i < DIMENSIONS; i++) {
            vector[i] = (float) random.nextGaussian();
            norm += vector[i] * vector[i];
        }
        for (int i = 0; i < DIMENSIONS; i++) {
            vector[i] /= (float) Math.sqrt(norm);
        }
        return vector;
    }

    private static String gunzip(Path file) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            in.transferTo(out);
            return out.toString(StandardCharsets.UTF_8);
        }
    }
}
