package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.Deployments;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.TestDb;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Warden started while its database refuses connections still deploys, logs one clear line
 * that names the variable to fix, answers 503 {@code unavailable} with {@code Retry-After} on both APIs and the
 * agent API (never 404 or 500) and 503 DOWN on {@code /health/ready} (check {@code warden-schema}), and, once the
 * database accepts connections again, migrates, serves requests and reports ready without a restart. The database is closed with {@code ALTER DATABASE ... ALLOW_CONNECTIONS false} before the
 * (unmanaged) deployment and opened again during the test.
 */
@ExtendWith(ArquillianExtension.class)
class StartWithoutDatabaseIT {

    private static final String NAME = "warden-without-database";

    @ArquillianResource
    Deployer deployer;

    /**
     * The plain EAR under a name of its own: Open Liberty's MicroProfile Health keys applications by name, and a
     * {@code warden.ear} deployed right after the shared one was undeployed has twice been left untracked (readiness
     * {@code "checks": []} for minutes, as {@link HealthIT} describes); a fresh name is tracked from its own start.
     */
    @Deployment(name = NAME, managed = false, testable = false)
    static EnterpriseArchive deployment() {
        return Deployments.renamed(Deployments.warden(), NAME + ".ear");
    }

    private static String databaseName() {
        String url = System.getProperty("warden.it.db.url", "jdbc:postgresql://127.0.0.1:5432/warden_it");
        String name = url.substring(url.lastIndexOf('/') + 1);
        int query = name.indexOf('?');
        name = query < 0 ? name : name.substring(0, query);
        if (!name.matches("[a-z0-9_]+")) {
            throw new IllegalStateException("unexpected test database name " + name);
        }
        return name;
    }

    private static void allowConnections(boolean allow) throws SQLException {
        String url = System.getProperty("warden.it.db.url", "jdbc:postgresql://127.0.0.1:5432/warden_it");
        String adminUrl = url.substring(0, url.lastIndexOf('/') + 1) + "postgres";
        try (Connection c = DriverManager.getConnection(
                        adminUrl,
                        System.getProperty("warden.it.db.user", "postgres"),
                        System.getProperty("warden.it.db.password", ""));
                Statement s = c.createStatement()) {
            s.execute("ALTER DATABASE " + databaseName() + " ALLOW_CONNECTIONS " + allow);
            if (!allow) {
                s.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + databaseName()
                        + "' AND pid <> pg_backend_pid()");
            }
        }
    }

    private static void assertUnavailable(Response r, String what) {
        assertEquals(503, r.statusCode(), what + ": " + r.asString());
        assertEquals("unavailable", r.jsonPath().getString("error.code"), what);
        assertTrue(Integer.parseInt(r.header("Retry-After")) >= 1, what);
        assertTrue(r.contentType().startsWith("application/json"), what);
    }

    @Test
    void startsWithoutTheDatabaseAnswers503AndBecomesReadyWhenItComesBack() throws Exception {
        Path log = Path.of(System.getProperty("warden.it.server.log"));
        long logStart = Files.exists(log) ? Files.size(log) : 0;
        allowConnections(false);
        try {
            deployer.deploy(NAME);

            assertUnavailable(Api.anonymous().get("/api/v1/applications"), "hosting API");
            assertUnavailable(
                    Api.anonymous()
                            .contentType("application/json")
                            .body("{\"email\":\"a@example.com\",\"password\":\"x\"}")
                            .post("/admin-api/auth/login"),
                    "sign-in");
            assertUnavailable(Api.anonymous().get("/admin-api/users"), "admin API");
            assertUnavailable(
                    Api.anonymous().contentType("application/json").body("{}").post("/agent/v1/instances/1/reports"),
                    "agent API");
            // readiness is down and names the check that failed (point 2 and "Done when"). Liberty lists an
            // application's checks a moment after it reports the application started (meanwhile: no checks at all)
            Response ready = Api.health().get("/health/ready");
            for (int i = 0;
                    i < 240 && !ready.asString().contains("warden-schema");
                    i++) { // up to 120 s on a loaded machine
                Thread.sleep(500);
                ready = Api.health().get("/health/ready");
            }
            assertEquals(503, ready.statusCode(), ready.asString());
            assertEquals("DOWN", ready.jsonPath().getString("status"), ready.asString());
            assertEquals(
                    "DOWN",
                    ready.jsonPath().getString("checks.find { it.name == 'warden-schema' }.status"),
                    ready.asString());

            String tail = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).substring((int) logStart);
            long lines = tail.lines()
                    .filter(l -> l.contains("Warden cannot use its database"))
                    .count();
            assertEquals(1, lines, "one clear line, not one per attempt:\n" + tail);
            assertTrue(tail.contains("does not accept connections now") && tail.contains("WARDEN_DB_URL"), tail);
            assertTrue(
                    !tail.contains("CWWKZ0002E") && !tail.contains("CWWKZ0004E"), "the application started:\n" + tail);
        } finally {
            allowConnections(true);
        }
        try {
            long deadline = System.nanoTime() + 90_000_000_000L;
            int status;
            do {
                Thread.sleep(500);
                status = Api.anonymous().get("/api/v1/applications").statusCode();
            } while (status == 503 && System.nanoTime() < deadline);
            assertEquals(401, status, "ready without a restart: an anonymous request is refused for its token now");
            HostingTeam team = HostingTeam.create();
            Api.bearer(team.token()).get("/api/v1/applications").then().statusCode(200);
            assertTrue(TestDb.scalar("SELECT count(*) FROM warden_schema_history") > 0);
            Api.anonymous().get("/admin-api/users").then().statusCode(401);
            Response ready = Api.health().get("/health/ready");
            assertEquals(200, ready.statusCode(), "ready again without a restart: " + ready.asString());
            assertEquals("UP", ready.jsonPath().getString("checks.find { it.name == 'warden-database' }.status"));
        } finally {
            deployer.undeploy(NAME);
        }
    }
}
