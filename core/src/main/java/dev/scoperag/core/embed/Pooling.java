package dev.scoperag.core.embed;

/** How a sentence vector is taken from an encoder's per-token hidden states. */
public enum Pooling {
    /** The hidden state of the first ([CLS]) token: what BGE models were trained with. */
    CLS,
    /** The attention-masked mean of all token states: what MiniLM and E5 models were trained with. */
    MEAN
}
