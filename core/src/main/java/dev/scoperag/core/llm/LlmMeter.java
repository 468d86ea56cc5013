package dev.scoperag.core.llm;

/**
 * What an {@link LlmClient} reports of each call: its latency and the tokens the endpoint says it
 * used, or why it failed. The jobs turn these into metrics; nothing here sees a prompt or a reply.
 */
public interface LlmMeter {

    /** Reports nothing. */
    LlmMeter NONE = new LlmMeter() {
        @Override
        public void replied(long latencyNanos, long promptTokens, long completionTokens) {}

        @Override
        public void failed(long latencyNanos, LlmFailure.Reason reason) {}
    };

    /** A reply came; token counts are 0 when the endpoint did not report usage. */
    void replied(long latencyNanos, long promptTokens, long completionTokens);

    /** The call failed (timed out, errored, or the reply was unusable). */
    void failed(long latencyNanos, LlmFailure.Reason reason);
}
