package dev.warden.rooms.admin;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.AuditTrail;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.Moderation;
import dev.warden.rooms.Room;
import dev.warden.rooms.RoomCommand;
import dev.warden.rooms.RoomCommands;
import dev.warden.rooms.RoomStore;
import dev.warden.rooms.RoomSummary;
import dev.warden.rooms.Rooms;
import dev.warden.rooms.bus.BusAnswers;
import dev.warden.rooms.bus.RoomBus;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The operators' use case over live rooms
 * (docs/admin-api.md, "Live rooms"; docs/security.md, the {@code /admin-api/rooms} rows):
 * authorise, run the {@link RoomCommand}, write the audit entry.
 *
 * <p>Every method first checks the operator against the panel resource {@code rooms} like any resource
 * ({@link Moderation#authorize}: a policy on {@code rooms}, else the standard rule, under which role user may not
 * even list or read rooms; mods need the {@code rooms} scope): list and nodes need {@code list}, read needs
 * {@code read}, dispose needs {@code delete}, every other command {@code update}; 403 {@code forbidden} otherwise,
 * before the command is even parsed. A room on this node gets the command directly ({@link RoomCommands}); a room
 * hosted by another node gets it through {@link RoomBus} (503 with {@code Retry-After} when that node does not
 * answer within the command timeout); a room on no node is 404. A command that changed a room is audited
 * ({@code resource = rooms}, {@code target_id} = the room id, the command's fields plus {@code ip} and
 * {@code userAgent}; docs/admin-api.md, "Events"); a failed audit write is logged and counted, never thrown.
 *
 * <p>Each method runs in a container transaction (the default, {@code REQUIRED}) although rooms live in memory:
 * without one, an {@link ApiException} (a 404 or 422, rollback by declaration) thrown after a read of
 * {@code warden_rooms} rolled back Open Liberty's local transaction, which logs {@code WLTC0017E} at ERROR for an
 * ordinary refused request. The audit entry is written once that transaction committed, in one of its own
 * ({@link AuditTrail}).
 */
@Stateless
public class RoomAdmin {

    private static final String RESOURCE = "rooms";

    @EJB
    Rooms rooms;

    @EJB
    RoomStore store;

    @EJB
    RoomBus bus;

    @EJB
    Moderation moderation;

    @Inject
    AuditTrail trail;

    /**
     * The list: every room of the cluster, filtered, sorted and windowed ({@link RoomQuery}).
     *
     * @throws ApiException 403 without {@code list} on {@code rooms}; 422 a bad parameter
     */
    public RoomQuery.Result list(Operator operator, Map<String, List<String>> params) {
        moderation.authorize(operator, Operation.LIST, RESOURCE);
        RoomQuery query = RoomQuery.parse(params);
        List<String> player = params.containsKey("player") ? params.get("player") : params.get("player_eq");
        if (player == null || player.isEmpty()) {
            return query.apply(RoomQuery.rows(store.rows(), rooms));
        }
        String who = player.get(0).strip();
        if (who.isEmpty() || who.length() > 320) {
            throw ApiException.invalid("player", "must be a user id, an email or a display name (1 to 320 characters)");
        }
        List<Long> found = store.userIds(who);
        Set<Long> users = new HashSet<>(found);
        List<RoomSummary> rows = RoomQuery.rows(store.rowsOf(found), rooms).stream()
                .filter(r -> r.userIds() != null && Arrays.stream(r.userIds()).anyMatch(users::contains))
                .toList();
        return query.apply(rows);
    }

    /**
     * Sends {@code {"t":"msg","type","data"}} to every connected client of every room of {@code roomType} on every
     * live node; audited {@code room.message} with target {@code type:<roomType>} and {@code {room_type, type, data,
     * rooms, clients}}.
     *
     * @return {@code {rooms, clients, nodes_unanswered}}: the rooms and connected clients reached, and the other
     *         nodes that did not answer within the command timeout (their rooms are not counted)
     * @throws ApiException 403 without {@code update} on {@code rooms}; 400 or 422 from {@code message}; 422 an
     *                      unknown room type
     */
    public JsonObject messageType(
            Operator operator, Supplier<Map.Entry<String, RoomCommand.Message>> message, String ip, String userAgent) {
        moderation.authorize(operator, Operation.UPDATE, RESOURCE);
        Map.Entry<String, RoomCommand.Message> built = message.get();
        String roomType = built.getKey();
        RoomCommand.Message m = built.getValue();
        if (roomType == null || !rooms.hasType(roomType)) {
            throw ApiException.invalid("type", "no room type '" + roomType + "'");
        }
        int[] here = RoomCommands.messageType(rooms, roomType, m.type(), m.data());
        List<String> others = store.nodes().stream()
                .map(RoomStore.NodeRow::node)
                .filter(n -> !n.equals(rooms.node()))
                .toList();
        int[] there = bus.messageTypeElsewhere(roomType, m.type(), m.data(), others);
        int reached = here[0] + there[0];
        int clients = here[1] + there[1];
        record(
                operator,
                "room.message",
                "type:" + roomType,
                JSON.createObjectBuilder()
                        .add("room_type", roomType)
                        .add("type", m.type())
                        .add("data", m.data())
                        .add("rooms", reached)
                        .add("clients", clients),
                ip,
                userAgent);
        return JSON.createObjectBuilder()
                .add("rooms", reached)
                .add("clients", clients)
                .add("nodes_unanswered", there[2])
                .build();
    }

    /**
     * The operators' edits of room {@code id}'s state, newest first, from the audit entries (see
     * {@link RoomStore#edits}); the room must be live.
     *
     * @throws ApiException 403 without {@code read} on {@code rooms}; 404 no such room
     */
    public List<JsonObject> edits(Operator operator, String id) {
        moderation.authorize(operator, Operation.READ, RESOURCE);
        if (rooms.find(id).filter(r -> !r.disposed()).isEmpty() && store.row(id) == null) {
            throw ApiException.notFound("No room '" + id + "'");
        }
        return store.edits(id);
    }

    /**
     * Reverts the state edit of audit entry {@code auditId} on room {@code id}: an edit's {@code before} is restored
     * (removed when it was null) if the value is still its {@code after}; a deletion's value is put back if the path
     * is still absent. Audited {@code room.state_edit {path, before, after, revert_of}}.
     *
     * @return {@code {before, after, state}}
     * @throws ApiException 403 without {@code update}; 404 no such room or no such edit of it; 409 the value at the
     *                      path changed since; 503 the room's node did not answer
     */
    public JsonValue revert(Operator operator, String id, long auditId, String ip, String userAgent) {
        return run(
                operator,
                id,
                RoomCommand.Revert.class,
                () -> {
                    JsonObject edit = store.edits(id).stream()
                            .filter(e -> e.getJsonNumber("id").longValue() == auditId)
                            .findFirst()
                            .orElseThrow(() -> ApiException.notFound("No state edit " + auditId + " of room " + id));
                    String path = edit.getString("path", null);
                    JsonValue before = edit.getOrDefault("before", JsonValue.NULL);
                    if (edit.getString("action").equals("room.state_delete")) {
                        return new RoomCommand.Revert(path, null, before, auditId);
                    }
                    JsonValue after = edit.getOrDefault("after", JsonValue.NULL);
                    return new RoomCommand.Revert(
                            path, after, before.getValueType() == JsonValue.ValueType.NULL ? null : before, auditId);
                },
                ip,
                userAgent);
    }

    /**
     * Every live node with its figures: {@code [{node, rooms, clients, heap_used_mb, rss_mb, cpu_percent,
     * started_at, heartbeat, figures}]} ({@code figures}: its rooms' figures summed, docs/operations.md, "Room
     * figures"; null before the node's first heartbeat).
     *
     * @throws ApiException 403 without {@code list} on {@code rooms}
     */
    public List<JsonObject> nodes(Operator operator) {
        moderation.authorize(operator, Operation.LIST, RESOURCE);
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
                        .add("figures", n.figures() == null ? JsonValue.NULL : n.figures())
                        .build())
                .toList();
    }

    /**
     * Authorises {@code operator} for commands of {@code kind}, then builds the command with {@code command} (so a
     * refused caller gets 403 rather than a complaint about the request), runs it on room {@code id} wherever it
     * lives, and audits it unless it is a {@link RoomCommand.Read}.
     *
     * @param command   builds the command from the request; may throw the request's 400 or 422
     * @param ip        the operator's client address for the audit entry, may be null
     * @param userAgent the operator's {@code User-Agent} for the audit entry, may be null
     * @return the command's answer (see {@link RoomCommand}'s records)
     * @throws ApiException 403 not allowed; 400 or 422 from {@code command}; 404 no such room (or client); 422 bad
     *                      path; 503 the room or its node did not answer in time
     */
    public <C extends RoomCommand> JsonValue run(
            Operator operator, String id, Class<C> kind, Supplier<C> command, String ip, String userAgent) {
        moderation.authorize(operator, operation(kind), RESOURCE);
        C built = command.get();
        JsonValue answer = route(id, built);
        String action = action(built);
        if (action != null) {
            record(operator, action, id, payload(built, answer), ip, userAgent);
        }
        return answer;
    }

    /** The permission commands of {@code kind} need on {@code rooms}: the rule of docs/security.md's rooms rows. */
    static Operation operation(Class<? extends RoomCommand> kind) {
        if (kind == RoomCommand.Read.class || kind == RoomCommand.ReadLog.class) {
            return Operation.READ;
        }
        return kind == RoomCommand.Dispose.class ? Operation.DELETE : Operation.UPDATE;
    }

    /** Runs {@code command} on this node's room directly, else through the bus on the room's node. */
    JsonValue route(String id, RoomCommand command) {
        Room room = rooms.find(id).orElse(null);
        if (room != null && !room.disposed()) {
            return RoomCommands.run(room, rooms.node(), command);
        }
        RoomStore.Row row = store.row(id);
        if (row != null && !row.node().equals(rooms.node())) {
            return BusAnswers.body(bus.call(row.node(), id, command));
        }
        throw ApiException.notFound("No room '" + id + "'");
    }

    /** The audit action of {@code command}, or null for a read (not audited). */
    static String action(RoomCommand command) {
        if (command instanceof RoomCommand.Kick) {
            return "room.kick";
        }
        if (command instanceof RoomCommand.Lock) {
            return "room.lock";
        }
        if (command instanceof RoomCommand.Unlock) {
            return "room.unlock";
        }
        if (command instanceof RoomCommand.SetState || command instanceof RoomCommand.Revert) {
            return "room.state_edit";
        }
        if (command instanceof RoomCommand.DeleteState) {
            return "room.state_delete";
        }
        if (command instanceof RoomCommand.Dispose) {
            return "room.dispose";
        }
        if (command instanceof RoomCommand.ReadLog) {
            return "room.log_read";
        }
        return command instanceof RoomCommand.Message ? "room.message" : null;
    }

    /** The audit payload of {@code command} before {@code ip} and {@code userAgent} (docs/admin-api.md, "Live rooms"). */
    static JsonObjectBuilder payload(RoomCommand command, JsonValue answer) {
        JsonObjectBuilder payload = JSON.createObjectBuilder();
        if (command instanceof RoomCommand.Kick kick) {
            payload.add("client_id", text(kick.clientId())).add("reason", text(kick.reason()));
        } else if (command instanceof RoomCommand.SetState set) {
            JsonObject result = answer.asJsonObject();
            payload.add("path", set.path()).add("before", result.get("before")).add("after", result.get("after"));
        } else if (command instanceof RoomCommand.Revert revert) {
            JsonObject result = answer.asJsonObject();
            payload.add("path", revert.path())
                    .add("before", result.get("before"))
                    .add("after", result.get("after"))
                    .add("revert_of", revert.revertOf());
        } else if (command instanceof RoomCommand.DeleteState delete) {
            payload.add("path", delete.path())
                    .add("before", answer.asJsonObject().get("before"));
        } else if (command instanceof RoomCommand.Dispose dispose) {
            payload.add("reason", text(dispose.reason()));
        } else if (command instanceof RoomCommand.Message message) {
            payload.add("type", message.type()).add("data", message.data()).add("client_id", text(message.clientId()));
        }
        return payload;
    }

    private static JsonValue text(String value) {
        return value == null ? JsonValue.NULL : JSON.createValue(value);
    }

    /**
     * Records the entry through the one audit path ({@link AuditTrail}: written once this call's transaction
     * committed, in one of its own; a failure is logged and counted, never thrown).
     */
    private void record(
            Operator operator, String action, String roomId, JsonObjectBuilder payload, String ip, String userAgent) {
        payload.add("ip", text(ip)).add("userAgent", text(userAgent));
        trail.afterCommit(new AuditRecord(operator.userId(), action, RESOURCE, roomId, payload.build()));
    }
}
