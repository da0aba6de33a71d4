package dev.warden.rooms;

import static dev.warden.common.JsonSupport.JSON;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;

/**
 * A room's load figures (docs/operations.md, "Room figures"): counters in a ring of per-second buckets covering the
 * last 15 minutes, the last {@value #SAMPLES} patch-build times, and the state's size.
 *
 * <p>Written on the room's thread only (messages in and out, patches, ticks), so counting is a plain increment in
 * preallocated arrays: no allocation and no lock per message. Readers on other threads (the admin API, the
 * heartbeat) read without locking and may see a figure one increment old, which is fine for figures. Rates are the
 * average over the last {@value #WINDOW} complete seconds (fewer for a younger room).
 */
final class RoomFigures {

    /** Seconds kept (15 minutes). */
    static final int SECONDS = 900;
    /** Seconds averaged for the current rates. */
    static final int WINDOW = 10;
    /** Patch-build times kept for the percentiles. */
    static final int SAMPLES = 256;
    /** Seconds per point of the history answered for the charts. */
    static final int STEP = 10;

    private final boolean on;
    private final long bornSecond = System.currentTimeMillis() / 1000;
    private final long[] stamp = new long[SECONDS];
    private final int[] in = new int[SECONDS];
    private final int[] out = new int[SECONDS];
    private final int[] bytesOut = new int[SECONDS];
    private final int[] patches = new int[SECONDS];
    private final int[] lag = new int[SECONDS];
    private final int[] buildMicros = new int[SAMPLES];
    private int builds;
    private long lastTickNanos;
    private long stateSecond = -1;
    private volatile int stateBytes;

    RoomFigures(boolean on) {
        this.on = on;
        Arrays.fill(stamp, -1);
    }

    private int slot() {
        long second = System.currentTimeMillis() / 1000;
        int i = (int) (second % SECONDS);
        if (stamp[i] != second) {
            in[i] = 0;
            out[i] = 0;
            bytesOut[i] = 0;
            patches[i] = 0;
            lag[i] = 0;
            stamp[i] = second;
        }
        return i;
    }

    /** A client message reached room code. */
    void messageIn() {
        if (on) {
            in[slot()]++;
        }
    }

    /** One frame of {@code chars} characters went to {@code clients} clients. */
    void sent(int clients, int chars) {
        if (on && clients > 0) {
            int i = slot();
            out[i] += clients;
            bytesOut[i] += clients * chars;
        }
    }

    /** A patch tick began: how far it ran behind {@code intervalNanos} after the previous one. */
    void tick(long intervalNanos) {
        if (!on) {
            return;
        }
        long now = System.nanoTime();
        if (lastTickNanos != 0) {
            long behindMs = (now - lastTickNanos - intervalNanos) / 1_000_000;
            int i = slot();
            if (behindMs > lag[i]) {
                lag[i] = (int) Math.min(Integer.MAX_VALUE, behindMs);
            }
        }
        lastTickNanos = now;
    }

    /** A patch was built in {@code nanos} (and sent when {@code sent}). */
    void patchBuilt(long nanos, boolean sent) {
        if (!on) {
            return;
        }
        buildMicros[builds % SAMPLES] = (int) Math.min(Integer.MAX_VALUE, nanos / 1000);
        builds++;
        if (sent) {
            patches[slot()]++;
        }
    }

    /** True at most once a second: time to measure the state's size again. */
    boolean stateDue() {
        long second = System.currentTimeMillis() / 1000;
        if (!on || second == stateSecond) {
            return false;
        }
        stateSecond = second;
        return true;
    }

    /** The state's size in bytes of UTF-8 JSON. */
    void stateBytes(int bytes) {
        stateBytes = bytes;
    }

    /**
     * The current figures {@code {messages_in_per_s, messages_out_per_s, bytes_out_per_s, patches_per_s,
     * state_bytes, patch_ms_p50, patch_ms_p99, lag_ms}}: rates averaged over the last complete seconds, the
     * percentiles over the last {@value #SAMPLES} patch builds, {@code lag_ms} the worst of those seconds.
     */
    JsonObject current() {
        long now = System.currentTimeMillis() / 1000;
        int window = (int) Math.max(1, Math.min(WINDOW, now - bornSecond));
        long[] sums = sum(now - window, now);
        int n = Math.min(builds, SAMPLES);
        int[] sorted = Arrays.copyOf(buildMicros, n);
        Arrays.sort(sorted);
        return JSON.createObjectBuilder()
                .add("messages_in_per_s", round((double) sums[0] / window))
                .add("messages_out_per_s", round((double) sums[1] / window))
                .add("bytes_out_per_s", round((double) sums[2] / window))
                .add("patches_per_s", round((double) sums[3] / window))
                .add("state_bytes", stateBytes)
                .add("patch_ms_p50", n == 0 ? 0 : round(sorted[(int) Math.floor(0.50 * (n - 1))] / 1000.0))
                .add("patch_ms_p99", n == 0 ? 0 : round(sorted[(int) Math.floor(0.99 * (n - 1))] / 1000.0))
                .add("lag_ms", sums[4])
                .build();
    }

    /**
     * The counts of seconds {@code from} (inclusive) to {@code to} (exclusive): {@code {in, out, bytes out, patches,
     * worst lag}}; a second whose bucket was reused since counts nothing.
     */
    private long[] sum(long from, long to) {
        long[] total = new long[5];
        for (long s = from; s < to; s++) {
            int i = (int) (s % SECONDS);
            if (stamp[i] == s) {
                total[0] += in[i];
                total[1] += out[i];
                total[2] += bytesOut[i];
                total[3] += patches[i];
                total[4] = Math.max(total[4], lag[i]);
            }
        }
        return total;
    }

    /**
     * The last 15 minutes for the charts: {@code {from, step_s, messages_in_per_s: [...], messages_out_per_s,
     * bytes_out_per_s, patches_per_s, lag_ms}}, one point per {@value #STEP} s, oldest first (rates averaged over
     * the step, {@code lag_ms} its worst second).
     */
    JsonObject history() {
        long now = System.currentTimeMillis() / 1000;
        long first = now - SECONDS;
        first -= Math.floorMod(first, STEP);
        JsonArrayBuilder aIn = JSON.createArrayBuilder();
        JsonArrayBuilder aOut = JSON.createArrayBuilder();
        JsonArrayBuilder aBytes = JSON.createArrayBuilder();
        JsonArrayBuilder aPatches = JSON.createArrayBuilder();
        JsonArrayBuilder aLag = JSON.createArrayBuilder();
        for (long start = first; start + STEP <= now; start += STEP) {
            long[] sums = sum(start, start + STEP);
            aIn.add(round((double) sums[0] / STEP));
            aOut.add(round((double) sums[1] / STEP));
            aBytes.add(round((double) sums[2] / STEP));
            aPatches.add(round((double) sums[3] / STEP));
            aLag.add(sums[4]);
        }
        return JSON.createObjectBuilder()
                .add("from", Instant.ofEpochSecond(first).toString())
                .add("step_s", STEP)
                .add("messages_in_per_s", aIn)
                .add("messages_out_per_s", aOut)
                .add("bytes_out_per_s", aBytes)
                .add("patches_per_s", aPatches)
                .add("lag_ms", aLag)
                .build();
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    /**
     * The figures of a node (docs/operations.md, "Room figures"): the sums of its rooms' rates and state bytes, the
     * worst of their patch-build percentiles and lag.
     */
    static JsonObject ofNode(Collection<Room> all) {
        String[] sums = {"messages_in_per_s", "messages_out_per_s", "bytes_out_per_s", "patches_per_s", "state_bytes"};
        String[] worst = {"patch_ms_p50", "patch_ms_p99", "lag_ms"};
        double[] s = new double[sums.length];
        double[] w = new double[worst.length];
        for (Room room : all) {
            JsonObject f = room.figures();
            for (int i = 0; i < sums.length; i++) {
                s[i] += f.getJsonNumber(sums[i]).doubleValue();
            }
            for (int i = 0; i < worst.length; i++) {
                w[i] = Math.max(w[i], f.getJsonNumber(worst[i]).doubleValue());
            }
        }
        var out = JSON.createObjectBuilder();
        for (int i = 0; i < sums.length; i++) {
            out.add(sums[i], Math.round(s[i] * 100) / 100.0);
        }
        for (int i = 0; i < worst.length; i++) {
            out.add(worst[i], w[i]);
        }
        return out.build();
    }
}
