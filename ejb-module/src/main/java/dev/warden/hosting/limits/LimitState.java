package dev.warden.hosting.limits;

/**
 * One rate limit as counted for one request (docs/hosting-api.md, "Requirements: Limits" rules 1 to 4).
 *
 * @param policy        policy name in the {@code RateLimit-Policy}/{@code RateLimit} fields: {@code team} for
 *                      the shared budget, else the endpoint name ({@code metrics}, {@code logs}, ...)
 * @param limit         requests allowed per window
 * @param used          requests counted in the current window, this one included (may exceed {@code limit}
 *                      for a refused request, whose count is rolled back)
 * @param windowSeconds window length in seconds (60)
 * @param resetSeconds  whole seconds until the current window ends, 0 to {@code windowSeconds}
 */
public record LimitState(String policy, int limit, int used, int windowSeconds, long resetSeconds) {

    /** Requests left in this window, never negative. */
    public int remaining() {
        return Math.max(0, limit - used);
    }

    /** True when this request went past the limit. */
    public boolean exceeded() {
        return used > limit;
    }
}
