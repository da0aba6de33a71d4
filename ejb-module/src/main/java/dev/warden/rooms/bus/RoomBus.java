package dev.warden.rooms.bus;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.Hashing;
import dev.warden.common.sql.Sql;
import dev.warden.rooms.LiveSessions;
import dev.warden.rooms.RoomCommand;
import dev.warden.rooms.RoomCommands;
import dev.warden.rooms.Rooms;
import dev.warden.schema.StartupGuard;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.interceptor.Interceptors;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The command path between nodes (docs/game-api.md, "Requirements: Across nodes"): PostgreSQL {@code LISTEN}/{@code NOTIFY}
 * on the channel {@value #CHANNEL}.
 *
 * <p>Every message is a JSON object: a command {@code {"k":"cmd","id","from","to","op","room"?,"args"}} ({@code to}
 * a node name, or {@code "*"} for every node; a room command's {@code op} and {@code args} are {@link BusCodec}'s,
 * the others are {@code close_user} and {@code user_sockets} for {@link UserSockets}), or an answer {@code {"k":"re","id","from","to","status","body"}} with
 * {@code status} 200, or the error's status with {@code code} (an {@link ErrorCode} name), {@code message} and
 * {@code fields}. A message over {@value #INLINE_MAX} bytes (NOTIFY payloads are capped at 8,000) is stored in
 * {@code warden_room_messages} and the notification carries {@code {"ref","to"}} only; its receiver reads and
 * deletes the row.
 *
 * <p>One dedicated pooled connection listens ({@link BusListener}), messages leave through {@link BusWire}. Commands received run on the platform's
 * {@link ManagedExecutorService}, never on the listener thread; a room command runs through
 * {@link RoomCommands#runHere}, the code of a command on this node, so answers and errors are identical. A node that does not answer within
 * {@code warden.rooms.command-timeout-ms} (default 2000) makes the caller's command 503 with {@code Retry-After}.
 */
@Singleton
@Startup
@Interceptors(StartupGuard.class)
@DependsOn("Rooms")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class RoomBus {

    /** The one notification channel. */
    public static final String CHANNEL = "warden_rooms_bus";

    /** Largest message sent inline in a NOTIFY payload (bytes of UTF-8). */
    static final int INLINE_MAX = 7000;

    private static final Logger LOG = Logger.getLogger(RoomBus.class.getName());

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @Resource
    ManagedThreadFactory threads;

    @Resource
    ManagedExecutorService executor;

    @EJB
    Rooms rooms;

    @EJB
    LiveSessions live;

    private final Map<String, BusPending> pending = new ConcurrentHashMap<>();
    private BusListener listener;
    private BusWire wire;
    private long timeoutMs;

    @PostConstruct
    void start() {
        timeoutMs = ConfigProvider.getConfig()
                .getOptionalValue("warden.rooms.command-timeout-ms", Long.class)
                .orElse(2000L);
        wire = new BusWire(dataSource);
        listener = new BusListener(dataSource, this::received, rooms::node);
        listener.start(threads);
    }

    @PreDestroy
    void stop() {
        listener.stop();
    }

    /** True while the listener connection is up (commands to other nodes can be answered). */
    public boolean listening() {
        return listener.listening();
    }

    private void received(String payload) {
        JsonObject message = BusAnswers.parse(payload);
        if (message == null) {
            return;
        }
        String to = message.getString("to", "");
        if (!to.equals(rooms.node()) && !to.equals("*")) {
            return;
        }
        if (message.containsKey("ref")) {
            message = BusAnswers.parse(wire.take(message.getString("ref")));
            if (message == null) {
                return;
            }
        }
        if (rooms.node().equals(message.getString("from", null)) && "*".equals(to)) {
            return; // our own broadcast
        }
        JsonObject m = message;
        switch (m.getString("k", "")) {
            case "cmd" -> {
                try {
                    executor.execute(() -> answer(m));
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "Rooms bus: command " + m.getString("op", "?") + " not scheduled", e);
                }
            }
            case "re" -> {
                BusPending p = pending.get(m.getString("id", ""));
                if (p != null) {
                    p.add(m);
                }
            }
            default -> LOG.fine(() -> "Rooms bus: ignored " + payload);
        }
    }

    /** Runs a command addressed to this node and sends its answer. */
    private void answer(JsonObject command) {
        JsonObjectBuilder reply = JSON.createObjectBuilder()
                .add("k", "re")
                .add("id", command.getString("id", ""))
                .add("from", rooms.node())
                .add("to", command.getString("from", ""));
        try {
            JsonObject args = command.get("args") instanceof JsonObject o ? o : JsonValue.EMPTY_JSON_OBJECT;
            JsonValue body =
                    switch (command.getString("op", "")) {
                        case "close_user" ->
                            JSON.createObjectBuilder()
                                    .add(
                                            "closed",
                                            live.closeLocal(
                                                    args.getJsonNumber("user_id")
                                                            .longValue(),
                                                    args.getInt("code")))
                                    .build();
                        case "type_message" -> {
                            int[] sent = RoomCommands.messageType(
                                    rooms,
                                    args.getString("room_type", ""),
                                    args.getString("type", ""),
                                    args.getOrDefault("data", JsonValue.NULL));
                            yield JSON.createObjectBuilder()
                                    .add("rooms", sent[0])
                                    .add("clients", sent[1])
                                    .build();
                        }
                        case "user_sockets" ->
                            JSON.createArrayBuilder(live.describeLocal(
                                            args.getJsonNumber("user_id").longValue()))
                                    .build();
                        default ->
                            RoomCommands.runHere(
                                    rooms,
                                    command.getString("room", ""),
                                    BusCodec.decode(command.getString("op", null), command.get("args")));
                    };
            reply.add("status", 200).add("body", body);
        } catch (ApiException e) {
            JsonObjectBuilder fields = JSON.createObjectBuilder();
            e.fields().forEach((k, v) -> fields.add(k, JSON.createArrayBuilder(v)));
            reply.add("status", e.status())
                    .add("code", e.errorCode().name())
                    .add("message", String.valueOf(e.getMessage()))
                    .add("fields", fields);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Rooms bus: command " + command.getString("op", "?") + " failed", e);
            reply.add("status", 500)
                    .add("code", ErrorCode.SERVER_ERROR.name())
                    .add("message", "The room's node failed");
        }
        try {
            send(reply.build());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Rooms bus: answer not sent", e);
        }
    }

    /**
     * Runs {@code command} on room {@code roomId} at {@code node} (encoded by {@link BusCodec}) and returns the node's answer, an envelope
     * {@code {status, body}} or {@code {status, code, message, fields?, retry_after?}}: 503 {@code UNAVAILABLE} with
     * {@code retry_after} when the node does not answer in time or the bus is down. {@link BusAnswers#body(JsonObject)} turns
     * it into the body or an {@link ApiException}, in the caller: this bean runs without a container transaction
     * (its NOTIFY must leave at once), and an application exception thrown out of it after a statement would roll
     * back Open Liberty's local transaction with a {@code WLTC0017E} line at ERROR.
     */
    public JsonObject call(String node, String roomId, RoomCommand command) {
        if (!listening()) {
            return BusAnswers.unavailable(
                    "Room " + roomId + " is on node " + node + " and the command path between nodes is down", 2);
        }
        BusCodec.Wire encoded = BusCodec.encode(command);
        try {
            List<JsonObject> answers = request(node, encoded.op(), roomId, encoded.args(), 1);
            if (answers.isEmpty()) {
                return BusAnswers.unavailable("Node " + node + " did not answer within " + timeoutMs + " ms", 2);
            }
            return answers.get(0);
        } catch (ApiException e) {
            return BusAnswers.unavailable(e.getMessage(), 2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return BusAnswers.unavailable("Interrupted", 1);
        }
    }

    /**
     * Asks every other live node to close the sockets of {@code userId} with {@code code}, waiting up to the command
     * timeout for their answers.
     *
     * @return the sockets they closed (nodes that did not answer in time count 0, and are logged)
     */
    public int closeUserElsewhere(long userId, int code, List<String> otherNodes) {
        if (otherNodes.isEmpty()) {
            return 0;
        }
        if (!listening()) {
            LOG.warning(() ->
                    "Rooms bus: down; the sockets of user " + userId + " on nodes " + otherNodes + " were not closed");
            return 0;
        }
        List<JsonObject> answers;
        try {
            answers = broadcast(
                    "close_user",
                    JSON.createObjectBuilder()
                            .add("user_id", userId)
                            .add("code", code)
                            .build(),
                    otherNodes);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
        if (answers.size() < otherNodes.size()) {
            LOG.warning(() -> "Rooms bus: " + answers.size() + " of " + otherNodes.size()
                    + " nodes answered closing the sockets of user " + userId);
        }
        int closed = 0;
        for (JsonObject a : answers) {
            if (a.getInt("status", 0) == 200
                    && a.get("body") instanceof JsonObject b
                    && b.get("closed") instanceof JsonNumber n) {
                closed += n.intValue();
            }
        }
        return closed;
    }

    /**
     * The open game sockets of {@code userId} on the other live nodes (see {@link UserSockets#describe}); nodes that
     * do not answer within the command timeout are left out.
     */
    public List<JsonObject> socketsElsewhere(long userId, List<String> otherNodes) {
        if (otherNodes.isEmpty() || !listening()) {
            return List.of();
        }
        List<JsonObject> out = new ArrayList<>();
        try {
            for (JsonObject a : broadcast(
                    "user_sockets",
                    JSON.createObjectBuilder().add("user_id", userId).build(),
                    otherNodes)) {
                if (a.getInt("status", 0) == 200 && a.get("body") instanceof jakarta.json.JsonArray sockets) {
                    sockets.getValuesAs(JsonObject.class).forEach(out::add);
                }
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        } catch (ApiException e) {
            return List.of();
        }
    }

    /**
     * Sends a message to every room of {@code roomType} on the other live nodes ({@code type_message}; see
     * {@link Rooms#messageType}).
     *
     * @return {@code {rooms, clients, nodes_missing}}: the sums the nodes answered, and how many of
     *         {@code otherNodes} did not answer within the command timeout (or all of them when the bus is down)
     */
    public int[] messageTypeElsewhere(String roomType, String type, JsonValue data, List<String> otherNodes) {
        if (otherNodes.isEmpty()) {
            return new int[] {0, 0, 0};
        }
        if (!listening()) {
            return new int[] {0, 0, otherNodes.size()};
        }
        int reached = 0;
        int clients = 0;
        int answered = 0;
        try {
            for (JsonObject a : broadcast(
                    "type_message",
                    JSON.createObjectBuilder()
                            .add("room_type", roomType)
                            .add("type", type)
                            .add("data", data)
                            .build(),
                    otherNodes)) {
                if (a.getInt("status", 0) == 200 && a.get("body") instanceof JsonObject b) {
                    reached += b.getInt("rooms", 0);
                    clients += b.getInt("clients", 0);
                    answered++;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ApiException e) {
            LOG.log(Level.FINE, "Rooms bus: type message not sent", e);
        }
        return new int[] {reached, clients, otherNodes.size() - answered};
    }

    /** {@link #request} to every node ({@code to: "*"}), waiting for the answers of {@code otherNodes}. */
    private List<JsonObject> broadcast(String op, JsonObject args, List<String> otherNodes)
            throws InterruptedException {
        return request("*", op, null, args, otherNodes.size());
    }

    /**
     * Sends command {@code op} with {@code args} (and {@code room}, when not null) to node {@code to} ({@code "*"}:
     * every node) and waits up to the command timeout for {@code expected} answers: the answers that came.
     *
     * @throws InterruptedException when interrupted while waiting
     */
    private List<JsonObject> request(String to, String op, String room, JsonObject args, int expected)
            throws InterruptedException {
        String id = Hashing.randomToken(12);
        BusPending p = new BusPending(expected);
        pending.put(id, p);
        try {
            jakarta.json.JsonObjectBuilder message = JSON.createObjectBuilder()
                    .add("k", "cmd")
                    .add("id", id)
                    .add("from", rooms.node())
                    .add("to", to)
                    .add("op", op);
            if (room != null) {
                message.add("room", room);
            }
            send(message.add("args", args).build());
            return p.await(timeoutMs);
        } finally {
            pending.remove(id);
        }
    }

    private void send(JsonObject message) {
        wire.send(message);
    }
}
