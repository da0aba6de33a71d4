package dev.warden.it;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingFixture;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.Simulator;
import dev.warden.it.support.TestDb;
import dev.warden.it.support.Wait;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /api/v1/applications/{slug}/instances/{id}/logs} against the simulator's instance agents
 * (docs/hosting-api.md, "Requirements: Endpoints" and "Requirements: Parameters" and "Requirements: Errors"; docs/architecture.md, "Requirements: Hosting side"). Agent timeout 1 s in the
 * test server (it.xml).
 */
@SharedDeployment
class HostingLogsIT {

    private static final String ESC = "\u001B[";

    private String tag;
    private String token;
    private String slug;
    private String otherSlug;
    private String key;
    private long ready;
    private long provisioning;
    private long noEndpoint;
    private long deadAgent;
    private long otherAppInstance;
    private long otherTeamInstance;
    private String otherTeamSlug;

    @BeforeEach
    void agentOutput() throws Exception {
        Simulator.reset();
        key = "it-" + TestDb.unique();
        List<Map<String, String>> lines = new ArrayList<>();
        for (int i = 1; i <= 600; i++) {
            boolean err = i % 5 == 0;
            lines.add(Map.of(
                    "stream",
                    err ? "err" : "out",
                    "text",
                    ESC + "2m" + String.format("%04d", i) + ESC + "0m " + (err ? ESC + "1;31mERROR" : ESC + "32mINFO")
                            + ESC + "0m line " + i));
        }
        Simulator.output(key, lines, 1);
        // warm up (the first call of a fresh server can pass the 1 s test timeout), then count from zero
        Wait.poll(
                java.time.Duration.ofSeconds(15),
                Wait.POLL,
                () -> logs("ready", "").statusCode() == 200);
        Simulator.reset();
    }

    /**
     * A new team with an application whose instances are in every state, a second application, and another
     * team's instance, all with their agent at {@link #key}. Every asserted request uses a new team: the
     * API's per-team response cache and logs rate limit must never hand one request's answer to the next.
     */
    private void fresh() throws Exception {
        tag = TestDb.unique();
        HostingTeam.Owned owned = HostingTeam.teamWithOwner(tag);
        long team = owned.team();
        token = HostingTeam.token(team, owned.owner());
        slug = "logs-" + tag;
        long location = HostingFixture.location(
                TestDb.insert(
                        "INSERT INTO warden_applications (team_id, slug, name) VALUES (?, ?, 'Logs') RETURNING id",
                        team,
                        slug),
                "fra");
        ready = instance(location, Simulator.agent(key), "ready");
        provisioning = instance(location, Simulator.agent(key), "provisioning");
        noEndpoint = instance(location, null, "ready");
        deadAgent = instance(location, "http://127.0.0.1:1/agent", "ready");
        otherSlug = "second-" + tag;
        otherAppInstance = instance(
                HostingFixture.location(
                        TestDb.insert(
                                "INSERT INTO warden_applications (team_id, slug, name) "
                                        + "VALUES (?, ?, 'Second') RETURNING id",
                                team,
                                otherSlug),
                        "fra"),
                Simulator.agent(key),
                "ready");
        long otherTeam = TestDb.insert("INSERT INTO warden_teams (name) VALUES (?) RETURNING id", "Other " + tag);
        otherTeamSlug = "theirs-" + tag;
        otherTeamInstance = instance(
                HostingFixture.location(
                        TestDb.insert(
                                "INSERT INTO warden_applications (team_id, slug, name) "
                                        + "VALUES (?, ?, 'Theirs') RETURNING id",
                                otherTeam,
                                otherTeamSlug),
                        "fra"),
                Simulator.agent(key),
                "ready");
    }

    @AfterEach
    void resetSimulator() {
        Simulator.reset();
    }

    private static long instance(long location, String endpoint, String status) throws Exception {
        return TestDb.insert(
                "INSERT INTO warden_instances (location_id, endpoint, status) VALUES (?, ?, ?) RETURNING id",
                location,
                endpoint,
                status);
    }

    /**
     * {@code GET .../logs<query>} of a new team's instance {@code which}: ready, provisioning, noEndpoint,
     * deadAgent, otherApp (an instance of the team's other application), otherTeam (another team's), or
     * missing (an id that does not exist); always through the first application's slug.
     */
    private Response logs(String which, String query) {
        try {
            fresh();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        long id =
                switch (which) {
                    case "ready" -> ready;
                    case "provisioning" -> provisioning;
                    case "noEndpoint" -> noEndpoint;
                    case "deadAgent" -> deadAgent;
                    case "otherApp" -> otherAppInstance;
                    case "otherTeam" -> otherTeamInstance;
                    case "missing" -> 999_999_999L;
                    default -> throw new IllegalArgumentException(which);
                };
        return Api.bearer(token).get("/api/v1/applications/" + slug + "/instances/" + id + "/logs" + query);
    }

    private static String line(int i) {
        return String.format("%04d", i) + " " + (i % 5 == 0 ? "ERROR" : "INFO") + " line " + i;
    }

    @Test
    void defaultIsTheNewest100LinesOfBothStreamsAsPlainTextWithoutColourCodes() {
        Response r = logs("ready", "");
        r.then().statusCode(200).contentType(startsWith("text/plain"));
        String text = r.asString();
        assertFalse(text.contains("\u001B"), "ANSI codes stripped");
        List<String> expected = new ArrayList<>();
        for (int i = 501; i <= 600; i++) {
            expected.add(line(i));
        }
        assertEquals(String.join("\n", expected) + "\n", text);
        assertEquals(Map.of("lines", "100", "stream", "all"), Simulator.lastQuery("agent", "/agents/" + key + "/logs"));
    }

    @Test
    void linesAreRoundedUpTo100Or500AndStreamsSelected() {
        String text =
                logs("ready", "?lines=150").then().statusCode(200).extract().asString();
        assertEquals(500, text.split("\n").length);
        assertTrue(text.startsWith(line(101) + "\n"));
        assertEquals("500", Simulator.lastQuery("agent", "/logs").get("lines"));

        text = logs("ready", "?lines=7&stream=err")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertEquals("100", Simulator.lastQuery("agent", "/logs").get("lines"));
        assertEquals("err", Simulator.lastQuery("agent", "/logs").get("stream"));
        String[] errLines = text.split("\n");
        assertEquals(100, errLines.length);
        assertEquals(line(105), errLines[0]);
        assertEquals(line(600), errLines[99]);

        text = logs("ready", "?lines=500&stream=out")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertFalse(text.contains("ERROR"));
        assertTrue(text.endsWith(line(599) + "\n"));
        logs("ready", "?lines=100&stream=all").then().statusCode(200);
        logs("ready", "?lines=1").then().statusCode(200);
    }

    @Test
    void badParametersAre422NamingEachOne() {
        for (String bad : List.of("501", "0", "-1", "abc", "1.5", "")) {
            logs("ready", "?lines=" + bad)
                    .then()
                    .statusCode(422)
                    .contentType(ContentType.JSON)
                    .body("error.code", equalTo("invalid_request"))
                    .body("error.fields.keySet()", equalTo(java.util.Set.of("lines")));
        }
        logs("ready", "?stream=stdout")
                .then()
                .statusCode(422)
                .body("error.fields.keySet()", equalTo(java.util.Set.of("stream")));
        logs("ready", "?lines=900&stream=ALL")
                .then()
                .statusCode(422)
                .body("error.fields.keySet()", hasItems("lines", "stream"));
        assertEquals(0, Simulator.requests("agent"), "the agent is not asked");
    }

    @Test
    void instancesOutsideTheApplicationOrTeamAre404WithoutLeak() throws Exception {
        logs("missing", "")
                .then()
                .statusCode(404)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("not_found"))
                .body("error.message", equalTo("No instance 999999999 in application '" + slug + "' of this team"));
        logs("otherApp", "").then().statusCode(404).body("error.code", equalTo("not_found"));
        // another team's instance: the very same answer as an id that does not exist
        logs("otherTeam", "")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"))
                .body(
                        "error.message",
                        equalTo("No instance " + otherTeamInstance + " in application '" + slug + "' of this team"));
        fresh();
        Api.bearer(token)
                .get("/api/v1/applications/" + otherTeamSlug + "/instances/" + otherTeamInstance + "/logs")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
        fresh();
        Api.bearer(token)
                .get("/api/v1/applications/" + slug + "/instances/abc/logs")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
        fresh();
        Api.bearer(token)
                .get("/api/v1/applications/" + otherSlug + "/instances/" + otherAppInstance + "/logs")
                .then()
                .statusCode(200);
    }

    @Test
    void anInstanceThatIsNotReadyOrHasNoEndpointIs409() {
        logs("provisioning", "")
                .then()
                .statusCode(409)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("instance_not_ready"));
        logs("noEndpoint", "").then().statusCode(409).body("error.code", equalTo("instance_not_ready"));
        assertEquals(0, Simulator.requests("agent"));
    }

    @Test
    void anAgentThatIsDownFailingOrSlowIs502() {
        logs("deadAgent", "")
                .then()
                .statusCode(502)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("instance_unreachable"));
        for (String mode : List.of("down", "error")) {
            Simulator.mode("agent", mode);
            logs("ready", "")
                    .then()
                    .statusCode(502)
                    .contentType(ContentType.JSON)
                    .body("error.code", equalTo("instance_unreachable"))
                    .body("error.message", org.hamcrest.Matchers.not(containsString("Exception")));
        }
        Simulator.mode("agent", "slow", 5000);
        long started = System.nanoTime();
        logs("ready", "").then().statusCode(502).body("error.code", equalTo("instance_unreachable"));
        long ms = (System.nanoTime() - started) / 1_000_000;
        // below the agent's 5 s with room for a loaded machine (a quiet one gives up in about 2 s)
        assertTrue(ms < 4500, "gave up after the 2 s agent timeout, not the agent's 5 s: " + ms + " ms");
        Simulator.mode("agent", "ok");
        logs("ready", "").then().statusCode(200);
    }

    @Test
    void theNewest256KbAreKeptFromALineStart() {
        List<Map<String, String>> lines = new ArrayList<>();
        for (int i = 1; i <= 500; i++) {
            lines.add(Map.of(
                    "stream", "out", "text", ESC + "33m" + String.format("%04d ", i) + "x".repeat(1000) + ESC + "0m"));
        }
        Simulator.output(key, lines, 1);
        byte[] body =
                logs("ready", "?lines=500").then().statusCode(200).extract().asByteArray();
        assertTrue(body.length <= 256 * 1024, "at most 256 KB: " + body.length);
        assertTrue(body.length > 256 * 1024 - 1006, "the newest lines up to 256 KB: " + body.length);
        String text = new String(body, StandardCharsets.UTF_8);
        int kept = text.split("\n").length;
        assertTrue(text.startsWith(String.format("%04d ", 500 - kept + 1)), "starts at a line start");
        assertTrue(text.endsWith("0500 " + "x".repeat(1000) + "\n"));
    }

    @Test
    void withoutATokenIs401AndOtherMethodsAre405() {
        Api.anonymous()
                .get("/api/v1/applications/" + slug + "/instances/" + ready + "/logs")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("unauthenticated"));
        Api.bearer(token)
                .contentType(ContentType.JSON)
                .body("{}")
                .delete("/api/v1/applications/" + slug + "/instances/" + ready + "/logs")
                .then()
                .statusCode(405)
                .body("error.code", equalTo("method_not_allowed"));
    }
}
