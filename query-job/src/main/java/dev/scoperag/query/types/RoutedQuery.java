package dev.scoperag.query.types;

import dev.scoperag.core.llm.CatalogExcerpt;
import dev.scoperag.core.query.QueryPlan;

/**
 * A query planned on its deterministic route and, when the LLM router is to be asked as well, what the asynchronous
 * step that asks it needs: the question's vector and the part of the catalog the LLM router may route to.
 *
 * @param plan the plan on the deterministic route: the query's plan when the LLM is not asked, or fails
 * @param questionVector the question's embedding, for a plan on the LLM's route; null when the LLM is not asked
 * @param windowVector the question embedded for the chunks' window vectors, likewise
 * @param llmCatalog what the LLM router lists and may route to; null when the LLM is not asked
 */
public record RoutedQuery(QueryPlan plan, float[] questionVector, float[] windowVector, CatalogExcerpt llmCatalog) {

    /** A query whose deterministic plan is final. */
    public static RoutedQuery planned(QueryPlan plan) {
        return new RoutedQuery(plan, null, null, null);
    }

    /** A query the LLM router is to route, keeping {@code plan} should it fail. */
    public static RoutedQuery askingLlm(QueryPlan plan, float[] questionVector, float[] windowVector, CatalogExcerpt llmCatalog) {
        return new RoutedQuery(plan, questionVector, windowVector, llmCatalog);
    }

    public boolean asksLlm() {
        return llmCatalog != null;
    }
}
