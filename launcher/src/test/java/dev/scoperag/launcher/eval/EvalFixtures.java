package dev.scoperag.launcher.eval;

import dev.scoperag.core.TestRecords;
import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.filing.FilingContent;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.Embedding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tiny corpus for metric tests: ACME's 2022 10-K (PDF, the gold document) and 2021 10-K (PDF, same
 * company, other year), ACME's 2023 10-Q as EDGAR text (no pages), and another company's 2022 10-K.
 */
final class EvalFixtures {

    static final String GOLD = "ACME_2022_10K";
    static final String OTHER_YEAR = "ACME_2021_10K";
    static final String TEXT_DOC = "ACME_2023Q2_10Q";
    static final String OTHER_ISSUER = "OTHER_2022_10K";

    static final String EVIDENCE = "Total revenue was 12,617 million and operating margin 2,548 million";

    private final List<FilingEvent> events = new ArrayList<>();
    private final List<ChunkTopicRecord> records = new ArrayList<>();

    EvalFixtures() {
        document(GOLD, "ACME", 1L, 2022, "10-K", null, 10,
                chunk("gold-p0", 0, 0, "Cover page of the annual report"),
                chunk("gold-p2-3", 2, 3, "Results of operations. " + EVIDENCE + " in fiscal 2022."),
                chunk("gold-p4", 4, 4, "Risk factors unrelated to revenue"));
        document(OTHER_YEAR, "ACME", 1L, 2021, "10-K", null, 10,
                chunk("prior-p3", 3, 3, "Total revenue was 11,141 million in fiscal 2021"));
        document(TEXT_DOC, "ACME", 1L, 2023, "10-Q", "2023Q2", 0,
                chunk("text-half", null, null, "Total revenue was 12,617 million and nothing else"),
                chunk("text-little", null, null, "Total revenue rose"));
        document(OTHER_ISSUER, "OTHR", 2L, 2022, "10-K", null, 10,
                chunk("other-p3", 3, 3, "Total revenue was 9,999 million"));
    }

    EvalCorpus corpus() {
        return EvalCorpus.of(events, records);
    }

    static EvalQuestion question(String docName, int page, String evidence, String answer) {
        return new EvalQuestion("q-" + docName + "-" + page, "Acme", docName, "test", "What was Acme's revenue?", answer, null,
                List.of(new EvalQuestion.Evidence(docName, page, evidence)));
    }

    /** An answer whose context lists these chunks, best first, routed to these shards. */
    static AnswerEvent answer(String text, List<String> routedShards, String... chunkIds) {
        List<Map<String, Object>> context = new ArrayList<>();
        for (String id : chunkIds) {
            context.add(Map.of("chunk_id", id));
        }
        Map<String, Object> retrieval = new LinkedHashMap<>();
        retrieval.put("context", context);
        AnswerEvent.RouteSummary route = new AnswerEvent.RouteSummary("deterministic", 0.95, false, List.of(),
                routedShards.stream().map(s -> new AnswerEvent.ShardRef(s.split(":")[0], Integer.parseInt(s.split(":")[1]))).toList());
        return new AnswerEvent("q", "What was Acme's revenue?", AnswerEvent.ANSWERED, null, null, text, List.of(), route, retrieval,
                Map.of("route", 1.0, "rerank", 10.0, "total", 20.0), Map.of(), "2026-01-01T00:00:00Z");
    }

    private record ChunkSpec(String id, Integer pageStart, Integer pageEnd, String text) {}

    private static ChunkSpec chunk(String id, Integer pageStart, Integer pageEnd, String text) {
        return new ChunkSpec(id, pageStart, pageEnd, text);
    }

    private void document(String name, String ticker, Long cik, int year, String form, String period, int pages, ChunkSpec... chunks) {
        FilingEvent event = new FilingEvent(name, FilingEvent.UPSERT, ticker, cik, ticker + " Inc.", year, form, period, null, null, null,
                new FilingContent("file:///dev/null", null, null, null));
        events.add(event);
        String shard = event.shard().id();
        String docHash = "hash-" + name;
        int offset = 0;
        for (int seq = 0; seq < chunks.length; seq++) {
            ChunkSpec c = chunks[seq];
            records.add(new ChunkUpserted(shard, ticker, year, event.docId(), docHash, c.id(), "text-" + c.id(), seq, offset,
                    offset + c.text().length(), c.pageStart(), c.pageEnd(), null, c.text(), Embedding.of("test", new float[] {1, 0})));
            offset += c.text().length();
        }
        records.add(TestRecords.commit(shard, event.docId(), docHash).ticker(ticker).issuer(null, cik, ticker + " Inc.").fiscalYear(year)
                .form(form, period).sourceHash("source-" + name).counts(chunks.length, offset, pages).committedAt("2026-01-01T00:00:00Z")
                .model("test").build());
    }
}
