package dev.warden.it;

import static dev.warden.it.support.HostingFixture.deploy;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingFixture;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The agent ingestion API {@code /agent/v1} (docs/architecture.md, "Requirements: Hosting side"; contracts: agent ingestion API). */
@SharedDeployment
class AgentIngestionIT {

    private HostingFixture team;
    private long app;
    private long instance;
    private final String secret = "agent-" + TestDb.unique() + TestDb.unique();

    @BeforeEach
    void data() throws Exception {
        team = new HostingFixture();
        app = team.app("agent-" + team.tag, Instant.now());
        instance = team.instance(HostingFixture.location(app, "fra"), secret);
    }

    private static String report(Instant at) {
        return """
                {"sampled_at":"%s","ccu":12,"rooms":3,"cpu_percent":41.5,"memory_percent":63.2,
                 "processes":[{"id":1,"status":"waiting restart","started_at":"2026-11-21T11:00:00Z","restarts":0,
                 "cpu_percent":20.1,"memory_mb":312.5,"ccu":12,"rooms":3,"node_version":"20.11.1"}]}"""
                .formatted(at);
    }

    private Response post(String path, String secretToUse, String body) {
        return Api.bearer(secretToUse).contentType(ContentType.JSON).body(body).post("/agent/v1/instances/" + path);
    }

    @Test
    void aReportIsStoredOnceAndAReplayAnswers200WithTheSameBody() throws Exception {
        Instant at = Instant.now().minus(Duration.ofSeconds(30)).truncatedTo(ChronoUnit.SECONDS);
        post(instance + "/reports", secret, report(at))
                .then()
                .statusCode(201)
                .contentType(ContentType.JSON)
                .body("data.instance_id", equalTo((int) instance))
                .body("data.sampled_at", equalTo(at.toString()));
        post(
                        instance + "/reports",
                        secret,
                        report(at).replace("\"ccu\":12,\"rooms\":3,\"cpu", "\"ccu\":99,\"rooms\":3,\"cpu"))
                .then()
                .statusCode(200)
                .body("data.instance_id", equalTo((int) instance))
                .body("data.sampled_at", equalTo(at.toString()));
        assertEquals(
                List.of("12|3|41.5|63.2"),
                TestDb.column(
                        "SELECT ccu || '|' || rooms || '|' || cpu_percent || '|' "
                                + "|| memory_percent FROM warden_metric_samples WHERE instance_id = ?",
                        instance));
        assertEquals(
                List.of("waiting restart"),
                TestDb.column(
                        "SELECT processes->0->>'status' FROM warden_metric_samples WHERE instance_id = ?", instance));
        assertEquals(
                List.of("12"),
                TestDb.column("SELECT ccu FROM warden_metric_daily_peaks WHERE instance_id = ?", instance));
    }

    @Test
    void aSecretThatIsMissingOrWrongIs401AndAnUnknownInstanceIs404() throws Exception {
        String body = report(Instant.now());
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(body)
                .post("/agent/v1/instances/" + instance + "/reports")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("unauthenticated"));
        post(instance + "/reports", "wrong-" + secret, body)
                .then()
                .statusCode(401)
                .body("error.code", equalTo("unauthenticated"));
        post("999999999/reports", secret, body).then().statusCode(404).body("error.code", equalTo("not_found"));
        post("abc/reports", secret, body).then().statusCode(404).body("error.code", equalTo("not_found"));
        long noSecret = team.instance(HostingFixture.location(app, "sgp"), null);
        post(noSecret + "/reports", secret, body).then().statusCode(401);
        // another instance's secret does not open this one
        long sibling = team.instance(HostingFixture.location(app, "nyc"), "sibling-" + secret);
        post(instance + "/reports", "sibling-" + secret, body).then().statusCode(401);
        post(sibling + "/reports", "sibling-" + secret, body).then().statusCode(201);
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_metric_samples WHERE instance_id = ?", instance));
    }

    @Test
    void everyBadMemberIsNamedInOne422() throws Exception {
        post(
                        instance + "/reports",
                        secret,
                        """
                {"ccu":-1,"rooms":1.5,"cpu_percent":"x","processes":[{"id":1,"status":"sleeping","restarts":0,
                 "cpu_percent":1,"memory_mb":1,"ccu":1,"rooms":1}, 7]}""")
                .then()
                .statusCode(422)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("invalid_request"))
                .body("error.fields", hasKey("sampled_at"))
                .body("error.fields", hasKey("ccu"))
                .body("error.fields", hasKey("rooms"))
                .body("error.fields", hasKey("cpu_percent"))
                .body("error.fields", hasKey("memory_percent"))
                .body("error.fields", hasKey("processes[0].status"))
                .body("error.fields", hasKey("processes[1]"))
                .body("error.fields", not(hasKey("processes[0].id")));
        post(instance + "/reports", secret, report(Instant.now().minus(Duration.ofDays(36))))
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("sampled_at"));
        post(instance + "/reports", secret, report(Instant.now().plus(Duration.ofHours(1))))
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("sampled_at"));
        post(instance + "/reports", secret, "not json")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("bad_request"));
        Api.bearer(secret)
                .get("/agent/v1/instances/" + instance + "/reports")
                .then()
                .statusCode(405)
                .body("error.code", equalTo("method_not_allowed"));
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_metric_samples WHERE instance_id = ?", instance));
    }

    @Test
    void aSampleForADayWithoutAPartitionCreatesIt() throws Exception {
        LocalDate day = LocalDate.now(ZoneOffset.UTC).minusDays(20);
        String partition = "warden_metric_samples_p" + day.format(DateTimeFormatter.BASIC_ISO_DATE);
        TestDb.update("DROP TABLE IF EXISTS " + partition);
        Instant at = day.atStartOfDay(ZoneOffset.UTC).toInstant().plus(Duration.ofHours(13));
        post(instance + "/reports", secret, report(at)).then().statusCode(201);
        assertEquals(1, TestDb.scalar("SELECT count(*) FROM " + partition + " WHERE instance_id = ?", instance));
    }

    @Test
    void deployProgressSetsStatusCommitMessageAppendsOutputAndFinishes() throws Exception {
        long deployId = deploy(app, "enqueued", null, null, null, Instant.now(), null);
        post(
                        instance + "/deploys/" + deployId,
                        secret,
                        """
                {"status":"deploying","commit":"abc1234","message":"Fix lobby","output":"npm ci\\n"}""")
                .then()
                .statusCode(200)
                .contentType(ContentType.JSON)
                .body("data.id", equalTo((int) deployId))
                .body("data.status", equalTo("deploying"))
                .body("data.commit", equalTo("abc1234"))
                .body("data.message", equalTo("Fix lobby"))
                .body("data.branch", equalTo("main"))
                .body("data.finished_at", nullValue())
                .body("data", not(hasKey("output")));
        post(
                        instance + "/deploys/" + deployId,
                        secret,
                        """
                {"status":"deployed","output":"started\\n"}""")
                .then()
                .statusCode(200)
                .body("data.status", equalTo("deployed"))
                .body("data.commit", equalTo("abc1234"))
                .body("data.finished_at", notNullValue());
        assertEquals(
                List.of("npm ci\nstarted\n"),
                TestDb.column("SELECT output FROM warden_deploys WHERE id = ?", deployId));
        assertEquals(
                List.of("deployed"),
                TestDb.column("SELECT deploy_status FROM warden_instances WHERE id = ?", instance));
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_instances WHERE id = ? AND deployed_at IS NOT NULL", instance));
        Api.bearer(team.token)
                .get("/api/v1/applications/agent-" + team.tag + "/deploys/" + deployId)
                .then()
                .statusCode(200)
                .body("data.output", equalTo("npm ci\nstarted\n"));

        // a finished deploy does not go back
        post(instance + "/deploys/" + deployId, secret, "{\"status\":\"deploying\"}")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("status"));
        post(instance + "/deploys/" + deployId, secret, "{\"status\":\"paused\",\"commit\":\"XYZ\",\"message\":7}")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("status"))
                .body("error.fields", hasKey("commit"))
                .body("error.fields", hasKey("message"));

        // a deploy of another application is 404
        long otherApp = team.app("other-" + team.tag, Instant.now());
        long otherDeploy = deploy(otherApp, "enqueued", null, null, null, Instant.now(), null);
        post(instance + "/deploys/" + otherDeploy, secret, "{\"status\":\"deploying\"}")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
        post(instance + "/deploys/nope", secret, "{\"status\":\"deploying\"}")
                .then()
                .statusCode(404);
        post(instance + "/deploys/" + deployId, "wrong", "{\"status\":\"deploying\"}")
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", containsString("Bearer"));
    }
}
