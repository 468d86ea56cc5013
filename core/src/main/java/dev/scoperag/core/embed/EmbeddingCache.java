package dev.scoperag.core.embed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * Vectors of one model on local disk by text hash, so an evaluation rerun does not embed the corpus again.
 *
 * <p>One append-only file, {@code vectors.log}, of records {@code sha256[32] | dims:int32 | float32[dims] |
 * crc32:int32}, little-endian, and the model id in {@code model-id} so vectors of two models are never mixed. Opening
 * scans the log into an in-memory index of positions (about 5 MB for 60,000 vectors; the vectors stay on disk) and
 * cuts it at the first torn or corrupt record, which after a crash can only be the last one being appended. Nothing
 * is forced to disk per record: a killed process loses nothing the OS has accepted, and a power cut only loses the
 * tail. One process at a time: a second open of the same directory fails instead of interleaving appends.
 */
public final class EmbeddingCache implements AutoCloseable {

    private static final String LOG = "vectors.log";
    private static final String MODEL_ID = "model-id";
    private static final int HASH_BYTES = 32;
    private static final int HEADER_BYTES = HASH_BYTES + Integer.BYTES;
    private static final int MAX_DIMS = 1 << 16;

    private final Path directory;
    private final String modelId;
    private final FileChannel log;
    private final FileLock lock;
    private final Map<String, Slot> index = new HashMap<>();

    /** Where one record's vector is in the log. */
    private record Slot(long position, int dims) {}

    private EmbeddingCache(Path directory, String modelId, FileChannel log, FileLock lock) {
        this.directory = directory;
        this.modelId = modelId;
        this.log = log;
        this.lock = lock;
    }

    /** {@code ${user.home}/.cache/scoperag/embeddings/<modelId>}: outside any repository, shared by every checkout. */
    public static Path defaultDirectory(String modelId) {
        return Path.of(System.getProperty("user.home"), ".cache", "scoperag", "embeddings", modelId);
    }

    public static EmbeddingCache openDefault(String modelId) {
        return open(defaultDirectory(modelId), modelId);
    }

    /** Opens or creates the cache in {@code directory}; fails if it holds another model's vectors or is open elsewhere. */
    public static EmbeddingCache open(Path directory, String modelId) {
        try {
            Files.createDirectories(directory);
            claimForModel(directory.resolve(MODEL_ID), modelId);
            FileChannel log = FileChannel.open(directory.resolve(LOG),
                    StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock = tryLock(log, directory);
            EmbeddingCache cache = new EmbeddingCache(directory, modelId, log, lock);
            try {
                cache.loadIndex();
            } catch (IOException | RuntimeException e) {
                cache.close();
                throw e;
            }
            return cache;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open embedding cache " + directory, e);
        }
    }

    public String modelId() {
        return modelId;
    }

    public Path directory() {
        return directory;
    }

    public synchronized int size() {
        return index.size();
    }

    public synchronized Optional<float[]> get(String textHash) {
        Slot slot = index.get(key(textHash));
        if (slot == null) {
            return Optional.empty();
        }
        ByteBuffer buffer = ByteBuffer.allocate(slot.dims() * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        try {
            readFully(buffer, slot.position());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read embedding cache " + directory, e);
        }
        float[] vector = new float[slot.dims()];
        buffer.flip().asFloatBuffer().get(vector);
        return Optional.of(vector);
    }

    /** Stores the vector unless the hash is already there: the same text always has the same vector. */
    public synchronized void put(String textHash, float[] vector) {
        String key = key(textHash);
        if (index.containsKey(key)) {
            return;
        }
        if (vector.length == 0 || vector.length > MAX_DIMS) {
            throw new IllegalArgumentException("vector length out of range: " + vector.length);
        }
        ByteBuffer record = ByteBuffer.allocate(HEADER_BYTES + vector.length * Float.BYTES + Integer.BYTES)
                .order(ByteOrder.LITTLE_ENDIAN);
        record.put(HexFormat.of().parseHex(key)).putInt(vector.length);
        for (float v : vector) {
            record.putFloat(v);
        }
        CRC32 crc = new CRC32();
        crc.update(record.array(), 0, record.position());
        record.putInt((int) crc.getValue()).flip();
        try {
            long start = log.size();
            while (record.hasRemaining()) {
                log.write(record, start + record.position());
            }
            index.put(key, new Slot(start + HEADER_BYTES, vector.length));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to embedding cache " + directory, e);
        }
    }

    @Override
    public synchronized void close() {
        try (FileChannel channel = log) {
            if (channel.isOpen()) {
                channel.force(false);
                lock.release();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close embedding cache " + directory, e);
        }
    }

    private void loadIndex() throws IOException {
        long size = log.size();
        long position = 0;
        ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        while (position + HEADER_BYTES <= size) {
            header.clear();
            readFully(header, position);
            int dims = header.getInt(HASH_BYTES);
            long end = position + HEADER_BYTES + (long) dims * Float.BYTES + Integer.BYTES;
            if (dims <= 0 || dims > MAX_DIMS || end > size) {
                break;
            }
            ByteBuffer body = ByteBuffer.allocate((int) (end - position - HEADER_BYTES)).order(ByteOrder.LITTLE_ENDIAN);
            readFully(body, position + HEADER_BYTES);
            CRC32 crc = new CRC32();
            crc.update(header.array());
            crc.update(body.array(), 0, body.capacity() - Integer.BYTES);
            if ((int) crc.getValue() != body.getInt(body.capacity() - Integer.BYTES)) {
                break;
            }
            index.put(HexFormat.of().formatHex(header.array(), 0, HASH_BYTES), new Slot(position + HEADER_BYTES, dims));
            position = end;
        }
        if (position < size) {
            // A torn append from a crash: drop it so the next append starts on a record boundary.
            log.truncate(position);
        }
    }

    private void readFully(ByteBuffer buffer, long position) throws IOException {
        while (buffer.hasRemaining()) {
            if (log.read(buffer, position + buffer.position()) < 0) {
                throw new IOException("unexpected end of " + directory.resolve(LOG));
            }
        }
    }

    private static String key(String textHash) {
        String key = textHash.toLowerCase(Locale.ROOT);
        if (key.length() != 2 * HASH_BYTES || !key.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            throw new IllegalArgumentException("not a SHA-256 hex digest: " + textHash);
        }
        return key;
    }

    private static void claimForModel(Path file, String modelId) throws IOException {
        if (Files.exists(file)) {
            String owner = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (!owner.equals(modelId)) {
                throw new IllegalStateException("embedding cache " + file.getParent() + " holds vectors of " + owner
                        + ", not " + modelId);
            }
        } else {
            Files.writeString(file, modelId + "\n", StandardCharsets.UTF_8);
        }
    }

    private static FileLock tryLock(FileChannel log, Path directory) throws IOException {
        FileLock lock;
        try {
            lock = log.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            log.close();
            throw new IllegalStateException("embedding cache " + directory + " is open in another process or cache");
        }
        return lock;
    }
}
