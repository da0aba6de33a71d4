package dev.warden.hosting.cache;

import dev.warden.common.Hashing;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The hosting API response cache's pure rules (spec/hosting-api.md, Limits, rule 6 and the table's "Refreshes
 * every" column): time to live per endpoint, the request key, the entity tag and the {@code If-None-Match}
 * comparison.
 */
public final class CachePolicy {

    /** Seconds an answer is served from the cache, per endpoint (the spec's table); metrics by resolution. */
    public static final Map<String, Integer> TTL_SECONDS = Map.of(
            "applications", 60,
            "metrics_current", 30,
            "metrics", 60,
            "egress", 600,
            "deploys", 15,
            "deploy", 15,
            "billing", 600,
            "logs", 60);
    /** {@code /metrics?resolution=day} refreshes every 10 minutes. */
    public static final int METRICS_DAY_SECONDS = 600;

    private CachePolicy() {
    }

    /**
     * Time to live of an answer of {@code endpoint}, in seconds; 0 (not cached) for an unknown endpoint.
     *
     * @param query the request's query parameters (only {@code resolution} matters, for {@code metrics})
     */
    public static int ttlSeconds(String endpoint, Map<String, List<String>> query) {
        if ("metrics".equals(endpoint)) {
            List<String> resolution = query.get("resolution");
            if (resolution != null && !resolution.isEmpty() && "day".equals(resolution.get(0))) {
                return METRICS_DAY_SECONDS;
            }
        }
        return TTL_SECONDS.getOrDefault(endpoint, 0);
    }

    /**
     * The cache key of a request: method, path and the query normalised (parameters sorted by name, values of
     * one name sorted, empty query left out), so {@code ?b=2&a=1} and {@code ?a=1&b=2} share an entry.
     * Parameter names and values are used as decoded; {@code &} and {@code =} inside them are percent-encoded.
     *
     * @param path the path below the API root, e.g. {@code applications/arena/metrics}
     */
    public static String key(String method, String path, Map<String, List<String>> query) {
        String normalised = new TreeMap<>(query).entrySet().stream()
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
