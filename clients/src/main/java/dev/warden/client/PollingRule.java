package dev.warden.client;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The hosting API's client polling rule (docs/hosting-api.md, "Requirements: Limits" rule 8), as a pure function of one answer:
 * "wait at least the {@code max-age} of {@code Cache-Control} between successful requests, and the
 * {@code Retry-After} value after a 429 or a 5xx; use a floor of 5 seconds and a fallback (60 s after success,
 * 30 s after failure) when the header is missing or not a number of seconds. Other errors are not retried."
 *
 * <p>Success is any 2xx, and 304 (the answer to a conditional request: the data did not change). A request that
 * got no HTTP answer at all (connection refused, reset, timed out) counts as a failure without {@code Retry-After}:
 * 30 s (docs/decisions/generated-clients-and-poller.md). The proxy's plain-text 429, 502 and 504 need nothing special: only the
 * status and the header are read, never the body.
 */
public final class PollingRule {

    /** Never ask again sooner than this, whatever the headers say. */
    public static final Duration FLOOR = Duration.ofSeconds(5);
    /** After a success whose {@code Cache-Control} has no usable {@code max-age}. */
    public static final Duration SUCCESS_FALLBACK = Duration.ofSeconds(60);
    /** After a 429, a 5xx or a transport failure without a usable {@code Retry-After}. */
    public static final Duration FAILURE_FALLBACK = Duration.ofSeconds(30);

    private PollingRule() {}

    /** What to do after one answer. */
    public enum Kind {
        /** 2xx or 304: use the answer, ask again after {@link Decision#delay()}. */
        SUCCESS,
        /** 429, 5xx or no answer: temporary, ask again after {@link Decision#delay()}. */
        RETRY,
        /** Any other status (400, 401, 404, 422, ...): not retried; {@link Decision#delay()} is null. */
        STOP
    }

    /**
     * The decision after one answer.
     *
     * @param kind  success, retry or stop
     * @param delay how long to wait before the next request (at least {@link #FLOOR}); null for {@link Kind#STOP}
     */
    public record Decision(Kind kind, Duration delay) {
        /** Whether another request should follow. */
        public boolean again() {
            return kind != Kind.STOP;
        }
    }

    /**
     * The decision after an HTTP answer.
     *
     * @param status       the HTTP status
     * @param cacheControl the {@code Cache-Control} header, or null
     * @param retryAfter   the {@code Retry-After} header, or null
     */
    public static Decision after(int status, String cacheControl, String retryAfter) {
        if ((status >= 200 && status < 300) || status == 304) {
            return new Decision(Kind.SUCCESS, floor(maxAge(cacheControl).orElse(SUCCESS_FALLBACK)));
        }
        if (status == 429 || (status >= 500 && status < 600)) {
            return new Decision(Kind.RETRY, floor(seconds(retryAfter).orElse(FAILURE_FALLBACK)));
        }
        return new Decision(Kind.STOP, null);
    }

    /** The decision after a request that got no HTTP answer: retry after the failure fallback. */
    public static Decision afterTransportFailure() {
        return new Decision(Kind.RETRY, FAILURE_FALLBACK);
    }

    /**
     * The {@code max-age} directive of a {@code Cache-Control} header, in seconds ({@code max-age=30},
     * {@code MAX-AGE="30"}); empty when the header is missing, has no {@code max-age} or its value is not a
     * non-negative whole number of seconds. {@code s-maxage} is for shared caches and is ignored.
     */
    public static Optional<Duration> maxAge(String cacheControl) {
        if (cacheControl == null) {
            return Optional.empty();
        }
        for (String directive : cacheControl.split(",")) {
            String d = directive.strip();
            int eq = d.indexOf('=');
            if (eq > 0 && d.substring(0, eq).strip().toLowerCase(Locale.ROOT).equals("max-age")) {
                String value = d.substring(eq + 1).strip();
                if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                return seconds(value);
            }
        }
        return Optional.empty();
    }

    /**
     * A header value that is a number of seconds (HTTP delta-seconds: digits only); empty for null, blank, negative,
     * fractional or date values ({@code Retry-After: Wed, 21 Oct 2026 07:28:00 GMT} is not a number of seconds).
     */
    public static Optional<Duration> seconds(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String v = value.strip();
        if (v.isEmpty() || v.length() > 18 || !v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofSeconds(Long.parseLong(v)));
    }

    private static Duration floor(Duration wait) {
        return wait.compareTo(FLOOR) < 0 ? FLOOR : wait;
    }
}
