package dev.scoperag.ingest.functions;

import dev.scoperag.core.record.Embedding;
import dev.scoperag.core.record.WindowVectors;

/** A chunk's vector and window vectors kept for reuse, with the document version that last used them. */
public record ReusableEmbedding(String docHash, Embedding embedding, WindowVectors windows) {}
