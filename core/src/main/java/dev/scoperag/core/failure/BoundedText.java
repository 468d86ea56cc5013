package dev.scoperag.core.failure;

import dev.scoperag.core.ident.Hashes;
import java.nio.charset.StandardCharsets;

/**
 * Text that a record carries from its input (a key, a detail, a message) cut to a size a topic
 * accepts: what is cut is named by its length and hash, so two long values stay distinguishable.
 */
public final class BoundedText {

    private BoundedText() {}

    /** {@code text} when it has at most {@code max} characters, else its head and {@code …[N chars, sha256 X]}. */
    public static String of(String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        String hash = Hashes.sha256(text.getBytes(StandardCharsets.UTF_8)).substring(0, 16);
        String tail = "…[" + text.length() + " chars, sha256 " + hash + "]";
        int head = Math.max(0, max - tail.length());
        // Not between the two halves of a surrogate pair.
        if (head > 0 && Character.isHighSurrogate(text.charAt(head - 1))) {
            head--;
        }
        return text.substring(0, head) + tail;
    }
}
