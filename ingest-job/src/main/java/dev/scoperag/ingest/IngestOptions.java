package dev.scoperag.ingest;

import static org.apache.flink.configuration.ConfigOptions.key;

import dev.scoperag.stream.SharedOptions;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.MemorySize;

/**
 * Every setting only the ingest job reads, with its default and what it does; the ones both jobs read
 * are {@link SharedOptions}.
 */
public final class IngestOptions {

    private IngestOptions() {}

    public static final ConfigOption<String> FILINGS_TOPIC = key("scoperag.topics.filings")
            .stringType().defaultValue("filings")
            .withDescription("Input topic of FilingEvent records.");

    public static final ConfigOption<String> DLQ_TOPIC = key("scoperag.topics.filings-dlq")
            .stringType().defaultValue("filings.dlq")
            .withDescription("Dead-letter topic: every filing that cannot be published, with its reason.");

    public static final ConfigOption<String> GROUP_ID = key("scoperag.ingest.group-id")
            .stringType().defaultValue("scoperag-ingest")
            .withDescription("Consumer group of the filings source (offsets are committed on checkpoints).");

    public static final ConfigOption<Boolean> READ_FILINGS_TOPIC = key("scoperag.ingest.read-filings-topic")
            .booleanType().defaultValue(true)
            .withDescription("Read the filings topic. Turn off for a bounded backfill of a directory or manifest only.");

    public static final ConfigOption<String> BACKFILL_PATH = key("scoperag.ingest.backfill-path")
            .stringType().noDefaultValue()
            .withDescription("A directory laid out as {fiscal_year}/{TICKER}.{pdf|htm|html|txt}, or a manifest in the "
                    + "format of financebench corpus.jsonl, to ingest as file URIs alongside the filings topic.");

    public static final ConfigOption<String> FILE_ROOT = key("scoperag.fetch.file-root")
            .stringType().noDefaultValue()
            .withDescription("file: URIs are read only under this directory; without it, file URIs are refused "
                    + "(a backfill path is allowed as its own root).");

    public static final ConfigOption<List<String>> ALLOWED_HOSTS = key("scoperag.fetch.allowed-hosts")
            .stringType().asList().defaultValues()
            .withDescription("Hosts (host or host:port) that http(s) content URIs may name; none by default.");

    public static final ConfigOption<MemorySize> MAX_CONTENT_SIZE = key("scoperag.fetch.max-size")
            .memoryType().defaultValue(MemorySize.ofMebiBytes(64))
            .withDescription("Largest filing content accepted, after decompression; larger ones go to the DLQ as FETCH_TOO_LARGE.");

    public static final ConfigOption<Duration> FETCH_TIMEOUT = key("scoperag.fetch.timeout")
            .durationType().defaultValue(Duration.ofSeconds(30))
            .withDescription("Deadline for reading an http(s) content URI: connecting, the headers and the whole body.");

    public static final ConfigOption<Long> MAX_CHARACTERS = key("scoperag.ingest.max-characters")
            .longType().defaultValue(6_000_000L)
            .withDescription("Most characters a document's normalized text may have (the longest 10-K in the benchmark "
                    + "corpora, CVS Health's 2018 10-K, has 1.42 million and makes 1,138 chunks); a longer one goes to the DLQ as TOO_LARGE before anything is "
                    + "embedded, checked while it is normalized, so text that normalization expands is stopped early.");

    public static final ConfigOption<Integer> MAX_CHUNKS = key("scoperag.ingest.max-chunks")
            .intType().defaultValue(5_000)
            .withDescription("Most chunks one document may make; a document that would make more goes to the DLQ as "
                    + "TOO_LARGE before anything is embedded.");

    public static final ConfigOption<Integer> CHUNK_SIZE = key("scoperag.chunk.size")
            .intType().defaultValue(2_500)
            .withDescription("Characters per chunk.");

    public static final ConfigOption<Integer> CHUNK_STRIDE = key("scoperag.chunk.stride")
            .intType().defaultValue(1_250)
            .withDescription("Characters between chunk starts (size minus overlap).");

    public static final ConfigOption<Integer> EMBEDDING_BATCH_SIZE = key("scoperag.embedding.batch-size")
            .intType().defaultValue(1)
            .withDescription("Chunks per ONNX run. Measured on 2 cores, batch 1 was fastest (padding costs more than batching saves).");

    public static final ConfigOption<Integer> EMBEDDING_THREADS = key("scoperag.embedding.threads")
            .intType().defaultValue(1)
            .withDescription("ONNX Runtime intra-op threads of each of an embedding subtask's parallel runs.");

    public static final ConfigOption<Integer> EMBEDDING_PARALLEL_RUNS = key("scoperag.embedding.parallel-runs")
            .intType().defaultValue(2)
            .withDescription("ONNX runs an embedding subtask keeps going at once, each on its own thread, over the chunks "
                    + "of a document; the subtask uses parallel-runs x threads cores. Measured on 2 cores, 2 runs of 1 "
                    + "thread were as fast as the best of 1 run of 2 threads and steadier (21-23 chunks/s; 1 x 2: 16-22).");

    public static final ConfigOption<Integer> EMBEDDING_MAX_QUEUED_CHUNKS = key("scoperag.embedding.max-queued-chunks")
            .intType().defaultValue(2_048)
            .withDescription("Chunks an embedding subtask keeps queued in its state while the model embeds them off the "
                    + "task thread, so checkpoints pass while a large document is embedded; past this bound the subtask "
                    + "waits for an arriving document's chunks before taking the next record, which holds the filings "
                    + "source back.");

    public static final ConfigOption<String> EMBEDDING_CACHE_DIR = key("scoperag.embedding.cache-dir")
            .stringType().noDefaultValue()
            .withDescription("A directory of on-disk embedding caches, one per model id, keyed by text hash, so re-ingesting "
                    + "a corpus (an evaluation, a rebuild) embeds only new texts. One process may hold a cache at a time, so "
                    + "only with one embedding subtask per cache. No cache when unset.");

    public static final ConfigOption<String> TRANSACTIONAL_ID_PREFIX = key("scoperag.ingest.transactional-id-prefix")
            .stringType().defaultValue("scoperag-ingest")
            .withDescription("Prefix of the Kafka transactional ids of the exactly-once sinks; unique per job on a cluster.");

    /** The settings only this job reads, for the generated configuration reference. */
    public static List<ConfigOption<?>> own() {
        return List.of(FILINGS_TOPIC, DLQ_TOPIC, GROUP_ID, READ_FILINGS_TOPIC, BACKFILL_PATH, FILE_ROOT, ALLOWED_HOSTS, MAX_CONTENT_SIZE,
                FETCH_TIMEOUT, MAX_CHARACTERS, MAX_CHUNKS, CHUNK_SIZE, CHUNK_STRIDE, EMBEDDING_BATCH_SIZE, EMBEDDING_THREADS,
                EMBEDDING_PARALLEL_RUNS, EMBEDDING_MAX_QUEUED_CHUNKS, EMBEDDING_CACHE_DIR, TRANSACTIONAL_ID_PREFIX);
    }

    /** Every setting this job reads: the ones both jobs read ({@link SharedOptions#all()}) and its own. */
    public static List<ConfigOption<?>> all() {
        return Stream.concat(SharedOptions.all().stream(), own().stream()).toList();
    }
}
