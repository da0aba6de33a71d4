package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What {@code GET /metrics} shows anonymous callers (docs/security.md, "/metrics"): aggregate
 * counters and timings of the server and of Warden's code (per servlet, per REST method, per fault-tolerance
 * method, per data source, per route template), Warden's {@code warden_audit_write_failures_total} once an audit
 * write failed (AuditIT), and no data: after a sign-in, API
 * token use, a hosting request naming a slug and a password reset, none of the email, password, session cookie,
 * token (or its prefix), slug, customer id or display name appears in the answer. Liberty only (WildFly serves
 * no {@code /metrics} on the HTTP port: docs/wildfly.md).
 */
@SharedDeployment
class MetricsEndpointIT {

    @Test
    void anonymousCallersReadAggregatesOnly() throws Exception {
        if ("wildfly".equals(System.getProperty("warden.it.server"))) {
            Api.anonymous().get("/metrics").then().statusCode(404);
            return;
        }
        String tag = TestDb.unique();
        String email = "metrics-" + tag + "@example.com";
        String password = "metrics password " + tag;
        String displayName = "Metrics Person " + tag;
        TestDb.userWithRole(email, password, "admin", null);
        TestDb.update("UPDATE warden_users SET display_name = ? WHERE email = ?", displayName, email);
        String cookie = Api.login(email, password);
        Api.session(cookie)
                .get("/admin-api/users?_start=0&_end=5&q=" + tag)
                .then()
                .statusCode(200);
        HostingTeam.Owned owned = HostingTeam.teamWithOwner(tag);
        String token = HostingTeam.token(owned.team(), owned.owner());
        String slug = "metrics-app-" + tag;
        String customer = "cus_metrics_" + tag;
        TestDb.update(
                "INSERT INTO warden_billing_accounts (owner_user_id, provider_customer_id) VALUES (?, ?)",
                owned.owner(),
                customer);
        Api.bearer(token).get("/api/v1/applications/" + slug + "/metrics/current");
        Api.bearer(token).get("/api/v1/billing");
        Api.anonymous()
                .contentType("application/json")
                .body(Map.of("email", email))
                .post("/admin-api/auth/password-reset")
                .then()
                .statusCode(202);
        // paths no route matches: their text must not become a label either
        Api.bearer(token).get("/api/v1/no-such-route-" + tag);
        Api.session(cookie).get("/admin-api/no-such-resource-" + tag);
        Api.anonymous().get("/admin/no-such-page-" + tag);

        Response metrics = Api.anonymous().get("/metrics");
        String body = metrics.asString();
        Path copy = Path.of("target", "metrics-anonymous.txt");
        Files.createDirectories(copy.getParent());
        Files.writeString(copy, body, StandardCharsets.UTF_8);

        assertEquals(200, metrics.statusCode(), body);
        // per route template (MicroProfile Telemetry's HTTP metric) and per REST method, never per concrete path
        assertTrue(
                body.contains("http_route=\"/api/v1/applications/{slug}/metrics/current\""),
                "request metrics by route");
        assertTrue(
                body.contains("REST_request_seconds_count{class=\"dev.warden.web.auth.AuthResource\""), "REST metrics");
        for (String secret :
                List.of(email, password, displayName, cookie, token, token.substring(0, 12), slug, customer, tag)) {
            assertFalse(body.contains(secret), "/metrics shows " + secret + " to anonymous callers (see " + copy + ")");
        }
    }
}
