package dev.warden.common.sql;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * pgjdbc's notification receiver ({@code PGConnection.getNotifications(int timeoutMillis)}) on a pooled connection,
 * reached by reflection: the PostgreSQL driver is not inside the EAR (it is the server's data source library), so
 * its classes are not visible to Warden's class loader on Liberty. The driver's class loader is found from an object
 * the driver itself returns ({@code SELECT point(0,0)} gives an {@code org.postgresql.geometric.PGpoint}), and the
 * container's connection handle is unwrapped to that loader's {@code org.postgresql.PGConnection} (both Liberty and
 * WildFly unwrap to vendor interfaces). Used by every LISTEN connection: the rooms' command bus and the live
 * lists' listener.
 */
public final class PgNotifications {

    /** One notification: channel and payload. */
    public record Note(String channel, String payload) {}

    private static final String PG_CONNECTION = "org.postgresql.PGConnection";

    private final Object pg;
    private final Method poll;
    private final Method name;
    private final Method parameter;

    private PgNotifications(Object pg, Method poll, Method name, Method parameter) {
        this.pg = pg;
        this.poll = poll;
        this.name = name;
        this.parameter = parameter;
    }

    /**
     * The receiver of {@code connection}.
     *
     * @throws SQLException when the connection is not a pgjdbc one or cannot be unwrapped
     */
    public static PgNotifications of(Connection connection) throws SQLException {
        Set<ClassLoader> loaders = new LinkedHashSet<>();
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT point(0,0)")) {
            rs.next();
            Object driverObject = rs.getObject(1);
            if (driverObject != null && driverObject.getClass().getClassLoader() != null) {
                loaders.add(driverObject.getClass().getClassLoader());
            }
        }
        loaders.add(PgNotifications.class.getClassLoader());
        SQLException last = null;
        for (ClassLoader loader : loaders) {
            try {
                Class<?> type = Class.forName(PG_CONNECTION, false, loader);
                Object pg = connection.unwrap(type);
                Class<?> note = Class.forName("org.postgresql.PGNotification", false, type.getClassLoader());
                return new PgNotifications(
                        pg,
                        type.getMethod("getNotifications", int.class),
                        note.getMethod("getName"),
                        note.getMethod("getParameter"));
            } catch (ClassNotFoundException | NoSuchMethodException e) {
                last = new SQLException("pgjdbc notifications unavailable: " + e, e);
            } catch (SQLException e) {
                last = e;
            }
        }
        throw last == null ? new SQLException("pgjdbc notifications unavailable") : last;
    }

    /**
     * Waits up to {@code timeoutMillis} for notifications (0 would block; callers pass a positive time).
     *
     * @throws SQLException when the connection broke
     */
    public List<Note> poll(int timeoutMillis) throws SQLException {
        Object[] notes;
        try {
            notes = (Object[]) poll.invoke(pg, timeoutMillis);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof SQLException sql) {
                throw sql;
            }
            throw new SQLException("Reading notifications failed: " + e.getCause(), e.getCause());
        } catch (IllegalAccessException e) {
            throw new SQLException("Reading notifications failed: " + e, e);
        }
        if (notes == null || notes.length == 0) {
            return List.of();
        }
        List<Note> out = new ArrayList<>(notes.length);
        try {
            for (Object n : notes) {
                out.add(new Note((String) name.invoke(n), (String) parameter.invoke(n)));
            }
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new SQLException("Reading a notification failed: " + e, e);
        }
        return out;
    }
}
