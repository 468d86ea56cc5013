package dev.scoperag.core.answer;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.search.Candidate;
import dev.scoperag.core.search.IndexedChunk;
import dev.scoperag.core.search.SearchMode;
import dev.scoperag.core.search.SearchRequest;
import dev.scoperag.core.search.ShardIndex;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * Times the answer stage on a fixed input: the Ulta Beauty FY2023 10-K from the test resources, cut into
 * 2,500-char chunks at a 1,250-char stride, BM25 top 20 per question as the candidates, then the offline
 * reranker (bundled bge-small; default settings, and with every window embedded), the adaptive cutoff and the extractive answerer, lexical
 * and embedding-aided. Prints milliseconds per question and each answer's first line.
 *
 * <p>The questions are written for this filing, not taken from any benchmark. Run with the test classpath
 * (see {@code ShardIndexBenchmark}): {@code java -cp core/target/classes:core/target/test-classes:$(cat
 * core/cp.txt) dev.scoperag.core.answer.AnswerStageBenchmark}.
 */
public final class AnswerStageBenchmark {

    private static final List<String> QUESTIONS = List.of(
            "What were Ulta Beauty's capital expenditures in fiscal 2023?",
            "How much were merchandise inventories at the end of fiscal 2023?",
            "What was net sales in fiscal 2023?",
            "How many stores did Ulta Beauty operate at the end of fiscal 2023?",
            "What was the loss on disposal of property and equipment?",
            "How much stock did the company repurchase in fiscal 2023?");
    private static final int TIMED_PASSES = 2;

    private AnswerStageBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        String text = ulta10k();
        List<IndexedChunk> chunks = new ArrayList<>();
        for (int start = 0, seq = 0; start < text.length(); start += 1_250, seq++) {
            int end = Math.min(text.length(), start + 2_500);
            chunks.add(TestRecords.indexedChunk("ulta-" + seq, "ULTA:2023", text.substring(start, end)).document("ULTA-2023-10K", "h")
                    .seq(seq).at(start).section(null).build());
            if (end == text.length()) {
                break;
            }
        }
        System.out.printf(Locale.ROOT, "%d chunks of %,d chars%n", chunks.size(), text.length());
        try (ShardIndex index = ShardIndex.build(chunks);
             Embedder embedder = EmbedderSpec.bundled().open();
             OfflineReranker reranker = new OfflineReranker(embedder);
             OfflineReranker allWindows = new OfflineReranker(embedder, new OfflineReranker.Settings(20, 400, 8));
             ExtractiveAnswerer lexical = new ExtractiveAnswerer(ExtractiveAnswerer.Settings.defaults());
             ExtractiveAnswerer aided = new ExtractiveAnswerer(ExtractiveAnswerer.Settings.defaults(), embedder)) {
            AdaptiveCutoff cutoff = AdaptiveCutoff.defaults(5);
            double[] rerankMs = new double[QUESTIONS.size()];
            double[] lexicalMs = new double[QUESTIONS.size()];
            double[] aidedMs = new double[QUESTIONS.size()];
            double[] allWindowsMs = new double[QUESTIONS.size()];
            for (int pass = 0; pass <= TIMED_PASSES; pass++) {
                for (int q = 0; q < QUESTIONS.size(); q++) {
                    String question = QUESTIONS.get(q);
                    List<Candidate> candidates = index.search(new SearchRequest(question, null, 50, SearchMode.BM25,
                            60, null, 20));
                    long t0 = System.nanoTime();
                    List<Scored> reranked = reranker.rerank(question, candidates);
                    long t1 = System.nanoTime();
                    List<Scored> context = cutoff.cut(reranked);
                    Answer plain = lexical.answer(question, context, List.of("ULTA BEAUTY, INC."));
                    long t2 = System.nanoTime();
                    Answer withEmbeddings = aided.answer(question, context, List.of("ULTA BEAUTY, INC."));
                    long t3 = System.nanoTime();
                    List<Scored> everyWindow = allWindows.rerank(question, candidates);
                    long t4 = System.nanoTime();
                    if (pass > 0) {
                        rerankMs[q] += (t1 - t0) / 1e6 / TIMED_PASSES;
                        lexicalMs[q] += (t2 - t1) / 1e6 / TIMED_PASSES;
                        aidedMs[q] += (t3 - t2) / 1e6 / TIMED_PASSES;
                        allWindowsMs[q] += (t4 - t3) / 1e6 / TIMED_PASSES;
                    }
                    if (pass == TIMED_PASSES) {
                        System.out.printf(Locale.ROOT, "%n%s%n  %d candidates -> context %d; bm25 #1 %s, reranked #1 %s%n",
                                question, candidates.size(), context.size(), candidates.get(0).chunk().chunkId(),
                                reranked.get(0).candidate().chunk().chunkId());
                        System.out.println("  top 5 reranked " + ids(reranked) + ", with every window " + ids(everyWindow));
                        System.out.println("  lexical: " + firstLine(plain));
                        System.out.println("  aided:   " + firstLine(withEmbeddings));
                    }
                }
            }
            System.out.printf(Locale.ROOT, "%nms per question (mean of %d passes): rerank %s%n"
                            + "  rerank, every window of each chunk %s%n  answer lexical %s%n  answer aided %s%n",
                    TIMED_PASSES, summary(rerankMs), summary(allWindowsMs), summary(lexicalMs), summary(aidedMs));
        }
    }

    private static List<String> ids(List<Scored> scored) {
        return scored.subList(0, Math.min(5, scored.size())).stream().map(s -> s.candidate().chunk().chunkId()).toList();
    }

    private static String firstLine(Answer answer) {
        if (!answer.isAnswered()) {
            return "abstained " + answer.reason();
        }
        String line = answer.text().split("\n")[0];
        return line.length() > 160 ? line.substring(0, 160) + "..." : line;
    }

    private static String summary(double[] ms) {
        double[] sorted = ms.clone();
        Arrays.sort(sorted);
        return String.format(Locale.ROOT, "mean %.1f, min %.1f, max %.1f", Arrays.stream(ms).average().orElse(0),
                sorted[0], sorted[sorted.length - 1]);
    }

    private static String ulta10k() throws IOException {
        try (InputStream in = new GZIPInputStream(
                AnswerStageBenchmark.class.getResourceAsStream("/filings/ULTABEAUTY_2023_10K.txt.gz"))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
