package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.TestDb;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

/**
 * The team budget of the hosting API (docs/hosting-api.md, "Requirements: Limits" rules 1, 3 and 4): 60 requests a minute per
 * team, shared by all its tokens, 429 {@code rate_limited} with {@code Retry-After} past it, the rate-limit
 * fields on every counted response, the state in PostgreSQL. Each test has its own team and starts its
 * requests in a window with enough time left.
 */
@SharedDeployment(Ear.WARDEN_WITH_HOSTING_LIMITS)
class HostingRateLimitIT {

    @Test
    void the61stRequestInAMinuteIs429WithRetryAfterAndTheRateLimitFields() throws Exception {
        HostingTeam t = HostingTeam.create();
        HostingTeam.awaitWindowWithAtLeast(25);
        for (int i = 1; i <= 60; i++) {
            Response ok = Api.bearer(t.token()).get("/api/v1/applications");
            assertEquals(200, ok.statusCode(), "request " + i);
            assertEquals("60", ok.header("X-RateLimit-Limit"));
            assertEquals(Integer.toString(60 - i), ok.header("X-RateLimit-Remaining"), "request " + i);
            assertEquals("\"team\";q=60;w=60", ok.header("RateLimit-Policy"));
            assertTrue(ok.header("RateLimit").startsWith("\"team\";r=" + (60 - i) + ";t="), ok.header("RateLimit"));
            assertEquals(null, ok.header("Retry-After"));
        }
        Response refused = Api.bearer(t.token()).get("/api/v1/applications");
        refused.then().statusCode(429).body("error.code", equalTo("rate_limited"));
        assertEquals("60", refused.header("X-RateLimit-Limit"));
        assertEquals("0", refused.header("X-RateLimit-Remaining"));
        assertNotNull(refused.header("RateLimit-Policy"));
        long retry = Long.parseLong(refused.header("Retry-After"));
        assertTrue(retry >= 1 && retry <= 60, "Retry-After " + retry);
        assertTrue(refused.header("RateLimit").startsWith("\"team\";r=0;t="), refused.header("RateLimit"));
        assertEquals(
                60,
                TestDb.scalar("SELECT max(hits) FROM warden_window_counters WHERE key = ?", "team:" + t.team()),
                "a refused request is not counted: the window holds exactly the 60 served ones");
    }

    @Test
    void twoTokensOfOneTeamShareTheBudgetAndAnotherTeamHasItsOwn() throws Exception {
        HostingTeam t = HostingTeam.create();
        String second = t.newToken(t.owner());
        HostingTeam other = HostingTeam.create();
        HostingTeam.awaitWindowWithAtLeast(25);
        for (int i = 1; i <= 60; i++) {
            Api.bearer(i % 2 == 0 ? second : t.token())
                    .get("/api/v1/applications")
                    .then()
                    .statusCode(200);
        }
        Api.bearer(second)
                .get("/api/v1/applications")
                .then()
                .statusCode(429)
                .body("error.code", equalTo("rate_limited"));
        Api.bearer(t.token()).get("/api/v1/applications").then().statusCode(429);
        Response fresh = Api.bearer(other.token()).get("/api/v1/applications");
        fresh.then().statusCode(200);
        assertEquals("59", fresh.header("X-RateLimit-Remaining"), "another team's budget is untouched");
    }

    @Test
    void concurrentRequestsAreCountedExactly() throws Exception {
        HostingTeam t = HostingTeam.create();
        String second = t.newToken(t.owner());
        HostingTeam.awaitWindowWithAtLeast(25);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            java.util.List<java.util.concurrent.Future<Integer>> answers = new java.util.ArrayList<>();
            for (int i = 0; i < 80; i++) {
                String token = i % 2 == 0 ? t.token() : second;
                answers.add(pool.submit(
                        () -> Api.bearer(token).get("/api/v1/applications").statusCode()));
            }
            java.util.Map<Integer, Integer> byStatus = new java.util.TreeMap<>();
            for (java.util.concurrent.Future<Integer> answer : answers) {
                byStatus.merge(answer.get(), 1, Integer::sum);
            }
            assertEquals(
                    java.util.Map.of(200, 60, 429, 20),
                    byStatus,
                    "80 concurrent requests of one team: exactly 60 served, whatever the interleaving");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void unauthenticatedRequestsAreNotCounted() throws Exception {
        HostingTeam t = HostingTeam.create();
        HostingTeam.awaitWindowWithAtLeast(20);
        Api.bearer("wdn_not-a-token").get("/api/v1/applications").then().statusCode(401);
        Response first = Api.bearer(t.token()).get("/api/v1/applications");
        assertEquals("59", first.header("X-RateLimit-Remaining"));
        Api.bearer(t.token()).get("/api/v1/nothing-here").then().statusCode(404);
        assertEquals(
                "58",
                Api.bearer(t.token()).get("/api/v1/applications").header("X-RateLimit-Remaining"),
                "a path that is no endpoint is not counted");
    }

    /**
     * Counts requests to an endpoint that may not exist on this branch yet: skips the test (assumption) when the
     * first answer carries no rate-limit fields, i.e. the path matched no {@code @HostingEndpoint} method.
     */
    private static void assumeEndpointExists(Response first, String path) {
        assumeTrue(first.header("X-RateLimit-Limit") != null, path + " is not deployed on this branch yet");
    }

    @Test
    void logsAllowTwoRequestsAMinuteAndTheyCountInTheTeamBudget() throws Exception {
        HostingTeam t = HostingTeam.create();
        long location = TestDb.insert(
                "INSERT INTO warden_locations (application_id, region_code, region_city, region_country, "
                        + "plan_vcpus, plan_ram_mb, plan_transfer_gb) VALUES (?, 'fra', 'Frankfurt', 'DE', 1, 1024, 100) RETURNING id",
                t.app());
        long instance = TestDb.insert(
                "INSERT INTO warden_instances (location_id, status) VALUES (?, 'pending') RETURNING id", location);
        String path = "/api/v1/applications/" + t.slug() + "/instances/" + instance + "/logs";
        HostingTeam.awaitWindowWithAtLeast(25);
        Response first = Api.bearer(t.token()).get(path);
        assumeEndpointExists(first, path);
        assertEquals("2", first.header("X-RateLimit-Limit"));
        assertEquals("1", first.header("X-RateLimit-Remaining"));
        assertTrue(
                first.header("RateLimit").matches("\"team\";r=59;t=\\d+, \"logs\";r=1;t=\\d+"),
                first.header("RateLimit"));
        Api.bearer(t.token()).get(path).then().header("X-RateLimit-Remaining", "0");
        Response third = Api.bearer(t.token()).get(path);
        third.then().statusCode(429).body("error.code", equalTo("rate_limited"));
        assertTrue(Long.parseLong(third.header("Retry-After")) >= 1);
        assertEquals(
                "57",
                Api.bearer(t.token()).get("/api/v1/applications").header("X-RateLimit-Remaining"),
                "the two logs requests (and this one) counted in the team budget, the refused third did not");
    }

    @Test
    void metricsAllowTenRequestsAMinute() throws Exception {
        HostingTeam t = HostingTeam.create();
        String path = "/api/v1/applications/" + t.slug() + "/metrics";
        HostingTeam.awaitWindowWithAtLeast(25);
        Response first = Api.bearer(t.token()).get(path);
        assumeEndpointExists(first, path);
        assertEquals("10", first.header("X-RateLimit-Limit"));
        for (int i = 2; i <= 10; i++) {
            Api.bearer(t.token()).get(path).then().header("X-RateLimit-Remaining", Integer.toString(10 - i));
        }
        Response refused = Api.bearer(t.token()).get(path);
        refused.then().statusCode(429).body("error.code", equalTo("rate_limited"));
        assertEquals("0", refused.header("X-RateLimit-Remaining"));
        assertEquals(
                "49",
                Api.bearer(t.token()).get("/api/v1/applications").header("X-RateLimit-Remaining"),
                "ten metrics requests (and this one) counted in the team's 60; the refused one did not");
    }
}
