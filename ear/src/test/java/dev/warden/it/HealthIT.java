package dev.warden.it;

import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import dev.warden.it.support.Api;
import dev.warden.it.support.Deployments;
import io.restassured.http.ContentType;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * MicroProfile Health: {@code /health/started}, {@code /health/live} and {@code /health/ready} answer
 * anonymously (on Liberty's HTTP port, on WildFly's management interface: {@link Api#health}), 200 UP with
 * Warden's named checks once the migrations have run and PostgreSQL answers; and the
 * context root redirects to the admin UI.
 *
 * <p>Its own deployment, under another application name ({@code warden-health}): Open Liberty's health tracking
 * keys applications and modules by name, and the shared EAR, undeployed and deployed again under the same name
 * by the classes before, has twice left it tracking a module that was gone (500) or none at all ({@code "checks":
 * []}); a fresh name is tracked from its own start.
 */
@ExtendWith(ArquillianExtension.class)
class HealthIT {

    @Deployment(testable = false)
    static EnterpriseArchive deployment() {
        // with a 3-second start-up warm-up (warden.warm-up.seconds): readiness waits for it (WarmUpCheck)
        return Deployments.renamed(
                Deployments.wardenWithConfig("it-warm-up.jar", "warden.warm-up.seconds=" + WARM_UP_SECONDS),
                "warden-health.ear");
    }

    static final int WARM_UP_SECONDS = 3;

    /**
     * The warm-up check's data while it runs ({@code "warm-up": "running"}); only that entry: WildFly's own
     * {@code server-state} check reports {@code "running"} too, for as long as the server runs.
     */
    private static final java.util.regex.Pattern WARMING_UP =
            java.util.regex.Pattern.compile("\"warm-up\"\\s*:\\s*\"running\"");

    /**
     * The answer of {@code path} once it lists Warden's checks and the start-up warm-up has ended: right after a
     * deployment Liberty answers for a moment with no checks at all (UP, {@code "checks": []}) before it lists the
     * application's; up to 60 s.
     */
    static io.restassured.response.Response awaitChecks(String path) throws InterruptedException {
        io.restassured.response.Response answer = Api.health().get(path);
        for (int i = 0;
                i < 120
                        && (!answer.asString().contains("\"warden-")
                                || WARMING_UP.matcher(answer.asString()).find());
                i++) {
            Thread.sleep(500);
            answer = Api.health().get(path);
        }
        return answer;
    }

    @Test
    void readinessIsUpWithTheSchemaAndDatabaseChecks() throws Exception {
        awaitChecks("/health/ready")
                .then()
                .statusCode(200)
                .contentType(ContentType.JSON)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItems("warden-schema", "warden-database"))
                .body("checks.find { it.name == 'warden-schema' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'warden-schema' }.data.version", not(nullValue()))
                .body("checks.find { it.name == 'warden-database' }.status", equalTo("UP"));
    }

    /**
     * with {@code warden.warm-up.seconds} set, the node warms its request paths before it reports
     * ready; the check {@code warden-warm-up} then says what it did (rounds over every registered resource, none
     * failed, and requests over loopback HTTP to its own port, every one answered 401) and readiness is UP.
     */
    @Test
    void readinessReportsTheFinishedWarmUp() throws Exception {
        String summary = awaitChecks("/health/ready")
                .then()
                .statusCode(200)
                .body("checks.find { it.name == 'warden-warm-up' }.status", equalTo("UP"))
                .extract()
                .path("checks.find { it.name == 'warden-warm-up' }.data.'warm-up'");
        org.junit.jupiter.api.Assertions.assertTrue(
                summary.matches("[1-9][0-9]* rounds over [1-9][0-9]* resources in [0-9]+ ms( \\(steady: [^)]*\\))?;"
                        + " [1-9][0-9]* requests over HTTP"
                        + "( \\([0-9]+ refused before the port opened\\))?"),
                summary);
        long millis = Long.parseLong(summary.replaceAll(".* in ([0-9]+) ms.*", "$1"));
        org.junit.jupiter.api.Assertions.assertTrue(millis >= WARM_UP_SECONDS * 1000L, summary);
    }

    @Test
    void livenessIsUpWithTheApplicationCheck() throws Exception {
        awaitChecks("/health/live")
                .then()
                .statusCode(200)
                .contentType(ContentType.JSON)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItems("warden-application"))
                .body("checks.find { it.name == 'warden-application' }.status", equalTo("UP"));
    }

    @Test
    void startedIsUpOnceTheSchemaIsMigrated() throws Exception {
        awaitChecks("/health/started")
                .then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItems("warden-schema"));
        awaitChecks("/health")
                .then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItems("warden-schema", "warden-database", "warden-application"));
    }

    @Test
    void theContextRootRedirectsToTheAdminUi() {
        Api.anonymous().get("/").then().statusCode(302).header("Location", endsWith("/admin/"));
    }
}
