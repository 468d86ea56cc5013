package dev.scoperag.core.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.chunk.Chunker;
import dev.scoperag.core.contract.Schemas;
import dev.scoperag.core.extract.ContentType;
import dev.scoperag.core.extract.ExtractedText;
import dev.scoperag.core.filing.FilingContent;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.ident.Hashes;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.ChunkRemoved;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.core.record.DocumentRetracted;
import dev.scoperag.core.record.Embedding;
import dev.scoperag.core.record.FactsPublished;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class PublicationPlannerTest {

    private final PublicationPlanner planner = new PublicationPlanner(new Chunker(), text -> offset -> "Item 7", "test-model",
            Clock.fixed(Instant.parse("2026-12-02T00:00:00Z"), ZoneOffset.UTC));

    private static FilingEvent event(String form) {
        return new FilingEvent("e1", null, "MMM", 66740L, "3M", 2018, form, null, null, null, null, FilingContent.ofText("x"));
    }

    private static FetchedFiling fetched(FilingEvent event, String sourceHash) {
        return new FetchedFiling(new IncomingFiling(null, new byte[0]), event, new byte[0], "text", sourceHash);
    }

    private static ExtractedText text(char fill, int length) {
        return new ExtractedText(String.valueOf(fill).repeat(length), new int[0], ContentType.TEXT);
    }

    @Test
    void aFirstVersionIsItsChunksThenItsCommit() {
        var change = DocumentVersioner.newVersion(null, fetched(event("10-K"), "s1"), text('a', 5_000)).orElseThrow();
        List<ChunkTopicRecord> records = planner.plan(change);

        assertThat(records).hasSize(4);
        assertThat(records.subList(0, 3)).allSatisfy(r -> assertThat(r).isInstanceOf(ChunkUpserted.class));
        DocumentCommitted commit = (DocumentCommitted) records.get(3);
        assertThat(commit.version()).isEqualTo(1);
        assertThat(commit.chunkCount()).isEqualTo(3);
        assertThat(commit.supersedesDocHash()).isNull();
        assertThat(commit.key()).isEqualTo("MMM:2018/doc/10-K");
    }

    /** The last record planned for a 10-K whose text is {@code filing} three times. */
    private DocumentCommitted commitOfATenK(String filing) {
        var change = DocumentVersioner.newVersion(null, fetched(event("10-K"), "s1"),
                new ExtractedText(filing.repeat(3), new int[0], ContentType.TEXT)).orElseThrow();
        List<ChunkTopicRecord> records = planner.plan(change);
        return (DocumentCommitted) records.get(records.size() - 1);
    }

    @Test
    void theCommitCarriesTheProductNamesTheDocumentTaught() {
        String filing = "Our brands include Littmann stethoscopes, and Littmann sales grew, as Littmann is loved, and Littmann leads, and "
                + "we sell Littmann widely. 3M also makes widgets in Minnesota. ";
        DocumentCommitted commit = commitOfATenK(filing);
        assertThat(commit.learnedAliases()).containsExactly("Littmann");
        assertThat(commit.formerNames()).isNull();
        assertThat(commit.dealNames()).isNull();
    }

    @Test
    void theCommitCarriesTheCompaniesOfItsIssuersOwnDeals() {
        String filing = "We completed the separation of Solventum, and Solventum sells health care products; Solventum grew, "
                + "Solventum hired, and Solventum leads. The Solventum spin-off closed in April. 3M makes widgets in Minnesota. ";
        DocumentCommitted commit = commitOfATenK(filing);
        assertThat(commit.learnedAliases()).contains("Solventum");
        assertThat(commit.dealNames()).containsExactly("Solventum");
    }

    @Test
    void theCommitCarriesTheNamesTheDocumentSaysItsCompanyWentByBefore() {
        String filing = "3M Company (formerly Minnesota Mining and Manufacturing Company) makes widgets in Minnesota. ";
        DocumentCommitted commit = commitOfATenK(filing);
        assertThat(commit.formerNames()).containsExactly("Minnesota Mining and Manufacturing Company");
    }

    @Test
    void aClassShareFilingIsKeyedByTheCanonicalTickerAndKeepsItsSpellingForDisplay() {
        FilingEvent brk = new FilingEvent("e2", null, "BRK.B", 1067983L, "Berkshire Hathaway Inc", 2023, "10-K", null, null, null,
                null, FilingContent.ofText("x"));
        var change = DocumentVersioner.newVersion(null, fetched(brk, Hashes.sha256("source")), text('a', 3_000)).orElseThrow();
        List<ChunkTopicRecord> records = planner.plan(change);

        assertThat(records).allSatisfy(r -> assertThat(r.key()).startsWith("BRK-B:2023/"));
        ChunkUpserted chunk = (ChunkUpserted) records.get(0);
        DocumentCommitted commit = (DocumentCommitted) records.get(records.size() - 1);
        assertThat(chunk.ticker()).isEqualTo("BRK-B");
        assertThat(chunk.tickerAsFiled()).isEqualTo("BRK.B");
        assertThat(commit.ticker()).isEqualTo("BRK-B");
        assertThat(commit.tickerAsFiled()).isEqualTo("BRK.B");
        assertThat(Json.tree(commit).get("ticker_as_filed").asText()).isEqualTo("BRK.B");
        assertThat(Schemas.violations(Schemas.DOCUMENT_COMMITTED, Json.tree(commit))).isEmpty();
        assertThat(Schemas.violations(Schemas.CHUNK_UPSERTED, Json.tree(chunk.withEmbedding(
                Embedding.of("m", new float[] {1f}))))).isEmpty();
        assertThat(Json.fromBytes(Json.toBytes(commit), ChunkTopicRecord.class)).isEqualTo(commit);
    }

    @Test
    void aTickerSpelledCanonicallyWritesNoSecondSpelling() {
        var change = DocumentVersioner.newVersion(null, fetched(event("10-K"), "s1"), text('a', 3_000)).orElseThrow();
        assertThat(planner.plan(change)).allSatisfy(r -> assertThat(Json.tree(r).has("ticker_as_filed")).isFalse());
    }

    @Test
    void anAmendmentSupersedesTheOriginalAndRemovesItsChunksOnlyAfterItsCommit() {
        var v1 = DocumentVersioner.newVersion(null, fetched(event("10-K"), "s1"), text('a', 5_000)).orElseThrow();
        var v2 = DocumentVersioner.newVersion(v1.published(), fetched(event("10-K/A"), "s2"), text('b', 2_600)).orElseThrow();
        List<ChunkTopicRecord> v1Records = planner.plan(v1);
        List<ChunkTopicRecord> records = planner.plan(v2);

        assertThat(records).extracting(r -> r.getClass().getSimpleName()).containsExactly(
                "ChunkUpserted", "ChunkUpserted", "DocumentCommitted", "ChunkRemoved", "ChunkRemoved", "ChunkRemoved");
        DocumentCommitted commit = (DocumentCommitted) records.get(2);
        assertThat(commit.version()).isEqualTo(2);
        assertThat(commit.formType()).isEqualTo("10-K/A");
        assertThat(commit.supersedesDocHash()).isEqualTo(v1.published().docHash());
        assertThat(records.subList(3, 6)).extracting(ChunkTopicRecord::key).containsExactlyElementsOf(
                v1Records.subList(0, 3).stream().map(ChunkTopicRecord::key).toList());
    }

    @Test
    void identicalSourceAndIdenticalTextAreNotNewVersions() {
        var v1 = DocumentVersioner.newVersion(null, fetched(event("10-K"), "s1"), text('a', 5_000)).orElseThrow();
        assertThat(DocumentVersioner.isIdenticalSource(v1.published(), fetched(event("10-K"), "s1"))).isTrue();
        assertThat(DocumentVersioner.isIdenticalSource(v1.published(), fetched(event("10-K"), "s2"))).isFalse();
        assertThat(DocumentVersioner.newVersion(v1.published(), fetched(event("10-K"), "s2"), text('a', 5_000))).isEmpty();
    }

    @Test
    void aRetractionIsItsRecordThenTombstonesForEveryChunk() {
        var v1 = DocumentVersioner.newVersion(null, fetched(event("10-K"), "s1"), text('a', 5_000)).orElseThrow();
        List<ChunkTopicRecord> records = planner.plan(new DocumentChange.Retraction("MMM:2018", event("10-K"), v1.published(), null));

        assertThat(records.get(0)).isInstanceOf(DocumentRetracted.class);
        assertThat(records.subList(1, records.size())).hasSize(3).allSatisfy(r -> {
            assertThat(r).isInstanceOf(ChunkRemoved.class);
            assertThat(r.isTombstone()).isTrue();
        });
    }

    @Test
    void anInlineXbrlFilingPublishesItsFactsAfterItsChunksAndBeforeItsCommit() throws Exception {
        String html = "<html><body><div style=\"display:none\"><ix:header><ix:resources>"
                + "<xbrli:context id=\"fy\"><xbrli:entity><xbrli:identifier scheme=\"x\">1</xbrli:identifier></xbrli:entity>"
                + "<xbrli:period><xbrli:startDate>2018-01-01</xbrli:startDate><xbrli:endDate>2018-12-31</xbrli:endDate>"
                + "</xbrli:period></xbrli:context><xbrli:unit id=\"usd\"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>"
                + "</ix:resources></ix:header></div><p>Net sales were $<ix:nonFraction name=\"us-gaap:Revenues\" contextRef=\"fy\""
                + " unitRef=\"usd\" scale=\"6\" decimals=\"-6\">32,765</ix:nonFraction> million.</p></body></html>";
        byte[] raw = html.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        FetchedFiling fetched = new FetchedFiling(new IncomingFiling(null, new byte[0]), event("10-K"), raw, "html", Hashes.sha256(raw));
        ExtractedText text = new dev.scoperag.core.extract.Extractor().extract(raw, "html");
        List<ChunkTopicRecord> records = planner.plan(DocumentVersioner.newVersion(null, fetched, text).orElseThrow());

        assertThat(records.get(records.size() - 1)).isInstanceOf(DocumentCommitted.class);
        FactsPublished facts = (FactsPublished) records.get(records.size() - 2);
        assertThat(facts.key()).isEqualTo("MMM:2018/facts/10-K");
        assertThat(facts.docHash()).isEqualTo(((DocumentCommitted) records.get(records.size() - 1)).docHash());
        assertThat(facts.facts()).singleElement().satisfies(f -> {
            assertThat(f.concept()).isEqualTo("us-gaap:Revenues");
            assertThat(f.value()).isEqualByComparingTo("32765000000");
            assertThat(f.start()).isEqualTo("2018-01-01");
        });
        assertThat(Schemas.violations(Schemas.FACTS_PUBLISHED, Json.tree(facts))).isEmpty();
        ChunkTopicRecord read = Json.MAPPER.readValue(Json.toBytes(facts), ChunkTopicRecord.class);
        assertThat(read).isEqualTo(facts);
    }

    @Test
    void aFilingWithoutFactsPublishesNoFactsRecord() {
        var change = DocumentVersioner.newVersion(null, fetched(event("10-K"), "s1"), text('a', 3_000)).orElseThrow();
        assertThat(planner.plan(change)).noneMatch(FactsPublished.class::isInstance);
    }
}
