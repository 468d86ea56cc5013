package dev.scoperag.query;

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
import java.util.concurrent.Executors;

/**
 * An OpenAI-protocol chat endpoint on 127.0.0.1 for the query job's LLM path: routing requests
 * (structured output with fiscal_years) get an empty route, or, when the question says SLOW, the
 * route KO 2021 after {@link #SLOW_ROUTE}; answer requests cite passage [1], or an invented
 * passage [9] when the question says INVENT.
 */
final class LocalChatEndpoint implements AutoCloseable {

    /** How long a routing request for a SLOW question waits for its reply. */
    static final Duration SLOW_ROUTE = Duration.ofSeconds(3);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final HttpServer server;
    private final List<JsonNode> requests = new CopyOnWriteArrayList<>();

    LocalChatEndpoint() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    List<JsonNode> requests() {
        return List.copyOf(requests);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode body = MAPPER.readTree(exchange.getRequestBody().readAllBytes());
            requests.add(body);
            String request = body.toString();
            String content;
            if (request.contains("fiscal_years") && request.contains("SLOW")) {
                sleep(SLOW_ROUTE);
                content = "{\"tickers\":[\"KO\"],\"fiscal_years\":[2021]}";
            } else if (request.contains("fiscal_years")) {
                content = "{\"tickers\":[],\"fiscal_years\":[]}";
            } else if (request.contains("INVENT")) {
                content = "{\"answer\":\"It was 12 billion [9].\",\"citations\":[9],\"abstain\":false}";
            } else {
                content = "{\"answer\":\"Net operating revenues were $43,004 million in 2022 [1].\",\"citations\":[1],\"abstain\":false}";
            }
            ObjectNode reply = MAPPER.createObjectNode();
            reply.put("id", "chatcmpl-local");
            reply.put("object", "chat.completion");
            reply.put("created", 1_700_000_000L);
            reply.put("model", "local-test");
            ObjectNode choice = reply.putArray("choices").addObject();
            choice.put("index", 0);
            ObjectNode message = choice.putObject("message");
            message.put("role", "assistant");
            message.put("content", content);
            message.putNull("refusal");
            choice.putNull("logprobs");
            choice.put("finish_reason", "stop");
            ObjectNode usage = reply.putObject("usage");
            usage.put("prompt_tokens", 10);
            usage.put("completion_tokens", 10);
            usage.put("total_tokens", 20);
            byte[] bytes = reply.toString().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
