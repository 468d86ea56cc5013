package dev.scoperag.launcher.eval;

import dev.scoperag.core.answer.AnswerEvent;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.ingest.Backfill;
import dev.scoperag.core.ingest.ChunkVectors;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.core.route.CatalogSource;
import dev.scoperag.ingest.IngestOptions;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.kafka.KafkaClients;
import dev.scoperag.launcher.kafka.PublishedFilings;
import dev.scoperag.launcher.kafka.TopicTail;
import dev.scoperag.launcher.stack.DataDirectory;
import dev.scoperag.launcher.stack.EmbeddedStack;
import dev.scoperag.query.QueryJob;
import dev.scoperag.query.QueryOptions;
import dev.scoperag.stream.EmbeddingModelOptions;
import dev.scoperag.stream.SharedOptions;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * Runs the evaluation through both Flink jobs on the embedded broker: the ingest job publishes the
 * corpus to {@code chunks} (with the on-disk embedding cache), then, for each retrieval and reranking
 * setting, a query job reads {@code chunks} into its shard stores and answers the arms' questions one at
 * a time, so an answer's timings are those of a query alone in the job.
 */
final class EndToEndArms implements AutoCloseable {

    private static final Duration INGEST_TIMEOUT = Duration.ofHours(3);
    private static final Duration LOAD_TIMEOUT = Duration.ofMinutes(30);
    private static final Duration ANSWER_TIMEOUT = Duration.ofMinutes(2);

    private final EmbeddedStack stack;
    private final Path corpusFile;
    private final PrintStream progress;
    private final KafkaClients clients;
    private final KafkaProducer<String, String> producer;
    /** Per partition of {@code chunks}, the offset after the last record the ingest job published. */
    private final Map<TopicPartition, Long> publishedUpTo = new HashMap<>();
    private int jobs;

    private EndToEndArms(EmbeddedStack stack, Path corpus, PrintStream progress) {
        this.stack = stack;
        this.corpusFile = corpus;
        this.progress = progress;
        this.clients = KafkaClients.of(ClientSettings.of(stack.ingestConfig()));
        this.producer = clients.producer();
    }

    /**
     * Starts the embedded stack (a broker on a free port, a temporary data directory) with the ingest job, set to read
     * the corpus's files and to embed through the on-disk cache under {@code cacheRoot}.
     */
    static EndToEndArms start(Path corpus, Path cacheRoot, ChunkVectors.ChunkVector chunkVector, PrintStream progress) {
        Configuration config = new Configuration();
        config.set(EmbeddingModelOptions.CHUNK_VECTOR, chunkVector == ChunkVectors.ChunkVector.FULL_CHUNK ? "full-chunk" : "window-mean");
        config.set(IngestOptions.FILE_ROOT, Backfill.root(corpus).toString());
        config.set(IngestOptions.EMBEDDING_CACHE_DIR, cacheRoot.toString());
        config.set(SharedOptions.CHECKPOINT_INTERVAL, Duration.ofSeconds(1));
        // One embedding subtask (the stack's default parallelism): the cache admits one holder at a time.
        EmbeddedStack stack = EmbeddedStack.start(new EmbeddedStack.Settings(DataDirectory.temporary("scoperag-eval"), 0, null, config,
                EmbeddedStack.Jobs.INGEST));
        return new EndToEndArms(stack, corpus, progress);
    }

    /** The corpus as the ingest job published it, and the filings it sent to the dead-letter topic. */
    record Ingested(EvalCorpus corpus, List<String> rejected) {}

    /** Sends every filing of the backfill to the ingest job and reads back what it published. */
    Ingested ingest() throws Exception {
        List<FilingEvent> events = Backfill.list(corpusFile);
        Configuration config = stack.ingestConfig();
        for (FilingEvent event : events) {
            producer.send(new ProducerRecord<>(config.get(IngestOptions.FILINGS_TOPIC), event.eventId(), Json.toString(event))).get();
        }
        Ingested ingested = readPublished(events, config.get(SharedOptions.CHUNKS_TOPIC), config.get(IngestOptions.DLQ_TOPIC));
        // The query jobs to come want the cores.
        stack.ingestJob().ifPresent(stack::stop);
        return ingested;
    }

    private Ingested readPublished(List<FilingEvent> events, String chunksTopic, String dlqTopic) {
        PublishedFilings published = PublishedFilings.read(clients, chunksTopic, dlqTopic, events.size(), INGEST_TIMEOUT,
                p -> progress.printf(Locale.ROOT, "\r  ingest job: %d/%d documents committed, %d rejected, %d records, %.0f s", p.commits(),
                        events.size(), p.rejected(), p.records(), p.elapsed().toMillis() / 1e3));
        publishedUpTo.putAll(published.publishedUpTo());
        progress.println();
        return new Ingested(EvalCorpus.of(events, published.records()),
                published.deadLetters().stream().map(PublishedFilings::describe).toList());
    }

    /** Each arm's answers from query jobs, one job per retrieval and reranking setting. */
    Map<Arm, List<AnswerEvent>> run(List<Arm> arms, List<EvalQuestion> questions, int k, EvalCorpus corpus, CatalogSource catalog)
            throws Exception {
        Map<Arm, List<AnswerEvent>> answers = new LinkedHashMap<>();
        for (Map.Entry<Arm.Setup, List<Arm>> e : Arm.bySetup(arms).entrySet()) {
            Configuration config = querySettings(++jobs, e.getKey(), catalog);
            long start = System.nanoTime();
            EmbeddedStack.RunningJob job = stack.submitQueryJob("query-" + jobs, config);
            try {
                awaitLoaded(QueryJob.chunksGroupId(config));
                // Opened once the job has created its topics: a committed reader from the topic's first record.
                try (TopicTail answersTopic = TopicTail.fromBeginning(clients, config.get(QueryOptions.ANSWERS_TOPIC))) {
                    Asker asker = new Asker(config.get(QueryOptions.QUERIES_TOPIC), answersTopic);
                    if (!questions.isEmpty()) {
                        EvalQuestion first = questions.get(0);
                        asker.ask(e.getValue().get(0).query("warm-up", first, corpus.document(first.docName()).orElseThrow(), k));
                    }
                    progress.printf(Locale.ROOT, "  query job for %s ready in %.1f s%n", e.getValue().stream().map(Arm::id).toList(),
                            (System.nanoTime() - start) / 1e9);
                    for (Arm arm : e.getValue()) {
                        answers.put(arm, answer(arm, questions, k, corpus, asker));
                    }
                }
            } finally {
                stack.stop(job);
            }
        }
        return answers;
    }

    /** A query job of its own topics and group (the n-th), set up as the arms of {@code setup} ask. */
    private static Configuration querySettings(int n, Arm.Setup setup, CatalogSource catalog) {
        Configuration config = new Configuration();
        config.set(QueryOptions.QUERIES_TOPIC, "queries-" + n);
        config.set(QueryOptions.ANSWERS_TOPIC, "answers-" + n);
        config.set(QueryOptions.GROUP_ID, "scoperag-eval-" + n);
        config.set(QueryOptions.TRANSACTIONAL_ID_PREFIX, "scoperag-eval-" + n);
        config.set(QueryOptions.RETRIEVAL_MODE, setup.retrieval().mode());
        config.set(QueryOptions.RERANK, setup.rerank());
        config.set(QueryOptions.RERANK_WINDOWS, setup.windows().value());
        config.set(QueryOptions.DROP_OVERLAPPING, setup.context().dropOverlapping());
        config.set(QueryOptions.ADAPTIVE_CUTOFF, setup.context().adaptiveCutoff());
        config.set(QueryOptions.STATEMENT_SLOT, setup.context().statementSlot());
        config.set(QueryOptions.NUMERIC_ROUTE, setup.numericRoute());
        if (catalog.issuerDirectoryPath() != null) {
            config.set(QueryOptions.ISSUER_DIRECTORY, catalog.issuerDirectoryPath());
        }
        if (catalog.tickerChangesPath() != null) {
            config.set(QueryOptions.TICKER_CHANGES, catalog.tickerChangesPath());
        }
        if (catalog.productAliasesPath() != null) {
            config.set(QueryOptions.PRODUCT_ALIASES, catalog.productAliasesPath());
        }
        config.set(SharedOptions.CHECKPOINT_INTERVAL, Duration.ofMillis(500));
        // One shard-store subtask (the stack's default parallelism): its corpus-wide index is then the whole corpus,
        // as in QueryEngine. With more subtasks each searches its own shards with its own BM25 statistics, and
        // corpus-wide answers differ.
        return config;
    }

    private List<AnswerEvent> answer(Arm arm, List<EvalQuestion> questions, int k, EvalCorpus corpus, Asker asker) throws Exception {
        List<AnswerEvent> armAnswers = new ArrayList<>();
        long armStart = System.nanoTime();
        for (EvalQuestion q : questions) {
            armAnswers.add(asker.ask(arm.query(arm.id() + "/" + q.id(), q, corpus.document(q.docName()).orElseThrow(), k)));
            progress.printf(Locale.ROOT, "\r  %-14s %d/%d questions", arm.id(), armAnswers.size(), questions.size());
        }
        progress.printf(Locale.ROOT, ", %.1f s%n", (System.nanoTime() - armStart) / 1e9);
        return armAnswers;
    }

    /** Sends one query at a time and waits for its answer. */
    private final class Asker {

        private final String queriesTopic;
        private final TopicTail answers;
        private final Map<String, AnswerEvent> early = new HashMap<>();

        Asker(String queriesTopic, TopicTail answers) {
            this.queriesTopic = queriesTopic;
            this.answers = answers;
        }

        AnswerEvent ask(QueryEvent query) throws Exception {
            producer.send(new ProducerRecord<>(queriesTopic, query.queryId(), Json.toString(query))).get();
            long deadline = System.nanoTime() + ANSWER_TIMEOUT.toNanos();
            while (!early.containsKey(query.queryId())) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no answer to " + query.queryId() + " within " + ANSWER_TIMEOUT);
                }
                for (ConsumerRecord<byte[], byte[]> r : answers.poll(Duration.ofMillis(50))) {
                    AnswerEvent answer = Json.fromBytes(r.value(), AnswerEvent.class);
                    early.put(answer.queryId(), answer);
                }
            }
            return early.remove(query.queryId());
        }
    }

    /**
     * Waits until the query job has checkpointed past every record the ingest job published: its source
     * commits offsets when a checkpoint completes, and a completed checkpoint means every operator, the
     * shard stores included, has processed the records before it. (The end offsets of the topic would not
     * do: a transaction's commit marker takes an offset no record has.)
     */
    private void awaitLoaded(String chunksGroup) throws Exception {
        try (Admin admin = clients.admin()) {
            long deadline = System.nanoTime() + LOAD_TIMEOUT.toNanos();
            while (true) {
                Map<TopicPartition, OffsetAndMetadata> committed = clients.committedOffsets(admin, chunksGroup);
                boolean loaded = publishedUpTo.entrySet().stream()
                        .allMatch(e -> committed.get(e.getKey()) != null && committed.get(e.getKey()).offset() >= e.getValue());
                if (loaded) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the query job did not load the chunks within " + LOAD_TIMEOUT + ": committed "
                            + committed + ", published up to " + publishedUpTo);
                }
                Thread.sleep(500);
            }
        }
    }

    /** Stops the stack, which deletes its temporary data directory: the evaluation keeps only its report. */
    @Override
    public void close() {
        try {
            producer.close();
        } finally {
            stack.close();
        }
    }
}
