package dev.warden.rooms;

/**
 * One room socket's message budget (docs/game-api.md, "Limits"): a token bucket of {@code perSecond} messages,
 * refilled at {@code perSecond} a second, so a burst gets at most about one second's worth through whenever it starts.
 * A message that finds the bucket empty is refused; the first refusal after an accepted message is answered with an
 * error frame, later ones are dropped silently; a socket with more than {@code maxRefused} refused messages within a
 * ten-second window (aligned on the clock) is closed. Kept in the node's memory, one per socket; thread-safe.
 */
public final class MessageRate {

    /** What to do with one message. */
    public enum Verdict {
        /** Hand it to the room. */
        ACCEPT,
        /** Drop it and send the client an error frame (the first refusal since the last accepted message). */
        REFUSE_AND_TELL,
        /** Drop it silently (the error frame went out already). */
        REFUSE,
        /** Drop it and close the socket (sustained abuse). */
        CLOSE
    }

    /** Length of the window over which refused messages are counted for {@link Verdict#CLOSE}, in ms. */
    static final long ABUSE_WINDOW_MS = 10_000;

    private final int perSecond;
    private final int maxRefused;
    private double tokens;
    private long refilledAt = Long.MIN_VALUE;
    private boolean told;
    private long abuseWindow = Long.MIN_VALUE;
    private int refused;

    /**
     * @param perSecond  messages a second (and the bucket's size); 0 or less: no limit
     * @param maxRefused refused messages within ten seconds beyond which the socket is closed; 0 or less: never
     */
    public MessageRate(int perSecond, int maxRefused) {
        this.perSecond = perSecond;
        this.maxRefused = maxRefused;
        this.tokens = Math.max(0, perSecond);
    }

    /** Counts one message at {@code nowMillis} (a monotonic enough clock, in ms) and answers what to do with it. */
    public synchronized Verdict hit(long nowMillis) {
        if (perSecond <= 0) {
            return Verdict.ACCEPT;
        }
        if (refilledAt != Long.MIN_VALUE && nowMillis > refilledAt) {
            tokens = Math.min(perSecond, tokens + (nowMillis - refilledAt) * perSecond / 1000.0);
        }
        refilledAt = Math.max(refilledAt, nowMillis);
        if (tokens >= 1) {
            tokens -= 1;
            told = false;
            return Verdict.ACCEPT;
        }
        long abuse = Math.floorDiv(nowMillis, ABUSE_WINDOW_MS);
        if (abuse != abuseWindow) {
            abuseWindow = abuse;
            refused = 0;
        }
        if (maxRefused > 0 && ++refused > maxRefused) {
            return Verdict.CLOSE;
        }
        if (told) {
            return Verdict.REFUSE;
        }
        told = true;
        return Verdict.REFUSE_AND_TELL;
    }

    /** Milliseconds until the next message would be accepted (at least 1). */
    public synchronized long retryAfterMillis() {
        if (perSecond <= 0 || tokens >= 1) {
            return 1;
        }
        return Math.max(1, (long) Math.ceil((1 - tokens) * 1000.0 / perSecond));
    }
}
