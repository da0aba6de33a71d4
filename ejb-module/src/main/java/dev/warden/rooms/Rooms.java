package dev.warden.rooms;

import dev.warden.common.Hashing;
import dev.warden.common.WindowCounters;
import dev.warden.players.Player;
import dev.warden.schema.SchemaMigrated;
import dev.warden.schema.SchemaState;
import dev.warden.schema.StartupGuard;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.LocalBean;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptors;
import jakarta.json.JsonValue;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * This node's live rooms (docs/game-api.md): the room types (every {@link RoomType} CDI bean), join-or-create,
 * joins by id, and the cluster rows ({@link RoomStore}) with the node's heartbeat.
 *
 * <p>All room work runs on the platform's default {@link ManagedScheduledExecutorService}: each room serializes
 * its own tasks ({@link SerialExecutor}) and ticks at its type's patch rate; there is no thread per room or per
 * connection. Config: {@code warden.rooms.heartbeat-seconds} (default 5), {@code warden.node.name}
 * (default host name and process id), and the limits against floods ({@link RoomLimits}; docs/game-api.md,
 * "Limits"): rooms created per user and minute are counted in {@link WindowCounters} (shared by every node), each
 * socket's messages in its own {@link MessageRate}.
 */
@Singleton
@Startup
@Interceptors(StartupGuard.class)
@DependsOn("SchemaMigrator")
@LocalBean // it implements RoomHost: without this, that interface would be its only view
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Rooms implements RoomHost {

    @Inject
    SchemaState schema;

    private static final Logger LOG = Logger.getLogger(Rooms.class.getName());

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    @Any
    Instance<RoomType> typeBeans;

    @EJB
    RoomStore store;

    @EJB
    WindowCounters counters;

    private RoomLimits limits;
    private final Map<String, RoomType> types = new LinkedHashMap<>();
    private final Map<String, RoomSettings> settings = new LinkedHashMap<>();
    private final Map<String, Room> rooms = new ConcurrentHashMap<>();
    private ScheduledFuture<?> heartbeat;
    private String node;
    private boolean figuresOn = true;
    private int logSize = 200;
    private Set<String> redacted = Set.of();

    @PostConstruct
    void start() {
        var config = ConfigProvider.getConfig();
        node = config.getOptionalValue("warden.node.name", String.class).orElseGet(RoomStore::defaultNodeName);
        limits = RoomLimits.of(config);
        figuresOn =
                config.getOptionalValue("warden.rooms.figures", Boolean.class).orElse(true);
        logSize = Math.max(
                0,
                Math.min(
                        1000,
                        config.getOptionalValue("warden.rooms.log-size", Integer.class)
                                .orElse(200)));
        redacted = config.getOptionalValue("warden.rooms.log-redact-types", String[].class)
                .map(a -> Arrays.stream(a)
                        .map(String::strip)
                        .filter(t -> !t.isEmpty())
                        .collect(Collectors.toSet()))
                .orElse(Set.of());
        for (RoomType type : typeBeans) {
            if (!type.name().matches("[a-z0-9_-]+") || types.containsKey(type.name())) {
                throw new IllegalStateException("Room type name '" + type.name() + "' of "
                        + type.getClass().getName() + " is malformed or used twice");
            }
            types.put(type.name(), type);
            settings.put(type.name(), RoomSettings.of(type, config));
        }
        long seconds = config.getOptionalValue("warden.rooms.heartbeat-seconds", Long.class)
                .orElse(5L);
        if (schema.isMigrated()) {
            store.nodeStarted(node);
        }
        heartbeat = scheduler.scheduleAtFixedRate(this::beat, seconds, seconds, TimeUnit.SECONDS);
        LOG.info(() -> "Rooms: node " + node + ", room types " + types.keySet());
    }

    @PreDestroy
    void stop() {
        if (heartbeat != null) {
            heartbeat.cancel(false);
        }
        rooms.values().forEach(r -> r.dispose(1001, "server stopping"));
        try {
            store.nodeStopped(node);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Rooms: could not remove the rows of node " + node, e);
        }
    }

    /** Registers this node once the database came back after a start without it ({@link SchemaMigrated}). */
    public void onSchemaMigrated(@Observes SchemaMigrated event) {
        store.nodeStarted(node);
    }

    private void beat() {
        if (!schema.isMigrated()) {
            return; // started without the database: nothing to write until the schema is there
        }
        try {
            List<Room> all = List.copyOf(rooms.values());
            store.heartbeat(node, all, RoomFigures.ofNode(all));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Rooms: heartbeat of node " + node + " failed", e);
        }
    }

    /** This node's name (the {@code node} column). */
    public String node() {
        return node;
    }

    /** The limits against room floods (config read at start-up). */
    public RoomLimits limits() {
        return limits;
    }

    /** The effective settings of room type {@code name}, if it exists. */
    public Optional<RoomSettings> settings(String name) {
        return Optional.ofNullable(settings.get(name));
    }

    /**
     * Seats {@code player}: in room {@code roomId} when given (resuming seat {@code clientId} when it is theirs),
     * else in the first open room of {@code typeName} with a free seat, else in a new room.
     *
     * @return the admission, or a refusal: 4004 unknown type or room, 4009 locked or full
     */
    public Admission join(String typeName, String roomId, String clientId, Player player, ClientConnection connection) {
        return join(typeName, roomId, clientId, false, player, connection);
    }

    /**
     * As {@link #join(String, String, String, Player, ClientConnection)}; with {@code create} (and no
     * {@code roomId}) always seats the player in a new room of the type ({@code ?create=true}, like Colyseus'
     * {@code create}). A join that would create a room counts against the player's rooms created this minute
     * ({@code warden.rooms.max-creates-per-user}, in {@link WindowCounters}, exact across nodes): beyond it, refused
     * with 4029.
     */
    public Admission join(
            String typeName,
            String roomId,
            String clientId,
            boolean create,
            Player player,
            ClientConnection connection) {
        RoomType type = types.get(typeName);
        if (type == null) {
            return Admission.refused(CloseCodes.DISPOSED, "no room type '" + typeName + "'");
        }
        if (roomId != null) {
            Room room = rooms.get(roomId);
            if (room == null || !room.type().equals(typeName)) {
                return Admission.refused(CloseCodes.DISPOSED, "no room '" + roomId + "' on this node");
            }
            return room.admit(player, connection, clientId);
        }
        for (Room room : create ? List.<Room>of() : rooms.values()) {
            if (room.type().equals(typeName) && !room.locked() && room.seatCount() < room.maxClients()) {
                Admission admission = room.admit(player, connection, null);
                if (admission.admitted()) {
                    return admission;
                }
            }
        }
        Admission limited = creationLimited(player.userId());
        if (limited != null) {
            return limited;
        }
        Room room = create(type);
        return room.admit(player, connection, null);
    }

    /** Counts one room created by {@code userId}; the refusal when it is one too many, else null. */
    private Admission creationLimited(long userId) {
        if (limits.createsPerUser() <= 0) {
            return null;
        }
        String key = "room-create-user:" + userId;
        WindowCounters.Count count = counters.hit(List.of(key), 60).get(key);
        if (count.hits() <= limits.createsPerUser()) {
            return null;
        }
        return Admission.refused(
                CloseCodes.RATE_LIMITED,
                "at most " + limits.createsPerUser() + " rooms a minute; try again in " + count.retryAfterSeconds()
                        + " s");
    }

    /** Creates a room of {@code type} on this node. */
    Room create(RoomType type) {
        Room room = new Room(Hashing.randomToken(12), type, settings.get(type.name()), this);
        rooms.put(room.id(), room);
        store.insert(room, node);
        room.start();
        return room;
    }

    /** A client's message frame, for its room's thread. */
    public void message(Room room, String clientId, ClientConnection connection, String type, JsonValue data) {
        room.message(clientId, connection, type, data);
    }

    /**
     * A client's message frame counted against its socket's budget ({@code rate}, from {@link RoomLimits#messageRate}):
     * handed to the room, or dropped with an error frame {@code {"t": "error", "code": "rate_limited", "message",
     * "retry_after_ms"}} (the first refusal since an accepted message), dropped silently, or dropped and the socket closed with 4029
     * (sustained abuse). docs/game-api.md, "Limits".
     */
    public void message(
            Room room, String clientId, ClientConnection connection, MessageRate rate, String type, JsonValue data) {
        long now = System.currentTimeMillis();
        switch (rate.hit(now)) {
            case ACCEPT -> room.message(clientId, connection, type, data);
            case REFUSE_AND_TELL ->
                connection.send(dev.warden.common.JsonSupport.JSON
                        .createObjectBuilder()
                        .add("t", "error")
                        .add("code", "rate_limited")
                        .add(
                                "message",
                                "At most " + limits.messagesPerSecond() + " messages a second; this one was dropped")
                        .add("retry_after_ms", rate.retryAfterMillis())
                        .build()
                        .toString());
            case REFUSE -> {
                // dropped: the error frame of this second went out already
            }
            case CLOSE -> connection.close(CloseCodes.RATE_LIMITED, "too many messages");
        }
    }

    /** The socket of a seat closed (see {@link Room#closed}). */
    public void closed(Room room, String clientId, ClientConnection connection, int code) {
        room.closed(clientId, connection, code);
    }

    /**
     * Removes the seats held on {@code connection} in every room (a ban or revoke). Public because the
     * no-interface view only admits public methods (callers outside this class go through it).
     */
    public void evict(ClientConnection connection) {
        rooms.values().forEach(r -> r.evict(connection));
    }

    /** The room whose seat {@code connection} holds, if any. */
    public Optional<Room> roomOf(ClientConnection connection) {
        return rooms.values().stream().filter(r -> r.holds(connection)).findFirst();
    }

    /** The room {@code id} on this node. */
    public Optional<Room> find(String id) {
        return Optional.ofNullable(rooms.get(id));
    }

    /** This node's rooms. */
    public Collection<Room> local() {
        return List.copyOf(rooms.values());
    }

    /** True when room type {@code name} exists. */
    public boolean hasType(String name) {
        return types.containsKey(name);
    }

    @Override
    public boolean figuresOn() {
        return figuresOn;
    }

    @Override
    public int logSize() {
        return logSize;
    }

    @Override
    public Set<String> redactedTypes() {
        return redacted;
    }

    @Override
    public ScheduledExecutorService scheduler() {
        return scheduler;
    }

    @Override
    public void changed(Room room) {
        try {
            scheduler.execute(() -> store.update(room));
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Rooms: row update of " + room.id() + " not scheduled", e);
        }
    }

    @Override
    public void removed(Room room) {
        rooms.remove(room.id(), room);
        try {
            scheduler.execute(() -> store.delete(room.id()));
        } catch (RuntimeException e) {
            store.delete(room.id());
        }
    }
}
