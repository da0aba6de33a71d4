package dev.warden.rooms;

/**
 * One room socket's message budget (docs/game-api.md, "Limits"): at most {@code perSecond} client messages in each
 * one-second window (fixed windows on the caller's clock); the rest of the window's messages are refused, the first
 * of them with an error frame, and a socket with more than {@code maxRefused} refused messages within a ten-second
 * window is closed. Kept in the node's memory, one per socket; thread-safe.
 */
public final class MessageRate {

    /** What to do with one message. */
    public enum Verdict {
        /** Hand it to the room. */
        ACCEPT,
        /** Drop it and send the client an error frame (the first refusal of a window). */
        REFUSE_AND_TELL,
        /** Drop it silently (the window's error frame went out already). */
        REFUSE,
        /** Drop it and close the socket (sustained abuse). */
        CLOSE
    }

    /** Length of the window over which refused messages are counted for {@link Verdict#CLOSE}, in ms. */
    static final long ABUSE_WINDOW_MS = 10_000;

    private final int perSecond;
    private final int maxRefused;
    private long second = Long.MIN_VALUE;
    private int sent;
    private boolean told;
    private long abuseWindow = Long.MIN_VALUE;
    private int refused;

    /**
     * @param perSecond  messages accepted per one-second window; 0 or less: no limit
     * @param maxRefused refused messages within ten seconds beyond which the socket is closed; 0 or less: never
     */
    public MessageRate(int perSecond, int maxRefused) {
        this.perSecond = perSecond;
        this.maxRefused = maxRefused;
    }

    /** Counts one message at {@code nowMillis} and answers what to do with it. */
    public synchronized Verdict hit(long nowMillis) {
        if (perSecond <= 0) {
            return Verdict.ACCEPT;
        }
        long window = Math.floorDiv(nowMillis, 1000);
        if (window != second) {
            second = window;
            sent = 0;
            told = false;
        }
        if (++sent <= perSecond) {
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

    /** Milliseconds from {@code nowMillis} until the next one-second window (1 to 1000). */
    public static long retryAfterMillis(long nowMillis) {
        return 1000 - Math.floorMod(nowMillis, 1000);
    }
}
