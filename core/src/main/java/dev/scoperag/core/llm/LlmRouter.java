package dev.scoperag.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.route.Catalog;
import dev.scoperag.core.route.Route;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes a question by asking the language model which corpus tickers and fiscal years it is about (HDRR's
 * LLM router), then keeps only what the catalog holds. For questions the deterministic router cannot place.
 *
 * <p>A ticker the catalog does not hold is dropped, and so is a year its issuer has no filing for; an issuer
 * named with no year is routed to its latest year. When nothing resolves, or the call fails, the route is a
 * corpus-wide fallback whose explanation says why (with the {@link LlmFailure.Reason} on failure). The future
 * never completes exceptionally.
 */
public final class LlmRouter {

    /** Confidence of a route the model resolved: below an exact deterministic match, since the model may guess. */
    public static final double CONFIDENCE = 0.6;
    /** The question is cut at this many characters in the prompt. */
    static final int MAX_QUESTION_CHARS = 4_000;

    static final String SCHEMA_NAME = "filing_route";
    static final Map<String, Object> SCHEMA = Map.of(
            "type", "object",
            "properties", Map.of(
                    "tickers", Map.of("type", "array", "items", Map.of("type", "string")),
                    "fiscal_years", Map.of("type", "array", "items", Map.of("type", "integer"))),
            "required", List.of("tickers", "fiscal_years"),
            "additionalProperties", false);

    static final String SYSTEM_PROMPT = String.join("\n",
            "You route questions about companies' SEC filings to the filings that can answer them.",
            "The user message holds a catalog, one issuer per line: TICKER | company names | fiscal years with filings,"
                    + " then the question.",
            "Reply with the catalog tickers of the companies the question is about, and the fiscal years it asks about.",
            "Use only tickers from the catalog. Leave fiscal_years empty when the question names no year or period.",
            "Leave tickers empty when the question is about no company in the catalog.");

    private static final Logger LOG = LoggerFactory.getLogger(LlmRouter.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final LlmClient client;

    /** Routes through {@code client}, which it uses without owning. */
    public LlmRouter(LlmClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    /** The route the model finds for {@code question} within {@code catalog}; a fallback route on any failure. */
    public CompletableFuture<Route> route(String question, Catalog catalog) {
        return route(question, CatalogExcerpt.of(catalog));
    }

    /**
     * The route the model finds for {@code question} among the issuers of {@code excerpt}, which are all it is shown
     * and all it may name; a fallback route on any failure. Touches no state but the client's, so any thread may call it.
     */
    public CompletableFuture<Route> route(String question, CatalogExcerpt excerpt) {
        String user = "Catalog:\n" + excerpt.listing() + "\nQuestion: " + PromptText.line(question, MAX_QUESTION_CHARS);
        CompletableFuture<String> reply;
        try {
            reply = client.chatJson(SYSTEM_PROMPT, user, SCHEMA_NAME, SCHEMA);
        } catch (RuntimeException e) {
            reply = CompletableFuture.failedFuture(e);
        }
        return reply.handle((json, error) -> {
            try {
                if (error != null) {
                    throw LlmFailure.from(error);
                }
                return toRoute(json, excerpt);
            } catch (RuntimeException e) {
                LlmFailure failure = LlmFailure.from(e);
                LOG.warn("LLM routing failed, searching the whole corpus: {}", failure.getMessage());
                return fallback(List.of(), failure.reason() + ": LLM routing failed: " + failure.getMessage());
            }
        });
    }

    /** The route for the model's reply, keeping only the tickers and years {@code excerpt} lists. */
    static Route toRoute(String json, CatalogExcerpt excerpt) {
        JsonNode reply;
        try {
            reply = MAPPER.readTree(json);
        } catch (Exception e) {
            throw new LlmFailure(LlmFailure.Reason.LLM_MALFORMED_OUTPUT, "routing reply is not JSON", e);
        }
        if (reply == null || !reply.path("tickers").isArray() || !reply.path("fiscal_years").isArray()) {
            throw new LlmFailure(LlmFailure.Reason.LLM_MALFORMED_OUTPUT, "routing reply lacks tickers or fiscal_years arrays");
        }
        Set<String> named = new LinkedHashSet<>();
        reply.get("tickers").forEach(t -> named.add(t.asText()));
        TreeSet<Integer> years = new TreeSet<>();
        for (JsonNode year : reply.get("fiscal_years")) {
            if (year.canConvertToInt() || year.asText().matches("\\d{4}")) {
                years.add(year.asInt());
            }
        }

        Map<String, List<Shard>> perIssuer = new LinkedHashMap<>();
        List<Route.Issuer> issuers = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        for (String ticker : named) {
            Optional<CatalogExcerpt.ListedIssuer> issuer = excerpt.issuer(ticker);
            if (issuer.isEmpty() || perIssuer.containsKey(issuer.get().ticker())) {
                if (issuer.isEmpty()) {
                    dropped.add(ticker);
                }
                continue;
            }
            CatalogExcerpt.ListedIssuer known = issuer.get();
            issuers.add(new Route.Issuer(known.ticker(), known.cik(), known.displayName(), true));
            perIssuer.put(known.ticker(), shards(known, years));
        }

        List<Shard> shards = interleave(perIssuer.values());
        String explanation = "llm: tickers " + perIssuer.keySet() + ", years " + (years.isEmpty() ? "none named (latest)" : years)
                + (dropped.isEmpty() ? "" : "; dropped tickers not in the corpus " + dropped)
                + "; shards " + shards;
        if (shards.isEmpty()) {
            return fallback(issuers, explanation + ": nothing resolved, search the whole corpus");
        }
        return new Route(issuers, shards, new TreeSet<>(), List.of(), Route.LLM, CONFIDENCE, false, null, explanation);
    }

    /** The issuer's shards of the named years, latest first; its latest shard when no year is named. */
    private static List<Shard> shards(CatalogExcerpt.ListedIssuer issuer, TreeSet<Integer> years) {
        SortedSet<Integer> present = issuer.fiscalYears();
        if (years.isEmpty()) {
            return present.isEmpty() ? List.of() : List.of(new Shard(issuer.ticker(), present.last()));
        }
        List<Shard> shards = new ArrayList<>();
        for (Integer year : years.descendingSet()) {
            if (present.contains(year)) {
                shards.add(new Shard(issuer.ticker(), year));
            }
        }
        return shards;
    }

    /** The first shard of every issuer, then the second of every issuer, and so on, as the deterministic router orders them. */
    private static List<Shard> interleave(Iterable<List<Shard>> perIssuer) {
        List<Shard> out = new ArrayList<>();
        for (int round = 0; ; round++) {
            boolean any = false;
            for (List<Shard> shards : perIssuer) {
                if (round < shards.size()) {
                    any = true;
                    out.add(shards.get(round));
                }
            }
            if (!any) {
                return out;
            }
        }
    }

    private static Route fallback(List<Route.Issuer> issuers, String explanation) {
        return new Route(issuers, List.of(), new TreeSet<>(), List.of(), Route.LLM, 0.0, true, null, explanation);
    }
}
