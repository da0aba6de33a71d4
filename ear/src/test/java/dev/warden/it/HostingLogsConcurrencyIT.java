package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingFixture;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.Simulator;
import dev.warden.it.support.TestDb;
import dev.warden.it.support.Wait;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Logs are read one request at a time per instance (docs/hosting-api.md, "Requirements: Limits" rule 5): while a slow agent
 * answers one request, a second one for the same instance is 429 {@code busy} with {@code Retry-After}; the
 * slot is free again once the first has answered. Runs with the hosting limits on.
 */
@SharedDeployment(Ear.WARDEN_WITH_HOSTING_LIMITS)
class HostingLogsConcurrencyIT {

    @AfterEach
    void healthyAgent() {
        Simulator.reset();
    }

    /** A ready instance of the team's application whose simulated agent prints one line; its logs path. */
    private static String logsPath(HostingTeam t) throws Exception {
        String key = "conc-" + TestDb.unique();
        long location = HostingFixture.location(t.app(), "fra");
        long instance = TestDb.insert(
                "INSERT INTO warden_instances (location_id, endpoint, status) " + "VALUES (?, ?, 'ready') RETURNING id",
                location,
                Simulator.agent(key));
        Simulator.output(key, List.of(Map.of("stream", "out", "text", "hello from the agent")), 1);
        return "/api/v1/applications/" + t.slug() + "/instances/" + instance + "/logs";
    }

    @Test
    void aSecondLogsRequestForTheSameInstanceWhileOneRunsIs429Busy() throws Exception {
        // warm a freshly deployed server up with another team (its own budget), so timing below is steady
        HostingTeam warm = HostingTeam.create();
        String warmPath = logsPath(warm);
        Wait.poll(
                Duration.ofSeconds(15),
                Duration.ofMillis(500),
                () -> Api.bearer(warm.token()).get(warmPath).statusCode() == 200);

        HostingTeam t = HostingTeam.create();
        String path = logsPath(t);
        HostingTeam.awaitWindowWithAtLeast(20);
        // slower than it takes to send the second request, faster than the test server's agent timeout (2 s: 1 s gave
        // 502s on a loaded machine)
        Simulator.mode("agent", "slow", 400);
        CompletableFuture<Response> first =
                CompletableFuture.supplyAsync(() -> Api.bearer(t.token()).get(path));
        String slot = "team:" + t.team() + ":logs:%";
        Wait.poll(
                Duration.ofSeconds(5),
                Duration.ofMillis(20),
                () -> TestDb.scalar("SELECT count(*) FROM warden_rate_inflight WHERE slot LIKE ?", slot) > 0);
        Response second = Api.bearer(t.token()).get(path);
        second.then().statusCode(429).body("error.code", equalTo("busy")).header("Retry-After", equalTo("5"));

        Response answered = first.get(30, TimeUnit.SECONDS);
        answered.then().statusCode(200);
        assertEquals("hello from the agent", answered.asString().strip());
        assertEquals(
                0,
                TestDb.scalar("SELECT count(*) FROM warden_rate_inflight WHERE slot LIKE ?", slot),
                "the slot is free once the first request answered");
    }
}
