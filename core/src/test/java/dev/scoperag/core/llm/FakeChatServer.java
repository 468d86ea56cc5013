package dev.scoperag.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A chat-completions endpoint on 127.0.0.1 that answers every request with a canned reply in the shape of
 * OpenAI's (one for all requests, or one computed from each request), and records what it was sent. Shared
 * through core's test-jar by every test of an LLM path.
 */
public final class FakeChatServer implements AutoCloseable {

    /** A request as received. */
    public record Request(String method, String path, String authorization, JsonNode body) {}

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService handlers = Executors.newCachedThreadPool();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private volatile int status = 200;
    private volatile Function<JsonNode, String> content = body -> "{}";
    private volatile Function<JsonNode, String> errorMessage = body -> "canned error";
    private volatile Duration delay = Duration.ZERO;

    public FakeChatServer() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::handle);
        server.setExecutor(handlers);
        server.start();
    }

    /** The base URL as a user would configure it for the OpenAI API. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** Replies 200 with an assistant message whose content is {@code content}. */
    public FakeChatServer replying(String content) {
        return replying(body -> content);
    }

    /** Replies 200 with an assistant message whose content {@code content} computes from the request body. */
    public FakeChatServer replying(Function<JsonNode, String> content) {
        this.status = 200;
        this.content = content;
        return this;
    }

    /** Replies with an OpenAI-style error body and this status. */
    public FakeChatServer failing(int status) {
        return failing(status, body -> "canned error " + status);
    }

    /** Replies with this status and an OpenAI-style error whose message {@code message} computes from the request body. */
    public FakeChatServer failing(int status, Function<JsonNode, String> message) {
        this.status = status;
        this.errorMessage = message;
        return this;
    }

    /** Waits this long before replying. */
    public FakeChatServer delaying(Duration delay) {
        this.delay = delay;
        return this;
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    public Request onlyRequest() {
        if (requests.size() != 1) {
            throw new AssertionError("expected one request, got " + requests.size());
        }
        return requests.get(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] received = exchange.getRequestBody().readAllBytes();
            JsonNode body = received.length == 0 ? null : MAPPER.readTree(received);
            requests.add(new Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst("Authorization"), body));
            if (!delay.isZero()) {
                try {
                    Thread.sleep(delay.toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            byte[] reply = (status == 200 ? completion(content.apply(body)) : error(errorMessage.apply(body))).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, reply.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(reply);
            }
        } catch (IOException e) {
            // The client gave up (a timeout test): nothing to reply to.
        }
    }

    private static String completion(String content) {
        ObjectNode reply = MAPPER.createObjectNode();
        reply.put("id", "chatcmpl-test");
        reply.put("object", "chat.completion");
        reply.put("created", 1_700_000_000L);
        reply.put("model", "test-model");
        ObjectNode choice = reply.putArray("choices").addObject();
        choice.put("index", 0);
        ObjectNode message = choice.putObject("message");
        message.put("role", "assistant");
        message.put("content", content);
        message.putNull("refusal");
        choice.putNull("logprobs");
        choice.put("finish_reason", "stop");
        ObjectNode usage = reply.putObject("usage");
        usage.put("prompt_tokens", 100);
        usage.put("completion_tokens", 20);
        usage.put("total_tokens", 120);
        return reply.toString();
    }

    private static String error(String message) {
        ObjectNode reply = MAPPER.createObjectNode();
        ObjectNode error = reply.putObject("error");
        error.put("message", message);
        error.put("type", "server_error");
        error.putNull("param");
        error.putNull("code");
        return reply.toString();
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }
}
