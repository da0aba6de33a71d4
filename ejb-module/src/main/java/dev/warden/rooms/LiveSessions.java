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
 * The game sockets open on this node, by user: what ban, unban and revoke-sessions close (spec/admin-panel.md,
 * Payloads: "All three user endpoints also close the user's live WebSocket sessions"; close code 4003), here and,
 * through {@link RoomBus}, on every other live node (DESIGN.md section 5b, "Across nodes").
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class LiveSessions {

    @EJB
    Rooms rooms;

    @EJB
    RoomBus bus;

    @EJB
    RoomStore store;

    private final Map<Long, Set<ClientConnection>> byUser = new ConcurrentHashMap<>();

    /** A socket opened (after its token was checked). */
    public void opened(ClientConnection connection) {
        byUser.computeIfAbsent(connection.userId(), k -> ConcurrentHashMap.newKeySet()).add(connection);
    }

    /** A socket closed. */
    public void closed(ClientConnection connection) {
        byUser.computeIfPresent(connection.userId(), (k, set) -> {
            set.remove(connection);
            return set.isEmpty() ? null : set;
        });
    }

    /** The open sockets of {@code userId} on this node. */
    public List<ClientConnection> of(long userId) {
        Set<ClientConnection> set = byUser.get(userId);
        return set == null ? List.of() : List.copyOf(set);
    }

    /**
     * Closes every socket of {@code userId} on every node with {@code code} (4003 for ban, unban and
     * revoke-sessions): this node's at once, the other live nodes' ({@code warden_nodes}) through {@link RoomBus},
     * waiting up to the command timeout (2 s) for their counts.
     *
     * @return how many sockets were closed on all nodes that answered
     */
    public int closeUser(long userId, int code) {
        int closed = closeLocal(userId, code);
        List<String> others;
        try {
            others = store.nodes().stream().map(RoomStore.NodeRow::node).filter(n -> !n.equals(rooms.node())).toList();
        } catch (RuntimeException e) {
            others = List.of();
        }
        return closed + bus.closeUserElsewhere(userId, code, others);
    }

    /**
     * Closes every socket of {@code userId} on this node with {@code code}; their seats are freed at once (no
     * reconnection grace).
     *
     * @return how many sockets were closed
     */
    public int closeLocal(long userId, int code) {
        Set<ClientConnection> set = byUser.remove(userId);
        if (set == null) {
            return 0;
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
