package dev.scoperag.core.engine;

import dev.scoperag.core.answer.StoredWindowReranker;
import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.core.query.QueryPlan;
import dev.scoperag.core.query.QueryPlanner;
import dev.scoperag.core.query.RetrievalSettings;
import dev.scoperag.core.route.Catalog;
import dev.scoperag.core.route.DeterministicRouter;
import dev.scoperag.core.route.Route;
import dev.scoperag.core.route.RouteHints;
import dev.scoperag.core.search.FilingAnalyzer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The routing step of the query path, in the parts its drivers call separately: the deterministic route, the
 * question's embedding and the plan on that route ({@link #route}); whether the LLM router is to be asked as well
 * ({@link Routed#asksLlm()}), which is the LLM router's own call ({@code LlmRouter}); and the plan once it has
 * answered ({@link #afterLlm}). The query job runs the LLM call in an asynchronous step of its own, so that no
 * question waits on the network behind another; the in-process engine and {@code ./scoperag route} wait for it.
 */
public final class QueryRouting {

    /** Deterministic routes below this confidence (a substituted year, a lone word-like ticker) count as ambiguous. */
    public static final double AMBIGUOUS_BELOW = 0.6;

    private final DeterministicRouter router = new DeterministicRouter();
    private final QueryPlanner planner;
    private final Embedder embedder;
    private final FilingAnalyzer analyzer = new FilingAnalyzer();

    /**
     * A question routed deterministically and planned on that route.
     *
     * @param plan the plan on the deterministic route: the query's plan unless the LLM is asked and resolves shards
     * @param questionVector the question's embedding, for a plan on another route; null when the plan searches nothing
     * @param windowVector the question embedded for the chunks' window vectors ({@link StoredWindowReranker#windowQuestion}), likewise
     * @param asksLlm whether the route is empty or ambiguous, so an LLM router, if there is one, is to be asked
     */
    public record Routed(QueryPlan plan, float[] questionVector, float[] windowVector, boolean asksLlm) {}

    /** @param embedder embeds questions; null for a step that only plans on the LLM's routes ({@link #afterLlm}) */
    public QueryRouting(RetrievalSettings retrieval, Embedder embedder) {
        this.planner = new QueryPlanner(retrieval);
        this.embedder = embedder;
    }

    /** A step that only routes ({@link #route(String, RouteHints, Catalog)}), with no question to embed nor plan to make. */
    public static QueryRouting routesOnly() {
        return new QueryRouting(null, null);
    }

    /** The deterministic route alone. */
    public Route route(String question, RouteHints hints, Catalog catalog) {
        return router.route(question, hints, catalog);
    }

    /**
     * Routes {@code query} with the deterministic router, embeds its question when the plan searches anything, and
     * plans it on that route; the times of the route and the embedding are the plan's first timings.
     */
    public Routed route(QueryEvent query, Catalog catalog, long receivedAtMillis) {
        long routeStart = System.nanoTime();
        Route route = router.route(query.question(), query.hints().routeHints(), catalog);
        double routeMs = (System.nanoTime() - routeStart) / 1e6;
        long embedStart = System.nanoTime();
        float[][] vectors = QueryPlanner.searches(query, route) ? embed(query.question()) : new float[2][];
        double embedMs = (System.nanoTime() - embedStart) / 1e6;
        QueryPlan plan = planner.plan(query, route, vectors[0], vectors[1], catalog, receivedAtMillis,
                Map.of("route", routeMs, "embed_query", embedMs));
        // Such a route never abstains on a known issuer, so the question has been embedded for whichever route wins.
        return new Routed(plan, vectors[0], vectors[1], asksLlm(route));
    }

    /**
     * The question's vector for retrieval and its vector for the chunks' windows (the question with the other names of
     * the financial concepts it names), in one model run; the same vector twice when the two texts are the same.
     */
    private float[][] embed(String question) {
        String windowQuestion = StoredWindowReranker.windowQuestion(question, analyzer);
        if (windowQuestion.equals(question)) {
            float[] vector = embedder.embedQuery(question);
            return new float[][] {vector, vector};
        }
        List<float[]> vectors = embedder.embedQueries(List.of(question, windowQuestion));
        return new float[][] {vectors.get(0), vectors.get(1)};
    }

    /** Whether the LLM router is to be asked about a question the deterministic router routed so: empty or ambiguous. */
    public static boolean asksLlm(Route route) {
        return route.fallback() || (!route.abstains() && route.confidence() < AMBIGUOUS_BELOW);
    }

    /** The route a question takes once the LLM router has answered: the LLM's when it resolved shards, else the deterministic one. */
    public static Route settle(Route deterministic, Route llm) {
        return llm != null && !llm.shards().isEmpty() ? llm : deterministic;
    }

    /**
     * The plan once the LLM router has answered: on the LLM's route when it resolved shards, else the deterministic
     * plan; either way the time spent waiting for the LLM counts as routing.
     *
     * @param llmRoute the LLM's route, or null when the call failed
     */
    public QueryPlan afterLlm(Routed routed, Route llmRoute, double llmMs) {
        QueryPlan deterministic = withRouteTime(routed.plan(), llmMs);
        if (llmRoute == null || llmRoute.shards().isEmpty()) {
            return deterministic;
        }
        // An LLM route names no form or period, so no shard is filtered by its documents: the plan needs no catalog.
        return planner.plan(deterministic.query(), llmRoute, routed.questionVector(), routed.windowVector(), new Catalog(),
                deterministic.receivedAtMillis(),
                deterministic.timingsMs());
    }

    /** The deterministic plan with the time spent waiting for the LLM counted as routing. */
    public static QueryPlan withRouteTime(QueryPlan plan, double llmMs) {
        Map<String, Double> timings = new HashMap<>(plan.timingsMs());
        timings.merge("route", llmMs, Double::sum);
        return new QueryPlan(plan.query(), plan.route(), plan.shardRequests(), plan.corpusSearch(), plan.abstainReason(),
                plan.receivedAtMillis(), timings);
    }

    /** Builds what the router builds on first use (the catalog's name indexes), so the first question does not pay for it. */
    public void warmUp(Catalog catalog) {
        router.route("", null, catalog);
    }
}
