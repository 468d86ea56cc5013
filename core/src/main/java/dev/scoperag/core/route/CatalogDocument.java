package dev.scoperag.core.route;

/** A committed document as the router sees it: enough to filter a shard by form and period. */
public record CatalogDocument(String docId, String formType, String period) {}
