package dev.scoperag.launcher.bench;

import dev.scoperag.launcher.stats.Percentiles;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.embed.EmbeddingCache;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.ingest.Backfill;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.ingest.IngestJob;
import dev.scoperag.ingest.IngestOptions;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.CommandLines;
import dev.scoperag.launcher.cli.Durations;
import dev.scoperag.launcher.cli.JobSettings;
import dev.scoperag.launcher.cli.ProgressLine;
import dev.scoperag.launcher.cli.SettingOverrides;
import dev.scoperag.launcher.eval.EvalQuestion;
import dev.scoperag.launcher.kafka.KafkaClients;
import dev.scoperag.launcher.kafka.PublishedFilings;
import dev.scoperag.launcher.stack.DataDirectory;
import dev.scoperag.launcher.stack.EmbeddedDefaults;
import dev.scoperag.launcher.stack.EmbeddedStack;
import dev.scoperag.query.QueryJob;
import dev.scoperag.query.QueryOptions;
import dev.scoperag.stream.SharedOptions;
import dev.scoperag.stream.kafka.ShardPartitioning;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ./scoperag bench-query}: the query job's latency and throughput at two corpus sizes. It
 * loads a fixed set of real FinanceBench filings (the documents of the dev questions) through the
 * ingest job of the embedded stack, sends a steady open-loop stream of the questions about them for
 * a fixed time and prints throughput and latency percentiles per search path and stage; then grows
 * the corpus tenfold with replicas of the same documents under other issuers and does it again. The
 * last line is the ratio of the routed questions' median latency at the two sizes.
 */
@Command(name = "bench-query", description = "Benchmark: the query job's latency and throughput at two corpus sizes.",
        footer = {"%nLoads the documents of the questions (at least 20 real filings) through the ingest job of the embedded stack "
                + "(embeddings from the on-disk cache when it has them), streams the questions untimed for a minute so the JIT "
                + "compiles the question path, then for each corpus size: the questions once, one at a "
                + "time (warm-up; it also measures the time one question takes alone), and a steady stream at --rate for "
                + "--duration. The grown corpus adds --replicas copies of every document under other tickers and names, written "
                + "to the chunks topic as the ingest job would publish them. Latency is printed per search path (routed, "
                + "corpus-wide) and stage: 'visible' is from sending a question until its answer is read (answers are "
                + "exactly-once, so visible at a checkpoint: 2 s unless -Dscoperag.checkpoint.interval says otherwise), the "
                + "other stages are the answer's timings_ms. The last lines compare the routed questions' median in-job time "
                + "between the two corpus sizes, and with the median time of the question's embedding (1x)."})
public final class BenchQuery implements Callable<Integer> {

    static final int MIN_DOCUMENTS = 20;
    static final double DEFAULT_RATE = 0.5;
    static final double MAX_RATE = 1000;
    /**
     * Answers become visible at checkpoints. The embedded stack's own interval: at 500 ms, checkpointing
     * the 10x corpus's 800 MB of state twice a second competed with the questions (routed median 1.22
     * and 1.34 times the 1x one in the stream, against 1.11 at 2 s).
     */
    static final Duration DEFAULT_CHECKPOINT_INTERVAL = Duration.ofSeconds(2);

    private static final Duration LOAD_TIMEOUT = Duration.ofHours(3);
    private static final Duration INTAKE_TIMEOUT = Duration.ofMinutes(45);
    /** Long enough for the first corpus-wide question of a phase, which builds the corpus-wide index. */
    private static final Duration WARM_UP_ANSWER_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration DRAIN = Duration.ofMinutes(3);
    /** Above this share of the measured capacity, queueing dominates what the stream measures. */
    private static final double MAX_UTILISATION = 0.7;
    /**
     * The untimed stream before the first phase: the query job has answered no question yet, and one round of warm-up
     * left the 1x phase's medians well above the 10x phase's (131 against 46 ms asked alone), so the first phase measured
     * the JIT compiling as much as the question path. About three rounds of the questions, at a rate well below capacity.
     */
    private static final Duration JIT_WARM_UP = Duration.ofSeconds(75);
    private static final double JIT_WARM_UP_RATE = 2.0;

    @Option(names = "--corpus", paramLabel = "FILE", description = "FinanceBench corpus.jsonl manifest (default <bench dir>/financebench/corpus.jsonl)")
    private Path corpus;
    @Option(names = "--questions", paramLabel = "FILE",
            description = "questions naming their doc_name (default <bench dir>/financebench/questions-dev.jsonl)") private Path questions;
    @Option(names = "--documents", paramLabel = "N",
            description = "how many of the questions' documents to load, at least " + MIN_DOCUMENTS + " (default all of them)")
    private int documents = Integer.MAX_VALUE;
    @Option(names = "--duration", paramLabel = "TIME", description = "how long each phase sends questions (default 2 min)")
    private Duration duration = Duration.ofSeconds(120);
    @Option(names = "--rate", paramLabel = "Q", description = "questions sent per second, open loop (default ${DEFAULT-VALUE})")
    private double rate = DEFAULT_RATE;
    @Option(names = "--replicas", paramLabel = "N", description = "replicas of each document in the grown corpus (default ${DEFAULT-VALUE}: "
            + "ten times the corpus)") private int replicas = 9;
    @Option(names = "--data", paramLabel = "DIR",
            description = "an empty directory for the broker log and job state, kept afterwards (default: a temporary one)") private Path data;
    @Option(names = "--cache-dir", paramLabel = "DIR",
            description = "embedding cache root (default ~/.cache/scoperag/embeddings); copied if another process holds it") private Path cacheDir;
    @Mixin private SettingOverrides overrides = new SettingOverrides();

    /** The command line of a benchmark run. */
    record Settings(Path corpus, Path questions, int documents, Duration duration, double rate, int replicas, Path data, Path cacheRoot,
            Configuration jobConfig) {

        static Settings parse(String[] argv) {
            return CommandLines.parse(new BenchQuery(), argv).settings();
        }

        private static Path existing(Path p, String option) {
            if (!Files.isRegularFile(p)) {
                throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, "no file " + p.toAbsolutePath() + " (set " + option
                        + ", or SCOPERAG_BENCH_DIR)");
            }
            return p;
        }

        private static boolean isEmpty(Path dir) {
            try (Stream<Path> entries = Files.list(dir)) {
                return entries.findAny().isEmpty();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The settings of this command line, checked. */
    Settings settings() {
        if (documents < MIN_DOCUMENTS) {
            throw CommandFailure.usage("--documents must be at least " + MIN_DOCUMENTS);
        }
        if (!(rate > 0 && rate <= MAX_RATE)) {
            throw CommandFailure.usage("--rate takes questions per second, more than 0 and at most 1000, not " + rate);
        }
        if (replicas < 1) {
            throw CommandFailure.usage("--replicas must be at least 1");
        }
        Path bench = Path.of(System.getProperty("scoperag.bench.dir", "../shared/bench"), "financebench");
        Path corpusFile = Settings.existing(corpus != null ? corpus : bench.resolve("corpus.jsonl"), "--corpus");
        Path questionsFile = Settings.existing(questions != null ? questions : bench.resolve("questions-dev.jsonl"), "--questions");
        Path dataDir = data == null ? null : data.toAbsolutePath().normalize();
        if (dataDir != null && Files.isDirectory(dataDir) && !Settings.isEmpty(dataDir)) {
            throw CommandFailure.usage("--data " + dataDir + " is not empty: a benchmark starts from an empty stack");
        }
        Path cacheRoot = cacheDir != null ? cacheDir : EmbeddingCache.defaultDirectory(EmbedderSpec.bundled().modelId()).getParent();
        JobSettings.check(overrides.values(), Map.of());
        Configuration jobConfig = EmbeddedDefaults.apply(Configuration.fromMap(overrides.values()));
        if (!overrides.values().containsKey(SharedOptions.CHECKPOINT_INTERVAL.key())) {
            jobConfig.set(SharedOptions.CHECKPOINT_INTERVAL, DEFAULT_CHECKPOINT_INTERVAL);
        }
        jobConfig.set(IngestOptions.FILE_ROOT, Backfill.root(corpusFile).toAbsolutePath().toString());
        return new Settings(corpusFile, questionsFile, documents, duration, rate, replicas, dataDir, cacheRoot, jobConfig);
    }

    /**
     * The documents the benchmark loads: those the questions name that the manifest has, the most
     * asked about first (then by name), at most {@code limit}.
     */
    static List<String> documents(List<EvalQuestion> questions, Set<String> inManifest, int limit) {
        Map<String, Long> asked = questions.stream().filter(q -> inManifest.contains(q.docName()))
                .collect(Collectors.groupingBy(EvalQuestion::docName, Collectors.counting()));
        return asked.keySet().stream()
                .sorted(Comparator.<String>comparingLong(asked::get).reversed().thenComparing(Comparator.naturalOrder()))
                .limit(limit).toList();
    }

    @Override
    public Integer call() throws Exception {
        Settings settings = settings();
        PrintStream out = System.out;
        List<FilingEvent> manifest = Backfill.list(settings.corpus());
        List<EvalQuestion> allQuestions = EvalQuestion.read(settings.questions());
        Set<String> inManifest = manifest.stream().map(FilingEvent::eventId).collect(Collectors.toSet());
        List<String> documents = documents(allQuestions, inManifest, settings.documents());
        if (documents.size() < MIN_DOCUMENTS) {
            throw new CommandFailure(CommandFailure.Reason.UNSUPPORTED_INPUT, "the questions name " + documents.size()
                    + " documents of the manifest; the benchmark needs at least " + MIN_DOCUMENTS);
        }
        Set<String> chosen = new LinkedHashSet<>(documents);
        List<FilingEvent> filings = manifest.stream().filter(e -> chosen.contains(e.eventId())).toList();
        List<EvalQuestion> questions = allQuestions.stream().filter(q -> chosen.contains(q.docName())).toList();

        DataDirectory data = settings.data() == null ? DataDirectory.temporary("scoperag-bench-query")
                : DataDirectory.persistent(settings.data());
        Configuration jobConfig = settings.jobConfig().clone();
        jobConfig.set(IngestOptions.EMBEDDING_CACHE_DIR, embeddingCache(settings, jobConfig, data, out).toString());

        out.printf(Locale.ROOT, "bench-query: %d filings the questions are about, %d questions, %d replicas of each filing in the grown "
                        + "corpus%n", filings.size(), questions.size(), settings.replicas());
        out.printf(Locale.ROOT, "  steady stream %.2f questions/s for %s per phase; checkpoint interval %s (answers become visible "
                        + "at checkpoints); state in %s%n", settings.rate(), Durations.human(settings.duration()),
                jobConfig.get(SharedOptions.CHECKPOINT_INTERVAL).toMillis() + " ms", data.root());
        out.println("starting the embedded stack (KRaft broker, ingest and query jobs on a MiniCluster with RocksDB state) ...");
        try (EmbeddedStack stack = EmbeddedStack.start(new EmbeddedStack.Settings(data, 0, null, jobConfig, true))) {
            Bench bench = new Bench(stack, out);
            out.println("footprint of the empty stack: " + Footprint.of(data).describe());
            List<ChunkTopicRecord> published = bench.ingest(filings);
            Phase small = bench.phase("1x corpus", questions, settings);
            bench.grow(published, settings.replicas());
            Phase large = bench.phase((settings.replicas() + 1) + "x corpus", questions, settings);
            compareRoutes(small, large, out);
            double warmSmall = warmUpRoutedP50(small);
            double warmLarge = warmUpRoutedP50(large);
            out.printf(Locale.ROOT, "routed in-job p50 of the warm-ups (each question once, alone): %.0f ms at 1x, %.0f ms at %dx "
                    + "(ratio %.2f)%n", warmSmall, warmLarge, settings.replicas() + 1, warmLarge / warmSmall);
            double visible = ratio(large, small, LatencyTable.VISIBLE);
            double inJob = ratio(large, small, "total");
            out.printf(Locale.ROOT, "routed query p50 visible latency ratio (%dx corpus / 1x corpus): %.2f%n", settings.replicas() + 1,
                    visible);
            out.printf(Locale.ROOT, "routed query p50 latency ratio (%dx corpus / 1x corpus): %.2f%n", settings.replicas() + 1, inJob);
            // What a routed answer costs beyond its one model call (the question and its expanded form, one batch).
            out.printf(Locale.ROOT, "routed query p50 / question embedding p50: %.2f%n",
                    small.table().get(Observation.Path.ROUTED, "total").p50()
                            / small.table().get(Observation.Path.ROUTED, "embed_query").p50());
        }
        return 0;
    }

    private static double ratio(Phase large, Phase small, String stage) {
        double a = large.table().get(Observation.Path.ROUTED, stage).p50();
        double b = small.table().get(Observation.Path.ROUTED, stage).p50();
        return a / b;
    }

    private static double warmUpRoutedP50(Phase phase) {
        return Percentiles.of(phase.warmUp().observations().stream().filter(o -> o.path() == Observation.Path.ROUTED)
                .map(o -> o.timingsMs().get("total")).filter(v -> v != null).toList()).p50();
    }

    /** Whether the grown corpus changed where the questions were routed: it must not. */
    private static void compareRoutes(Phase small, Phase large, PrintStream out) {
        Map<String, Set<String>> before = routes(small);
        Map<String, Set<String>> after = routes(large);
        int changed = 0;
        int toReplica = 0;
        for (Map.Entry<String, Set<String>> e : after.entrySet()) {
            if (e.getValue().stream().anyMatch(s -> CorpusReplicas.isReplica(s.substring(0, s.lastIndexOf(':'))))) {
                toReplica++;
            }
            if (before.containsKey(e.getKey()) && !before.get(e.getKey()).equals(e.getValue())) {
                changed++;
            }
        }
        out.printf(Locale.ROOT, "routing: %d questions routed at 1x, %d at the grown size; %d routed differently, %d routed to a replica%n",
                before.size(), after.size(), changed, toReplica);
    }

    /** Per question, the shards its routed answers went to. */
    private static Map<String, Set<String>> routes(Phase phase) {
        Map<String, Set<String>> routes = new HashMap<>();
        Stream.concat(phase.warmUp().observations().stream(), phase.stream().observations().stream())
                .filter(o -> o.path() == Observation.Path.ROUTED)
                .forEach(o -> routes.computeIfAbsent(o.questionId(), k -> new TreeSet<>()).addAll(o.shards()));
        return routes;
    }

    /** The embedding cache the ingest job opens: the user's, or a copy of it when another process holds it. */
    private static Path embeddingCache(Settings settings, Configuration jobConfig, DataDirectory data, PrintStream out) {
        String modelId = IngestJob.embedderSpec(jobConfig).modelId();
        Path cache = settings.cacheRoot().resolve(modelId);
        try (EmbeddingCache probe = EmbeddingCache.open(cache, modelId)) {
            out.printf(Locale.ROOT, "embedding cache %s: %d vectors%n", cache, probe.size());
            return settings.cacheRoot().toAbsolutePath();
        } catch (IllegalStateException e) {
            Path copy = data.root().resolve("embedding-cache");
            out.println("embedding cache " + cache + " is held by another process: using a copy in " + copy);
            try {
                Files.createDirectories(copy.resolve(modelId));
                try (Stream<Path> files = Files.list(cache)) {
                    for (Path f : files.toList()) {
                        Files.copy(f, copy.resolve(modelId).resolve(f.getFileName()));
                    }
                }
            } catch (IOException io) {
                throw new UncheckedIOException("cannot copy the embedding cache " + cache, io);
            }
            return copy;
        }
    }

    /** One corpus size: the warm-up, the steady stream, and the table of the stream's latencies. */
    record Phase(String name, QuestionStream.Result warmUp, QuestionStream.Result stream, LatencyTable table) {}

    /** The benchmark's steps on one running stack. */
    private static final class Bench {

        private final EmbeddedStack stack;
        private final PrintStream out;
        private final KafkaClients clients;
        private final String chunksTopic;
        private final String queriesTopic;
        private final String answersTopic;
        private int phases;
        /** The corpus the query job has now, for the phase headings. */
        private String corpus = "empty";
        private int documents;
        private int chunks;

        Bench(EmbeddedStack stack, PrintStream out) {
            this.stack = stack;
            this.out = out;
            this.clients = KafkaClients.of(ClientSettings.of(stack.ingestConfig()));
            this.chunksTopic = stack.ingestConfig().get(SharedOptions.CHUNKS_TOPIC);
            this.queriesTopic = stack.queryConfig().get(QueryOptions.QUERIES_TOPIC);
            this.answersTopic = stack.queryConfig().get(QueryOptions.ANSWERS_TOPIC);
        }

        /** Sends the filings to the ingest job; returns what it published, once the query job has taken it all in. */
        List<ChunkTopicRecord> ingest(List<FilingEvent> filings) throws Exception {
            String filingsTopic = stack.ingestConfig().get(IngestOptions.FILINGS_TOPIC);
            String dlqTopic = stack.ingestConfig().get(IngestOptions.DLQ_TOPIC);
            out.printf(Locale.ROOT, "loading %d filings through the ingest job ...%n", filings.size());
            long start = System.nanoTime();
            try (KafkaProducer<String, String> producer = clients.producer()) {
                for (FilingEvent f : filings) {
                    producer.send(new ProducerRecord<>(filingsTopic, f.eventId(), Json.toString(f))).get();
                }
            }
            ProgressLine progress = new ProgressLine(out);
            PublishedFilings published = PublishedFilings.read(clients, chunksTopic, dlqTopic, filings.size(), LOAD_TIMEOUT,
                    p -> progress.update(String.format(Locale.ROOT, "  %d/%d documents committed, %d rejected, %d chunks, %.0f s",
                            p.commits(), filings.size(), p.rejected(), p.records() - p.commits(), p.elapsed().toMillis() / 1e3)));
            List<ChunkTopicRecord> records = published.records();
            int commits = published.commits();
            List<String> rejected = published.deadLetters().stream().map(d -> d.path("source").path("key").asText("?")).toList();
            Map<Integer, Long> lastOffsets = published.publishedUpTo().entrySet().stream()
                    .collect(Collectors.toMap(e -> e.getKey().partition(), e -> e.getValue() - 1));
            progress.finish(String.format(Locale.ROOT, "  %d documents committed, %d chunks in %.0f s%s", commits, records.size() - commits,
                    seconds(start), rejected.isEmpty() ? "" : "; rejected (see the filings.dlq topic): " + rejected));
            documents = commits;
            this.chunks = records.size() - commits;
            corpus = String.format(Locale.ROOT, "%d documents, %d chunks", documents, this.chunks);
            awaitIntake(lastOffsets, "the ingest job's records");
            return records;
        }

        /** Writes the replicas of the published documents to the chunks topic and waits until the query job has them. */
        void grow(List<ChunkTopicRecord> published, int replicas) throws Exception {
            out.printf(Locale.ROOT, "growing the corpus: %d replicas of each document, under tickers such as %s and names such as '%s', "
                            + "written to %s as the ingest job would publish them ...%n", replicas,
                    CorpusReplicas.ticker("AMZN", 1), CorpusReplicas.company(CorpusReplicas.ticker("AMZN", 1)), chunksTopic);
            long start = System.nanoTime();
            Map<Integer, Long> lastOffsets = new ConcurrentHashMap<>();
            AtomicReference<Exception> failure = new AtomicReference<>();
            int written = 0;
            int chunks = 0;
            try (KafkaProducer<String, String> producer = clients.producer()) {
                int[] partitions = producer.partitionsFor(chunksTopic).stream().mapToInt(PartitionInfo::partition).sorted().toArray();
                for (int r = 1; r <= replicas; r++) {
                    for (ChunkTopicRecord record : CorpusReplicas.replicate(published, r)) {
                        int partition = ShardPartitioning.partitionOf(record.shard(), partitions);
                        producer.send(new ProducerRecord<>(chunksTopic, partition, record.key(), Json.toString(record)), (m, error) -> {
                            if (error != null) {
                                failure.compareAndSet(null, error);
                            } else {
                                lastOffsets.merge(m.partition(), m.offset(), Math::max);
                            }
                        });
                        written++;
                        chunks += record instanceof ChunkUpserted ? 1 : 0;
                    }
                }
                producer.flush();
            }
            if (failure.get() != null) {
                throw new CommandFailure(CommandFailure.Reason.STACK_FAILED, "cannot write the replicas to " + chunksTopic + ": "
                        + failure.get().getMessage(), failure.get());
            }
            corpus = String.format(Locale.ROOT, "%d documents, %d chunks (%d replicas of each filing)", documents * (replicas + 1),
                    this.chunks + chunks, replicas);
            out.printf(Locale.ROOT, "  %d records (%d chunks) written in %.0f s%n", written, chunks, seconds(start));
            awaitIntake(lastOffsets, "the replicas");
        }

        /**
         * Waits until the query job's chunks source has committed offsets past {@code lastOffsets}: it commits
         * them when a checkpoint completes, so every shard store and the catalog have taken the records in.
         */
        private void awaitIntake(Map<Integer, Long> lastOffsets, String what) throws InterruptedException {
            long start = System.nanoTime();
            out.println("  waiting for the query job to take in " + what + " (its chunks offsets commit at checkpoints) ...");
            String group = QueryJob.chunksGroupId(stack.queryConfig());
            ProgressLine progress = new ProgressLine(out);
            try (Admin admin = clients.admin()) {
                while (true) {
                    Map<TopicPartition, OffsetAndMetadata> committed = clients.committedOffsets(admin, group);
                    long toGo = 0;
                    for (Map.Entry<Integer, Long> e : lastOffsets.entrySet()) {
                        OffsetAndMetadata c = committed.get(new TopicPartition(chunksTopic, e.getKey()));
                        toGo += Math.max(0, e.getValue() + 1 - (c == null ? 0 : c.offset()));
                    }
                    if (toGo == 0) {
                        break;
                    }
                    if (System.nanoTime() - start > INTAKE_TIMEOUT.toNanos()) {
                        throw new CommandFailure(CommandFailure.Reason.NO_ANSWER, "the query job did not take in " + what + " within "
                                + Durations.human(INTAKE_TIMEOUT) + ": " + toGo + " records to go");
                    }
                    progress.update(String.format(Locale.ROOT, "  %d records to go, %.0f s", toGo, seconds(start)));
                    Thread.sleep(500);
                }
            }
            progress.finish(String.format(Locale.ROOT, "  the query job has every record (%.0f s)", seconds(start)));
        }

        Phase phase(String name, List<EvalQuestion> questions, Settings settings) throws Exception {
            int n = ++phases;
            out.println();
            out.println("== " + name + ": " + corpus + " ==");
            out.println("footprint before: " + Footprint.of(stack.data()).describe());
            try (QuestionStream stream = new QuestionStream(clients, queriesTopic, answersTopic)) {
                if (n == 1) {
                    out.printf(Locale.ROOT, "JIT warm-up, untimed: %.1f questions/s for %s ...%n", JIT_WARM_UP_RATE, Durations.human(JIT_WARM_UP));
                    QuestionStream.Result jit = stream.steady(questions, "bench-jit", JIT_WARM_UP_RATE, JIT_WARM_UP, DRAIN);
                    out.printf(Locale.ROOT, "  %d answered of %d in %.0f s%n", jit.observations().size(), jit.sent(), jit.seconds());
                }
                out.printf(Locale.ROOT, "warm-up: the %d questions once, one at a time ...%n", questions.size());
                QuestionStream.Result warmUp = stream.oneAtATime(questions, "bench-" + n + "-warm-up", WARM_UP_ANSWER_TIMEOUT);
                printWarmUp(warmUp, settings.rate());
                out.printf(Locale.ROOT, "steady stream: %.2f questions/s for %s ...%n", settings.rate(), Durations.human(settings.duration()));
                QuestionStream.Result result = stream.steady(questions, "bench-" + n, settings.rate(), settings.duration(), DRAIN);
                LatencyTable table = new LatencyTable(result.observations());
                out.printf(Locale.ROOT, "  sent %d in %.1f s, answered %d; throughput %.2f answers/s (first send to last answer, %.1f s)%n",
                        result.sent(), result.sendSeconds(), result.observations().size(), result.observations().size() / result.seconds(),
                        result.seconds());
                table.lines(result.seconds()).forEach(out::println);
                out.printf(Locale.ROOT, "  outstanding when sending stopped: %d; unanswered after draining: %d; query job's lag on %s (committed at checkpoints): %d%n",
                        result.outstandingWhenSendingStopped(), result.outstanding(), queriesTopic, queriesLag());
                out.println("footprint after: " + Footprint.of(stack.data()).describe());
                return new Phase(name, warmUp, result, table);
            }
        }

        private void printWarmUp(QuestionStream.Result warmUp, double rate) {
            List<Observation> seen = warmUp.observations();
            Map<Observation.Path, List<Observation>> byPath = seen.stream()
                    .collect(Collectors.groupingBy(Observation::path, LinkedHashMap::new, Collectors.toList()));
            String paths = byPath.entrySet().stream()
                    .map(e -> String.format(Locale.ROOT, "%d %s (in-job p50 %.0f ms)", e.getValue().size(), e.getKey().label(),
                            Percentiles.of(e.getValue().stream().map(o -> o.timingsMs().getOrDefault("total", Double.NaN)).toList()).p50()))
                    .collect(Collectors.joining(", "));
            double meanInJob = seen.stream().mapToDouble(o -> o.timingsMs().getOrDefault("total", 0.0)).average().orElse(Double.NaN);
            out.printf(Locale.ROOT, "  %d answered of %d in %.0f s: %s%n", seen.size(), warmUp.sent(), warmUp.seconds(), paths);
            out.printf(Locale.ROOT, "  one question alone takes %.0f ms in the job on average: capacity about %.2f questions/s, so %.2f/s "
                    + "offered is %.0f%% of it%n", meanInJob, 1000 / meanInJob, rate, 100 * rate * meanInJob / 1000);
            if (rate * meanInJob / 1000 > MAX_UTILISATION) {
                out.printf(Locale.ROOT, "  note: that is more than %.0f%% of capacity, so the stream's latencies include queueing: "
                        + "lower --rate to measure the cost of a question%n", 100 * MAX_UTILISATION);
            }
        }

        /** How many queries the query job has not yet committed as read. */
        private long queriesLag() {
            try (Admin admin = clients.admin()) {
                Map<TopicPartition, OffsetAndMetadata> committed = clients.committedOffsets(admin,
                        stack.queryConfig().get(QueryOptions.GROUP_ID));
                List<TopicPartition> partitions;
                try (KafkaConsumer<byte[], byte[]> consumer = clients.reader()) {
                    partitions = partitions(consumer, queriesTopic);
                }
                Map<TopicPartition, OffsetSpec> latest = partitions.stream().collect(Collectors.toMap(Function.identity(), p -> OffsetSpec.latest()));
                var ends = admin.listOffsets(latest).all().get();
                long lag = 0;
                for (TopicPartition p : partitions) {
                    long end = ends.get(p).offset();
                    OffsetAndMetadata c = committed.get(p);
                    lag += end - (c == null ? 0 : c.offset());
                }
                return lag;
            } catch (Exception e) {
                return -1;
            }
        }

        private static List<TopicPartition> partitions(KafkaConsumer<byte[], byte[]> consumer, String topic) {
            return consumer.partitionsFor(topic, Duration.ofMinutes(1)).stream().map(i -> new TopicPartition(topic, i.partition())).toList();
        }

        private static double seconds(long startNanos) {
            return (System.nanoTime() - startNanos) / 1e9;
        }
    }
}
