package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.Wait;
import io.restassured.response.Response;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A database the server cannot reach answers 503 with {@code Retry-After}, never 500 (docs/hosting-api.md, "Requirements: Errors":
 * 503 {@code busy}/{@code unavailable}/{@code timeout}). The test database stops accepting connections
 * ({@code ALTER DATABASE ... ALLOW_CONNECTIONS false}) and the server's open connections are terminated, so the
 * token check, the rate limiter and the pool all fail; afterwards the database is opened again and the server
 * must recover.
 */
@SharedDeployment(Ear.WARDEN_WITH_HOSTING_LIMITS)
class HostingDatabaseDownIT {

    private static String databaseName() {
        String url = System.getProperty("warden.it.db.url", "jdbc:postgresql://127.0.0.1:5432/warden_it");
        String name = url.substring(url.lastIndexOf('/') + 1);
        int query = name.indexOf('?');
        return query < 0 ? name : name.substring(0, query);
    }

    /** A connection to the server's maintenance database {@code postgres}, not the test database. */
    private static Connection admin() throws SQLException {
        String url = System.getProperty("warden.it.db.url", "jdbc:postgresql://127.0.0.1:5432/warden_it");
        String adminUrl = url.substring(0, url.lastIndexOf('/') + 1) + "postgres";
        return DriverManager.getConnection(
                adminUrl,
                System.getProperty("warden.it.db.user", "postgres"),
                System.getProperty("warden.it.db.password", ""));
    }

    private static void allowConnections(boolean allow) throws SQLException {
        String name = databaseName();
        if (!name.matches("[a-z0-9_]+")) {
            throw new IllegalStateException("unexpected test database name " + name);
        }
        try (Connection c = admin();
                Statement s = c.createStatement()) {
            s.execute("ALTER DATABASE " + name + " ALLOW_CONNECTIONS " + allow);
            if (!allow) {
                s.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + name
                        + "' AND pid <> pg_backend_pid()");
            }
        }
    }

    @Test
    void aDatabaseThatRefusesConnectionsGives503WithRetryAfterNever500() throws Exception {
        HostingTeam t = HostingTeam.create();
        Api.bearer(t.token()).get("/api/v1/applications").then().statusCode(200);
        try {
            allowConnections(false);
            for (int i = 0; i < 3; i++) {
                Response down = Api.bearer(t.token()).get("/api/v1/applications");
                assertEquals(503, down.statusCode(), "attempt " + i + ": " + down.asString());
                String code = down.jsonPath().getString("error.code");
                assertTrue(List.of("unavailable", "busy", "timeout").contains(code), code);
                assertTrue(Long.parseLong(down.header("Retry-After")) >= 1);
                assertTrue(down.contentType().startsWith("application/json"));
            }
        } finally {
            allowConnections(true);
        }
        // the deployment is shared with other classes: it must be whole again before the next one
        Wait.until(
                Duration.ofSeconds(60),
                Duration.ofMillis(500),
                "the server recovers when the database accepts connections again (200)",
                () -> Api.bearer(t.token()).get("/api/v1/applications").statusCode() == 200);
    }
}
