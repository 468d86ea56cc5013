package dev.scoperag.core.record;

import dev.scoperag.core.filing.RejectReason;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.Base64;

/** A filing on {@code filings.dlq}: the event as received, why it was rejected, and where. */
public record RejectedFiling(
        RejectReason reason, String detail, String stage, String rejectedAt, Source source, Payload original) {

    /** Where the rejected record came from. */
    public record Source(String topic, Integer partition, Long offset, String key) {}

    /** The record value exactly as received: UTF-8 text when it decodes as such, base64 otherwise. */
    public record Payload(String encoding, String value) {

        public static Payload of(byte[] bytes) {
            if (bytes == null) {
                return new Payload("null", null);
            }
            try {
                String text = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes))
                        .toString();
                return new Payload("utf-8", text);
            } catch (CharacterCodingException e) {
                return new Payload("base64", Base64.getEncoder().encodeToString(bytes));
            }
        }

        public byte[] bytes() {
            return switch (encoding) {
                case "utf-8" -> value.getBytes(StandardCharsets.UTF_8);
                case "base64" -> Base64.getDecoder().decode(value);
                default -> null;
            };
        }
    }
}
