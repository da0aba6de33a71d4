package dev.warden.rooms;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.players.Player;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A live room on this node (docs/game-api.md): its seats, lock flag and JSON state.
 *
 * <p>Seats and flags are in its {@link RoomSeats}, whose monitor makes admission exact under concurrent joins (max
 * clients is never exceeded). Everything else, room code included, runs on the room's {@link SerialExecutor}:
 * callbacks, state changes and the patch tick, which diffs the state against what clients last got
 * ({@code Json.createDiff}) and sends one encoded {@code patch} frame to every synced client. A joining or
 * resuming client first lets pending changes go out as a patch to the others, then gets a {@code state} frame.
 */
public final class Room implements RoomContext {

    /** Host callbacks: the scheduler, and notices of changes that the cluster row should reflect. */
    interface Host {
        ScheduledExecutorService scheduler();

        void changed(Room room);

        void removed(Room room);

        /** False when room figures are switched off ({@code warden.rooms.figures}). */
        default boolean figuresOn() {
            return true;
        }

        /** Entries of each room's log ({@code warden.rooms.log-size}). */
        default int logSize() {
            return 200;
        }

        /** Message types whose data the room log redacts ({@code warden.rooms.log-redact-types}). */
        default Set<String> redactedTypes() {
            return Set.of();
        }
    }

    /** Most bytes of a room's metadata as JSON text (docs/game-api.md, "Room metadata"). */
    public static final int METADATA_MAX_BYTES = 2048;

    private final String id;
    private final RoomType type;
    private final RoomSettings settings;
    private final Instant createdAt = Instant.now();
    private final Host host;
    private final SerialExecutor exec;
    private final RoomSeats seats = new RoomSeats();
    private final AtomicBoolean tickQueued = new AtomicBoolean();
    private volatile ScheduledFuture<?> ticker;
    private final RoomState state = new RoomState(); // room thread only
    private final RoomFigures figures;
    private final RoomLog log;
    private volatile JsonObject metadata = JsonValue.EMPTY_JSON_OBJECT;

    Room(String id, RoomType type, RoomSettings settings, Host host) {
        this.id = id;
        this.type = type;
        this.settings = settings;
        this.host = host;
        this.exec = new SerialExecutor(host.scheduler(), id);
        this.figures = new RoomFigures(host.figuresOn());
        this.log = new RoomLog(host.logSize(), host.redactedTypes());
    }

    void start() {
        exec.execute(() -> type.onCreate(this));
        long rate = settings.patchRate().toMillis();
        long rateNanos = settings.patchRate().toNanos();
        ticker = host.scheduler()
                .scheduleAtFixedRate(
                        () -> {
                            if (tickQueued.compareAndSet(false, true)) {
                                exec.execute(() -> {
                                    tickQueued.set(false);
                                    figures.tick(rateNanos);
                                    flush();
                                });
                            }
                        },
                        rate,
                        rate,
                        TimeUnit.MILLISECONDS);
    }

    /** Runs {@code task} on the room's thread. */
    public void run(Runnable task) {
        exec.execute(task);
    }

    /** When the room was created. */
    public Instant createdAt() {
        return createdAt;
    }

    /** True once disposed. */
    public boolean disposed() {
        return seats.disposed();
    }

    /** True while locked. */
    public boolean locked() {
        return seats.locked();
    }

    /** Seats taken (dropped clients within their grace included). */
    public int seatCount() {
        return seats.size();
    }

    /** Most clients. */
    public int maxClients() {
        return settings.maxClients();
    }

    /**
     * Seats {@code player} on {@code connection}: resumes the seat {@code clientId} when it is theirs, else takes
     * a new seat unless the room is disposed (4004), locked or full (4009). The {@code state} frame follows on
     * the room's thread.
     */
    Admission admit(Player player, ClientConnection connection, String clientId) {
        RoomSeats.Taken taken = seats.take(player, connection, clientId, settings.maxClients());
        if (taken.refused() != null) {
            return taken.refused();
        }
        Seat seat = taken.seat();
        ClientConnection replaced = taken.replaced();
        if (replaced != null) {
            replaced.close(1000, "resumed on another connection");
        }
        boolean joined = !taken.resumed();
        exec.execute(() -> {
            seat.synced = false;
            if (joined) {
                type.onJoin(this, seat.view());
            }
            flush();
            if (!seats.on(seat, connection)) {
                return; // gone or replaced meanwhile
            }
            String frame = JSON.createObjectBuilder()
                    .add("t", "state")
                    .add("client_id", seat.clientId)
                    .add("room_id", id)
                    .add("state", state.get())
                    .build()
                    .toString();
            connection.send(frame);
            figures.sent(1, frame.length());
            seat.synced = true;
        });
        if (joined) {
            log.add("join", seat.clientId, null, null);
            host.changed(this);
        }
        return new Admission(this, seat.clientId, 0, null);
    }

    /** A client's frame {@code {"t":"msg","type":..,"data":..}}: handed to room code on the room's thread. */
    void message(String clientId, ClientConnection connection, String msgType, JsonValue data) {
        exec.execute(() -> {
            Seat seat = seats.current(clientId, connection);
            if (seat == null) {
                return;
            }
            figures.messageIn();
            log.add("client_msg", clientId, msgType, data);
            type.onMessage(this, seat.view(), msgType, data == null ? JsonValue.NULL : data);
        });
    }

    /**
     * The socket of seat {@code clientId} closed with {@code code}: 1000 gives the seat up at once (consented),
     * any other code keeps it for the reconnection grace. Ignored when the seat is gone or on another socket.
     */
    void closed(String clientId, ClientConnection connection, int code) {
        RoomSeats.Released released = seats.release(
                clientId,
                connection,
                code == 1000 || settings.reconnectionGrace().isZero());
        if (released == null) {
            return;
        }
        Seat seat = released.seat();
        long generation = released.generation();
        seat.synced = false;
        if (generation < 0) {
            left(seat, code == 1000);
            return;
        }
        host.scheduler()
                .schedule(
                        () -> exec.execute(() -> {
                            if (seats.expire(clientId, seat, generation)) {
                                left(seat, false);
                            }
                        }),
                        settings.reconnectionGrace().toMillis(),
                        TimeUnit.MILLISECONDS);
    }

    /**
     * Removes seat {@code clientId} and closes its socket with {@code code}.
     *
     * @return false when there is no such seat
     */
    public boolean kick(String clientId, int code, String reason) {
        RoomSeats.Detached gone = seats.remove(clientId);
        if (gone == null) {
            return false;
        }
        if (gone.connection() != null) {
            gone.connection().close(code, reason);
        }
        left(gone.seat(), false);
        return true;
    }

    /** True when a seat of this room is held on {@code connection}. */
    boolean holds(ClientConnection connection) {
        return seats.holds(connection);
    }

    /** Removes every seat held on {@code connection} (a ban); the caller closes the socket. */
    boolean evict(ClientConnection connection) {
        List<Seat> gone = seats.evict(connection);
        gone.forEach(s -> left(s, false));
        return !gone.isEmpty();
    }

    private void left(Seat seat, boolean consented) {
        log.add("leave", seat.clientId, null, null);
        exec.execute(() -> {
            type.onLeave(this, seat.view(), consented);
            scheduleEmptyDispose();
        });
        host.changed(this);
    }

    private void scheduleEmptyDispose() {
        seats.whenEmpty(() -> host.scheduler()
                .schedule(
                        () -> exec.execute(() -> {
                            if (seats.emptyTimerFired()) {
                                dispose(CloseCodes.DISPOSED, "room empty");
                            }
                        }),
                        settings.emptyDispose().toMillis(),
                        TimeUnit.MILLISECONDS));
    }

    /**
     * Disposes of the room: every socket is closed with {@code code}, then {@code onDispose} runs.
     *
     * @return false when it was already disposed
     */
    public boolean dispose(int code, String reason) {
        List<ClientConnection> open = seats.dispose();
        if (open == null) {
            return false;
        }
        ScheduledFuture<?> t = ticker;
        if (t != null) {
            t.cancel(false);
        }
        open.forEach(c -> c.close(code, reason));
        exec.execute(() -> type.onDispose(this));
        host.removed(this);
        return true;
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

    private void sendAll(String frame) {
        List<ClientConnection> targets = seats.synced();
        targets.forEach(c -> c.send(frame));
        figures.sent(targets.size(), frame.length());
    }

    /** The current figures (any thread; see {@link RoomFigures#current}). */
    public JsonObject figures() {
        return figures.current();
    }

    /** The last 15 minutes of figures for the charts (any thread; see {@link RoomFigures#history}). */
    public JsonObject figuresHistory() {
        return figures.history();
    }

    /** The room's recent-event log (any thread). */
    public RoomLog log() {
        return log;
    }

    /** Logs an operator's command {@code what} with {@code data} (any thread). */
    void operator(String what, JsonValue data) {
        log.add("operator", null, what, data);
    }

    /** The user ids of the seats (any thread). */
    public long[] userIds() {
        return seats.userIds();
    }

    /** A snapshot of the seats for the admin API (any thread). */
    public List<RoomClient> snapshot() {
        return seats.snapshot();
    }

    // RoomContext

    @Override
    public String id() {
        return id;
    }

    @Override
    public String type() {
        return type.name();
    }

    @Override
    public JsonObject state() {
        return state.get();
    }

    @Override
    public void setState(JsonObject newState) {
        state.replace(newState);
    }

    @Override
    public void set(String pointer, JsonValue value) {
        state.set(pointer, value);
    }

    @Override
    public void remove(String pointer) {
        state.remove(pointer);
    }

    @Override
    public void broadcast(String msgType, JsonValue data) {
        log.add("server_msg", null, msgType, data);
        flush();
        sendAll(RoomState.message(msgType, data));
    }

    @Override
    public void send(String clientId, String msgType, JsonValue data) {
        ClientConnection target = seats.synced(clientId);
        if (target != null) {
            log.add("server_msg", clientId, msgType, data);
            flush();
            String frame = RoomState.message(msgType, data);
            target.send(frame);
            figures.sent(1, frame.length());
        }
    }

    @Override
    public JsonObject metadata() {
        return metadata;
    }

    @Override
    public void setMetadata(JsonObject value) {
        JsonObject v = value == null ? JsonValue.EMPTY_JSON_OBJECT : value;
        int bytes = v.toString().getBytes(StandardCharsets.UTF_8).length;
        if (bytes > METADATA_MAX_BYTES) {
            throw new IllegalArgumentException(
                    "Room metadata of " + bytes + " bytes; at most " + METADATA_MAX_BYTES + " allowed");
        }
        if (!v.equals(metadata)) {
            metadata = v;
            host.changed(this);
        }
    }

    @Override
    public List<RoomClient> clients() {
        return snapshot();
    }

    @Override
    public void lock() {
        setLocked(true);
    }

    @Override
    public void unlock() {
        setLocked(false);
    }

    /** Sets the lock flag; true when it changed. */
    public boolean setLocked(boolean value) {
        if (!seats.setLocked(value)) {
            return false;
        }
        host.changed(this);
        return true;
    }

    @Override
    public void dispose() {
        exec.execute(() -> dispose(CloseCodes.DISPOSED, "room disposed"));
    }
}
