package dev.warden.common.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Warden's one data source, as the code names it, and its one way to run a parameter-bound statement.
 *
 * <p>{@link #DATA_SOURCE} is the Jakarta EE platform's default data source, {@code java:comp/DefaultDataSource}
 * (Jakarta EE 10 platform spec, "Default Data Source"): a name every server defines and each binds in its own
 * configuration, never a server's global JNDI name. Open Liberty makes its data source with the id
 * {@code DefaultDataSource} (JNDI name jdbc/warden) the default (server.xml); WildFly its
 * {@code java:jboss/datasources/warden}
 * ({@code /subsystem=ee/service=default-bindings}, warden.cli). Inject it with
 * {@code @Resource(lookup = Sql.DATA_SOURCE) DataSource dataSource;}; persistence.xml names the same data source as
 * its {@code jta-data-source}. Why not an application resource reference: docs/decisions/default-data-source.md.
 *
 * <p>The statement helpers bind their parameters in order with {@link #bind}: {@code null} as an untyped SQL NULL
 * (give it a type with a cast in the SQL, e.g. {@code ?::text}), a {@code String[]} / {@code Long[]} /
 * {@code Integer[]} / {@code long[]} as a PostgreSQL {@code text[]} / {@code bigint[]} / {@code integer[]} array, an
 * {@link Instant} as {@code timestamptz}, a {@link Collection} as its elements (one placeholder each) and anything
 * else through {@link PreparedStatement#setObject(int, Object)}. The {@link DataSource} forms take a connection from
 * the pool for one statement (inside a container transaction it is the transaction's connection) and report a
 * {@link SQLException} as an {@link IllegalStateException} that keeps it as the cause, so the web layer still
 * recognises an unreachable database (503) by walking the cause chain.
 */
public final class Sql {

    /** The data source's name: the platform's default data source, bound by each server's configuration. */
    public static final String DATA_SOURCE = "java:comp/DefaultDataSource";

    /** Reads one result row into a value; it must not advance the result set. */
    @FunctionalInterface
    public interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    /** Work on one connection: several statements that share it. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private Sql() {}

    /**
     * Double-quotes an SQL identifier, doubling the quotes inside it: the codebase's one identifier quoting. For
     * names that come from the registry, the catalog or code, never from request text (those are bound parameters).
     */
    public static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    /**
     * The inverse of {@link #quote}: a double-quoted identifier without its quotes and with doubled quotes undone
     * (e.g. from a database message or a JPA delimited name); any other text as it is.
     */
    public static String unquote(String identifier) {
        if (identifier.length() >= 2 && identifier.startsWith("\"") && identifier.endsWith("\"")) {
            return identifier.substring(1, identifier.length() - 1).replace("\"\"", "\"");
        }
        return identifier;
    }

    /**
     * Runs {@code work} on a connection of {@code dataSource} and closes it.
     *
     * @param what what the work does, for the error message, e.g. {@code "Counting a limited request"}
     * @throws IllegalStateException "{what} failed: {database message}", caused by the {@link SQLException}
     */
    public static <T> T with(DataSource dataSource, String what, Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            return work.run(connection);
        } catch (SQLException e) {
            throw failure(what, e);
        }
    }

    /**
     * Runs one INSERT, UPDATE or DELETE (or DDL) on its own connection.
     *
     * @return the number of rows it changed
     * @throws IllegalStateException as {@link #with}
     */
    public static int update(DataSource dataSource, String what, String sql, Object... params) {
        return with(dataSource, what, c -> update(c, sql, params));
    }

    /**
     * Runs one query on its own connection and reads every row.
     *
     * @throws IllegalStateException as {@link #with}
     */
    public static <T> List<T> list(
            DataSource dataSource, String what, String sql, RowReader<T> reader, Object... params) {
        return with(dataSource, what, c -> list(c, sql, reader, params));
    }

    /**
     * Runs one query on its own connection and reads its first row, if any.
     *
     * @throws IllegalStateException as {@link #with}
     */
    public static <T> Optional<T> first(
            DataSource dataSource, String what, String sql, RowReader<T> reader, Object... params) {
        return with(dataSource, what, c -> first(c, sql, reader, params));
    }

    /** Runs one INSERT, UPDATE or DELETE (or DDL) on {@code connection}; returns the number of rows changed. */
    public static int update(Connection connection, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            bind(ps, 1, params);
            return ps.executeUpdate();
        }
    }

    /** Runs one query on {@code connection} and reads every row with {@code reader}, in the result's order. */
    public static <T> List<T> list(Connection connection, String sql, RowReader<T> reader, Object... params)
            throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            bind(ps, 1, params);
            try (ResultSet rs = ps.executeQuery()) {
                List<T> rows = new ArrayList<>();
                while (rs.next()) {
                    rows.add(reader.read(rs));
                }
                return rows;
            }
        }
    }

    /** Runs one query on {@code connection} and reads its first row with {@code reader}; empty without rows. */
    public static <T> Optional<T> first(Connection connection, String sql, RowReader<T> reader, Object... params)
            throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            bind(ps, 1, params);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.ofNullable(reader.read(rs)) : Optional.empty();
            }
        }
    }

    /**
     * Binds {@code params} to {@code ps} from placeholder {@code first} on, by the rules in the class comment.
     *
     * @return the next free placeholder index
     */
    public static int bind(PreparedStatement ps, int first, Object... params) throws SQLException {
        int index = first;
        for (Object param : params) {
            if (param instanceof Collection<?> values) {
                index = bind(ps, index, values.toArray());
            } else {
                bindOne(ps, index++, param);
            }
        }
        return index;
    }

    private static void bindOne(PreparedStatement ps, int index, Object value) throws SQLException {
        if (value instanceof String[] texts) {
            ps.setArray(index, ps.getConnection().createArrayOf("text", texts));
        } else if (value instanceof Long[] longs) {
            ps.setArray(index, ps.getConnection().createArrayOf("bigint", longs));
        } else if (value instanceof long[] longs) {
            ps.setArray(
                    index,
                    ps.getConnection()
                            .createArrayOf(
                                    "bigint",
                                    java.util.Arrays.stream(longs).boxed().toArray()));
        } else if (value instanceof Integer[] ints) {
            ps.setArray(index, ps.getConnection().createArrayOf("integer", ints));
        } else if (value instanceof Instant instant) {
            ps.setObject(index, OffsetDateTime.ofInstant(instant, ZoneOffset.UTC));
        } else {
            ps.setObject(index, value);
        }
    }

    private static IllegalStateException failure(String what, SQLException e) {
        return new IllegalStateException(what + " failed: " + e.getMessage(), e);
    }
}
