package dev.scoperag.core.record;

import dev.scoperag.core.failure.BoundedText;
import dev.scoperag.core.filing.RejectReason;
import dev.scoperag.core.ident.Hashes;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * A filing on {@code filings.dlq}: why it was rejected and where, and the event as received, up to a
 * bounded prefix with the original's length and SHA-256, so that a dead-letter record always fits
 * the topic whatever was sent.
 */
public record RejectedFiling(
        RejectReason reason, String detail, String stage, String rejectedAt, Source source, Payload original) {

    /** The detail is cut to this many characters. */
    public static final int MAX_DETAIL_CHARS = 2_000;

    public RejectedFiling {
        detail = BoundedText.of(detail, MAX_DETAIL_CHARS);
    }

    /** Where the rejected record came from; a key longer than {@link #MAX_KEY_CHARS} is cut and named by its hash. */
    public record Source(String topic, Integer partition, Long offset, String key) {

        public static final int MAX_KEY_CHARS = 1_000;

        public Source {
            key = BoundedText.of(key, MAX_KEY_CHARS);
        }
    }

    /**
     * The record value as received: UTF-8 text when it decodes as such, base64 otherwise, at most its
     * first {@link #MAX_ORIGINAL_BYTES} bytes; {@code length} and {@code sha256} are the whole value's.
     */
    public record Payload(String encoding, String value, Long length, String sha256, Boolean truncated) {

        /** Bytes of the original kept in a dead-letter record. */
        public static final int MAX_ORIGINAL_BYTES = 64 * 1024;

        /** A payload read from an older record, which held the whole value. */
        public Payload(String encoding, String value) {
            this(encoding, value, null, null, null);
        }

        public static Payload of(byte[] bytes) {
            if (bytes == null) {
                return new Payload("null", null, null, null, null);
            }
            boolean truncated = bytes.length > MAX_ORIGINAL_BYTES;
            byte[] kept = truncated ? Arrays.copyOf(bytes, utf8Boundary(bytes, MAX_ORIGINAL_BYTES)) : bytes;
            String sha256 = Hashes.sha256(bytes);
            try {
                String text = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(kept))
                        .toString();
                return new Payload("utf-8", text, (long) bytes.length, sha256, truncated);
            } catch (CharacterCodingException e) {
                byte[] raw = truncated ? Arrays.copyOf(bytes, MAX_ORIGINAL_BYTES) : bytes;
                return new Payload("base64", Base64.getEncoder().encodeToString(raw), (long) bytes.length, sha256, truncated);
            }
        }

        /** The kept bytes: the whole original unless {@link #truncated}. */
        public byte[] bytes() {
            return switch (encoding) {
                case "utf-8" -> value.getBytes(StandardCharsets.UTF_8);
                case "base64" -> Base64.getDecoder().decode(value);
                default -> null;
            };
        }

        /** Cut at or before {@code max} so no UTF-8 sequence is split (a split one would turn the text to base64). */
        private static int utf8Boundary(byte[] bytes, int max) {
            int end = max;
            while (end > 0 && end > max - 4 && (bytes[end] & 0xC0) == 0x80) {
                end--;
            }
            return end;
        }
    }
}
