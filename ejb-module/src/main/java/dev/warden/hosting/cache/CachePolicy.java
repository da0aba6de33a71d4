package dev.warden.hosting.cache;

import dev.warden.common.Hashing;
import dev.warden.hosting.limits.Endpoint;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The hosting API response cache's pure rules (docs/hosting-api.md, "Requirements: Limits" rule 6 and the table's "Refreshes
 * every" column, declared by {@link Endpoint}): time to live per endpoint, the request key, the entity tag and
 * the {@code If-None-Match} comparison.
 */
public final class CachePolicy {

    private CachePolicy() {}

    /**
     * Time to live of an answer of {@code endpoint}, in seconds: the table's "Refreshes every"
     * ({@link Endpoint#refreshSeconds(boolean)}; {@code /metrics?resolution=day} every 10 minutes).
     *
     * @param query the request's query parameters (only {@code resolution} matters)
     */
    public static int ttlSeconds(Endpoint endpoint, Map<String, List<String>> query) {
        List<String> resolution = query.get("resolution");
        boolean day = resolution != null && !resolution.isEmpty() && "day".equals(resolution.get(0));
        return endpoint.refreshSeconds(day);
    }

    /** {@link #ttlSeconds(Endpoint, Map)} for the endpoint named {@code endpoint}; 0 (not cached) for an unknown name. */
    public static int ttlSeconds(String endpoint, Map<String, List<String>> query) {
        return Endpoint.byPolicy(endpoint).map(e -> ttlSeconds(e, query)).orElse(0);
    }

    /**
     * The cache key of a request: method, path and the query normalised (parameters sorted by name, values of
     * one name sorted, empty query left out), so {@code ?b=2&a=1} and {@code ?a=1&b=2} share an entry.
     * Parameter names and values are used as decoded; {@code &} and {@code =} inside them are percent-encoded.
     *
     * @param path the path below the API root, e.g. {@code applications/arena/metrics}
     */
    public static String key(String method, String path, Map<String, List<String>> query) {
        String normalised = new TreeMap<>(query)
                .entrySet().stream()
                        .flatMap(e -> e.getValue().stream().sorted().map(v -> escape(e.getKey()) + "=" + escape(v)))
                        .collect(Collectors.joining("&"));
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        return method.toUpperCase(Locale.ROOT) + " /" + trimmed + (normalised.isEmpty() ? "" : "?" + normalised);
    }

    private static String escape(String text) {
        return text.replace("%", "%25").replace("&", "%26").replace("=", "%3D");
    }

    /** The strong entity tag of a cached body: {@code "} + the first 32 hex digits of its SHA-256 + {@code "}. */
    public static String etag(String body) {
        return '"' + Hashing.sha256Hex(body).substring(0, 32) + '"';
    }

    /**
     * Whether {@code If-None-Match} matches the current tag (RFC 9110, 13.1.2: weak comparison, so
     * {@code W/"x"} matches {@code "x"}; {@code *} matches any current answer).
     *
     * @param ifNoneMatch the header value, null when absent
     */
    public static boolean notModified(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null || ifNoneMatch.isBlank() || etag == null) {
            return false;
        }
        String header = ifNoneMatch.strip();
        if ("*".equals(header)) {
            return true;
        }
        String current = opaque(etag);
        for (String candidate : header.split(",")) {
            if (opaque(candidate.strip()).equals(current)) {
                return true;
            }
        }
        return false;
    }

    private static String opaque(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }
}
