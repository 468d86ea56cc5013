package dev.scoperag.query.functions;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.answer.Answers;
import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.engine.QueryRouting;
import dev.scoperag.core.failure.InternalFailure;
import dev.scoperag.core.llm.CatalogExcerpt;
import dev.scoperag.core.llm.LlmSettings;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.core.query.RetrievalSettings;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.route.Catalog;
import dev.scoperag.core.route.CatalogSource;
import dev.scoperag.query.types.RoutedQuery;
import dev.scoperag.stream.isolation.RecordIsolation;
import dev.scoperag.stream.types.JsonTypeInformation;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Routes each question to its shards with the catalog of committed documents, which every parallel
 * instance keeps in broadcast state, and embeds the question once for all the shards it goes to: the
 * deterministic part of {@link QueryRouting}.
 * A question it cannot place, or places with low confidence, is passed on with what {@link RouteWithLlm}
 * needs to ask the LLM router, so that no question waits here on the network; {@link FanOut} answers
 * the plans that abstain (a known issuer that is not in the corpus).
 */
public final class RouteQuery extends BroadcastProcessFunction<QueryEvent, ChunkTopicRecord, RoutedQuery> {

    private static final long serialVersionUID = 1L;

    /** Committed documents by {@code shard/docId}: the catalog's durable form. */
    public static final MapStateDescriptor<String, DocumentCommitted> COMMITTED_DOCUMENTS = new MapStateDescriptor<>(
            "committedDocuments", Types.STRING, JsonTypeInformation.of(DocumentCommitted.class));

    static final String STAGE = "route";
    static final String CATALOG_STAGE = "catalog";

    private final CatalogSource catalogSource;
    private final EmbedderSpec embedderSpec;
    private final RetrievalSettings retrieval;
    private final LlmSettings llm;

    private transient Catalog catalog;
    /** What the LLM router lists, made from the catalog when a question first needs it after a change. */
    private transient CatalogExcerpt llmCatalog;
    private transient Embedder embedder;
    private transient QueryRouting routing;
    private transient RecordIsolation isolation;

    /** @param llm the endpoint that resolves what the deterministic router cannot, or null for none; {@link RouteWithLlm} calls it */
    public RouteQuery(CatalogSource catalogSource, EmbedderSpec embedderSpec, RetrievalSettings retrieval, LlmSettings llm) {
        this.catalogSource = catalogSource;
        this.embedderSpec = embedderSpec;
        this.retrieval = retrieval;
        this.llm = llm;
    }

    @Override
    public void open(OpenContext openContext) {
        isolation = new RecordIsolation(getRuntimeContext().getMetricGroup());
        embedder = embedderSpec.open();
        routing = new QueryRouting(retrieval, embedder);
    }

    @Override
    public void close() {
        if (embedder != null) {
            embedder.close();
        }
    }

    @Override
    public void processBroadcastElement(ChunkTopicRecord record, Context ctx, Collector<RoutedQuery> out) throws Exception {
        // Every parallel instance sees the same records and fails on the same ones, so their catalogs stay alike.
        if (record instanceof DocumentCommitted commit) {
            ctx.getBroadcastState(COMMITTED_DOCUMENTS).put(commit.key(), commit);
            if (catalog != null) {
                addToCatalog(commit);
            }
        } else if (record instanceof DocumentRetracted retraction) {
            ctx.getBroadcastState(COMMITTED_DOCUMENTS).remove(retraction.key());
            if (catalog != null) {
                isolation.run(CATALOG_STAGE, retraction.key(), () -> catalog.remove(retraction), failure -> { });
            }
        }
        llmCatalog = null;
    }

    /** A commit the catalog cannot take is left out of it (counted and logged), not a reason to stop routing. */
    private void addToCatalog(DocumentCommitted commit) {
        isolation.run(CATALOG_STAGE, commit.key(), () -> catalog.add(commit), failure -> { });
    }

    @Override
    public void processElement(QueryEvent query, ReadOnlyContext ctx, Collector<RoutedQuery> out) throws Exception {
        long received = System.currentTimeMillis();
        if (catalog == null) {
            // First query since start or restore: the catalog is rebuilt once from broadcast state.
            catalog = catalogSource.emptyCatalog();
            for (Map.Entry<String, DocumentCommitted> e : ctx.getBroadcastState(COMMITTED_DOCUMENTS).immutableEntries()) {
                addToCatalog(e.getValue());
            }
        }
        isolation.call(STAGE, query.queryId(), () -> plan(query, received), failure -> ctx.output(EarlyAnswers.TAG,
                        Answers.error(query.queryId(), query.question(), InternalFailure.REASON, failure.detail(), System.currentTimeMillis())))
                .ifPresent(out::collect);
    }

    private RoutedQuery plan(QueryEvent query, long received) {
        QueryRouting.Routed routed = routing.route(query, catalog, received);
        if (llm != null && routed.asksLlm()) {
            // Empty or ambiguous: the LLM is asked in the next step, off this thread.
            if (llmCatalog == null) {
                llmCatalog = CatalogExcerpt.of(catalog);
            }
            return RoutedQuery.askingLlm(routed.plan(), routed.questionVector(), routed.windowVector(), llmCatalog);
        }
        return RoutedQuery.planned(routed.plan());
    }
}
