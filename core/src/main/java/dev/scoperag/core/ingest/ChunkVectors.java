package dev.scoperag.core.ingest;

import dev.scoperag.core.answer.ChunkWindows;
import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.Embedding;
import dev.scoperag.core.record.WindowVectors;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The model work of ingest: each chunk's windows ({@link ChunkWindows}) embedded once, and the chunk's own vector made
 * from them, so every character of a document goes through the model once, in short sequences, where embedding whole
 * chunks put it through twice and cut a chunk's tail at the model's token window.
 *
 * <p>The window vectors go on the chunk record ({@link WindowVectors}, int8) for the reranker to read at query time;
 * the chunk's vector for dense retrieval is their mean, normalized ({@link ChunkVector#WINDOW_MEAN}), or, as an
 * ablation, the model's embedding of the whole chunk ({@link ChunkVector#FULL_CHUNK}, which costs that model call as
 * well). Both are published under {@link #id}, an identity of their own, so a query job never mixes them with vectors
 * of whole chunks from an older topic.
 *
 * <p>Windows that two overlapping chunks share have the same text; a call embeds each distinct text once, and the
 * vectors of the last few thousand windows are kept by shard and document version, so the next call (the next batch of the same
 * document) does not embed them again. They are not shared between documents: a document's model work does not depend
 * on what was embedded before it (a version's unchanged chunks are reused whole, from the ingest job's state). Not
 * thread-safe: one caller thread at a time (the ingest job's model thread).
 */
public final class ChunkVectors {

    /** What a chunk's own vector, the one dense retrieval compares, is made of. */
    public enum ChunkVector {
        /** The mean of its window vectors, normalized: no model work beyond the windows. */
        WINDOW_MEAN,
        /** The model's embedding of the whole chunk (truncated at its token window), as before windows. */
        FULL_CHUNK;

        public static ChunkVector parse(String value) {
            return switch (value.strip().toLowerCase(Locale.ROOT)) {
                case "window-mean" -> WINDOW_MEAN;
                case "full-chunk" -> FULL_CHUNK;
                default -> throw new IllegalArgumentException("chunk vector must be window-mean or full-chunk: " + value);
            };
        }
    }

    /** Window vectors kept for the next call: a few batches of one document, their shared windows among them. */
    static final int RECENT_WINDOWS = 4_096;

    private final Embedder embedder;
    private final int stride;
    private final int windowChars;
    private final ChunkVector chunkVector;
    private final String id;
    private final Map<String, float[]> recent = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
            return size() > RECENT_WINDOWS;
        }
    };
    private long textsEmbedded;

    /** @param stride the chunker's stride: windows never cross its multiples, so overlapping chunks share them */
    public ChunkVectors(Embedder embedder, int stride, int windowChars, ChunkVector chunkVector) {
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.stride = stride;
        this.windowChars = windowChars;
        this.chunkVector = Objects.requireNonNull(chunkVector, "chunkVector");
        this.id = id(embedder.modelId(), windowChars, chunkVector);
    }

    /** The default windows (400 characters), chunk vectors the mean of their windows'. */
    public ChunkVectors(Embedder embedder, int stride) {
        this(embedder, stride, ChunkWindows.DEFAULT_WINDOW_CHARS, ChunkVector.WINDOW_MEAN);
    }

    /**
     * The identity of the vectors a model makes this way: {@code <model>/w<windowChars>} for window means,
     * {@code <model>/w<windowChars>+chunk} for whole-chunk vectors beside the windows.
     */
    public static String id(String modelId, int windowChars, ChunkVector chunkVector) {
        return modelId + "/w" + windowChars + (chunkVector == ChunkVector.FULL_CHUNK ? "+chunk" : "");
    }

    /** The identity with the default windows. */
    public static String id(String modelId, ChunkVector chunkVector) {
        return id(modelId, ChunkWindows.DEFAULT_WINDOW_CHARS, chunkVector);
    }

    public String id() {
        return id;
    }

    /** Texts the model embedded so far (windows, and whole chunks for {@link ChunkVector#FULL_CHUNK}). */
    public long textsEmbedded() {
        return textsEmbedded;
    }

    /** The chunks with their vector and window vectors filled in, in input order. */
    public List<ChunkUpserted> embed(List<ChunkUpserted> chunks) {
        List<int[]> spansOf = new ArrayList<>(chunks.size());
        Map<String, float[]> vectorOf = new LinkedHashMap<>();
        for (ChunkUpserted chunk : chunks) {
            int[] spans = ChunkWindows.spans(chunk.text(), chunk.charStart(), stride, windowChars);
            if (spans.length == 0) {
                spans = new int[] {0, chunk.text().length()};  // a chunk of blanks: its text is its one window
            }
            spansOf.add(spans);
            for (String window : ChunkWindows.texts(chunk.text(), spans)) {
                vectorOf.putIfAbsent(window, recent.get(recentKey(chunk, window)));
            }
            if (chunkVector == ChunkVector.FULL_CHUNK) {
                vectorOf.putIfAbsent(FULL + chunk.text(), null);
            }
        }
        List<String> missing = new ArrayList<>();
        vectorOf.forEach((text, vector) -> {
            if (vector == null) {
                missing.add(text);
            }
        });
        if (!missing.isEmpty()) {
            List<float[]> computed = embedder.embedPassages(missing.stream().map(ChunkVectors::modelText).toList());
            if (computed.size() != missing.size()) {
                throw new IllegalStateException("the model returned " + computed.size() + " vectors for " + missing.size() + " texts");
            }
            for (int i = 0; i < missing.size(); i++) {
                vectorOf.put(missing.get(i), computed.get(i));
            }
            textsEmbedded += missing.size();
        }
        List<ChunkUpserted> embedded = new ArrayList<>(chunks.size());
        for (int c = 0; c < chunks.size(); c++) {
            ChunkUpserted chunk = chunks.get(c);
            List<float[]> windows = new ArrayList<>();
            for (String window : ChunkWindows.texts(chunk.text(), spansOf.get(c))) {
                float[] vector = vectorOf.get(window);
                recent.put(recentKey(chunk, window), vector);
                windows.add(vector);
            }
            float[] own = chunkVector == ChunkVector.FULL_CHUNK ? vectorOf.get(FULL + chunk.text()) : mean(windows);
            embedded.add(chunk.withVectors(Embedding.of(id, own), WindowVectors.of(id, windows, spansOf.get(c))));
        }
        return embedded;
    }

    private static String recentKey(ChunkUpserted chunk, String window) {
        return chunk.shard() + FULL + chunk.docHash() + FULL + window;
    }

    /** Marks a whole chunk's text among the windows' texts (no window text starts with a NUL). */
    private static final String FULL = "\u0000";

    private static String modelText(String key) {
        return key.startsWith(FULL) ? key.substring(1) : key;
    }

    /** The normalized mean of unit vectors. */
    static float[] mean(List<float[]> vectors) {
        float[] mean = new float[vectors.get(0).length];
        for (float[] v : vectors) {
            for (int d = 0; d < mean.length; d++) {
                mean[d] += v[d];
            }
        }
        double norm = 0;
        for (float x : mean) {
            norm += (double) x * x;
        }
        float scale = norm == 0 ? 0 : (float) (1 / Math.sqrt(norm));
        for (int d = 0; d < mean.length; d++) {
            mean[d] *= scale;
        }
        return mean;
    }
}
