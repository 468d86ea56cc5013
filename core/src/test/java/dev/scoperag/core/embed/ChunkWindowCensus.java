package dev.scoperag.core.embed;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Command: how many tokens 2,500-char chunks of real filings have, how much of each falls past the 512-token
 * window, and whether the 50% overlap still puts every character in some chunk's window.
 *
 * <p>Usage: {@code ChunkWindowCensus [file.txt.gz ...]}, default every .txt.gz in shared/bench/financebench/files.
 */
public final class ChunkWindowCensus {

    public static void main(String[] args) throws IOException {
        List<Path> files = new ArrayList<>();
        for (String arg : args) {
            files.add(Path.of(arg));
        }
        if (files.isEmpty()) {
            try (Stream<Path> listing = Files.list(BenchFiling.filesDirectory())) {
                listing.filter(f -> f.toString().endsWith(".txt.gz")).sorted().forEach(files::add);
            }
        }
        EncoderModel model = EncoderModel.bgeSmallEnV15Quantized();
        List<Integer> tokens = new ArrayList<>();
        List<Integer> covered = new ArrayList<>();
        int gaps = 0;
        long missedChars = 0;
        long allChars = 0;
        try (InputStream json = model.openTokenizerJson();
             HuggingFaceTokenizer untruncated = HuggingFaceTokenizer.newInstance(json,
                     Map.of("truncation", "false", "padding", "false", "modelMaxLength", "100000"));
             OnnxEmbedder embedder = OnnxEmbedder.bgeSmallEnV15Quantized()) {
            for (Path file : files) {
                List<String> chunks = BenchFiling.read(file).chunks();
                // The last chunk has no successor to cover its tail, so only full interior chunks are counted.
                List<String> full = chunks.subList(0, chunks.size() - 1);
                int fileGaps = 0;
                List<Integer> fileTokens = new ArrayList<>();
                for (String chunk : full) {
                    fileTokens.add(untruncated.encode(chunk).getIds().length);
                    int seen = embedder.coveredChars(chunk);
                    covered.add(seen);
                    if (seen < BenchFiling.STRIDE_CHARS) {
                        fileGaps++;
                        missedChars += BenchFiling.STRIDE_CHARS - seen;
                    }
                }
                tokens.addAll(fileTokens);
                gaps += fileGaps;
                allChars += (long) full.size() * BenchFiling.STRIDE_CHARS;
                int[] ft = fileTokens.stream().mapToInt(Integer::intValue).sorted().toArray();
                System.out.printf("%-28s %4d chunks, tokens median %d p90 %d max %d, %d with a gap%n",
                        file.getFileName(), ft.length, percentile(ft, 50), percentile(ft, 90), ft[ft.length - 1],
                        fileGaps);
            }
        }
        int[] t = tokens.stream().mapToInt(Integer::intValue).sorted().toArray();
        int[] c = covered.stream().mapToInt(Integer::intValue).sorted().toArray();
        long truncated = Arrays.stream(t).filter(n -> n > 512).count();
        double meanCut = covered.stream().mapToInt(n -> BenchFiling.CHUNK_CHARS - n).average().orElse(0);
        double meanCutTruncated = covered.stream().filter(n -> n < BenchFiling.CHUNK_CHARS)
                .mapToInt(n -> BenchFiling.CHUNK_CHARS - n).average().orElse(0);
        System.out.printf("chunks %d; tokens incl. [CLS]/[SEP]: min %d, median %d, p90 %d, p99 %d, max %d%n",
                t.length, t[0], percentile(t, 50), percentile(t, 90), percentile(t, 99), t[t.length - 1]);
        System.out.printf("over 512 tokens: %d (%.1f%%); chars cut: mean %.0f over all chunks, %.0f over truncated ones;"
                        + " chars seen: min %d, p10 %d, median %d%n",
                truncated, 100.0 * truncated / t.length, meanCut, meanCutTruncated,
                c[0], percentile(c, 10), percentile(c, 50));
        System.out.printf("chunks whose window ends before the next chunk starts (char %d): %d%n",
                BenchFiling.STRIDE_CHARS, gaps);
        System.out.printf("chars in no chunk's window: %d of %d (%.4f%%)%n",
                missedChars, allChars, 100.0 * missedChars / allChars);
    }

    private static int percentile(int[] sorted, int p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }
}
