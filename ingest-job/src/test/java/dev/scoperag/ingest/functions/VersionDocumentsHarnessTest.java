package dev.scoperag.ingest.functions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.filing.FilingContent;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.filing.RejectReason;
import dev.scoperag.core.ident.Hashes;
import dev.scoperag.core.ingest.DocumentChange;
import dev.scoperag.core.ingest.FetchedFiling;
import dev.scoperag.core.ingest.IncomingFiling;
import dev.scoperag.core.record.RejectedFiling;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import dev.scoperag.stream.testing.KeyedHarness;
import org.junit.jupiter.api.Test;

class VersionDocumentsHarnessTest {

    /** The job's default caps. */
    static final VersionDocuments.Limits LIMITS = new VersionDocuments.Limits(6_000_000, 5_000, 2_500, 1_250);

    private static KeyedOneInputStreamOperatorTestHarness<String, FetchedFiling, DocumentChange> harness() throws Exception {
        return harness(LIMITS);
    }

    private static KeyedOneInputStreamOperatorTestHarness<String, FetchedFiling, DocumentChange> harness(VersionDocuments.Limits limits)
            throws Exception {
        return KeyedHarness.of(new VersionDocuments(limits), f -> f.event().shard().id(), DocumentChange.class);
    }

    private static KeyedOneInputStreamOperatorTestHarness<String, FetchedFiling, DocumentChange> rocksDbHarness() throws Exception {
        return KeyedHarness.onRocksDb(new VersionDocuments(LIMITS), f -> f.event().shard().id(), DocumentChange.class);
    }

    static FetchedFiling filing(String id, String form, String text) {
        return filing(id, form, text.getBytes(StandardCharsets.UTF_8), "text");
    }

    static FetchedFiling filing(String id, String form, byte[] content, String hint) {
        FilingEvent event = new FilingEvent(id, null, "MMM", 66740L, "3M", 2018, form, null, null, null, null, null);
        return new FetchedFiling(new IncomingFiling(new RejectedFiling.Source("filings", 0, 1L, id), new byte[] {'{', '}'}),
                event, content, hint, Hashes.sha256(content));
    }

    static FetchedFiling retraction(String id) {
        FilingEvent event = new FilingEvent(id, FilingEvent.RETRACT, "MMM", null, null, 2018, "10-K", null, null, null, null, null);
        return new FetchedFiling(new IncomingFiling(new RejectedFiling.Source("filings", 0, 2L, id), new byte[] {'{', '}'}),
                event, null, null, null);
    }

    private static List<DocumentChange> drain(KeyedOneInputStreamOperatorTestHarness<String, FetchedFiling, DocumentChange> h) {
        List<DocumentChange> out = h.extractOutputValues();
        h.getOutput().clear();
        return out;
    }

    @Test
    void reSendingTheSameFilingPublishesNothing() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement(new StreamRecord<>(filing("a", "10-K", "Item 7. Revenue grew.")));
            h.processElement(new StreamRecord<>(filing("b", "10-K", "Item 7. Revenue grew.")));

            assertThat(drain(h)).hasSize(1);
        }
    }

    @Test
    void aChangedVersionSupersedesThePublishedOne() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement(new StreamRecord<>(filing("a", "10-K", "Item 7. Revenue grew.")));
            h.processElement(new StreamRecord<>(filing("b", "10-K/A", "Item 7. Revenue grew 5%.")));

            List<DocumentChange> out = drain(h);
            assertThat(out).hasSize(2);
            var amendment = (DocumentChange.NewVersion) out.get(1);
            assertThat(amendment.published().version()).isEqualTo(2);
            assertThat(amendment.previous().docHash()).isEqualTo(((DocumentChange.NewVersion) out.get(0)).published().docHash());
        }
    }

    @Test
    void differentBytesWithTheSameTextPublishNothing() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement(new StreamRecord<>(filing("a", "10-K", "Item 7.  Revenue grew.")));
            h.processElement(new StreamRecord<>(filing("b", "10-K", "Item 7. Revenue grew.\n")));

            assertThat(drain(h)).hasSize(1);
        }
    }

    @Test
    void anUnreadableFilingGoesToTheDeadLetterTopicAndLeavesNoState() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement(new StreamRecord<>(filing("bad", "10-K", "%PDF-1.7 truncated".getBytes(StandardCharsets.US_ASCII), "pdf")));

            assertThat(h.extractOutputValues()).isEmpty();
            assertThat(h.getSideOutput(DeadLetters.TAG)).singleElement().satisfies(r -> {
                assertThat(r.getValue().reason()).isEqualTo(RejectReason.PDF_CORRUPT);
                assertThat(r.getValue().stage()).isEqualTo("extract");
                assertThat(r.getValue().source().key()).isEqualTo("bad");
            });
            assertThat(h.numKeyedStateEntries()).isZero();
        }
    }

    @Test
    void aRetractionRemovesTheDocumentAndItsState() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement(new StreamRecord<>(filing("a", "10-K", "Item 7. Revenue grew.")));
            assertThat(h.numKeyedStateEntries()).isEqualTo(1);
            h.processElement(new StreamRecord<>(retraction("r")));
            h.processElement(new StreamRecord<>(retraction("r-again")));

            List<DocumentChange> out = drain(h);
            assertThat(out).hasSize(2);
            assertThat(out.get(1)).isInstanceOf(DocumentChange.Retraction.class);
            assertThat(h.numKeyedStateEntries()).isZero();
            assertThat(h.numEventTimeTimers() + h.numProcessingTimeTimers()).isZero();
        }
    }

    @Test
    void publishedVersionsSurviveSnapshotAndRestore() throws Exception {
        OperatorSubtaskState snapshot;
        try (var h = rocksDbHarness()) {
            h.open();
            h.processElement(new StreamRecord<>(filing("a", "10-K", "Item 7. Revenue grew.")));
            snapshot = h.snapshot(1L, 1L);
        }
        try (var restored = rocksDbHarness()) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement(new StreamRecord<>(filing("a-again", "10-K", "Item 7. Revenue grew.")));
            restored.processElement(new StreamRecord<>(filing("b", "10-K/A", "Item 7. Revenue fell.")));

            List<DocumentChange> out = drain(restored);
            assertThat(out).singleElement().satisfies(c ->
                    assertThat(((DocumentChange.NewVersion) c).published().version()).isEqualTo(2));
        }
    }

    @Test
    void textThatNormalizationExpandsPastTheCapIsTooLargeWithinSeconds() throws Exception {
        // U+FDFA is one character that NFKC makes eighteen: 3 MB of it would be 18 million characters.
        String expanding = "\uFDFA".repeat(1_000_000);
        byte[] bytes = expanding.getBytes(StandardCharsets.UTF_8);
        assertThat(bytes.length).isEqualTo(3_000_000);
        try (var h = harness()) {
            h.open();
            long start = System.nanoTime();
            h.processElement(new StreamRecord<>(filing("big", "10-K", bytes, "text")));
            long millis = (System.nanoTime() - start) / 1_000_000;

            assertThat(h.extractOutputValues()).isEmpty();
            assertThat(h.getSideOutput(DeadLetters.TAG)).singleElement().satisfies(r -> {
                assertThat(r.getValue().reason()).isEqualTo(RejectReason.TOO_LARGE);
                assertThat(r.getValue().detail()).contains("6000000 characters");
            });
            assertThat(h.numKeyedStateEntries()).as("nothing recorded as published").isZero();
            System.out.printf("3 MB NFKC-expanding filing rejected as TOO_LARGE in %d ms%n", millis);
        }
    }

    @Test
    void aDocumentThatWouldMakeTooManyChunksIsTooLargeBeforeAnyIsMade() throws Exception {
        try (var h = harness(new VersionDocuments.Limits(6_000_000, 3, 2_500, 1_250))) {
            h.open();
            h.processElement(new StreamRecord<>(filing("long", "10-K", "Revenue grew. ".repeat(500))));

            assertThat(h.extractOutputValues()).isEmpty();
            assertThat(h.getSideOutput(DeadLetters.TAG)).singleElement().satisfies(r -> {
                assertThat(r.getValue().reason()).isEqualTo(RejectReason.TOO_LARGE);
                assertThat(r.getValue().detail()).contains("over the limit of 3");
            });
            assertThat(h.numKeyedStateEntries()).isZero();
        }
    }
}
