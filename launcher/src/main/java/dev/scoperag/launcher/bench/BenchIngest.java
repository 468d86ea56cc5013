package dev.scoperag.launcher.bench;

import dev.scoperag.core.embed.Embedder;
import dev.scoperag.core.embed.EmbedderSpec;
import dev.scoperag.core.embed.OnnxEmbedder;
import dev.scoperag.core.filing.FilingContent;
import dev.scoperag.core.filing.FilingEvent;
import dev.scoperag.core.ingest.Backfill;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.record.ChunkTopicRecord;
import dev.scoperag.core.record.ChunkUpserted;
import dev.scoperag.core.record.DocumentCommitted;
import dev.scoperag.ingest.IngestJob;
import dev.scoperag.ingest.IngestOptions;
import dev.scoperag.ingest.functions.EmbedChunks;
import dev.scoperag.ingest.functions.PublicationMetrics;
import dev.scoperag.ingest.functions.VersionDocuments;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.kafka.KafkaClients;
import dev.scoperag.launcher.kafka.TopicTail;
import dev.scoperag.launcher.stack.DataDirectory;
import dev.scoperag.launcher.stack.EmbeddedStack;
import dev.scoperag.stream.SharedOptions;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.HeartbeatManagerOptions;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code ./scoperag bench-ingest}: ingests a fixed set of FinanceBench 10-K PDFs end to end through
 * the ingest job on the embedded broker, re-sends them unchanged, then embeds the very same chunk
 * texts with the model alone, and prints the throughput of each.
 */
@Command(name = "bench-ingest", description = "Benchmark: the ingest pipeline's throughput against the embedding model's alone, "
        + "on three FinanceBench 10-K PDFs.")
public final class BenchIngest implements Callable<Integer> {

    static final List<String> DOCUMENTS = List.of("AMAZON_2019_10K", "NETFLIX_2017_10K", "ADOBE_2022_10K");
    private static final Duration HEARTBEAT = Duration.ofMillis(500);
    private static final String MARKER = "MARKER";
    private static final int WARM_UP_ROUNDS = 2;
    private static final Duration SETTLE_STEP = Duration.ofSeconds(2);
    private static final Duration SETTLED_JIT = Duration.ofMillis(50);
    private static final Duration JIT_SETTLE_LIMIT = Duration.ofSeconds(30);
    /** Model speeds further apart than this within one benchmark mean the machine changed speed. */
    private static final double UNLIKE_SPEEDS = 0.20;

    @Option(names = "--bench-dir", paramLabel = "DIR", description = "the bench data (default: SCOPERAG_BENCH_DIR, else ../shared/bench)")
    private Path bench = Path.of(System.getProperty("scoperag.bench.dir", "../shared/bench"));
    @Option(names = "--documents", paramLabel = "DOC", split = ",", splitSynopsisLabel = ",", description = "FinanceBench documents to ingest (default ${DEFAULT-VALUE})")
    private List<String> documents = DOCUMENTS;

    @Override
    public Integer call() throws Exception {
        Path manifest = bench.resolve("financebench/corpus.jsonl");
        if (!Files.exists(manifest)) {
            throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, "no FinanceBench manifest at " + manifest.toAbsolutePath()
                    + " (set --bench-dir)");
        }
        List<String> wanted = documents;
        List<FilingEvent> all = Backfill.list(manifest);
        List<FilingEvent> filings = all.stream().filter(e -> wanted.contains(e.eventId())).toList();
        if (filings.size() != wanted.size()) {
            throw new CommandFailure(CommandFailure.Reason.UNSUPPORTED_INPUT, "not all of " + wanted + " are in " + manifest);
        }
        Configuration jobConfig = new Configuration();
        jobConfig.set(IngestOptions.FILE_ROOT, Backfill.root(manifest).toString());
        jobConfig.set(SharedOptions.CHECKPOINT_INTERVAL, Duration.ofSeconds(1));
        // Accumulators (model and extraction time) reach the client with each heartbeat: read them fresh.
        jobConfig.set(HeartbeatManagerOptions.HEARTBEAT_INTERVAL, HEARTBEAT);
        // The ingest job alone, at the stack's default parallelism of one, on a broker of its own; its counters read live.
        try (LiveCounters counters = LiveCounters.enable(jobConfig);
                EmbeddedStack stack = EmbeddedStack.start(new EmbeddedStack.Settings(DataDirectory.temporary("scoperag-bench-ingest"), 0, null,
                jobConfig, EmbeddedStack.Jobs.INGEST))) {
            Configuration config = stack.ingestConfig();
            EmbeddedStack.RunningJob job = stack.ingestJob().orElseThrow();
            KafkaClients clients = KafkaClients.of(ClientSettings.of(config));
            String filingsTopic = config.get(IngestOptions.FILINGS_TOPIC);
            try (KafkaProducer<String, String> producer = clients.producer();
                    Published watcher = new Published(clients, config.get(SharedOptions.CHUNKS_TOPIC))) {
                // Warm-up, not timed, as a benchmark harness warms up: the same documents as other issuers' filings
                // (new shards, so nothing is reused) load the model and let the JIT compile the paths these
                // PDFs take through extraction, state and Kafka, as in a job that has been running for a while.
                // One round leaves the compiler busy through the measured ingest (2.5 s of C2 CPU there), so
                // there are two, and then a wait for the compile queue to drain.
                for (int round = 1; round <= WARM_UP_ROUNDS; round++) {
                    int r = round;
                    long compiledBefore = compilationMillis();
                    long roundStart = System.nanoTime();
                    filings.forEach(f -> send(producer, filingsTopic, warmUpCopy(f, r)));
                    watcher.awaitCommits(filings.size(), Duration.ofHours(1), p -> { });
                    System.out.printf(Locale.ROOT, "warm-up round %d: %.1f s, %.1f s of JIT compilation%n",
                            r, (System.nanoTime() - roundStart) / 1e9, (compilationMillis() - compiledBefore) / 1e3);
                }
                int warmUpChunks = watcher.chunks().size();
                int warmUpCommits = watcher.commits().size();
                StageTimes warmUpTimes = StageTimes.of(stack, job);
                awaitSettledJit();
                CpuTimes cpuBefore = CpuTimes.now();

                System.out.println("ingesting " + filings.size() + " documents ...");
                long start = System.nanoTime();
                filings.forEach(f -> send(producer, filingsTopic, f));
                watcher.awaitCommits(filings.size(), Duration.ofHours(1), BenchIngest::printProgress);
                double firstSeconds = (System.nanoTime() - start) / 1e9;
                CpuTimes cpu = CpuTimes.now().minus(cpuBefore);
                List<DocumentCommitted> commits = List.copyOf(watcher.commits().subList(warmUpCommits, watcher.commits().size()));
                List<ChunkUpserted> published = List.copyOf(watcher.chunks().subList(warmUpChunks, watcher.chunks().size()));
                List<String> texts = published.stream().map(ChunkUpserted::text).toList();
                int chunkCount = texts.size();
                System.out.println();
                for (DocumentCommitted c : commits) {
                    System.out.printf(Locale.ROOT, "  %s %s: %d pages, %d chars, %d chunks%n", c.shard(), c.docId(), c.pageCount(),
                            c.charCount(), c.chunkCount());
                }
                double pipeline = chunkCount / firstSeconds;
                System.out.printf(Locale.ROOT, "first ingest: %d documents, %d chunks in %.1f s (%.2f chunks/s)%n",
                        filings.size(), chunkCount, firstSeconds, pipeline);
                int cores = Runtime.getRuntime().availableProcessors();
                System.out.printf(Locale.ROOT, "CPU meanwhile: %.1f s of the %.1f s that %d cores had; the embedding threads %.1f s, "
                                + "all others %.1f s (JIT compilers %.1f s)%n",
                        cpu.processSeconds(), firstSeconds * cores, cores, cpu.embeddingSeconds(),
                        cpu.processSeconds() - cpu.embeddingSeconds(), cpu.jitSeconds());

                // Unchanged documents again, timed until the job has skipped every one (its own counter, read live);
                // then a marker filing, whose publication shows what a filing sent after them waits for.
                long skippedBefore = counters.sum(VersionDocuments.FILINGS_UNCHANGED);
                long again = System.nanoTime();
                long againMillis = System.currentTimeMillis();
                filings.forEach(f -> send(producer, filingsTopic, f));
                long skipped = counters.awaitSum(VersionDocuments.FILINGS_UNCHANGED, skippedBefore + filings.size(), Duration.ofMinutes(10));
                double reSeconds = (skipped - again) / 1e9;
                long committedBefore = counters.sum(PublicationMetrics.DOCUMENTS_COMMITTED);
                long markerSent = System.nanoTime();
                long markerSentMillis = System.currentTimeMillis();
                send(producer, filingsTopic, marker());
                long markerHandedOn = counters.awaitSum(PublicationMetrics.DOCUMENTS_COMMITTED, committedBefore + 1, Duration.ofMinutes(10));
                watcher.awaitCommits(1, Duration.ofMinutes(10), p -> { });
                long markerVisible = System.nanoTime();
                long markerVisibleMillis = System.currentTimeMillis();
                long reChunks = watcher.chunks().subList(warmUpChunks + chunkCount, watcher.chunks().size()).stream()
                        .filter(c -> !c.ticker().equals(MARKER)).count();
                System.out.printf(Locale.ROOT, "re-ingest of the unchanged documents: %.3f s until the job had skipped all %d (its filingsUnchanged "
                                + "counter, read live), %d chunks published for them (%.0f times faster than the first ingest)%n",
                        reSeconds, filings.size(), reChunks, firstSeconds / reSeconds);
                System.out.printf(Locale.ROOT, "a one-chunk filing sent after them was extracted, embedded and handed to the Kafka sink %.3f s after "
                                + "it was sent, and visible to a read_committed reader %.2f s after it was sent (%.2f s after the first re-send): "
                                + "exactly-once publication waits for the next checkpoint (interval %d s)%n",
                        (markerHandedOn - markerSent) / 1e9, (markerVisible - markerSent) / 1e9, (markerVisible - again) / 1e9,
                        config.get(SharedOptions.CHECKPOINT_INTERVAL).toSeconds());
                printCheckpoints(stack.completedCheckpoints(job), againMillis, markerSentMillis, markerVisibleMillis);
                if (reChunks != 0) {
                    throw new IllegalStateException("re-sending unchanged filings published " + reChunks + " chunks: re-ingest is not idempotent");
                }
                EmbedderSpec spec = IngestJob.embedderSpec(config);
                // The model alone on the same chunk texts, three times: once while the (idle) job still runs,
                // twice after it is cancelled. Its speed moves by a few percent from one run to the next, so
                // the ratio uses the fastest: a slow sample would flatter the pipeline.
                RawRun whileJobIdle = RawRun.of(spec, texts);
                StageTimes times = StageTimes.of(stack, job).minus(warmUpTimes);
                stack.stop(job);
                RawRun alone = RawRun.of(spec, texts);
                RawRun aloneAgain = RawRun.of(spec, texts);
                List<RawRun> rawRuns = List.of(alone, aloneAgain, whileJobIdle);
                RawRun fastest = rawRuns.stream().max(Comparator.comparingDouble(RawRun::chunksPerSecond)).orElseThrow();
                double raw = fastest.chunksPerSecond();
                double slowest = rawRuns.stream().mapToDouble(RawRun::chunksPerSecond).min().orElseThrow();
                System.out.printf(Locale.ROOT, "raw embedding with the idle job still running: %.2f chunks/s; after it stopped: %.2f and %.2f chunks/s%n",
                        whileJobIdle.chunksPerSecond(), alone.chunksPerSecond(), aloneAgain.chunksPerSecond());
                // The job embeds each chunk's windows (about 400 characters each, every character once), the raw runs
                // whole chunks (every character twice, cut at the model's token window): the CPU per published chunk
                // shows what the windows cost. The raw runs' spread shows whether the machine changed speed (this
                // virtual machine has run the model some 40% slower for minutes): then the ratio compares unlike runs.
                double jobCpuPerChunk = cpu.embeddingSeconds() * 1e3 / Math.max(chunkCount, 1);
                System.out.printf(Locale.ROOT, "model CPU per published chunk: %.0f ms in the job (%d window texts for %d chunks), "
                                + "%.0f ms alone embedding whole chunks (fastest raw run)%n",
                        jobCpuPerChunk, times.textsEmbedded(), chunkCount, fastest.cpuMillisPerChunk());
                if (raw > slowest * (1 + UNLIKE_SPEEDS)) {
                    System.out.printf(Locale.ROOT, "warning: the model ran at speeds more than %.0f%% apart during this benchmark, so the ratio "
                            + "below compares unlike runs; run it again on a quiet machine%n", UNLIKE_SPEEDS * 100);
                }
                System.out.printf(Locale.ROOT, "raw embedding (%s, batch %d, %d parallel runs of %d threads): %.2f chunks/s%n",
                        spec.modelId(), spec.batchSize(), spec.parallelRuns(), spec.threads(), raw);
                System.out.printf(Locale.ROOT, "where the first ingest's %.1f s went: model %.1f s (%d texts, %.2f texts/s while embedding), "
                                + "everything else %.1f s; text extraction, on its own task beside the model, %.1f s%n",
                        firstSeconds, times.modelSeconds(), times.textsEmbedded(), times.textsEmbedded() / Math.max(times.modelSeconds(), 1e-9),
                        firstSeconds - times.modelSeconds(), times.extractionSeconds());
                RecordSizes.of(published, commits).print(System.out);
                System.out.printf(Locale.ROOT, "ingest pipeline/raw-embedding throughput ratio: %.3f (pipeline %.2f chunks/s, raw %.2f chunks/s, %d chunks)%n",
                        pipeline / raw, pipeline, raw, chunkCount);
            }
        }
        return 0;
    }

    /** The job's stage timers (accumulators, summed over subtasks), as last reported by the task managers. */
    private record StageTimes(double modelSeconds, long textsEmbedded, double extractionSeconds) {

        static StageTimes of(EmbeddedStack stack, EmbeddedStack.RunningJob job) throws Exception {
            Thread.sleep(HEARTBEAT.multipliedBy(3).toMillis());
            Map<String, Object> accumulators = stack.accumulators(job);
            return new StageTimes(nanos(accumulators, EmbedChunks.MODEL_NANOS) / 1e9, nanos(accumulators, EmbedChunks.TEXTS_EMBEDDED),
                    nanos(accumulators, VersionDocuments.EXTRACTION_NANOS) / 1e9);
        }

        StageTimes minus(StageTimes earlier) {
            return new StageTimes(modelSeconds - earlier.modelSeconds, textsEmbedded - earlier.textsEmbedded,
                    extractionSeconds - earlier.extractionSeconds);
        }

        private static long nanos(Map<String, Object> accumulators, String name) {
            return accumulators.get(name) instanceof Number n ? n.longValue() : 0;
        }
    }

    /** CPU time of this process, of its embedding threads (the embed step's model thread and its parallel runs') and of the JIT compilers. */
    private record CpuTimes(long processNanos, long embeddingNanos, long jitNanos) {

        static CpuTimes now() {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long embedding = 0;
            for (ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
                // The embed step hands batches to the model on a thread of its own, which runs one of the model's runs.
                if (t != null && (t.getThreadName().startsWith(EmbedChunks.MODEL_THREAD)
                        || t.getThreadName().startsWith(OnnxEmbedder.RUN_THREAD_PREFIX))) {
                    embedding += Math.max(0, threads.getThreadCpuTime(t.getThreadId()));
                }
            }
            long process = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
            return new CpuTimes(process, embedding, compilationMillis() * 1_000_000);
        }

        CpuTimes minus(CpuTimes earlier) {
            return new CpuTimes(processNanos - earlier.processNanos, embeddingNanos - earlier.embeddingNanos, jitNanos - earlier.jitNanos);
        }

        double processSeconds() {
            return processNanos / 1e9;
        }

        double embeddingSeconds() {
            return embeddingNanos / 1e9;
        }

        double jitSeconds() {
            return jitNanos / 1e9;
        }
    }

    /** One run of the model alone: its throughput and the CPU it took per chunk. */
    private record RawRun(double chunksPerSecond, double cpuMillisPerChunk) {

        /** With the job's settings, given all texts in one call so that every parallel run always has work. */
        static RawRun of(EmbedderSpec spec, List<String> texts) {
            try (Embedder embedder = spec.open()) {
                embedder.embedPassages(texts.subList(0, Math.min(texts.size(), spec.chunksPerCall())));
                ThreadMXBean threads = ManagementFactory.getThreadMXBean();
                // This thread is one of the runs; the others are the embedder's own threads.
                long cpuBefore = threads.getCurrentThreadCpuTime() + CpuTimes.now().embeddingNanos();
                long start = System.nanoTime();
                embedder.embedPassages(texts);
                double seconds = (System.nanoTime() - start) / 1e9;
                long cpu = threads.getCurrentThreadCpuTime() + CpuTimes.now().embeddingNanos() - cpuBefore;
                return new RawRun(texts.size() / seconds, cpu / 1e6 / texts.size());
            }
        }
    }

    /**
     * Waits until the JIT compilers are nearly idle (under {@code SETTLED_JIT} of compilation in a {@code SETTLE_STEP}),
     * at most {@code JIT_SETTLE_LIMIT}: an idle job and broker keep them from ever being quite idle.
     */
    private static void awaitSettledJit() throws InterruptedException {
        long start = System.nanoTime();
        long before = compilationMillis();
        long last = before;
        while (System.nanoTime() - start < JIT_SETTLE_LIMIT.toNanos()) {
            Thread.sleep(SETTLE_STEP.toMillis());
            long now = compilationMillis();
            if (now - last < SETTLED_JIT.toMillis()) {
                break;
            }
            last = now;
        }
        System.out.printf(Locale.ROOT, "waited %.0f s for the JIT to settle (%.1f s of compilation meanwhile)%n",
                (System.nanoTime() - start) / 1e9, (compilationMillis() - before) / 1e3);
    }

    /**
     * The checkpoints from the last one completed before the re-send (it published the first ingest's last document)
     * to the one that published the marker, with times from the first re-send: the marker waits for the next trigger,
     * which the checkpoint timer sets one interval after the last.
     */
    private static void printCheckpoints(List<EmbeddedStack.CheckpointTiming> checkpoints, long againMillis, long markerSentMillis,
            long markerVisibleMillis) {
        System.out.printf(Locale.ROOT, "  checkpoints, in seconds from the first re-send (the marker was sent at %+.3f s, visible at %+.3f s):%n",
                (markerSentMillis - againMillis) / 1e3, (markerVisibleMillis - againMillis) / 1e3);
        long lastBefore = checkpoints.stream().filter(c -> c.triggeredAtMillis() + c.durationMillis() < againMillis)
                .mapToLong(EmbeddedStack.CheckpointTiming::id).max().orElse(Long.MIN_VALUE);
        for (EmbeddedStack.CheckpointTiming c : checkpoints) {
            if (c.id() >= lastBefore && c.triggeredAtMillis() <= markerVisibleMillis) {
                System.out.printf(Locale.ROOT, "    %d: triggered %+.3f s, completed %+.3f s (%d ms; slowest task %d ms synchronous, "
                                + "%d ms asynchronous), state %.1f MB, %.1f MB of it uploaded%n",
                        c.id(), (c.triggeredAtMillis() - againMillis) / 1e3, (c.triggeredAtMillis() + c.durationMillis() - againMillis) / 1e3,
                        c.durationMillis(), c.slowestSyncMillis(), c.slowestAsyncMillis(), c.stateBytes() / 1e6, c.checkpointedBytes() / 1e6);
            }
        }
        long[] durations = checkpoints.stream().mapToLong(EmbeddedStack.CheckpointTiming::durationMillis).sorted().toArray();
        if (durations.length > 0) {
            System.out.printf(Locale.ROOT, "  the job's last %d checkpoints took %d-%d ms (median %d ms)%n",
                    durations.length, durations[0], durations[durations.length - 1], durations[durations.length / 2]);
        }
    }

    private static long compilationMillis() {
        return ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
    }

    private static void printProgress(Published.Progress p) {
        System.out.printf(Locale.ROOT, "\r  published %d chunks, %d documents committed, %.0f s", p.chunks(), p.commits(), p.elapsedMillis() / 1e3);
        System.out.flush();
    }

    private static FilingEvent warmUpCopy(FilingEvent f, int round) {
        return new FilingEvent("WARM-UP-" + round + "-" + f.eventId(), f.action(), f.ticker() + "-W" + round, null, f.company(), f.fiscalYear(),
                f.formType(), f.period(), null, f.filedAt(), null, f.content());
    }

    private static FilingEvent marker() {
        return new FilingEvent(MARKER, null, MARKER, null, null, 2000, "10-K", null, null, null, null,
                FilingContent.ofText("Item 1. Business. A one-chunk filing that marks a point in the stream."));
    }

    private static void send(KafkaProducer<String, String> producer, String topic, FilingEvent event) {
        try {
            producer.send(new ProducerRecord<>(topic, event.eventId(), Json.toString(event))).get();
        } catch (Exception e) {
            throw new IllegalStateException("cannot send " + event.eventId(), e);
        }
    }

    /** What the ingest job publishes on {@code chunks} from now on, as a read_committed reader sees it. */
    private static final class Published implements AutoCloseable {

        /** What has been read so far. */
        record Progress(int chunks, int commits, long elapsedMillis) {}

        private final TopicTail tail;
        private final List<DocumentCommitted> commits = new ArrayList<>();
        private final List<ChunkUpserted> chunks = new ArrayList<>();

        Published(KafkaClients clients, String topic) {
            tail = new TopicTail(clients, topic);
        }

        List<DocumentCommitted> commits() {
            return commits;
        }

        List<ChunkUpserted> chunks() {
            return chunks;
        }

        /** Reads until {@code count} more commits have arrived, reporting progress about every second. */
        void awaitCommits(int count, Duration timeout, Consumer<Progress> progress) {
            int target = commits.size() + count;
            long start = System.nanoTime();
            long deadline = start + timeout.toNanos();
            long nextReport = start;
            while (commits.size() < target) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("timed out after " + timeout + " waiting for " + count + " commits");
                }
                for (ConsumerRecord<byte[], byte[]> r : tail.poll(Duration.ofMillis(100))) {
                    if (r.value() == null) {
                        continue;
                    }
                    ChunkTopicRecord record = Json.fromBytes(r.value(), ChunkTopicRecord.class);
                    if (record instanceof DocumentCommitted commit) {
                        commits.add(commit);
                    } else if (record instanceof ChunkUpserted chunk) {
                        chunks.add(chunk);
                    }
                }
                if (System.nanoTime() >= nextReport) {
                    progress.accept(new Progress(chunks.size(), commits.size(), (System.nanoTime() - start) / 1_000_000));
                    nextReport = System.nanoTime() + 1_000_000_000L;
                }
            }
        }

        @Override
        public void close() {
            tail.close();
        }
    }
}
