package dev.warden.common.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Unit tests for {@link Sql}: how {@link Sql#bind} binds each kind of value (recorded on a proxy statement), and how
 * the statement helpers run, close and report failures.
 */
class SqlTest {

    /** Every call made on the proxies, as "method(arg, arg)". */
    private final List<String> calls = new ArrayList<>();

    /** Rows the proxy result set answers, one value each. */
    private List<Object> rows = List.of();

    private boolean failOnPrepare;

    private Object proxy(Class<?> type, String name) {
        return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {type}, (self, method, args) -> {
            String call = method.getName() + "(" + describe(args) + ")";
            switch (method.getName()) {
                case "toString":
                    return name;
                case "hashCode":
                    return System.identityHashCode(self);
                case "equals":
                    return self == args[0];
                default:
                    break;
            }
            calls.add(name + "." + call);
            return switch (method.getName()) {
                case "getConnection" -> type == DataSource.class ? proxy(Connection.class, "c") : connection;
                case "prepareStatement" -> {
                    if (failOnPrepare) {
                        throw new SQLException("relation \"nowhere\" does not exist");
                    }
                    yield proxy(PreparedStatement.class, "ps");
                }
                case "createArrayOf" -> new FakeArray((String) args[0], (Object[]) args[1]);
                case "executeQuery" -> proxy(ResultSet.class, "rs");
                case "executeUpdate" -> 3;
                case "next" -> ++cursor <= rows.size();
                case "getObject" -> rows.get(cursor - 1);
                default -> null;
            };
        });
    }

    private int cursor;
    private Connection connection;

    private static String describe(Object[] args) {
        if (args == null) {
            return "";
        }
        List<String> out = new ArrayList<>();
        for (Object arg : args) {
            out.add(arg instanceof Object[] array ? Arrays.toString(array) : String.valueOf(arg));
        }
        return String.join(", ", out);
    }

    /** A {@link java.sql.Array} stand-in that shows its type and elements. */
    private record FakeArray(String type, Object[] elements) implements Array {
        @Override
        public String toString() {
            return type + Arrays.toString(elements);
        }

        @Override
        public String getBaseTypeName() {
            return type;
        }

        @Override
        public int getBaseType() {
            return 0;
        }

        @Override
        public Object getArray() {
            return elements;
        }

        @Override
        public Object getArray(java.util.Map<String, Class<?>> map) {
            return elements;
        }

        @Override
        public Object getArray(long index, int count) {
            return elements;
        }

        @Override
        public Object getArray(long index, int count, java.util.Map<String, Class<?>> map) {
            return elements;
        }

        @Override
        public ResultSet getResultSet() {
            throw new UnsupportedOperationException();
        }

        @Override
        public ResultSet getResultSet(java.util.Map<String, Class<?>> map) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ResultSet getResultSet(long index, int count) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ResultSet getResultSet(long index, int count, java.util.Map<String, Class<?>> map) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void free() {}
    }

    private PreparedStatement statement() {
        connection = (Connection) proxy(Connection.class, "c");
        return (PreparedStatement) proxy(PreparedStatement.class, "ps");
    }

    @Test
    void bindsScalarsInOrderAndAnswersTheNextIndex() throws SQLException {
        PreparedStatement ps = statement();
        int next = Sql.bind(ps, 1, "a", 7L, 3, true);
        assertEquals(5, next);
        assertEquals(
                List.of("ps.setObject(1, a)", "ps.setObject(2, 7)", "ps.setObject(3, 3)", "ps.setObject(4, true)"),
                calls);
    }

    @Test
    void startsAtTheGivenIndex() throws SQLException {
        PreparedStatement ps = statement();
        assertEquals(6, Sql.bind(ps, 4, "x", "y"));
        assertEquals(List.of("ps.setObject(4, x)", "ps.setObject(5, y)"), calls);
    }

    @Test
    void bindsNullAsAnUntypedNull() throws SQLException {
        PreparedStatement ps = statement();
        assertEquals(3, Sql.bind(ps, 1, null, "b"));
        assertEquals(List.of("ps.setObject(1, null)", "ps.setObject(2, b)"), calls);
    }

    @Test
    void bindsAnInstantAsAUtcOffsetDateTime() throws SQLException {
        PreparedStatement ps = statement();
        Instant at = Instant.parse("2026-11-24T07:30:00.123Z");
        Sql.bind(ps, 1, at);
        assertEquals(List.of("ps.setObject(1, " + OffsetDateTime.ofInstant(at, ZoneOffset.UTC) + ")"), calls);
        assertTrue(calls.get(0).endsWith("Z)"), calls.get(0));
    }

    @Test
    void bindsArraysAsPostgresArraysOfTheirType() throws SQLException {
        PreparedStatement ps = statement();
        int next = Sql.bind(
                ps, 1, new String[] {"a", "b"}, new Long[] {1L, 2L}, new long[] {3, 4}, new Integer[] {5}, "after");
        assertEquals(6, next);
        assertEquals(
                List.of(
                        "ps.getConnection()",
                        "c.createArrayOf(text, [a, b])",
                        "ps.setArray(1, text[a, b])",
                        "ps.getConnection()",
                        "c.createArrayOf(bigint, [1, 2])",
                        "ps.setArray(2, bigint[1, 2])",
                        "ps.getConnection()",
                        "c.createArrayOf(bigint, [3, 4])",
                        "ps.setArray(3, bigint[3, 4])",
                        "ps.getConnection()",
                        "c.createArrayOf(integer, [5])",
                        "ps.setArray(4, integer[5])",
                        "ps.setObject(5, after)"),
                calls);
    }

    @Test
    void flattensCollectionsOnePlaceholderPerElement() throws SQLException {
        PreparedStatement ps = statement();
        int next = Sql.bind(ps, 1, "first", List.of(10L, List.of("nested", Instant.EPOCH)), List.of(), "last");
        assertEquals(6, next);
        assertEquals(
                List.of(
                        "ps.setObject(1, first)",
                        "ps.setObject(2, 10)",
                        "ps.setObject(3, nested)",
                        "ps.setObject(4, 1970-01-01T00:00Z)",
                        "ps.setObject(5, last)"),
                calls);
    }

    @Test
    void bindsNothingForNoParameters() throws SQLException {
        PreparedStatement ps = statement();
        assertEquals(1, Sql.bind(ps, 1));
        assertEquals(List.of(), calls);
    }

    @Test
    void listReadsEveryRowAndClosesWhatItOpened() {
        DataSource dataSource = (DataSource) proxy(DataSource.class, "ds");
        rows = List.of("x", "y");
        List<Object> read = Sql.list(dataSource, "Reading", "SELECT ? ", rs -> rs.getObject(1), 42);
        assertEquals(List.of("x", "y"), read);
        assertEquals(
                List.of(
                        "ds.getConnection()",
                        "c.prepareStatement(SELECT ? )",
                        "ps.setObject(1, 42)",
                        "ps.executeQuery()",
                        "rs.next()",
                        "rs.getObject(1)",
                        "rs.next()",
                        "rs.getObject(1)",
                        "rs.next()",
                        "rs.close()",
                        "ps.close()",
                        "c.close()"),
                calls);
    }

    @Test
    void firstAnswersTheFirstRowOrEmpty() {
        DataSource dataSource = (DataSource) proxy(DataSource.class, "ds");
        rows = List.of();
        assertEquals(Optional.empty(), Sql.first(dataSource, "Reading", "SELECT 1", rs -> rs.getObject(1)));
        rows = List.of("only");
        cursor = 0;
        assertEquals(Optional.of("only"), Sql.first(dataSource, "Reading", "SELECT 1", rs -> rs.getObject(1)));
    }

    @Test
    void updateAnswersTheRowCount() {
        DataSource dataSource = (DataSource) proxy(DataSource.class, "ds");
        assertEquals(3, Sql.update(dataSource, "Deleting", "DELETE FROM t WHERE id = ?", 5L));
        assertTrue(calls.contains("ps.setObject(1, 5)"), calls.toString());
        assertTrue(calls.contains("ps.executeUpdate()"), calls.toString());
    }

    @Test
    void aDatabaseFailureIsAnIllegalStateExceptionThatKeepsItsCause() {
        DataSource dataSource = (DataSource) proxy(DataSource.class, "ds");
        failOnPrepare = true;
        IllegalStateException e = assertThrows(
                IllegalStateException.class, () -> Sql.update(dataSource, "Pruning things", "DELETE FROM nowhere"));
        assertEquals("Pruning things failed: relation \"nowhere\" does not exist", e.getMessage());
        assertTrue(e.getCause() instanceof SQLException);
        assertTrue(calls.contains("c.close()"), "the connection is closed: " + calls);
    }

    @Test
    void otherExceptionsOfTheWorkPassThrough() {
        DataSource dataSource = (DataSource) proxy(DataSource.class, "ds");
        IllegalArgumentException thrown = new IllegalArgumentException("no");
        assertSame(
                thrown,
                assertThrows(
                        IllegalArgumentException.class,
                        () -> Sql.with(dataSource, "Working", c -> {
                            throw thrown;
                        })));
        assertTrue(calls.contains("c.close()"), calls.toString());
    }

    @Test
    void identifiersAreDoubleQuotedWithInnerQuotesDoubledAndUnquotedBack() {
        assertEquals("\"warden_users\"", Sql.quote("warden_users"));
        assertEquals("\"Odd \"\"name\"\"\"", Sql.quote("Odd \"name\""));
        assertEquals("Odd \"name\"", Sql.unquote(Sql.quote("Odd \"name\"")));
        assertEquals("plain", Sql.unquote("plain"), "text without quotes stays as it is");
        assertEquals("\"", Sql.unquote("\""), "a lone quote is not a quoted identifier");
    }
}
