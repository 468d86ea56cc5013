package dev.scoperag.launcher.eval;

import dev.scoperag.core.embed.CachingEmbedder;
import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/** {@code ./scoperag eval}: ingests a corpus with the ingest code and runs questions through the arms. */
public final class Eval {

    private Eval() {}

    public static int run(String[] args) throws Exception {
        Path corpus = null;
        Path questions = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--corpus" -> corpus = Path.of(args[++i]);
                case "--questions" -> questions = Path.of(args[++i]);
                default -> {
                    System.err.println("usage: scoperag eval --corpus FILE|DIR");
                    return 2;
                }
            }
        }
        if (corpus == null || !Files.exists(corpus)) {
            System.err.println("usage: scoperag eval --corpus FILE|DIR");
            return 2;
        }
        long start = System.nanoTime();
        try (Embedder embedder = CachingEmbedder.withDefaultCache(EmbedderSpec.bundled().open())) {
            CorpusLoader.Loaded loaded = new CorpusLoader(embedder, corpus, System.out).load(corpus, questionDocuments(questions));
            long chunks = loaded.documents().stream().mapToLong(d -> d.chunks().size()).sum();
            System.out.printf(Locale.ROOT, "corpus: %d documents, %d chunks, %d rejected, %.0f s%n",
                    loaded.documents().size(), chunks, loaded.rejected().size(), (System.nanoTime() - start) / 1e9);
            loaded.rejected().forEach(r -> System.out.println("  rejected " + r));
        }
        return 0;
    }

    private static Set<String> questionDocuments(Path questions) throws IOException {
        if (questions == null) {
            return Set.of();
        }
        Set<String> docs = new HashSet<>();
        for (String line : Files.readAllLines(questions)) {
            if (!line.isBlank()) {
                docs.add(Json.MAPPER.readTree(line).path("doc_name").asText());
            }
        }
        return docs;
    }
}
