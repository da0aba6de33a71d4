package dev.warden.rooms;

import dev.warden.players.Player;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A live room on this node (docs/game-api.md): its seats, lock flag and JSON state.
 *
 * <p>Seats and flags are in its {@link RoomSeats}, whose monitor makes admission exact under concurrent joins (max
 * clients is never exceeded). Everything else, room code included, runs on the room's {@link SerialExecutor}:
 * callbacks, state changes and the patch tick ({@link RoomSync}, which also keeps the room's figures and log). A
 * joining or resuming client first lets pending changes go out as a patch to the others, then gets a
 * {@code state} frame.
 */
public final class Room implements RoomContext {

    /** Most bytes of a room's metadata as JSON text (docs/game-api.md, "Room metadata"). */
    public static final int METADATA_MAX_BYTES = 2048;

    private final String id;
    private final RoomType type;
    private final RoomSettings settings;
    private final Instant createdAt = Instant.now();
    private final RoomHost host;
    private final SerialExecutor exec;
    private final RoomSeats seats = new RoomSeats();
    private final RoomSync sync;
    private volatile JsonObject metadata = JsonValue.EMPTY_JSON_OBJECT;

    Room(String id, RoomType type, RoomSettings settings, RoomHost host) {
        this.id = id;
        this.type = type;
        this.settings = settings;
        this.host = host;
        this.exec = new SerialExecutor(host.scheduler(), id);
        this.sync = new RoomSync(seats, host);
    }

    void start() {
        exec.execute(() -> type.onCreate(this));
        sync.start(host.scheduler(), exec, settings.patchRate());
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
            sync.flush();
            if (!seats.on(seat, connection)) {
                return; // gone or replaced meanwhile
            }
            sync.send(connection, sync.stateFrame(seat.clientId, id));
            seat.synced = true;
        });
        if (joined) {
            sync.log().add("join", seat.clientId, null, null);
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
            sync.figures().messageIn();
            sync.log().add("client_msg", clientId, msgType, data);
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
        sync.log().add("leave", seat.clientId, null, null);
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
        sync.stop();
        open.forEach(c -> c.close(code, reason));
        exec.execute(() -> type.onDispose(this));
        host.removed(this);
        return true;
    }

    /** The current figures (any thread; see {@link RoomFigures#current}). */
    public JsonObject figures() {
        return sync.figures().current();
    }

    /** The last 15 minutes of figures for the charts (any thread; see {@link RoomFigures#history}). */
    public JsonObject figuresHistory() {
        return sync.figures().history();
    }

    /** The room's recent-event log (any thread). */
    public RoomLog log() {
        return sync.log();
    }

    /** Logs an operator's command {@code what} with {@code data} (any thread). */
    void operator(String what, JsonValue data) {
        sync.log().add("operator", null, what, data);
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
        return sync.state().get();
    }

    @Override
    public void setState(JsonObject newState) {
        sync.state().replace(newState);
    }

    @Override
    public void set(String pointer, JsonValue value) {
        sync.state().set(pointer, value);
    }

    @Override
    public void remove(String pointer) {
        sync.state().remove(pointer);
    }

    @Override
    public void broadcast(String msgType, JsonValue data) {
        sync.log().add("server_msg", null, msgType, data);
        sync.flush();
        sync.sendAll(RoomState.message(msgType, data));
    }

    @Override
    public void send(String clientId, String msgType, JsonValue data) {
        ClientConnection target = seats.synced(clientId);
        if (target != null) {
            sync.log().add("server_msg", clientId, msgType, data);
            sync.flush();
            sync.send(target, RoomState.message(msgType, data));
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
