package dev.warden.warmup;

/**
 * When the warm-up may stop before its cap (docs/operations.md, "Running several nodes", "Start warm"): the warm-up
 * runs the same round of request paths again and again, and a round gets faster as the JIT compiler compiles them.
 * Once the fastest round has not improved by {@value #IMPROVEMENT_PERCENT}% or more for {@link #STEADY_NANOS} (and
 * at least {@link #MIN_NANOS} have passed), the paths are compiled as far as this work drives them, and further
 * rounds only keep the node out of the load balancer; the cap ({@code warden.warm-up.seconds}) still ends a warm-up
 * that never settles (a machine busy with other work).
 *
 * <p>Pure and not thread-safe: one warm-up thread feeds it its rounds, in nanoseconds.
 */
public final class WarmUpProgress {

    /** The least time a warm-up runs before it may stop early: 5 s (the first rounds mostly load classes). */
    public static final long MIN_NANOS = 5_000_000_000L;
    /**
     * How long the fastest round must stay within {@value #IMPROVEMENT_PERCENT}% for the warm-up to stop: 4 s (a
     * round takes 0.1 to 0.5 s, so several rounds; C2 compilations keep arriving for seconds after C1's).
     */
    public static final long STEADY_NANOS = 4_000_000_000L;
    /** A round this much faster (percent) than the fastest so far counts as progress and restarts the steady time. */
    public static final int IMPROVEMENT_PERCENT = 10;

    private long fastest = Long.MAX_VALUE;
    private long improvedAt;

    /**
     * Records a round.
     *
     * @param elapsedNanos time since the warm-up began, at the end of the round
     * @param roundNanos how long the round took
     * @return true when the warm-up is steady and may stop now
     */
    public boolean round(long elapsedNanos, long roundNanos) {
        if (roundNanos * 100 <= fastest * (100 - IMPROVEMENT_PERCENT) || fastest == Long.MAX_VALUE) {
            improvedAt = elapsedNanos;
        }
        fastest = Math.min(fastest, roundNanos);
        return elapsedNanos >= MIN_NANOS && elapsedNanos - improvedAt >= STEADY_NANOS;
    }

    /** The fastest round so far, in nanoseconds ({@link Long#MAX_VALUE} before the first). */
    public long fastest() {
        return fastest;
    }
}
