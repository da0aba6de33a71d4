package dev.warden.rooms;

import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The game sockets open on this node, by user and by client address: what the socket limits count
 * ({@code warden.rooms.max-sockets-per-user} and {@code .max-sockets-per-address}, per node; docs/game-api.md,
 * "Limits"), and what ban, unban and revoke-sessions close
 * (docs/admin-api.md, "Payloads": "All three user endpoints also close the user's live WebSocket sessions"; close code 4003)
 * on this node. The
 * same on every live node is {@code dev.warden.rooms.bus.UserSockets}
 * (docs/game-api.md, "Requirements: Across nodes" rule 4).
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class LiveSessions {

    @EJB
    Rooms rooms;

    private final Map<Long, Set<ClientConnection>> byUser = new ConcurrentHashMap<>();
    private final Map<String, Integer> byAddress = new ConcurrentHashMap<>();
    /** Guards the check and the count of {@link #opened} against concurrent opens (the limits are exact per node). */
    private final Object counting = new Object();

    /**
     * A socket opened (after its token was checked): counted unless the user or the client address holds the most
     * sockets already.
     *
     * @return false when refused (the caller closes the socket with {@link CloseCodes#RATE_LIMITED}; nothing is
     *         counted)
     */
    public boolean opened(ClientConnection connection) {
        RoomLimits limits = rooms.limits();
        synchronized (counting) {
            Set<ClientConnection> mine = byUser.get(connection.userId());
            if (limits.socketsPerUser() > 0 && mine != null && mine.size() >= limits.socketsPerUser()) {
                return false;
            }
            String ip = connection.ip();
            if (ip != null
                    && limits.socketsPerAddress() > 0
                    && byAddress.getOrDefault(ip, 0) >= limits.socketsPerAddress()) {
                return false;
            }
            byUser.computeIfAbsent(connection.userId(), k -> ConcurrentHashMap.newKeySet())
                    .add(connection);
            if (ip != null) {
                byAddress.merge(ip, 1, Integer::sum);
            }
            return true;
        }
    }

    /** A socket closed (a socket that was refused or is gone already changes nothing). */
    public void closed(ClientConnection connection) {
        synchronized (counting) {
            Set<ClientConnection> set = byUser.get(connection.userId());
            if (set != null && set.remove(connection)) {
                if (set.isEmpty()) {
                    byUser.remove(connection.userId());
                }
                uncount(connection);
            }
        }
    }

    private void uncount(ClientConnection connection) {
        String ip = connection.ip();
        if (ip != null) {
            byAddress.computeIfPresent(ip, (k, n) -> n <= 1 ? null : n - 1);
        }
    }

    /**
     * The open game sockets of {@code userId} on this node (the Active sessions tab; every node's through
     * {@code dev.warden.rooms.bus.UserSockets}).
     *
     * @return {@code [{id, kind: "websocket", room, node, ip, user_agent: null, created_at, last_seen_at, expires_at: null}]}
     */
    public List<jakarta.json.JsonObject> describeLocal(long userId) {
        List<jakarta.json.JsonObject> out = new java.util.ArrayList<>();
        for (ClientConnection c : of(userId)) {
            String room = rooms.roomOf(c).map(Room::id).orElse(null);
            String opened = c.openedAt().toString();
            out.add(dev.warden.common.JsonSupport.JSON
                    .createObjectBuilder()
                    .add("id", "ws-" + rooms.node() + "-" + Integer.toHexString(System.identityHashCode(c)))
                    .add("kind", "websocket")
                    .add(
                            "room",
                            room == null
                                    ? jakarta.json.JsonValue.NULL
                                    : dev.warden.common.JsonSupport.JSON.createValue(room))
                    .add("node", rooms.node())
                    .add(
                            "ip",
                            c.ip() == null
                                    ? jakarta.json.JsonValue.NULL
                                    : dev.warden.common.JsonSupport.JSON.createValue(c.ip()))
                    .addNull("user_agent")
                    .add("created_at", opened)
                    .add("last_seen_at", opened)
                    .addNull("expires_at")
                    .build());
        }
        return out;
    }

    /** The open sockets of {@code userId} on this node. */
    public List<ClientConnection> of(long userId) {
        Set<ClientConnection> set = byUser.get(userId);
        return set == null ? List.of() : List.copyOf(set);
    }

    /**
     * Closes every socket of {@code userId} on this node with {@code code}; their seats are freed at once (no
     * reconnection grace).
     *
     * @return how many sockets were closed
     */
    public int closeLocal(long userId, int code) {
        Set<ClientConnection> set;
        synchronized (counting) {
            set = byUser.remove(userId);
            if (set == null) {
                return 0;
            }
            set.forEach(this::uncount);
        }
        int closed = 0;
        for (ClientConnection connection : set) {
            rooms.evict(connection);
            connection.close(code, code == CloseCodes.BANNED ? "banned or sessions revoked" : "closed");
            closed++;
        }
        return closed;
    }
}
