package dev.warden.rooms.bus;

import dev.warden.rooms.LiveSessions;
import dev.warden.rooms.RoomStore;
import dev.warden.rooms.Rooms;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * A user's game sockets on every live node (docs/game-api.md, "Requirements: Across nodes" rule 4): what ban,
 * unban and revoke-sessions close
 * (docs/admin-api.md, "Payloads": "All three user endpoints also close the user's live WebSocket sessions")
 * and what the Active sessions tab lists. This node's come from {@link LiveSessions}, the
 * other live nodes' ({@code warden_nodes}) through {@link RoomBus}, waiting up to the command timeout (2 s) for
 * their answers; a node that does not answer in time is left out (logged by the bus).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class UserSockets {

    @EJB
    Rooms rooms;

    @EJB
    LiveSessions live;

    @EJB
    RoomStore store;

    @EJB
    RoomBus bus;

    /**
     * Closes every socket of {@code userId} on every node with {@code code} (4003 for ban, unban and
     * revoke-sessions): this node's at once, then the other live nodes'.
     *
     * @return how many sockets were closed on all nodes that answered
     */
    public int closeUser(long userId, int code) {
        int closed = live.closeLocal(userId, code);
        return closed + bus.closeUserElsewhere(userId, code, otherNodes());
    }

    /**
     * The open game sockets of {@code userId} on every node that answers: this node's first.
     *
     * @return {@code [{id, kind: "websocket", room, node, ip, user_agent: null, created_at, last_seen_at, expires_at: null}]}
     */
    public List<JsonObject> describe(long userId) {
        List<JsonObject> out = new ArrayList<>(live.describeLocal(userId));
        out.addAll(bus.socketsElsewhere(userId, otherNodes()));
        return out;
    }

    private List<String> otherNodes() {
        try {
            return store.nodes().stream()
                    .map(RoomStore.NodeRow::node)
                    .filter(n -> !n.equals(rooms.node()))
                    .toList();
        } catch (RuntimeException e) {
            return List.of();
        }
    }
}
