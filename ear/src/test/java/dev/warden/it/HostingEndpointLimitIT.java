package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.Deployments;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.TestDb;
import io.restassured.response.Response;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A per-endpoint limit on top of the team budget (docs/hosting-api.md, "Requirements: Limits" rules 2 and 4): the EAR with a
 * MicroProfile Config file in {@code lib/} giving {@code /applications} a limit of 5 a minute
 * ({@code warden.hosting.limit.applications-per-minute}, the same mechanism as metrics' 10 and logs' 2). The
 * endpoint's requests still count toward the team's 60; the headers name the tightest limit.
 */
@ExtendWith(ArquillianExtension.class)
class HostingEndpointLimitIT {

    @Deployment(testable = false)
    static EnterpriseArchive deployment() {
        return Deployments.wardenWithHostingLimits("warden.hosting.limit.applications-per-minute=5");
    }

    @Test
    void theSixthRequestIs429ForTheEndpointLimitAndTheFiveCountInTheTeamBudget() throws Exception {
        HostingTeam t = HostingTeam.create();
        HostingTeam.awaitWindowWithAtLeast(25);
        for (int i = 1; i <= 5; i++) {
            Response ok = Api.bearer(t.token()).get("/api/v1/applications");
            ok.then().statusCode(200);
            assertEquals("5", ok.header("X-RateLimit-Limit"), "the endpoint's limit is the tightest");
            assertEquals(Integer.toString(5 - i), ok.header("X-RateLimit-Remaining"));
            assertEquals("\"team\";q=60;w=60, \"applications\";q=5;w=60", ok.header("RateLimit-Policy"));
            assertTrue(
                    ok.header("RateLimit")
                            .matches("\"team\";r=" + (60 - i) + ";t=\\d+, \"applications\";r=" + (5 - i) + ";t=\\d+"),
                    ok.header("RateLimit"));
        }
        Response refused = Api.bearer(t.token()).get("/api/v1/applications");
        refused.then().statusCode(429).body("error.code", equalTo("rate_limited"));
        assertEquals("5", refused.header("X-RateLimit-Limit"));
        assertEquals("0", refused.header("X-RateLimit-Remaining"));
        assertTrue(Long.parseLong(refused.header("Retry-After")) >= 1);
        assertEquals(
                5,
                TestDb.scalar("SELECT max(hits) FROM warden_window_counters WHERE key = ?", "team:" + t.team()),
                "the endpoint's requests count toward the team budget; the refused one does not");
        assertEquals(
                5,
                TestDb.scalar(
                        "SELECT max(hits) FROM warden_window_counters WHERE key = ?",
                        "team:" + t.team() + ":applications"));
    }
}
