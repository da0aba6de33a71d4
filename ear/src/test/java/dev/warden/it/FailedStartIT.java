package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.Deployments;
import dev.warden.it.support.TestDb;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A start that fails fails visibly (docs/operations.md, "Start-up failures"): Warden deployed with a schema history
 * table ({@code warden.schema.history-table}) that the test made with the wrong columns, so Flyway cannot read its
 * history (whatever the database holds, and without migrating anything) and the start-up step {@code SchemaMigrator}
 * throws. The server must then say so where
 * an orchestrator and an operator look: {@code /health/live} answers 503 DOWN with the check
 * {@code warden-application} naming the failed step, readiness is DOWN, the APIs answer 503 {@code unavailable}, and
 * the log holds exactly one line "Warden did not start: SchemaMigrator failed ...". (Before: Open Liberty left the
 * application undeployed while {@code /health/live} answered 200 UP with no checks.)
 *
 * <p>Its own, unmanaged deployment: the archive carries the config line, and a fresh application name keeps Open
 * Liberty's health tracking of the other classes' deployments apart.
 */
@ExtendWith(ArquillianExtension.class)
class FailedStartIT {

    private static final String NAME = "warden-failed-start";
    private static final String HISTORY = "warden_it_failed_start_history";

    @ArquillianResource
    Deployer deployer;

    @Deployment(name = NAME, managed = false, testable = false)
    static EnterpriseArchive deployment() {
        return Deployments.renamed(
                Deployments.wardenWithConfig("it-failed-start.jar", "warden.schema.history-table=" + HISTORY),
                NAME + ".ear");
    }

    @Test
    void aFailedStartIsNotLiveAndSaysWhyInOneLine() throws Exception {
        Path log = Path.of(System.getProperty("warden.it.server.log"));
        long logStart = Files.exists(log) ? Files.size(log) : 0;
        TestDb.update("DROP TABLE IF EXISTS " + HISTORY);
        TestDb.update("CREATE TABLE " + HISTORY + " (not_a_flyway_history integer)");
        Exception deployFailure = null;
        try {
            try {
                deployer.deploy(NAME);
            } catch (Exception e) {
                deployFailure = e; // the server refused the application: asserted below through what it answers
            }
            // the server lists an application's checks a moment after it started it
            Response live = Api.health().get("/health/live");
            for (int i = 0; i < 120 && !live.asString().contains("warden-application"); i++) {
                Thread.sleep(500);
                live = Api.health().get("/health/live");
            }
            assertEquals(
                    503,
                    live.statusCode(),
                    "liveness must be DOWN after a failed start: " + live.asString() + " (deployment: " + deployFailure
                            + ")");
            assertEquals("DOWN", live.jsonPath().getString("status"), live.asString());
            assertEquals(
                    "DOWN",
                    live.jsonPath().getString("checks.find { it.name == 'warden-application' }.status"),
                    live.asString());
            assertEquals(
                    "SchemaMigrator",
                    live.jsonPath().getString("checks.find { it.name == 'warden-application' }.data.failed"),
                    live.asString());
            assertTrue(
                    live.jsonPath()
                            .getString("checks.find { it.name == 'warden-application' }.data.reason")
                            .contains("Flyway"),
                    live.asString());

            Response ready = Api.health().get("/health/ready");
            assertEquals(503, ready.statusCode(), ready.asString());
            assertEquals(
                    "DOWN",
                    ready.jsonPath().getString("checks.find { it.name == 'warden-schema' }.status"),
                    ready.asString());

            Response api = Api.anonymous().get("/admin-api/users");
            assertEquals(503, api.statusCode(), api.asString());
            assertEquals("unavailable", api.jsonPath().getString("error.code"), api.asString());
            assertTrue(api.jsonPath().getString("error.message").contains("did not start"), api.asString());
            Api.anonymous().get("/api/v1/applications").then().statusCode(503);

            String tail = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).substring((int) logStart);
            long lines = tail.lines()
                    .filter(l -> l.contains("Warden did not start: SchemaMigrator failed"))
                    .count();
            assertEquals(1, lines, "one line says what failed:\n" + tail);
            assertTrue(
                    tail.lines()
                            .filter(l -> l.contains("Warden did not start"))
                            .allMatch(l -> l.contains("restart the server")),
                    "the line says what to do:\n" + tail);
        } finally {
            try {
                deployer.undeploy(NAME);
            } finally {
                TestDb.update("DROP TABLE IF EXISTS " + HISTORY);
            }
        }
    }
}
