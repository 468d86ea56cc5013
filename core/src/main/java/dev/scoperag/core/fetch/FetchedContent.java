package dev.scoperag.core.fetch;

/** A filing's bytes (decompressed) with the content-type hint taken from the event or the file name. */
public record FetchedContent(byte[] bytes, String contentTypeHint, String source) {}
