package dev.warden.hosting.limits;

/**
 * Fixed-window arithmetic (docs/hosting-api.md, "Requirements: Limits" rules 1 and 3). Windows are aligned on the epoch:
 * a 60-second window starts on every whole UTC minute, the same on every node. Pure functions.
 */
public final class RateWindows {

    private RateWindows() {}

    /**
     * Start of the window holding {@code nowMillis}, in epoch milliseconds.
     *
     * @throws IllegalArgumentException when {@code windowSeconds} is not positive
     */
    public static long windowStart(long nowMillis, int windowSeconds) {
        if (windowSeconds <= 0) {
            throw new IllegalArgumentException("window must be positive: " + windowSeconds);
        }
        long size = windowSeconds * 1000L;
        return Math.floorDiv(nowMillis, size) * size;
    }

    /** Whole seconds (rounded up) from {@code nowMillis} until the window that started at {@code startMillis} ends; 0 if it has ended. */
    public static long secondsUntilReset(long nowMillis, long startMillis, int windowSeconds) {
        long left = startMillis + windowSeconds * 1000L - nowMillis;
        return left <= 0 ? 0 : (left + 999) / 1000;
    }

    /** {@code Retry-After} for a refused request: the seconds until the window resets, at least 1. */
    public static long retryAfter(long resetSeconds) {
        return Math.max(1, resetSeconds);
    }
}
