package dev.scoperag.core.embed;

import dev.scoperag.core.ident.Hashes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An {@link Embedder} that asks the model only for texts its {@link EmbeddingCache} has not seen, keyed by the
 * SHA-256 of the text (queries by the hash of ("query", question), since they are embedded with an instruction).
 * It owns both: closing it closes the model and the cache.
 */
public final class CachingEmbedder implements Embedder {

    private final Embedder model;
    private final EmbeddingCache cache;

    public CachingEmbedder(Embedder model, EmbeddingCache cache) {
        if (!model.modelId().equals(cache.modelId())) {
            throw new IllegalArgumentException("cache of " + cache.modelId() + " cannot serve " + model.modelId());
        }
        this.model = model;
        this.cache = cache;
    }

    /** The model with its cache in the default directory for its model id. */
    public static CachingEmbedder withDefaultCache(Embedder model) {
        return new CachingEmbedder(model, EmbeddingCache.openDefault(model.modelId()));
    }

    @Override
    public String modelId() {
        return model.modelId();
    }

    @Override
    public int dimensions() {
        return model.dimensions();
    }

    @Override
    public float[] embedPassage(String text) {
        return embedPassages(List.of(text)).get(0);
    }

    @Override
    public List<float[]> embedPassages(List<String> texts) {
        List<String> hashes = new ArrayList<>(texts.size());
        Map<String, float[]> known = new HashMap<>();
        Map<String, String> missing = new LinkedHashMap<>();
        for (String text : texts) {
            String hash = Hashes.sha256(text);
            hashes.add(hash);
            if (!known.containsKey(hash) && !missing.containsKey(hash)) {
                cache.get(hash).ifPresentOrElse(vector -> known.put(hash, vector), () -> missing.put(hash, text));
            }
        }
        if (!missing.isEmpty()) {
            // One call for all misses, so the model can still batch them.
            List<float[]> computed = model.embedPassages(new ArrayList<>(missing.values()));
            int i = 0;
            for (String hash : missing.keySet()) {
                float[] vector = computed.get(i++);
                cache.put(hash, vector);
                known.put(hash, vector);
            }
        }
        List<float[]> vectors = new ArrayList<>(texts.size());
        for (String hash : hashes) {
            // A copy each, so a caller changing one vector cannot change another position's.
            vectors.add(known.get(hash).clone());
        }
        return vectors;
    }

    @Override
    public float[] embedQuery(String question) {
        String hash = Hashes.sha256("query", question);
        Optional<float[]> cached = cache.get(hash);
        if (cached.isPresent()) {
            return cached.get();
        }
        float[] vector = model.embedQuery(question);
        cache.put(hash, vector);
        return vector;
    }

    @Override
    public void close() {
        try (EmbeddingCache c = cache) {
            model.close();
        }
    }
}
