package dev.scoperag.core.fetch;

import dev.scoperag.core.filing.FilingContent;
import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.filing.RejectReason;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/** Reads a filing's content from inline text or base64, or from an allow-listed URI. */
public final class ContentFetcher {

    private final FetchPolicy policy;
    private final Path realFileRoot;
    private HttpClient http;

    public ContentFetcher(FetchPolicy policy) {
        this.policy = policy;
        this.realFileRoot = realRoot(policy.fileRoot());
    }

    public FetchedContent fetch(FilingContent content) throws FilingRejectedException {
        if (content == null) {
            throw new FilingRejectedException(RejectReason.SCHEMA_VIOLATION, "no content");
        }
        if (content.text() != null) {
            byte[] bytes = content.text().getBytes(StandardCharsets.UTF_8);
            checkSize(bytes.length, "inline text");
            return new FetchedContent(bytes, content.contentType() == null ? "text" : content.contentType(), "inline");
        }
        if (content.base64() != null) {
            byte[] bytes;
            try {
                bytes = Base64.getMimeDecoder().decode(content.base64());
            } catch (IllegalArgumentException e) {
                throw new FilingRejectedException(RejectReason.MALFORMED_RECORD, "content.base64 is not base64: " + e.getMessage());
            }
            checkSize(bytes.length, "inline base64");
            return new FetchedContent(gunzipIfNeeded(bytes), content.contentType(), "inline");
        }
        if (content.uri() != null) {
            return fetchUri(content.uri(), content.contentType());
        }
        throw new FilingRejectedException(RejectReason.SCHEMA_VIOLATION, "content has none of uri, text, base64");
    }

    private FetchedContent fetchUri(String uriText, String declaredType) throws FilingRejectedException {
        URI uri;
        try {
            uri = new URI(uriText);
        } catch (URISyntaxException e) {
            throw new FilingRejectedException(RejectReason.URI_NOT_ALLOWED, "not a URI: " + uriText);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        byte[] bytes = switch (scheme) {
            case "file" -> readFile(uri);
            case "http", "https" -> readHttp(uri);
            default -> throw new FilingRejectedException(RejectReason.URI_NOT_ALLOWED,
                    "scheme '" + scheme + "' is not allowed (file under the configured root, http(s) to configured hosts)");
        };
        String hint = declaredType != null ? declaredType : extensionOf(uri.getPath());
        return new FetchedContent(gunzipIfNeeded(bytes), hint, uriText);
    }

    private byte[] readFile(URI uri) throws FilingRejectedException {
        if (realFileRoot == null) {
            throw new FilingRejectedException(RejectReason.URI_NOT_ALLOWED, "file URIs are off: no file root is configured");
        }
        Path path;
        try {
            path = Path.of(uri).toAbsolutePath().normalize();
        } catch (IllegalArgumentException e) {
            throw new FilingRejectedException(RejectReason.URI_NOT_ALLOWED, "not a local file URI: " + uri);
        }
        if (!path.startsWith(realFileRoot)) {
            throw new FilingRejectedException(RejectReason.URI_NOT_ALLOWED, path + " is outside the file root " + realFileRoot);
        }
        try {
            Path real = path.toRealPath();
            if (!real.startsWith(realFileRoot)) {
                throw new FilingRejectedException(RejectReason.URI_NOT_ALLOWED, path + " links outside the file root " + realFileRoot);
            }
            checkSize(Files.size(real), path.toString());
            return Files.readAllBytes(real);
        } catch (NoSuchFileException e) {
            throw new FilingRejectedException(RejectReason.FETCH_FAILED, "no such file: " + path);
        } catch (IOException e) {
            throw new FilingRejectedException(RejectReason.FETCH_FAILED, "cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** Redirects followed at most, each to an allowed host. */
    static final int MAX_REDIRECTS = 5;

    /**
     * Reads an http(s) URI from an allowed host. A redirect is followed only to another allowed host (a
     * server may send http to https, or to a mirror); one leading anywhere else is refused as
     * URI_NOT_ALLOWED before any connection to its target is opened.
     */
    private byte[] readHttp(URI uri) throws FilingRejectedException {
        // One deadline for the whole read, every hop, headers and body: a server that trickles its body
        // cannot hold the task past it.
        long deadline = System.nanoTime() + policy.timeout().toNanos();
        URI current = uri;
        for (int hop = 0; ; hop++) {
            checkAllowedHost(current, current == uri ? null : uri);
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                throw timedOut(current, null);
            }
            HttpRequest request = HttpRequest.newBuilder(current).timeout(Duration.ofNanos(remaining)).GET().build();
            CompletableFuture<HttpResponse<byte[]>> call = httpClient().sendAsync(request, this::cappedBody);
            HttpResponse<byte[]> response;
            try {
                response = call.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                call.cancel(true);
                throw timedOut(current, e);
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof BodyTooLarge tooLarge) {
                    throw tooLarge(tooLarge.size, current.toString());
                }
                if (cause instanceof java.net.http.HttpTimeoutException) {
                    throw timedOut(current, cause);
                }
                throw new FilingRejectedException(RejectReason.FETCH_FAILED, "cannot read " + current + ": " + cause, cause);
            } catch (InterruptedException e) {
                call.cancel(true);
                Thread.currentThread().interrupt();
                throw new FilingRejectedException(RejectReason.FETCH_FAILED, "interrupted reading " + current, e);
            }
            int status = response.statusCode();
            if (status / 100 == 3 && response.headers().firstValue("location").isPresent()) {
                if (hop >= MAX_REDIRECTS) {
                    throw new FilingRejectedException(RejectReason.FETCH_FAILED, "more than " + MAX_REDIRECTS + " redirects from " + uri);
                }
                current = redirectTarget(current, response.headers().firstValue("location").get());
                continue;
            }
            if (status / 100 != 2) {
                throw new FilingRejectedException(RejectReason.FETCH_FAILED, "HTTP " + status + " from " + current);
            }
            return response.body();
        }
    }

    private FilingRejectedException timedOut(URI uri, Throwable cause) {
        return new FilingRejectedException(RejectReason.FETCH_FAILED,
                "not read within " + policy.timeout() + " (scoperag.fetch.timeout, for headers and body): " + uri, cause);
    }

    /** The body of a 2xx response, up to the size cap (a declared larger length fails at once); nothing of other responses. */
    private HttpResponse.BodySubscriber<byte[]> cappedBody(HttpResponse.ResponseInfo info) {
        if (info.statusCode() / 100 != 2) {
            return HttpResponse.BodySubscribers.replacing(null);
        }
        return new CappedBody(policy.maxBytes(), info.headers().firstValueAsLong("content-length").orElse(-1));
    }

    /** A body larger than the size cap; the read stops at the first byte past it. */
    private static final class BodyTooLarge extends IOException {
        private static final long serialVersionUID = 1L;
        final long size;

        BodyTooLarge(long size) {
            super("body over the size cap: " + size + " bytes or more");
            this.size = size;
        }
    }

    /** Collects a response body up to {@code max} bytes and fails, cancelling the transfer, past it. */
    private static final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {
        private final long max;
        private final long declared;
        private final CompletableFuture<byte[]> body = new CompletableFuture<>();
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private java.util.concurrent.Flow.Subscription subscription;

        CappedBody(long max, long declared) {
            this.max = max;
            this.declared = declared;
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return body;
        }

        @Override
        public void onSubscribe(java.util.concurrent.Flow.Subscription subscription) {
            this.subscription = subscription;
            if (declared > max) {
                subscription.cancel();
                body.completeExceptionally(new BodyTooLarge(declared));
                return;
            }
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            if (body.isDone()) {
                return;
            }
            for (ByteBuffer buffer : buffers) {
                if (bytes.size() + (long) buffer.remaining() > max) {
                    subscription.cancel();
                    body.completeExceptionally(new BodyTooLarge(bytes.size() + (long) buffer.remaining()));
                    return;
                }
                byte[] chunk = new byte[buffer.remaining()];
                buffer.get(chunk);
                bytes.write(chunk, 0, chunk.length);
            }
        }

        @Override
        public void onError(Throwable error) {
            body.completeExceptionally(error);
        }

        @Override
        public void onComplete() {
            body.complete(bytes.toByteArray());
        }
    }

    /** The allow-list check that runs before every connection, the first and each redirect's. */
    void checkAllowedHost(URI uri, URI redirectedFrom) throws FilingRejectedException {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        String hostPort = uri.getPort() < 0 ? host : host + ":" + uri.getPort();
        String via = redirectedFrom == null ? "" : " (redirected from " + redirectedFrom + ")";
        if (!(scheme.equals("http") || scheme.equals("https"))) {
            throw new FilingRejectedException(RejectReason.URI_NOT_ALLOWED, "scheme " + scheme + " is not http(s)" + via);
        }
        if (!(policy.allowedHosts().contains(host) || policy.allowedHosts().contains(hostPort))) {
            throw new FilingRejectedException(RejectReason.URI_NOT_ALLOWED,
                    "host " + hostPort + " is not in the allowed hosts " + policy.allowedHosts() + via);
        }
    }

    private static URI redirectTarget(URI from, String location) throws FilingRejectedException {
        try {
            return from.resolve(new URI(location.trim()));
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            throw new FilingRejectedException(RejectReason.FETCH_FAILED, "bad redirect location '" + location + "' from " + from, e);
        }
    }

    private synchronized HttpClient httpClient() {
        if (http == null) {
            // Redirects are followed by hand in readHttp, each hop checked against the allow-list.
            http = HttpClient.newBuilder()
                    .connectTimeout(policy.timeout())
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .build();
        }
        return http;
    }

    private byte[] gunzipIfNeeded(byte[] bytes) throws FilingRejectedException {
        if (bytes.length < 2 || (bytes[0] & 0xff) != 0x1f || (bytes[1] & 0xff) != 0x8b) {
            return bytes;
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return readCapped(in, "gzip content");
        } catch (IOException e) {
            throw new FilingRejectedException(RejectReason.FETCH_FAILED, "corrupt gzip content: " + e.getMessage(), e);
        }
    }

    private byte[] readCapped(InputStream in, String what) throws IOException, FilingRejectedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        for (int n; (n = in.read(buffer)) > 0; ) {
            total += n;
            if (total > policy.maxBytes()) {
                throw tooLarge(total, what);
            }
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }

    private void checkSize(long size, String what) throws FilingRejectedException {
        if (size > policy.maxBytes()) {
            throw tooLarge(size, what);
        }
    }

    private FilingRejectedException tooLarge(long size, String what) {
        return new FilingRejectedException(RejectReason.FETCH_TOO_LARGE,
                what + " is over the size cap: " + (size > policy.maxBytes() ? "more than " : "") + policy.maxBytes() + " bytes");
    }

    /** The extension of a path, ignoring a trailing {@code .gz}: {@code MMM.txt.gz} is {@code txt}. */
    static String extensionOf(String path) {
        if (path == null) {
            return null;
        }
        String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        if (name.endsWith(".gz")) {
            name = name.substring(0, name.length() - 3);
        }
        int dot = name.lastIndexOf('.');
        return dot < 0 ? null : name.substring(dot + 1);
    }

    private static Path realRoot(Path root) {
        if (root == null) {
            return null;
        }
        try {
            return root.toRealPath();
        } catch (IOException e) {
            return root.toAbsolutePath().normalize();
        }
    }
}
