package dev.warden.rooms;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonPointer;
import jakarta.json.JsonValue;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Runs a {@link RoomCommand} on a room of this node, calling the room directly (docs/admin-api.md, "Live rooms"):
 * the same code for an operator's command on this node and for a command another node sent over the rooms bus,
 * so answers and errors are identical (docs/game-api.md, "Requirements: Across nodes" rule 3). Work on the state
 * runs on the room's thread; a room that does not answer within 2 s is 503 {@code TIMEOUT} with
 * {@code Retry-After: 1}.
 */
public final class RoomCommands {

    private static final long ANSWER_MS = 2000;

    private RoomCommands() {}

    /**
     * Runs {@code command} on room {@code id} of this node.
     *
     * @throws ApiException 404 the room is not (or no longer) on this node; as {@link #run} otherwise
     */
    public static JsonValue runHere(Rooms rooms, String id, RoomCommand command) {
        Room room = rooms.find(id)
                .filter(r -> !r.disposed())
                .orElseThrow(() -> ApiException.notFound("No room '" + id + "'"));
        return run(room, rooms.node(), command);
    }

    /**
     * Runs {@code command} on {@code room}, hosted by {@code node}; the answers are those {@link RoomCommand}'s
     * records name.
     *
     * @throws ApiException 404 unknown client (kick, message); 422 bad {@code path} (state set and delete); 503 the
     *                      room did not answer within 2 s
     */
    public static JsonValue run(Room room, String node, RoomCommand command) {
        if (command instanceof RoomCommand.Read) {
            return full(room, node, onRoom(room, Room::state));
        }
        if (command instanceof RoomCommand.ReadLog) {
            return room.log().json();
        }
        if (command instanceof RoomCommand.Revert revert) {
            JsonValue done = onRoom(room, r -> revert(r, revert));
            room.operator(
                    "state_revert",
                    JSON.createObjectBuilder().add("path", revert.path()).build());
            return done;
        }
        if (command instanceof RoomCommand.Kick kick) {
            room.operator(
                    "kick",
                    JSON.createObjectBuilder()
                            .add("client_id", String.valueOf(kick.clientId()))
                            .build());
            String reason = kick.reason() == null ? "kicked" : kick.reason();
            if (kick.clientId() == null || !room.kick(kick.clientId(), CloseCodes.KICKED, reason)) {
                throw ApiException.notFound("No client '" + kick.clientId() + "' in room " + room.id());
            }
            return JsonValue.TRUE;
        }
        if (command instanceof RoomCommand.Lock || command instanceof RoomCommand.Unlock) {
            room.operator(command instanceof RoomCommand.Lock ? "lock" : "unlock", null);
            room.setLocked(command instanceof RoomCommand.Lock);
            return RoomSummary.of(room, node).json();
        }
        if (command instanceof RoomCommand.SetState set) {
            room.operator(
                    "state_edit",
                    JSON.createObjectBuilder().add("path", set.path()).build());
            return onRoom(room, r -> setState(r, set.path(), set.value()));
        }
        if (command instanceof RoomCommand.DeleteState delete) {
            room.operator(
                    "state_delete",
                    JSON.createObjectBuilder().add("path", delete.path()).build());
            return onRoom(room, r -> deleteState(r, delete.path()));
        }
        if (command instanceof RoomCommand.Dispose dispose) {
            room.dispose(CloseCodes.DISPOSED, dispose.reason() == null ? "disposed by an operator" : dispose.reason());
            return JsonValue.TRUE;
        }
        RoomCommand.Message message = (RoomCommand.Message) command; // the last of the sealed records
        String clientId = message.clientId();
        if (clientId != null
                && room.snapshot().stream().noneMatch(c -> c.clientId().equals(clientId))) {
            throw ApiException.notFound("No client '" + clientId + "' in room " + room.id());
        }
        room.operator("message", operatorMessage(room, message.type(), message.data(), clientId));
        return onRoom(room, r -> {
            if (clientId == null) {
                r.broadcast(message.type(), message.data());
            } else {
                r.send(clientId, message.type(), message.data());
            }
            return JsonValue.TRUE;
        });
    }

    private static JsonObject setState(Room room, String path, JsonValue value) {
        JsonValue before = at(room.state(), path);
        try {
            room.set(path, value);
        } catch (JsonException | IllegalArgumentException e) {
            throw ApiException.invalid("path", e.getMessage());
        }
        return JSON.createObjectBuilder()
                .add("before", before == null ? JsonValue.NULL : before)
                .add("after", value)
                .add("state", room.state())
                .build();
    }

    /**
     * The operator log entry's data of a message: {@code {type, data, client_id?}}, its data redacted when the
     * message type is.
     */
    static JsonObject operatorMessage(Room room, String type, JsonValue data, String clientId) {
        var o = JSON.createObjectBuilder()
                .add("type", type)
                .add("data", room.log().redacts(type) ? JSON.createValue(RoomLog.REDACTED) : data);
        if (clientId != null) {
            o.add("client_id", clientId);
        }
        return o.build();
    }

    private static JsonObject revert(Room room, RoomCommand.Revert revert) {
        JsonValue now = at(room.state(), revert.path());
        boolean unchanged =
                revert.expected() == null ? now == null : revert.expected().equals(now);
        if (!unchanged) {
            throw new ApiException(
                    ErrorCode.CONFLICT, "The value at '" + revert.path() + "' changed since that edit; not reverted");
        }
        try {
            if (revert.restore() == null) {
                room.remove(revert.path());
            } else {
                room.set(revert.path(), revert.restore());
            }
        } catch (JsonException | IllegalArgumentException e) {
            throw ApiException.invalid("path", e.getMessage());
        }
        return JSON.createObjectBuilder()
                .add("before", now == null ? JsonValue.NULL : now)
                .add("after", revert.restore() == null ? JsonValue.NULL : revert.restore())
                .add("state", room.state())
                .build();
    }

    private static JsonObject deleteState(Room room, String path) {
        JsonValue before = at(room.state(), path);
        if (before == null || path.isEmpty()) {
            throw ApiException.invalid("path", "no value at '" + path + "'");
        }
        room.remove(path);
        return JSON.createObjectBuilder()
                .add("before", before)
                .add("state", room.state())
                .build();
    }

    /** The room's list row plus {@code state}, {@code clients: [...]} and {@code figures_history} (the charts). */
    private static JsonObject full(Room room, String node, JsonObject state) {
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
        return JSON.createObjectBuilder(RoomSummary.of(room, node).json())
                .add("state", state)
                .add("clients", clients)
                .add("figures_history", room.figuresHistory())
                .build();
    }

    private static String label(RoomClient c) {
        return c.displayName() == null ? "user " + c.userId() : c.displayName();
    }

    private static JsonValue at(JsonObject state, String path) {
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

    /**
     * Sends {@code {"t":"msg","type","data"}} to every connected client of every room of {@code roomType} on this
     * node, without waiting for the rooms' threads (docs/admin-api.md, "Live rooms").
     *
     * @return {@code {rooms, clients}}: the rooms reached and the clients connected in them
     */
    public static int[] messageType(Rooms rooms, String roomType, String msgType, JsonValue data) {
        int reached = 0;
        int clients = 0;
        for (Room room : rooms.local()) {
            if (room.type().equals(roomType) && !room.disposed()) {
                room.operator("message", operatorMessage(room, msgType, data, null));
                room.run(() -> room.broadcast(msgType, data));
                reached++;
                clients += (int)
                        room.snapshot().stream().filter(RoomClient::connected).count();
            }
        }
        return new int[] {reached, clients};
    }
}
