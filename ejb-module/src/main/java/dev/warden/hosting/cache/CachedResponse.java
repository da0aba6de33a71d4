package dev.warden.hosting.cache;

/**
 * An answer served from the response cache (docs/hosting-api.md, "Requirements: Limits" rule 6).
 *
 * @param mediaType     the answer's {@code Content-Type}
 * @param body          the answer's text (JSON or plain text)
 * @param etag          its strong entity tag, quoted
 * @param maxAgeSeconds whole seconds until it is refreshed (rounded up, at least 1): {@code Cache-Control} max-age
 */
public record CachedResponse(String mediaType, String body, String etag, long maxAgeSeconds) {}
