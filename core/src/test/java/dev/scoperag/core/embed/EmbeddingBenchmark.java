package dev.scoperag.core.embed;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Command: milliseconds per 2,500-char chunk of a real filing for batch sizes 1, 4, 8 and 1 or 2 intra-op threads
 * (plus a 256-token window, and two 1-thread embedders running side by side): median and minimum of several passes
 * after a warm-up.
 *
 * <p>Usage: {@code EmbeddingBenchmark [text file, .gz allowed] [chunks, default 64] [passes, default 3]}; the default
 * file is AMD_2022_10K.txt.gz in shared/bench/financebench/files. Chunks are taken evenly across the filing.
 */
public final class EmbeddingBenchmark {

    public static void main(String[] args) throws IOException, InterruptedException {
        Path file = args.length > 0 ? Path.of(args[0]) : BenchFiling.filesDirectory().resolve("AMD_2022_10K.txt.gz");
        int count = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        int passes = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        List<String> chunks = evenlySpaced(BenchFiling.read(file).chunks(), count);
        System.out.printf("%s: %d chunks of up to %d chars, %d passes, %d cores%n", file.getFileName(), chunks.size(),
                BenchFiling.CHUNK_CHARS, passes, Runtime.getRuntime().availableProcessors());
        System.out.println("window batch threads   ms/chunk median   min   passes");

        List<EmbedderSettings> configs = new ArrayList<>();
        for (int threads : new int[] {2, 1}) {
            for (int batch : new int[] {1, 4, 8}) {
                configs.add(EmbedderSettings.defaults().withBatchSize(batch).withIntraOpThreads(threads));
            }
        }
        configs.add(EmbedderSettings.defaults().withMaxTokens(256));

        for (EmbedderSettings settings : configs) {
            try (OnnxEmbedder embedder = OnnxEmbedder.open(EncoderModel.bgeSmallEnV15Quantized(), settings)) {
                embedder.embedPassages(chunks.subList(0, Math.min(8, chunks.size())));
                double[] msPerChunk = new double[passes];
                for (int pass = 0; pass < passes; pass++) {
                    long start = System.nanoTime();
                    embedder.embedPassages(chunks);
                    msPerChunk[pass] = (System.nanoTime() - start) / 1e6 / chunks.size();
                }
                print("", settings, msPerChunk);
            }
        }
        twoInstancesOfOneThread(chunks, passes);
    }

    /** Two single-threaded embedders side by side on half the chunks each: two Flink subtasks of one thread. */
    private static void twoInstancesOfOneThread(List<String> chunks, int passes) throws InterruptedException {
        EmbedderSettings settings = EmbedderSettings.defaults().withIntraOpThreads(1);
        List<String> first = chunks.subList(0, chunks.size() / 2);
        List<String> second = chunks.subList(chunks.size() / 2, chunks.size());
        try (OnnxEmbedder a = OnnxEmbedder.open(EncoderModel.bgeSmallEnV15Quantized(), settings);
             OnnxEmbedder b = OnnxEmbedder.open(EncoderModel.bgeSmallEnV15Quantized(), settings)) {
            a.embedPassages(first.subList(0, Math.min(4, first.size())));
            b.embedPassages(second.subList(0, Math.min(4, second.size())));
            double[] msPerChunk = new double[passes];
            for (int pass = 0; pass < passes; pass++) {
                long start = System.nanoTime();
                Thread other = new Thread(() -> b.embedPassages(second));
                other.start();
                a.embedPassages(first);
                other.join();
                msPerChunk[pass] = (System.nanoTime() - start) / 1e6 / chunks.size();
            }
            print("2 x 1-thread instances", settings, msPerChunk);
        }
    }

    private static void print(String label, EmbedderSettings settings, double[] msPerChunk) {
        double[] sorted = msPerChunk.clone();
        Arrays.sort(sorted);
        // The minimum is reported too: on a shared machine it is the pass least disturbed by other work.
        System.out.printf("%6d %5d %7d   %15.1f %5.1f   %s %s%n", settings.maxTokens(), settings.batchSize(),
                settings.intraOpThreads(), sorted[sorted.length / 2], sorted[0],
                Arrays.toString(round(msPerChunk)), label);
    }

    private static List<String> evenlySpaced(List<String> chunks, int count) {
        if (count >= chunks.size()) {
            return chunks;
        }
        List<String> picked = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            picked.add(chunks.get((int) ((long) i * chunks.size() / count)));
        }
        return picked;
    }

    private static long[] round(double[] values) {
        return Arrays.stream(values).mapToLong(Math::round).toArray();
    }
}
