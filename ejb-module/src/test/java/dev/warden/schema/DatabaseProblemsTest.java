package dev.warden.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class DatabaseProblemsTest {

    private static String describe(Throwable t) {
        return DatabaseProblems.describe(new RuntimeException("Flyway failed", t))
                .orElseThrow();
    }

    @Test
    void wrongPasswordNamesUserAndPassword() {
        String line = describe(new SQLException("FATAL: password authentication failed for user \"warden\"", "28P01"));
        assertTrue(line.contains("WARDEN_DB_USER") && line.contains("WARDEN_DB_PASSWORD"), line);
        assertFalse(line.contains("WARDEN_DB_URL"), line);
    }

    @Test
    void missingDatabaseNamesTheUrl() {
        String line = describe(new SQLException("FATAL: database \"nope\" does not exist", "3D000"));
        assertTrue(line.contains("WARDEN_DB_URL") && line.contains("does not exist"), line);
    }

    @Test
    void refusedConnectionNamesTheUrl() {
        assertTrue(describe(new SQLException("Connection to 127.0.0.1:1 refused.\nmore", "08001"))
                .contains(
                        "nothing answers at the host and port of WARDEN_DB_URL (Connection to 127.0.0.1:1 refused.)"));
        assertTrue(describe(new ConnectException("Connection refused")).contains("WARDEN_DB_URL"));
    }

    @Test
    void aDatabaseThatRefusesConnectionsIsNamed() {
        assertTrue(describe(new SQLException("database \"x\" is not currently accepting connections", "55000"))
                .contains("does not accept connections now"));
    }

    @Test
    void aLostConnectionIsNamed() {
        assertTrue(describe(new SQLException("Connection is closed.", "08003")).contains("was lost"));
    }

    @Test
    void aFailingMigrationIsNoConnectionProblem() {
        assertTrue(DatabaseProblems.describe(new RuntimeException(new SQLException("syntax error", "42601")))
                .isEmpty());
        assertTrue(DatabaseProblems.describe(new IllegalStateException("no migrations"))
                .isEmpty());
    }

    @Test
    void backOffDoublesUpToTheCap() {
        assertEquals(2, SchemaMigrator.delaySeconds(1, 30));
        assertEquals(4, SchemaMigrator.delaySeconds(2, 30));
        assertEquals(16, SchemaMigrator.delaySeconds(4, 30));
        assertEquals(30, SchemaMigrator.delaySeconds(5, 30));
        assertEquals(30, SchemaMigrator.delaySeconds(500, 30));
        assertEquals(1, SchemaMigrator.delaySeconds(3, 0));
    }
}
