package dev.scoperag.core.embed;

import ai.djl.huggingface.tokenizers.jni.LibUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Loads DJL's native tokenizer library so that two class loaders in one JVM can each have it: a Flink
 * TaskManager gives every job its own class loader, and the JVM lets one native library file be loaded by
 * one class loader only. DJL extracts the library to the same file for everyone ({@code ~/.djl.ai/tokenizers/...}),
 * so the second ScopeRAG job on a TaskManager failed with "Native Library ... already loaded in another
 * classloader". Loaded by a class loader other than the application's (a job jar on a cluster), the library
 * is extracted to a directory of that class loader's own; on the application class loader (the launcher, a
 * MiniCluster) nothing changes. A user who sets {@code ENGINE_CACHE_DIR} or {@code RUST_LIBRARY_PATH} keeps it.
 */
public final class TokenizerLibrary {

    /**
     * A lock every class loader shares: string literals are interned JVM-wide. DJL reads the cache
     * directory from a system property, which is JVM-wide too, so one class loader sets it at a time.
     */
    private static final Object JVM_WIDE_LOCK = "dev.scoperag.core.embed.TokenizerLibrary";
    private static final String ENGINE_CACHE_DIR = "ENGINE_CACHE_DIR";

    private static volatile boolean loaded;

    private TokenizerLibrary() {}

    /** Loads the library in this class loader, once; call before creating a tokenizer. */
    public static void load() {
        if (loaded) {
            return;
        }
        synchronized (JVM_WIDE_LOCK) {
            if (loaded) {
                return;
            }
            boolean ownCopy = TokenizerLibrary.class.getClassLoader() != ClassLoader.getSystemClassLoader()
                    && System.getenv(ENGINE_CACHE_DIR) == null && System.getProperty(ENGINE_CACHE_DIR) == null
                    && System.getenv("RUST_LIBRARY_PATH") == null && System.getProperty("RUST_LIBRARY_PATH") == null;
            if (ownCopy) {
                Path dir = ownDirectory();
                System.setProperty(ENGINE_CACHE_DIR, dir.toString());
                try {
                    LibUtils.checkStatus();
                } finally {
                    System.clearProperty(ENGINE_CACHE_DIR);
                }
            } else {
                LibUtils.checkStatus();
            }
            loaded = true;
        }
    }

    private static Path ownDirectory() {
        try {
            Path dir = Files.createTempDirectory("scoperag-tokenizers-");
            dir.toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for the tokenizer library", e);
        }
    }
}
