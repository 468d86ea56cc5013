package dev.scoperag.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The job jars the Dockerfile puts in the image, as {@code mvn package} built them: self-contained
 * (the Kafka connector, ONNX Runtime with the bundled model, the tokenizer), started by the main
 * class the deployments name, without Flink itself, and with native libraries for Linux only
 * (x86-64 and aarch64: ONNX Runtime, the tokenizer, JNA and Kafka's compression codecs).
 */
class ClusterJarsIT {

    @ParameterizedTest
    @CsvSource({"ingest-job, dev.scoperag.ingest.IngestJob", "query-job, dev.scoperag.query.QueryJob"})
    void theClusterJarIsSelfContainedForLinux(String module, String mainClass) throws Exception {
        Path jarPath = DeploymentFiles.ROOT.resolve(module).resolve("target")
                .resolve("scoperag-" + module + "-" + DeploymentFiles.version("scoperag.version") + "-cluster.jar");
        assertThat(jarPath).as("built by mvn package (unless -DskipClusterJar)").isRegularFile();
        try (JarFile jar = new JarFile(jarPath.toFile())) {
            List<String> names = Collections.list(jar.entries()).stream().map(ZipEntry::getName).toList();
            System.out.printf("%s: %.1f MB, %d entries%n", jarPath.getFileName(), Files.size(jarPath) / 1e6, names.size());
            assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class")).isEqualTo(mainClass);
            assertThat(names).contains(mainClass.replace('.', '/') + ".class",
                    "org/apache/flink/connector/kafka/source/KafkaSource.class",
                    "bge-small-en-v1.5-q.onnx",
                    "ai/onnxruntime/native/linux-x64/libonnxruntime.so",
                    "ai/onnxruntime/native/linux-aarch64/libonnxruntime.so",
                    "native/lib/linux-x86_64/cpu/libtokenizers.so",
                    "native/lib/linux-aarch64/cpu/libtokenizers.so");
            assertThat(names).as("Flink itself is the cluster's").noneMatch(n -> n.startsWith("org/apache/flink/runtime/"));
            List<String> natives = names.stream().filter(n -> n.matches(".*\\.(so|dll|dylib|jnilib|pdb)$") || n.contains(".dSYM/")).toList();
            assertThat(natives).as("native libraries").isNotEmpty().allSatisfy(n -> {
                String lower = n.toLowerCase();
                assertThat(lower).as(n).endsWith(".so");
                assertThat(lower).as(n).containsAnyOf("linux-x64", "linux-x86_64", "linux-x86-64", "linux/amd64", "linux/x86_64",
                        "linux-aarch64", "linux/aarch64");
                assertThat(lower).as(n).doesNotContain("android");
            });
        }
    }
}
