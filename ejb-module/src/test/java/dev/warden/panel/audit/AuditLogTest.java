package dev.warden.panel.audit;

import static dev.warden.common.JsonSupport.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * {@link AuditLog} against a recording JDBC stand-in: the SQL it sends, what it binds (the payload as scrubbed
 * JSON text cast to jsonb), prune's row count, and "Throws on failure" (docs/admin-api.md, "Audit recording from own code").
 */
class AuditLogTest {

    /** Records the statements prepared and the values bound; answers {@code result} or throws {@code failure}. */
    private static final class FakeDb {
        final List<String> sql = new ArrayList<>();
        final Map<Integer, Object> bound = new HashMap<>();
        int updateCount;
        SQLException failure;

        DataSource dataSource() {
            return proxy(DataSource.class, (p, m, a) -> switch (m.getName()) {
                case "getConnection" -> connection();
                default -> throw new UnsupportedOperationException(m.getName());
            });
        }

        private Connection connection() {
            return proxy(Connection.class, (p, m, a) -> switch (m.getName()) {
                case "prepareStatement" -> {
                    sql.add((String) a[0]);
                    yield statement();
                }
                case "close" -> null;
                default -> throw new UnsupportedOperationException(m.getName());
            });
        }

        private PreparedStatement statement() {
            return proxy(PreparedStatement.class, (p, m, a) -> switch (m.getName()) {
                case "setObject", "setString", "setLong" -> {
                    bound.put((Integer) a[0], a[1]);
                    yield null;
                }
                case "setNull" -> {
                    bound.put((Integer) a[0], "NULL:" + a[1]);
                    yield null;
                }
                case "executeUpdate" -> {
                    failIfAsked();
                    yield updateCount;
                }
                case "executeQuery" -> {
                    failIfAsked();
                    yield resultSet();
                }
                case "close" -> null;
                default -> throw new UnsupportedOperationException(m.getName());
            });
        }

        private ResultSet resultSet() {
            return proxy(ResultSet.class, (p, m, a) -> switch (m.getName()) {
                case "next" -> true;
                case "getLong" -> 42L;
                case "close" -> null;
                default -> throw new UnsupportedOperationException(m.getName());
            });
        }

        private void failIfAsked() throws SQLException {
            if (failure != null) {
                throw failure;
            }
        }

        @SuppressWarnings("unchecked")
        private static <T> T proxy(Class<T> type, InvocationHandler handler) {
            return (T) Proxy.newProxyInstance(AuditLogTest.class.getClassLoader(), new Class<?>[] {type}, handler);
        }
    }

    private static AuditLog log(FakeDb db) {
        AuditLog log = new AuditLog();
        log.dataSource = db.dataSource();
        return log;
    }

    @Test
    void recordInsertsOneRowWithTheScrubbedPayloadCastToJsonb() {
        FakeDb db = new FakeDb();
        long id = log(db).record(new AuditRecord(
                7L,
                "create",
                "users",
                "12",
                JSON.createObjectBuilder()
                        .add(
                                "row",
                                JSON.createObjectBuilder()
                                        .add("id", 12)
                                        .add("email", "a@b.c")
                                        .add("password_hash", "PBKDF2:x"))
                        .build()));
        assertEquals(42L, id);
        assertEquals(List.of(AuditLog.INSERT), db.sql);
        assertTrue(AuditLog.INSERT.contains("CAST(? AS jsonb)"));
        assertEquals(7L, db.bound.get(1));
        assertEquals("create", db.bound.get(2));
        assertEquals("users", db.bound.get(3));
        assertEquals("12", db.bound.get(4));
        assertEquals(
                JSON.createReader(new StringReader("{\"row\": {\"id\": 12, \"email\": \"a@b.c\"}}"))
                        .readObject(),
                JSON.createReader(new StringReader((String) db.bound.get(5))).readObject());
    }

    @Test
    void aNullOperatorAndTargetAreSqlNull() {
        FakeDb db = new FakeDb();
        log(db).record(new AuditRecord(
                null, "auth.login_failed", "auth", null, AuditPayloads.auth("x@y.z", "::1", null)));
        // bound as SQL NULL (Sql.bind: an untyped null; the INSERT's column gives it its type)
        assertTrue(db.bound.containsKey(1), "operator bound");
        assertEquals(null, db.bound.get(1));
        assertTrue(db.bound.containsKey(4), "target bound");
        assertEquals(null, db.bound.get(4));
    }

    @Test
    void recordUpdateWritesTheDiffOfChangedColumns() {
        FakeDb db = new FakeDb();
        log(db).recordUpdate(
                        3L,
                        "configs",
                        "9",
                        JSON.createObjectBuilder()
                                .add("id", 9)
                                .add("description", "a")
                                .add("updated_at", "t1")
                                .build(),
                        JSON.createObjectBuilder()
                                .add("id", 9)
                                .add("description", "b")
                                .add("updated_at", "t2")
                                .build());
        assertEquals("update", db.bound.get(2));
        assertEquals(
                JSON.createReader(new StringReader(
                                "{\"changes\": {\"description\": {\"before\": \"a\", \"after\": \"b\"}}}"))
                        .readObject(),
                JSON.createReader(new StringReader((String) db.bound.get(5))).readObject());
    }

    @Test
    void recordThrowsWhenTheRowCannotBeWritten() {
        FakeDb db = new FakeDb();
        db.failure = new SQLException("connection refused", "08001");
        AuditWriteException e = assertThrows(AuditWriteException.class, () -> log(db).record(new AuditRecord(
                1L, "delete", "configs", "1", JSON.createObjectBuilder().build())));
        assertTrue(e.getMessage().contains("delete"), e.getMessage());
    }

    @Test
    void anEntryNeedsAnActionAndAResource() {
        assertThrows(IllegalArgumentException.class, () -> new AuditRecord(1L, " ", "users", null, null));
        assertThrows(IllegalArgumentException.class, () -> new AuditRecord(1L, "create", null, null, null));
    }

    @Test
    void pruneDeletesRowsOlderThanTheTimeThroughTheSqlFunctionAndAnswersTheCount() {
        FakeDb db = new FakeDb();
        Instant before = Instant.parse("2026-01-01T00:00:00Z");
        assertEquals(42, log(db).prune(before)); // the fake result set's count
        assertEquals(List.of(AuditLog.PRUNE), db.sql);
        assertEquals(OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC), db.bound.get(1));
        assertThrows(IllegalArgumentException.class, () -> log(db).prune(null));
    }
}
