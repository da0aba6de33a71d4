package dev.warden.rooms;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.Moderation;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonPointer;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * The operators' commands on live rooms (docs/game-api.md; docs/security.md, the {@code /admin-api/rooms} rows): read,
 * kick, lock, unlock, state edit and delete by JSON Pointer, dispose, message, and the node view. Each public command
 * first checks the operator against the panel resource {@code rooms} like any resource ({@link Moderation#authorize}:
 * a policy on {@code rooms}, else the standard rule, under which role user may not even list or read rooms; mods
 * need the {@code rooms} scope): list and nodes need {@code list}, read needs {@code read}, kick, lock, unlock, state
 * edit and delete and message need {@code update}, dispose needs {@code delete}; 403 {@code forbidden} otherwise.
 * The audit is the caller's (the admin resource, which knows the client's address). A room that does not exist is
 * 404; a room hosted by another node gets the command through
 * {@link RoomBus} (503 with {@code Retry-After} when that node does not answer within 2 s); a room that does not
 * answer within 2 s is 503.
 *
 * <p>Each command runs in a container transaction (the default, {@code REQUIRED}) although rooms live in memory:
 * without one, an {@link ApiException} (a 404 or 422, rollback by declaration) thrown after a read of
 * {@code warden_rooms} rolled back Open Liberty's local transaction, which logs {@code WLTC0017E} at ERROR for
 * an ordinary refused request.
 */
@Stateless
public class RoomAdmin {

    private static final long ANSWER_MS = 2000;

    @EJB
    Rooms rooms;

    @EJB
    RoomStore store;

    @EJB
    RoomBus bus;

    @EJB
    Moderation moderation;

    private static final String RESOURCE = "rooms";

    /**
     * Refuses {@code operator} unless they may perform {@code operation} on {@code rooms}: what every command below
     * checks first; the admin resource calls it before it reads a command's body, so a refused caller gets 403
     * rather than a complaint about the body.
     *
     * @throws ApiException 403 {@code forbidden}
     */
    public void authorize(Operator operator, Operation operation) {
        moderation.authorize(operator, operation, RESOURCE);
    }

    private void allow(Operator operator, Operation operation) {
        authorize(operator, operation);
    }

    /**
     * The list: every room of the cluster, filtered, sorted and windowed ({@link RoomQuery}).
     *
     * @throws ApiException 403 without {@code list} on {@code rooms}; 422 a bad parameter
     */
    public RoomQuery.Result list(Operator operator, Map<String, List<String>> params) {
        allow(operator, Operation.LIST);
        return RoomQuery.parse(params).apply(RoomQuery.rows(store.rows(), rooms));
    }

    /**
     * {@code {id, type, node, clients, max_clients, locked, created_at, state, clients: [...]}}: the room in full.
     *
     * @throws ApiException 403 without {@code read} on {@code rooms}; 404 no such room
     */
    public JsonObject read(Operator operator, String id) {
        allow(operator, Operation.READ);
        return route(id, "read", JsonValue.EMPTY_JSON_OBJECT).asJsonObject();
    }

    /** The room's list row plus {@code state} and {@code clients: [...]}. */
    JsonObject full(Room room, JsonObject state) {
        JsonArrayBuilder clients = JSON.createArrayBuilder();
        for (RoomClient c : room.snapshot()) {
            clients.add(JSON.createObjectBuilder()
                    .add("client_id", c.clientId())
                    .add("user_id", c.userId())
                    .add("_labels", JSON.createObjectBuilder().add("user_id", label(c)))
                    .add("joined_at", c.joinedAt().toString())
                    .add("ip", c.ip() == null ? JsonValue.NULL : JSON.createValue(c.ip()))
                    .add("connected", c.connected()));
        }
        JsonObjectBuilder out = JSON.createObjectBuilder(RoomQuery.json(RoomQuery.row(room, rooms.node())));
        return out.add("state", state).add("clients", clients).build();
    }

    private static String label(RoomClient c) {
        return c.displayName() == null ? "user " + c.userId() : c.displayName();
    }

    /**
     * Kicks {@code clientId}: its socket closes with 4001 and its seat is freed.
     *
     * @throws ApiException 403 without {@code update} on {@code rooms}; 404 unknown room or client
     */
    public void kick(Operator operator, String id, String clientId, String reason) {
        allow(operator, Operation.UPDATE);
        route(
                id,
                "kick",
                JSON.createObjectBuilder()
                        .add("client_id", nullable(clientId))
                        .add("reason", nullable(reason))
                        .build());
    }

    /** Locks or unlocks; the room after (403 without {@code update} on {@code rooms}). */
    public JsonObject lock(Operator operator, String id, boolean locked) {
        allow(operator, Operation.UPDATE);
        return route(
                        id,
                        "lock",
                        JSON.createObjectBuilder().add("locked", locked).build())
                .asJsonObject();
    }

    /**
     * Sets the value at {@code path}; {@code {before, after, state}} ({@code before} null when the path was absent).
     *
     * @throws ApiException 403 without {@code update} on {@code rooms}; 422 {@code path} malformed or its parent
     *                      missing
     */
    public JsonObject editState(Operator operator, String id, String path, JsonValue value) {
        allow(operator, Operation.UPDATE);
        return route(
                        id,
                        "state_edit",
                        JSON.createObjectBuilder()
                                .add("path", nullable(path))
                                .add("value", value)
                                .build())
                .asJsonObject();
    }

    /**
     * Removes the value at {@code path}; {@code {before, state}}.
     *
     * @throws ApiException 403 without {@code update} on {@code rooms}; 422 {@code path} malformed or nothing there
     */
    public JsonObject deleteState(Operator operator, String id, String path) {
        allow(operator, Operation.UPDATE);
        return route(
                        id,
                        "state_delete",
                        JSON.createObjectBuilder().add("path", nullable(path)).build())
                .asJsonObject();
    }

    /** Disposes of the room: every client is closed with 4004 (403 without {@code delete} on {@code rooms}). */
    public void dispose(Operator operator, String id, String reason) {
        allow(operator, Operation.DELETE);
        route(
                id,
                "dispose",
                JSON.createObjectBuilder().add("reason", nullable(reason)).build());
    }

    /**
     * Sends {@code {"t":"msg","type","data"}} to {@code clientId}, or to every client when null.
     *
     * @throws ApiException 403 without {@code update} on {@code rooms}; 404 unknown room or client
     */
    public void message(Operator operator, String id, String type, JsonValue data, String clientId) {
        allow(operator, Operation.UPDATE);
        route(
                id,
                "message",
                JSON.createObjectBuilder()
                        .add("type", nullable(type))
                        .add("data", data)
                        .add("client_id", nullable(clientId))
                        .build());
    }

    /**
     * Runs command {@code op} on room {@code id} of this node: the owner's side of a command sent by another node
     * ({@link RoomBus}). Ops and answers: {@code read} the room in full, {@code kick {client_id, reason}} true,
     * {@code lock {locked}} the room's row, {@code state_edit {path, value}} {@code {before, after, state}},
     * {@code state_delete {path}} {@code {before, state}}, {@code dispose {reason}} true,
     * {@code message {type, data, client_id}} true.
     *
     * @throws ApiException 404 the room is not (or no longer) on this node, or an unknown client; 422 bad path;
     *                      400 unknown op
     */
    public JsonValue execute(String op, String id, JsonObject args) {
        Room room = rooms.find(id)
                .filter(r -> !r.disposed())
                .orElseThrow(() -> ApiException.notFound("No room '" + id + "'"));
        return run(op, room, args);
    }

    private JsonValue route(String id, String op, JsonObject args) {
        Room room = rooms.find(id).orElse(null);
        if (room != null && !room.disposed()) {
            return run(op, room, args);
        }
        RoomStore.Row row = store.row(id);
        if (row != null && !row.node().equals(rooms.node())) {
            return BusAnswers.body(bus.call(row.node(), op, id, args));
        }
        throw ApiException.notFound("No room '" + id + "'");
    }

    private JsonValue run(String op, Room room, JsonObject args) {
        String id = room.id();
        switch (op) {
            case "read":
                return full(room, onRoom(room, Room::state));
            case "kick": {
                String clientId = text(args, "client_id");
                String reason = text(args, "reason");
                if (clientId == null || !room.kick(clientId, CloseCodes.KICKED, reason == null ? "kicked" : reason)) {
                    throw ApiException.notFound("No client '" + clientId + "' in room " + id);
                }
                return JsonValue.TRUE;
            }
            case "lock":
                room.setLocked(args.getBoolean("locked", true));
                return RoomQuery.json(RoomQuery.row(room, rooms.node()));
            case "state_edit": {
                String path = text(args, "path");
                JsonValue value = args.getOrDefault("value", JsonValue.NULL);
                return onRoom(room, r -> {
                    JsonValue before = at(r.state(), path);
                    try {
                        r.set(path, value);
                    } catch (JsonException | IllegalArgumentException e) {
                        throw ApiException.invalid("path", e.getMessage());
                    }
                    return JSON.createObjectBuilder()
                            .add("before", before == null ? JsonValue.NULL : before)
                            .add("after", value)
                            .add("state", r.state())
                            .build();
                });
            }
            case "state_delete": {
                String path = text(args, "path");
                return onRoom(room, r -> {
                    JsonValue before = at(r.state(), path);
                    if (before == null || path.isEmpty()) {
                        throw ApiException.invalid("path", "no value at '" + path + "'");
                    }
                    r.remove(path);
                    return JSON.createObjectBuilder()
                            .add("before", before)
                            .add("state", r.state())
                            .build();
                });
            }
            case "dispose": {
                String reason = text(args, "reason");
                room.dispose(CloseCodes.DISPOSED, reason == null ? "disposed by an operator" : reason);
                return JsonValue.TRUE;
            }
            case "message": {
                String clientId = text(args, "client_id");
                String type = text(args, "type");
                JsonValue data = args.getOrDefault("data", JsonValue.NULL);
                if (clientId != null
                        && room.snapshot().stream().noneMatch(c -> c.clientId().equals(clientId))) {
                    throw ApiException.notFound("No client '" + clientId + "' in room " + id);
                }
                return onRoom(room, r -> {
                    if (clientId == null) {
                        r.broadcast(type, data);
                    } else {
                        r.send(clientId, type, data);
                    }
                    return JsonValue.TRUE;
                });
            }
            default:
                throw ApiException.badRequest("Unknown room command '" + op + "'");
        }
    }

    private static JsonValue nullable(String value) {
        return value == null ? JsonValue.NULL : JSON.createValue(value);
    }

    private static String text(JsonObject args, String name) {
        return args.get(name) instanceof jakarta.json.JsonString s ? s.getString() : null;
    }

    /** {@code GET /admin-api/rooms/_nodes}: every live node with its figures (403 without {@code list} on {@code rooms}). */
    public List<JsonObject> nodes(Operator operator) {
        allow(operator, Operation.LIST);
        return store.nodes().stream()
                .map(n -> JSON.createObjectBuilder()
                        .add("node", n.node())
                        .add("rooms", n.rooms())
                        .add("clients", n.clients())
                        .add("heap_used_mb", n.heapUsedMb() == null ? JsonValue.NULL : JSON.createValue(n.heapUsedMb()))
                        .add("rss_mb", n.rssMb() == null ? JsonValue.NULL : JSON.createValue(n.rssMb()))
                        .add("cpu_percent", n.cpuPercent() == null ? JsonValue.NULL : JSON.createValue(n.cpuPercent()))
                        .add("started_at", n.startedAt().toString())
                        .add("heartbeat", n.heartbeat().toString())
                        .build())
                .toList();
    }

    private static JsonValue at(JsonObject state, String path) {
        if (path == null) {
            throw ApiException.invalid("path", "is required");
        }
        try {
            JsonPointer pointer = jakarta.json.Json.createPointer(path);
            return pointer.containsValue(state) ? pointer.getValue(state) : null;
        } catch (JsonException e) {
            throw ApiException.invalid("path", e.getMessage());
        }
    }

    private static <T> T onRoom(Room room, Function<Room, T> work) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        room.run(() -> {
            try {
                answer.complete(work.apply(room));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        try {
            return answer.get(ANSWER_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        } catch (TimeoutException e) {
            throw new ApiException(ErrorCode.TIMEOUT, "Room " + room.id() + " did not answer within 2 s")
                    .withHeaders(Map.of("Retry-After", "1"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(ErrorCode.TIMEOUT, "Interrupted");
        }
    }
}
