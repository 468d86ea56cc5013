package dev.scoperag.core.fetch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.scoperag.core.filing.FilingContent;
import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.filing.RejectReason;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContentFetcherTest {

    @TempDir Path dir;
    private Path root;
    private HttpServer server;
    private HttpServer outside;
    private final java.util.concurrent.atomic.AtomicInteger outsideRequests = new java.util.concurrent.atomic.AtomicInteger();

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(dir.resolve("filings"));
        Files.writeString(root.resolve("MMM.txt"), "3M annual report");
        Files.writeString(dir.resolve("secret.txt"), "outside the root");
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/ok.htm", ex -> respond(ex, 200, "<html>ok</html>".getBytes(StandardCharsets.UTF_8)));
        server.createContext("/missing", ex -> respond(ex, 404, new byte[0]));
        server.createContext("/big", ex -> respond(ex, 200, new byte[4096]));
        server.createContext("/slow", ex -> {
            try {
                Thread.sleep(6_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            respond(ex, 200, new byte[1]);
        });
        // A server outside the allow-list (another loopback port), and redirects to it and within the list.
        outside = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        outside.createContext("/secret", ex -> {
            outsideRequests.incrementAndGet();
            respond(ex, 200, "not for filings".getBytes(StandardCharsets.UTF_8));
        });
        outside.start();
        // Headers at once, then a byte every 200 ms for 20 s: each read succeeds, the whole never ends in time.
        server.createContext("/trickle", ex -> {
            ex.sendResponseHeaders(200, 0);
            try (OutputStream out = ex.getResponseBody()) {
                for (int i = 0; i < 100; i++) {
                    out.write('x');
                    out.flush();
                    Thread.sleep(200);
                }
            } catch (IOException | InterruptedException e) {
                // the client gave up
            }
        });
        // No declared length, more bytes than the cap.
        server.createContext("/endless", ex -> {
            ex.sendResponseHeaders(200, 0);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(new byte[64 * 1024]);
            } catch (IOException e) {
                // the client gave up
            }
        });
        server.createContext("/moved", ex -> redirect(ex, "/ok.htm"));
        server.createContext("/away", ex -> redirect(ex, "http://127.0.0.1:" + outside.getAddress().getPort() + "/secret"));
        server.createContext("/loop", ex -> redirect(ex, "/loop"));
        server.start();
    }

    private static void redirect(com.sun.net.httpserver.HttpExchange ex, String location) throws IOException {
        ex.getResponseHeaders().add("Location", location);
        respond(ex, 302, new byte[0]);
    }

    @AfterEach
    void tearDown() {
        server.stop(0);
        outside.stop(0);
    }

    private static void respond(com.sun.net.httpserver.HttpExchange ex, int status, byte[] body) throws IOException {
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    private ContentFetcher fetcher() {
        return new ContentFetcher(FetchPolicy.fileRoot(root)
                .withAllowedHosts(Set.of("127.0.0.1:" + server.getAddress().getPort()))
                // Generous for a loaded machine (0.8 s timed out on the first request at load 25), and still well
                // under the /slow handler's delay.
                .withTimeout(Duration.ofSeconds(3))
                .withMaxBytes(1024));
    }

    private String http(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private static RejectReason reasonOf(ThrowingFetch fetch) {
        try {
            fetch.run();
        } catch (FilingRejectedException e) {
            return e.reason();
        }
        throw new AssertionError("expected a rejection");
    }

    interface ThrowingFetch {
        void run() throws FilingRejectedException;
    }

    @Test
    void readsAFileUnderTheRootWithItsExtensionAsHint() throws Exception {
        FetchedContent c = fetcher().fetch(FilingContent.ofUri(root.resolve("MMM.txt").toUri().toString()));
        assertThat(new String(c.bytes(), StandardCharsets.UTF_8)).isEqualTo("3M annual report");
        assertThat(c.contentTypeHint()).isEqualTo("txt");
    }

    @Test
    void refusesFilesOutsideTheRootIncludingByTraversalAndSymlink() throws IOException {
        Files.createSymbolicLink(root.resolve("link.txt"), dir.resolve("secret.txt"));
        ContentFetcher f = fetcher();
        assertThat(reasonOf(() -> f.fetch(FilingContent.ofUri(dir.resolve("secret.txt").toUri().toString()))))
                .isEqualTo(RejectReason.URI_NOT_ALLOWED);
        assertThat(reasonOf(() -> f.fetch(FilingContent.ofUri("file://" + root + "/../secret.txt"))))
                .isEqualTo(RejectReason.URI_NOT_ALLOWED);
        assertThat(reasonOf(() -> f.fetch(FilingContent.ofUri(root.resolve("link.txt").toUri().toString()))))
                .isEqualTo(RejectReason.URI_NOT_ALLOWED);
    }

    @Test
    void fileUrisAreRefusedWithoutAConfiguredRoot() {
        ContentFetcher f = new ContentFetcher(new FetchPolicy(null, Set.of(), 1024, Duration.ofSeconds(1)));
        assertThat(reasonOf(() -> f.fetch(FilingContent.ofUri(root.resolve("MMM.txt").toUri().toString()))))
                .isEqualTo(RejectReason.URI_NOT_ALLOWED);
    }

    @Test
    void aMissingFileIsAFailedFetch() {
        assertThat(reasonOf(() -> fetcher().fetch(FilingContent.ofUri(root.resolve("nope.pdf").toUri().toString()))))
                .isEqualTo(RejectReason.FETCH_FAILED);
    }

    @Test
    void contentOverTheCapIsTooLargeAlsoAfterDecompression() throws IOException {
        Files.write(root.resolve("big.txt"), new byte[2048]);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(new byte[100_000]);
        }
        Files.write(root.resolve("bomb.txt.gz"), gz.toByteArray());
        ContentFetcher f = fetcher();
        assertThat(reasonOf(() -> f.fetch(FilingContent.ofUri(root.resolve("big.txt").toUri().toString()))))
                .isEqualTo(RejectReason.FETCH_TOO_LARGE);
        assertThat(gz.size()).isLessThan(1024);
        assertThat(reasonOf(() -> f.fetch(FilingContent.ofUri(root.resolve("bomb.txt.gz").toUri().toString()))))
                .isEqualTo(RejectReason.FETCH_TOO_LARGE);
        assertThat(reasonOf(() -> f.fetch(FilingContent.ofText("x".repeat(2000))))).isEqualTo(RejectReason.FETCH_TOO_LARGE);
        assertThat(reasonOf(() -> f.fetch(FilingContent.ofUri(http("/big"))))).isEqualTo(RejectReason.FETCH_TOO_LARGE);
    }

    @Test
    void gzippedFilesAreDecompressedAndHintedByTheInnerExtension() throws Exception {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write("EDGAR text".getBytes(StandardCharsets.UTF_8));
        }
        Files.write(root.resolve("AES.txt.gz"), gz.toByteArray());
        FetchedContent c = fetcher().fetch(FilingContent.ofUri(root.resolve("AES.txt.gz").toUri().toString()));
        assertThat(new String(c.bytes(), StandardCharsets.UTF_8)).isEqualTo("EDGAR text");
        assertThat(c.contentTypeHint()).isEqualTo("txt");
    }

    @Test
    void inlineBase64IsDecodedAndBadBase64IsMalformed() throws Exception {
        String b64 = Base64.getEncoder().encodeToString("%PDF-1.4".getBytes(StandardCharsets.US_ASCII));
        assertThat(fetcher().fetch(FilingContent.ofBase64(b64, "pdf")).bytes()).startsWith('%', 'P', 'D', 'F');
        assertThat(reasonOf(() -> fetcher().fetch(FilingContent.ofBase64("***not base64***", "pdf"))))
                .isEqualTo(RejectReason.MALFORMED_RECORD);
    }

    @Test
    void httpReadsOnlyFromAllowedHostsAndReportsFailures() throws Exception {
        ContentFetcher f = fetcher();
        FetchedContent ok = f.fetch(FilingContent.ofUri(http("/ok.htm")));
        assertThat(new String(ok.bytes(), StandardCharsets.UTF_8)).isEqualTo("<html>ok</html>");
        assertThat(ok.contentTypeHint()).isEqualTo("htm");
        // Same loopback server under a name that is not allowed: refused before any connection.
        assertThat(reasonOf(() -> f.fetch(FilingContent.ofUri("http://localhost:" + server.getAddress().getPort() + "/ok.htm"))))
                .isEqualTo(RejectReason.URI_NOT_ALLOWED);
        assertThat(reasonOf(() -> f.fetch(FilingContent.ofUri(http("/missing"))))).isEqualTo(RejectReason.FETCH_FAILED);
        assertThat(reasonOf(() -> f.fetch(FilingContent.ofUri(http("/slow"))))).isEqualTo(RejectReason.FETCH_FAILED);
        assertThat(reasonOf(() -> f.fetch(FilingContent.ofUri("s3://bucket/key.pdf")))).isEqualTo(RejectReason.URI_NOT_ALLOWED);
    }

    @Test
    void redirectsAreFollowedOnlyWithinTheAllowList() throws Exception {
        ContentFetcher f = fetcher();
        assertThat(new String(f.fetch(FilingContent.ofUri(http("/moved"))).bytes(), StandardCharsets.UTF_8)).isEqualTo("<html>ok</html>");

        FilingRejectedException away = org.assertj.core.api.Assertions.catchThrowableOfType(
                () -> f.fetch(FilingContent.ofUri(http("/away"))), FilingRejectedException.class);
        assertThat(away.reason()).isEqualTo(RejectReason.URI_NOT_ALLOWED);
        assertThat(away.getMessage()).contains("redirected from");
        assertThat(outsideRequests.get()).as("no request reached the server outside the allow-list").isZero();

        assertThat(reasonOf(() -> f.fetch(FilingContent.ofUri(http("/loop"))))).isEqualTo(RejectReason.FETCH_FAILED);
    }

    @Test
    void aUriNamingAHostOutsideTheListIsRefusedBeforeAnyConnectionIsOpened() throws IOException {
        // The same code path refuses 169.254.169.254 in the system tests; here its target is a loopback socket that
        // would hold any connection attempt in its backlog, so the order (allow-list check, then connect) is proven
        // without leaving 127.0.0.1.
        ContentFetcher f = fetcher();
        try (java.net.ServerSocket listener = new java.net.ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            assertThat(reasonOf(() -> f.fetch(FilingContent.ofUri("http://127.0.0.1:" + listener.getLocalPort() + "/secret"))))
                    .isEqualTo(RejectReason.URI_NOT_ALLOWED);
            listener.setSoTimeout(500);
            org.assertj.core.api.Assertions.assertThatThrownBy(listener::accept)
                    .as("no connection reached the host outside the allow-list")
                    .isInstanceOf(java.net.SocketTimeoutException.class);
        }
    }

    @Test
    void aLinkLocalMetadataAddressIsRefusedByTheCheckThatPrecedesEveryConnection() {
        // Only the check itself runs here, never fetch(): no test may open a connection to any address but
        // 127.0.0.1, not even one it expects to be refused. readHttp calls this check before each request.
        ContentFetcher f = fetcher();
        assertThat(reasonOf(() -> f.checkAllowedHost(java.net.URI.create("http://169.254.169.254/latest/meta-data/"), null)))
                .isEqualTo(RejectReason.URI_NOT_ALLOWED);
        assertThat(reasonOf(() -> f.checkAllowedHost(java.net.URI.create("http://[fe80::1]/"), null)))
                .isEqualTo(RejectReason.URI_NOT_ALLOWED);
        assertThat(reasonOf(() -> f.checkAllowedHost(java.net.URI.create("ftp://127.0.0.1:" + server.getAddress().getPort() + "/x"), null)))
                .isEqualTo(RejectReason.URI_NOT_ALLOWED);
    }

    @Test
    void aBodyTrickledPastTheDeadlineFailsAtTheDeadlineNotAfterTheLastByte() {
        long start = System.nanoTime();
        FilingRejectedException e = catchRejection(() -> fetcher().fetch(FilingContent.ofUri(http("/trickle"))));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(e.reason()).isEqualTo(RejectReason.FETCH_FAILED);
        assertThat(e.detail()).contains("headers and body");
        assertThat(millis).as("one deadline (3 s) for the whole read, not 20 s of trickle").isLessThan(15_000);
    }

    @Test
    void aBodyWithoutADeclaredLengthIsCutAtTheCap() {
        assertThat(reasonOf(() -> fetcher().fetch(FilingContent.ofUri(http("/endless"))))).isEqualTo(RejectReason.FETCH_TOO_LARGE);
    }

    private static FilingRejectedException catchRejection(ThrowingFetch fetch) {
        try {
            fetch.run();
        } catch (FilingRejectedException e) {
            return e;
        }
        throw new AssertionError("not rejected");
    }
}
