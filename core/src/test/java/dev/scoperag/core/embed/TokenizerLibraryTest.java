package dev.scoperag.core.embed;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.huggingface.tokenizers.jni.LibUtils;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two class loaders in one JVM, as two jobs on one Flink TaskManager, each load the tokenizer library and
 * check it: the second no longer fails with "already loaded in another classloader".
 */
class TokenizerLibraryTest {

    @Test
    void twoClassLoadersOfOneJvmEachLoadTheTokenizerLibrary() throws Exception {
        List<String> loaded = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            try (URLClassLoader jobLoader = new URLClassLoader("job-" + i, jobClasspath(), ClassLoader.getPlatformClassLoader())) {
                Class<?> library = jobLoader.loadClass(TokenizerLibrary.class.getName());
                assertThat(library.getClassLoader()).isSameAs(jobLoader);
                library.getMethod("load").invoke(null);
                // Throws what loading the library threw in this class loader, if anything.
                jobLoader.loadClass(LibUtils.class.getName()).getMethod("checkStatus").invoke(null);
                loaded.add(jobLoader.getName());
            }
        }
        assertThat(loaded).containsExactly("job-0", "job-1");
    }

    /** ScopeRAG's core classes and DJL's jars (with the native library), as a job jar brings them. */
    private static URL[] jobClasspath() throws Exception {
        List<URL> urls = new ArrayList<>();
        for (Class<?> c : List.of(TokenizerLibrary.class, LibUtils.class, ai.djl.util.Utils.class, org.slf4j.Logger.class,
                com.google.gson.Gson.class, com.sun.jna.Native.class)) {
            urls.add(c.getProtectionDomain().getCodeSource().getLocation());
        }
        return urls.toArray(URL[]::new);
    }
}
