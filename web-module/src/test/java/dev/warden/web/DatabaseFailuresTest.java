package dev.warden.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.ejb.EJBException;
import jakarta.persistence.PersistenceException;
import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link DatabaseFailures}: what counts as a 503 and with which code, wrapped or not. */
class DatabaseFailuresTest {

    /** Stand-in for Liberty's com.ibm.websphere.ce.cm.ConnectionWaitTimeoutException (matched by name). */
    static class ConnectionWaitTimeoutException extends SQLException {
        ConnectionWaitTimeoutException() {
            super("Connection not available, Timed out waiting for 10000");
        }
    }

    /** Stand-in for EclipseLink's DatabaseException, whose SQL failure is getInternalException(), not the cause. */
    static class DatabaseException extends RuntimeException {
        private final Throwable internal;

        DatabaseException(Throwable internal) {
            super("Internal Exception: " + internal);
            this.internal = internal;
        }

        public Throwable getInternalException() {
            return internal;
        }
    }

    private static String code(Throwable t) {
        return DatabaseFailures.classify(t).map(DatabaseFailures.Kind::code).orElse("none");
    }

    @Test
    void poolExhaustionIsBusyEvenWrappedInEjbAndJpaExceptions() {
        assertEquals("busy", code(new ConnectionWaitTimeoutException()));
        assertEquals(
                "busy",
                code(new EJBException(
                        new PersistenceException(new DatabaseException(new ConnectionWaitTimeoutException())))));
        assertEquals(
                "busy",
                code(new EJBException(
                        "wrapped", new IllegalStateException(new SQLTransientConnectionException("pool")))));
        assertEquals("busy", code(new SQLException("too many connections", "53300")));
    }

    @Test
    void aDatabaseThatIsDownIsUnavailable() {
        assertEquals("unavailable", code(new SQLException("Connection refused", "08001")));
        assertEquals("unavailable", code(new SQLException("I/O error", "08006")));
        assertEquals(
                "unavailable", code(new SQLException("terminating connection due to administrator command", "57P01")));
        assertEquals("unavailable", code(new SQLNonTransientConnectionException("closed")));
        assertEquals("unavailable", code(new IllegalStateException(new ConnectException("Connection refused"))));
        assertEquals(
                "unavailable",
                code(new SQLException("FATAL: database \"x\" is not currently accepting connections", "55000")));
        SQLException chained = new SQLException("batch failed", "XX000");
        chained.setNextException(new SQLException("reset", "08006"));
        assertEquals("unavailable", code(chained));
    }

    @Test
    void timeoutsAreTimeout() {
        assertEquals("timeout", code(new SQLException("canceling statement due to statement timeout", "57014")));
        assertEquals("timeout", code(new SQLTimeoutException("slow")));
        assertEquals(
                5,
                DatabaseFailures.classify(new SQLTimeoutException())
                        .orElseThrow()
                        .retryAfterSeconds());
    }

    @Test
    void otherFailuresAreNotDatabaseOutages() {
        assertEquals("none", code(new SQLException("duplicate key", "23505")));
        assertEquals("none", code(new SQLException("object not in prerequisite state", "55000")));
        assertEquals("none", code(new IllegalStateException("boom")));
        assertEquals("none", code(new EJBException(new NullPointerException())));
        assertEquals(Optional.empty(), DatabaseFailures.classify(null));
    }

    @Test
    void causeCyclesEnd() {
        RuntimeException a = new RuntimeException("a");
        RuntimeException b = new RuntimeException("b", a);
        a.initCause(b);
        assertEquals("none", code(a));
    }
}
