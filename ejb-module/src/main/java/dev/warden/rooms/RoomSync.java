package dev.warden.rooms;

import static dev.warden.common.JsonSupport.JSON;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A room's outgoing side (docs/game-api.md, "Requirements: State sync"): its JSON state, the patch tick that diffs the state
 * against what clients last got ({@code Json.createDiff}) and sends one encoded {@code patch} frame to every synced
 * seat, and the frames' accounting in the room's figures (docs/operations.md, "Room figures") beside its
 * recent-event log. State and frames are touched on the room's thread only; figures and log are read from any.
 */
final class RoomSync {

    private final RoomSeats seats;
    private final RoomState state = new RoomState();
    private final RoomFigures figures;
    private final RoomLog log;
    private final AtomicBoolean tickQueued = new AtomicBoolean();
    private volatile ScheduledFuture<?> ticker;

    RoomSync(RoomSeats seats, RoomHost host) {
        this.seats = seats;
        this.figures = new RoomFigures(host.figuresOn());
        this.log = new RoomLog(host.logSize(), host.redactedTypes());
    }

    /** Starts the patch tick every {@code rate}, queued once at a time on {@code exec}. */
    void start(ScheduledExecutorService scheduler, SerialExecutor exec, Duration rate) {
        long rateNanos = rate.toNanos();
        ticker = scheduler.scheduleAtFixedRate(
                () -> {
                    if (tickQueued.compareAndSet(false, true)) {
                        exec.execute(() -> {
                            tickQueued.set(false);
                            figures.tick(rateNanos);
                            flush();
                        });
                    }
                },
                rate.toMillis(),
                rate.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    /** Stops the patch tick. */
    void stop() {
        ScheduledFuture<?> t = ticker;
        if (t != null) {
            t.cancel(false);
        }
    }

    /** The room's state (room thread only). */
    RoomState state() {
        return state;
    }

    /** The room's figures (any thread). */
    RoomFigures figures() {
        return figures;
    }

    /** The room's recent-event log (any thread). */
    RoomLog log() {
        return log;
    }

    /** Sends pending state changes as one patch frame to every synced client (room thread only). */
    void flush() {
        long start = System.nanoTime();
        String frame = state.takePatch();
        figures.patchBuilt(System.nanoTime() - start, frame != null);
        if (frame != null) {
            sendAll(frame);
        }
        if (figures.stateDue()) {
            figures.stateBytes(state.get().toString().getBytes(StandardCharsets.UTF_8).length);
        }
    }

    /** Sends {@code frame} to every synced client (room thread only). */
    void sendAll(String frame) {
        List<ClientConnection> targets = seats.synced();
        targets.forEach(c -> c.send(frame));
        figures.sent(targets.size(), frame.length());
    }

    /** Sends {@code frame} to {@code target} (room thread only). */
    void send(ClientConnection target, String frame) {
        target.send(frame);
        figures.sent(1, frame.length());
    }

    /** The {@code state} frame a joining or resuming seat {@code clientId} of room {@code roomId} gets first. */
    String stateFrame(String clientId, String roomId) {
        return JSON.createObjectBuilder()
                .add("t", "state")
                .add("client_id", clientId)
                .add("room_id", roomId)
                .add("state", state.get())
                .build()
                .toString();
    }
}
