package dev.warden.hosting.limits;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The rate-limit response fields (docs/hosting-api.md, "Requirements: Limits" rules 3 and 4). Pure functions.
 *
 * <ul>
 *   <li>{@code X-RateLimit-Limit}, {@code X-RateLimit-Remaining}: the tightest limit of the endpoint, i.e. the
 *       one with the fewest requests left (on a tie the smaller limit), so a client that honours these two never
 *       meets a 429 from the other limit;</li>
 *   <li>{@code RateLimit-Policy} and {@code RateLimit} as in draft-ietf-httpapi-ratelimit-headers-10 (Structured
 *       Fields lists): {@code "team";q=60;w=60, "metrics";q=10;w=60} and {@code "team";r=57;t=42, "metrics";r=7;t=42}
 *       ({@code q} quota, {@code w} window seconds, {@code r} remaining, {@code t} seconds until reset);</li>
 *   <li>{@code Retry-After} (seconds, at least 1) when a limit was exceeded.</li>
 * </ul>
 */
public final class RateLimitHeaders {

    public static final String LIMIT = "X-RateLimit-Limit";
    public static final String REMAINING = "X-RateLimit-Remaining";
    public static final String POLICY = "RateLimit-Policy";
    public static final String RATE_LIMIT = "RateLimit";
    public static final String RETRY_AFTER = "Retry-After";

    private RateLimitHeaders() {}

    /**
     * The tightest of {@code states}: fewest remaining, then smallest limit, then first.
     *
     * @throws IllegalArgumentException when {@code states} is empty
     */
    public static LimitState tightest(List<LimitState> states) {
        return states.stream()
                .min(Comparator.comparingInt(LimitState::remaining).thenComparingInt(LimitState::limit))
                .orElseThrow(() -> new IllegalArgumentException("no limits"));
    }

    /** Header name to value for a response counted against {@code states} (in order); empty for no states. */
    public static Map<String, String> of(List<LimitState> states) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (states.isEmpty()) {
            return headers;
        }
        LimitState tightest = tightest(states);
        headers.put(LIMIT, Integer.toString(tightest.limit()));
        headers.put(REMAINING, Integer.toString(tightest.remaining()));
        headers.put(
                POLICY,
                states.stream()
                        .map(s -> quote(s.policy()) + ";q=" + s.limit() + ";w=" + s.windowSeconds())
                        .collect(Collectors.joining(", ")));
        headers.put(
                RATE_LIMIT,
                states.stream()
                        .map(s -> quote(s.policy()) + ";r=" + s.remaining() + ";t=" + s.resetSeconds())
                        .collect(Collectors.joining(", ")));
        long retry = states.stream()
                .filter(LimitState::exceeded)
                .mapToLong(LimitState::resetSeconds)
                .max()
                .orElse(-1);
        if (retry >= 0) {
            headers.put(RETRY_AFTER, Long.toString(RateWindows.retryAfter(retry)));
        }
        return headers;
    }

    /** A Structured Fields string: {@code "..."} with {@code \} and {@code "} escaped. */
    static String quote(String text) {
        return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
