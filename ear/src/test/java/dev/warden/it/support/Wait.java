package dev.warden.it.support;

import java.time.Duration;

/**
 * Waits on a condition instead of sleeping a fixed time: polls until the condition holds or a bound passes.
 * Every wait in the integration tests goes through here, so none of them depends on how fast the machine is
 * (beyond the bound) and none sleeps longer than it must.
 */
public final class Wait {

    /** Between two polls unless a caller says otherwise. */
    public static final Duration POLL = Duration.ofMillis(200);

    private Wait() {}

    /** A condition that may throw (most of them ask the database or the server). */
    @FunctionalInterface
    public interface Condition {
        /** {@code true} once the awaited state is reached. */
        boolean holds() throws Exception;
    }

    /**
     * Polls {@code condition} (first at once, then every {@link #POLL}) until it holds.
     *
     * @param timeout the bound; past it the wait fails
     * @param what    the awaited state, for the failure message (e.g. "the billing circuit closed again")
     * @throws AssertionError when the condition still does not hold after {@code timeout}
     */
    public static void until(Duration timeout, String what, Condition condition) {
        until(timeout, POLL, what, condition);
    }

    /** {@link #until(Duration, String, Condition)} polling every {@code every}. */
    public static void until(Duration timeout, Duration every, String what, Condition condition) {
        if (!poll(timeout, every, condition)) {
            throw new AssertionError("Timed out after " + timeout.toMillis() + " ms waiting until " + what);
        }
    }

    /**
     * Polls like {@link #until(Duration, Duration, String, Condition)} but gives up quietly: {@code false} when
     * the condition still does not hold after {@code timeout} (for best-effort warm-ups whose outcome the
     * test checks anyway).
     */
    public static boolean poll(Duration timeout, Duration every, Condition condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try {
                if (condition.holds()) {
                    return true;
                }
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            try {
                Thread.sleep(Math.min(every.toMillis(), Math.max(1, left / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting", e);
            }
        }
    }
}
