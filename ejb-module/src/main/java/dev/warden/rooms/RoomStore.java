package dev.warden.rooms;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.json.JsonObject;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.sql.DataSource;

/**
 * The cluster view of live rooms: {@code warden_rooms} rows (one per room, written by its node) and
 * {@code warden_nodes} rows (one per running node, with its figures), both refreshed by the node's heartbeat;
 * rows of nodes silent for {@code warden.rooms.node-timeout-seconds} (default 30) are swept by any node.
 */
@Stateless
public class RoomStore {

    /** A {@code warden_rooms} row. */
    public record Row(
            String id,
            String type,
            String node,
            int clients,
            boolean locked,
            java.time.Instant createdAt,
            JsonObject metadata,
            JsonObject figures,
            long[] userIds) {}

    /** A {@code warden_nodes} row. */
    public record NodeRow(
            String node,
            int rooms,
            int clients,
            Integer heapUsedMb,
            Integer rssMb,
            Double cpuPercent,
            java.time.Instant startedAt,
            java.time.Instant heartbeat,
            JsonObject figures) {}

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** Host name and process id, e.g. {@code game-1-4242}. */
    public static String defaultNodeName() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "node";
        }
        return host + "-" + ProcessHandle.current().pid();
    }

    /** Registers this node (its earlier rows, from a crash, are dropped). */
    public void nodeStarted(String node) {
        exec("DELETE FROM warden_rooms WHERE node = ?", node);
        exec(
                "INSERT INTO warden_nodes (node) VALUES (?) ON CONFLICT (node) DO UPDATE SET started_at = now(), "
                        + "heartbeat = now()",
                node);
    }

    /** Removes this node's rows (orderly stop). */
    public void nodeStopped(String node) {
        exec("DELETE FROM warden_rooms WHERE node = ?", node);
        exec("DELETE FROM warden_nodes WHERE node = ?", node);
    }

    /** Inserts the row of a new room. */
    public void insert(Room room, String node) {
        exec(
                "INSERT INTO warden_rooms (id, type, node, clients, locked) VALUES (?, ?, ?, ?, ?)",
                room.id(),
                room.type(),
                node,
                room.seatCount(),
                room.locked());
    }

    private static final String UPDATE = "UPDATE warden_rooms SET clients = ?, locked = ?, metadata = ?::jsonb, "
            + "user_ids = ?, figures = ?::jsonb, heartbeat = now() WHERE id = ?";

    /** Writes a room's clients, lock flag, metadata, seats' users and figures (nothing when it was disposed meanwhile). */
    public void update(Room room) {
        if (!room.disposed()) {
            Sql.with(dataSource, "Room row write", c -> {
                try (PreparedStatement ps = c.prepareStatement(UPDATE)) {
                    bindUpdate(c, ps, room);
                    return ps.executeUpdate();
                }
            });
        }
    }

    private static void bindUpdate(Connection c, PreparedStatement ps, Room room) throws SQLException {
        Object[] users = Arrays.stream(room.userIds()).boxed().toArray();
        Sql.bind(ps, 1, room.seatCount(), room.locked(), room.metadata().toString());
        ps.setArray(4, c.createArrayOf("bigint", users));
        Sql.bind(ps, 5, room.figures().toString(), room.id());
    }

    /** Deletes a room's row. */
    public void delete(String id) {
        exec("DELETE FROM warden_rooms WHERE id = ?", id);
    }

    /** The heartbeat: this node's rooms and figures, and the sweep of silent nodes' rows. */
    public void heartbeat(String node, List<Room> rooms, JsonObject figures) {
        int timeout = org.eclipse.microprofile.config.ConfigProvider.getConfig()
                .getOptionalValue("warden.rooms.node-timeout-seconds", Integer.class)
                .orElse(30);
        int clients = rooms.stream().mapToInt(Room::seatCount).sum();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        double cpu = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? Math.max(0, os.getProcessCpuLoad() * 100)
                : -1;
        Sql.with(dataSource, "Room heartbeat", c -> {
            try (PreparedStatement ps = c.prepareStatement(UPDATE)) {
                for (Room room : rooms) {
                    bindUpdate(c, ps, room);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            Sql.update(
                    c,
                    "INSERT INTO warden_nodes (node, rooms, clients, heap_used_mb, rss_mb, cpu_percent, figures) "
                            + "VALUES (?, ?, ?, ?, ?, ?, ?::jsonb) ON CONFLICT (node) DO UPDATE SET heartbeat = now(), "
                            + "rooms = excluded.rooms, clients = excluded.clients, heap_used_mb = excluded.heap_used_mb, "
                            + "rss_mb = excluded.rss_mb, cpu_percent = excluded.cpu_percent, figures = excluded.figures",
                    node,
                    rooms.size(),
                    clients,
                    (int) (memory.getHeapMemoryUsage().getUsed() / (1024 * 1024)),
                    rssMb(),
                    cpu < 0 ? null : cpu,
                    figures.toString());
            Sql.update(
                    c,
                    "DELETE FROM warden_rooms r WHERE r.node <> ? AND NOT EXISTS (SELECT 1 FROM warden_nodes n "
                            + "WHERE n.node = r.node AND n.heartbeat > now() - make_interval(secs => ?))",
                    node,
                    timeout);
            return Sql.update(
                    c, "DELETE FROM warden_nodes WHERE heartbeat < now() - make_interval(secs => ?)", timeout);
        });
    }

    private static final String SELECT =
            "SELECT id, type, node, clients, locked, created_at, metadata::text, figures::text, user_ids FROM warden_rooms";

    /** Every room row of the cluster. */
    public List<Row> rows() {
        return Sql.list(dataSource, "Listing rooms", SELECT, RoomStore::row);
    }

    private static Row row(ResultSet rs) throws SQLException {
        Timestamp created = rs.getTimestamp(6);
        java.sql.Array users = rs.getArray(9);
        Object[] ids = users == null ? new Object[0] : (Object[]) users.getArray();
        return new Row(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getInt(4),
                rs.getBoolean(5),
                created == null ? null : created.toInstant(),
                object(rs.getString(7)),
                object(rs.getString(8)),
                Arrays.stream(ids).mapToLong(o -> ((Number) o).longValue()).toArray());
    }

    private static JsonObject object(String text) {
        if (text == null) {
            return null;
        }
        try (var reader = jakarta.json.Json.createReader(new java.io.StringReader(text))) {
            return reader.readObject();
        }
    }

    /** The row of room {@code id}, or null. */
    public Row row(String id) {
        return rows().stream().filter(r -> r.id().equals(id)).findFirst().orElse(null);
    }

    /**
     * The ids of the users {@code player} names: a user id, or an email or display name (case-insensitive, exact);
     * at most 50.
     */
    public List<Long> userIds(String player) {
        String where;
        Object value = player;
        if (player.matches("[0-9]{1,18}")) {
            where = "id = ?";
            value = Long.parseLong(player);
        } else if (player.contains("@")) {
            where = "lower(email) = lower(?)";
        } else {
            where = "lower(display_name) = lower(?)";
        }
        return Sql.list(
                dataSource,
                "Finding a player",
                "SELECT id FROM warden_users WHERE " + where + " ORDER BY id LIMIT 50",
                rs -> rs.getLong(1),
                value);
    }

    /** The rows of the rooms where one of {@code userIds} holds a seat, on every node (the GIN index on user_ids). */
    public List<Row> rowsOf(List<Long> userIds) {
        if (userIds.isEmpty()) {
            return List.of();
        }
        return Sql.with(dataSource, "Finding players' rooms", c -> {
            try (PreparedStatement ps = c.prepareStatement(SELECT + " WHERE user_ids && ?")) {
                ps.setArray(1, c.createArrayOf("bigint", userIds.toArray()));
                List<Row> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(row(rs));
                    }
                }
                return out;
            }
        });
    }

    /**
     * The operators' edits of room {@code roomId}'s state, newest first (at most 100): {@code [{id, at, operator_id,
     * action, path, before, after?, revert_of?}]} from the audit entries {@code room.state_edit} and
     * {@code room.state_delete}.
     */
    public List<JsonObject> edits(String roomId) {
        return Sql.list(
                dataSource,
                "Listing room edits",
                "SELECT id, created_at, operator_id, action, payload::text FROM warden_admin_audit "
                        + "WHERE resource = 'rooms' AND target_id = ? "
                        + "AND action IN ('room.state_edit', 'room.state_delete') ORDER BY id DESC LIMIT 100",
                rs -> {
                    JsonObject payload = object(rs.getString(5));
                    var o = jakarta.json.Json.createObjectBuilder()
                            .add("id", rs.getLong(1))
                            .add("at", rs.getTimestamp(2).toInstant().toString())
                            .add("operator_id", rs.getLong(3))
                            .add("action", rs.getString(4));
                    if (payload != null) {
                        for (String k : List.of("path", "before", "after", "revert_of")) {
                            if (payload.containsKey(k)) {
                                o.add(k, payload.get(k));
                            }
                        }
                    }
                    return o.build();
                },
                roomId);
    }

    /** Every live node. */
    public List<NodeRow> nodes() {
        return Sql.list(
                dataSource,
                "Listing nodes",
                "SELECT node, rooms, clients, heap_used_mb, rss_mb, cpu_percent, started_at, heartbeat, "
                        + "figures::text FROM warden_nodes ORDER BY node",
                rs -> new NodeRow(
                        rs.getString(1),
                        rs.getInt(2),
                        rs.getInt(3),
                        (Integer) rs.getObject(4),
                        (Integer) rs.getObject(5),
                        (Double) rs.getObject(6),
                        rs.getTimestamp(7).toInstant(),
                        rs.getTimestamp(8).toInstant(),
                        object(rs.getString(9))));
    }

    /** Resident set size of this process in MB from {@code /proc/self/status}, or null off Linux. */
    static Integer rssMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return (int) (Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024);
                }
            }
        } catch (Exception e) {
            return null;
        }
        return null;
    }

    private void exec(String sql, Object... params) {
        Sql.update(dataSource, "Room row write", sql, params);
    }
}
