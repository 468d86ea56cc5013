package dev.scoperag.core.query;

import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.route.Catalog;
import dev.scoperag.core.route.CatalogDocument;
import dev.scoperag.core.route.Route;
import dev.scoperag.core.search.DocumentFilter;
import dev.scoperag.core.search.SearchRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns a routed question into its searches: one per routed shard, filtered to the documents the
 * question's form and period hints select when the shard has such documents (the hints are
 * preferences, not a reason to search nothing), or one corpus-wide search when routing resolved
 * nothing and the query allows it.
 */
public final class QueryPlanner {

    public static final String ISSUER_NOT_IN_CORPUS = "ISSUER_NOT_IN_CORPUS";
    public static final String NO_ROUTE = "NO_ROUTE";

    private final RetrievalSettings settings;

    public QueryPlanner(RetrievalSettings settings) {
        this.settings = settings;
    }

    /**
     * Whether a query routed so will search any shard, so its question is worth embedding: not when it
     * abstains, unless its scope asks for the whole corpus regardless of the route.
     */
    public static boolean searches(QueryEvent query, Route route) {
        return !route.abstains() || query.options().scopeOrDefault().equals("corpus");
    }

    public QueryPlan plan(QueryEvent query, Route route, float[] queryVector, Catalog catalog, long receivedAtMillis,
            Map<String, Double> timingsMs) {
        return plan(query, route, queryVector, null, catalog, receivedAtMillis, timingsMs);
    }

    /** @param windowVector the question embedded for the chunks' window vectors; null for none */
    public QueryPlan plan(QueryEvent query, Route route, float[] queryVector, float[] windowVector, Catalog catalog,
            long receivedAtMillis, Map<String, Double> timingsMs) {
        String scope = query.options().scopeOrDefault();
        SearchRequest base = SearchRequest.of(query.question(), queryVector)
                .withWindowVector(windowVector)
                .withDepth(settings.depth())
                .withLimit(settings.candidatesPerShard())
                .withRrfK(settings.rrfK())
                .withMode(settings.mode());
        if (scope.equals("corpus")) {
            return new QueryPlan(query, route, List.of(), base, null, receivedAtMillis, timingsMs);
        }
        if (route.abstains()) {
            return new QueryPlan(query, route, List.of(), null, ISSUER_NOT_IN_CORPUS + ": " + route.abstainReason(), receivedAtMillis, timingsMs);
        }
        if (route.shards().isEmpty()) {
            if (scope.equals("routed")) {
                return new QueryPlan(query, route, List.of(), null, NO_ROUTE + ": the question names no company or filing in the corpus",
                        receivedAtMillis, timingsMs);
            }
            return new QueryPlan(query, route, List.of(), base, null, receivedAtMillis, timingsMs);
        }
        List<ShardRequest> requests = new ArrayList<>();
        for (Shard shard : route.shards()) {
            DocumentFilter filter = filterFor(route, catalog.documents(shard));
            requests.add(new ShardRequest(query.queryId(), shard.id(), base.withFilter(filter)));
        }
        return new QueryPlan(query, route, requests, null, null, receivedAtMillis, timingsMs);
    }

    /** The form and period filter of a shard, or none when no document of the shard would pass it. */
    static DocumentFilter filterFor(Route route, List<CatalogDocument> documents) {
        Set<String> forms = route.forms();
        Set<String> periods = Set.copyOf(route.periods());
        if (forms.isEmpty() && periods.isEmpty()) {
            return DocumentFilter.none();
        }
        boolean formsMatch = forms.isEmpty() || documents.stream().anyMatch(d -> formMatches(forms, d.formType()));
        boolean bothMatch = documents.stream().anyMatch(d -> (forms.isEmpty() || formMatches(forms, d.formType()))
                && (periods.isEmpty() || (d.period() != null && periods.contains(d.period()))));
        if (bothMatch) {
            return new DocumentFilter(Set.of(), forms, periods);
        }
        return formsMatch ? new DocumentFilter(Set.of(), forms, Set.of()) : DocumentFilter.none();
    }

    private static boolean formMatches(Set<String> forms, String form) {
        if (form == null) {
            return false;
        }
        String upper = form.toUpperCase(Locale.ROOT);
        String base = upper.endsWith("/A") ? upper.substring(0, upper.length() - 2) : upper;
        return forms.stream().map(f -> f.toUpperCase(Locale.ROOT)).anyMatch(f -> f.equals(upper) || f.equals(base));
    }
}
