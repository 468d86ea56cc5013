package dev.scoperag.ingest.functions;

import dev.scoperag.core.record.Embedding;

/** An embedding kept for reuse, with the document version that last used it. */
public record ReusableEmbedding(String docHash, Embedding embedding) {}
