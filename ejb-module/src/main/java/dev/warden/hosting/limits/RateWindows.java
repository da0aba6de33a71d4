package dev.warden.hosting.limits;

/**
 * Fixed-window arithmetic of the hosting limits (docs/hosting-api.md, "Requirements: Limits" rule 3). The windows
 * themselves are aligned on the database clock by {@link dev.warden.common.WindowCounters}. Pure functions.
 */
public final class RateWindows {

    private RateWindows() {}

    /** {@code Retry-After} for a refused request: the seconds until the window resets, at least 1. */
    public static long retryAfter(long resetSeconds) {
        return Math.max(1, resetSeconds);
    }
}
