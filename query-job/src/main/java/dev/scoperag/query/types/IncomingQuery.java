package dev.scoperag.query.types;

/** A {@code queries} record as received: its key and value, before decoding. */
public record IncomingQuery(String key, byte[] value) {}
