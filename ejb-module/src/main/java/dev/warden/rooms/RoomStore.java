package dev.warden.rooms;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
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
    public record Row(String id, String type, String node, int clients, boolean locked, java.time.Instant createdAt) {}

    /** A {@code warden_nodes} row. */
    public record NodeRow(
            String node,
            int rooms,
            int clients,
            Integer heapUsedMb,
            Integer rssMb,
            Double cpuPercent,
            java.time.Instant startedAt,
            java.time.Instant heartbeat) {}

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** Host name and process id, e.g. {@code game-1-4242}. */
    static String defaultNodeName() {
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

    /** Writes a room's clients and lock flag (nothing when it was disposed meanwhile). */
    public void update(Room room) {
        if (!room.disposed()) {
            exec(
                    "UPDATE warden_rooms SET clients = ?, locked = ?, heartbeat = now() WHERE id = ?",
                    room.seatCount(),
                    room.locked(),
                    room.id());
        }
    }

    /** Deletes a room's row. */
    public void delete(String id) {
        exec("DELETE FROM warden_rooms WHERE id = ?", id);
    }

    /** The heartbeat: this node's rooms and figures, and the sweep of silent nodes' rows. */
    public void heartbeat(String node, List<Room> rooms) {
        int timeout = org.eclipse.microprofile.config.ConfigProvider.getConfig()
                .getOptionalValue("warden.rooms.node-timeout-seconds", Integer.class)
                .orElse(30);
        int clients = rooms.stream().mapToInt(Room::seatCount).sum();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        double cpu = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? Math.max(0, os.getProcessCpuLoad() * 100)
                : -1;
        Sql.with(dataSource, "Room heartbeat", c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE warden_rooms SET clients = ?, locked = ?, heartbeat = now() WHERE id = ?")) {
                for (Room room : rooms) {
                    Sql.bind(ps, 1, room.seatCount(), room.locked(), room.id());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            Sql.update(
                    c,
                    "INSERT INTO warden_nodes (node, rooms, clients, heap_used_mb, rss_mb, cpu_percent) "
                            + "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (node) DO UPDATE SET heartbeat = now(), "
                            + "rooms = excluded.rooms, clients = excluded.clients, heap_used_mb = excluded.heap_used_mb, "
                            + "rss_mb = excluded.rss_mb, cpu_percent = excluded.cpu_percent",
                    node,
                    rooms.size(),
                    clients,
                    (int) (memory.getHeapMemoryUsage().getUsed() / (1024 * 1024)),
                    rssMb(),
                    cpu < 0 ? null : cpu);
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

    /** Every room row of the cluster. */
    public List<Row> rows() {
        return Sql.list(
                dataSource,
                "Listing rooms",
                "SELECT id, type, node, clients, locked, created_at FROM warden_rooms",
                rs -> {
                    Timestamp created = rs.getTimestamp(6);
                    return new Row(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getInt(4),
                            rs.getBoolean(5),
                            created == null ? null : created.toInstant());
                });
    }

    /** The row of room {@code id}, or null. */
    public Row row(String id) {
        return rows().stream().filter(r -> r.id().equals(id)).findFirst().orElse(null);
    }

    /** Every live node. */
    public List<NodeRow> nodes() {
        return Sql.list(
                dataSource,
                "Listing nodes",
                "SELECT node, rooms, clients, heap_used_mb, rss_mb, cpu_percent, started_at, heartbeat "
                        + "FROM warden_nodes ORDER BY node",
                rs -> new NodeRow(
                        rs.getString(1),
                        rs.getInt(2),
                        rs.getInt(3),
                        (Integer) rs.getObject(4),
                        (Integer) rs.getObject(5),
                        (Double) rs.getObject(6),
                        rs.getTimestamp(7).toInstant(),
                        rs.getTimestamp(8).toInstant()));
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
