package dev.warden.it;

import static dev.warden.it.support.HostingFixture.deploy;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingFixture;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /api/v1/applications/{slug}/deploys} and {@code .../deploys/{id}} (docs/hosting-api.md, "Requirements: Deploy" and "Requirements: Parameters",
 * deploys), and the parked state in {@code /applications} (States).
 */
@SharedDeployment
class HostingDeploysIT {

    private HostingFixture team;
    private String slug;
    private long app;
    private final Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    /** Deploy ids, most recent first. */
    private final List<Long> recent = new ArrayList<>();

    private long old40;
    private long old400;

    @BeforeEach
    void data() throws Exception {
        team = new HostingFixture();
        slug = "deploys-" + team.tag;
        app = team.app(slug, now.minus(Duration.ofDays(500)));
        old400 = deploy(
                app,
                "deployed",
                "aaaaaaa",
                "ancient",
                "old output",
                now.minus(Duration.ofDays(400)),
                now.minus(Duration.ofDays(400)));
        old40 = deploy(
                app,
                "failed",
                "bbbbbbb",
                "forty days",
                "forty days output",
                now.minus(Duration.ofDays(40)),
                now.minus(Duration.ofDays(40)).plusSeconds(90));
        for (int i = 12; i >= 1; i--) { // 12 deploys in the last 12 hours, the newest last
            recent.add(
                    0,
                    deploy(
                            app,
                            "deployed",
                            "c0ffee" + i,
                            "change " + i,
                            "output " + i,
                            now.minus(Duration.ofHours(i)),
                            now.minus(Duration.ofHours(i)).plusSeconds(60)));
        }
    }

    private JsonPath get(String path) {
        return Api.bearer(team.token)
                .get("/api/v1/applications/" + slug + path)
                .then()
                .statusCode(200)
                .contentType(ContentType.JSON)
                .extract()
                .jsonPath();
    }

    @Test
    void theListIsMostRecentFirstWithoutOutputAndLimitedTo20ByDefault() throws Exception {
        for (int i = 0; i < 10; i++) {
            deploy(app, "enqueued", null, null, null, now.minus(Duration.ofDays(2)), null);
        }
        JsonPath body = get("/deploys");
        assertEquals(slug, body.getString("application"));
        List<Map<String, Object>> data = body.getList("data");
        assertEquals(20, data.size());
        List<Object> ids = body.getList("data.id");
        for (int i = 0; i < 12; i++) {
            assertEquals(recent.get(i).intValue(), ids.get(i));
        }
        Map<String, Object> first = data.get(0);
        assertEquals(
                Map.of(
                        "id",
                        recent.get(0).intValue(),
                        "status",
                        "deployed",
                        "branch",
                        "main",
                        "commit",
                        "c0ffee1",
                        "message",
                        "change 1",
                        "started_at",
                        now.minus(Duration.ofHours(1)).toString(),
                        "finished_at",
                        now.minus(Duration.ofHours(1)).plusSeconds(60).toString()),
                first);
        data.forEach(d -> assertFalse(d.containsKey("output")));
        Map<String, Object> enqueued = data.get(12);
        assertEquals("enqueued", enqueued.get("status"));
        assertNull(enqueued.get("commit"));
        assertNull(enqueued.get("message"));
        assertNull(enqueued.get("finished_at"));

        assertEquals(5, get("/deploys?limit=5").getList("data").size());
        assertEquals(1, get("/deploys?limit=1").getList("data").size());
        assertEquals(23, get("/deploys?limit=50").getList("data").size()); // the 400-day-old one is gone
    }

    @Test
    void outputIsOnlyOnTheSingleDeployAndKept30DaysOrForTheTenMostRecent() throws Exception {
        JsonPath one = get("/deploys/" + recent.get(0));
        assertEquals("output 1", one.getString("data.output"));
        assertEquals("c0ffee1", one.getString("data.commit"));
        assertEquals(recent.get(0).intValue(), one.getInt("data.id"));

        // 40 days old and not among the 10 most recent: output null, the deploy itself still there
        JsonPath forty = get("/deploys/" + old40);
        assertEquals("failed", forty.getString("data.status"));
        assertEquals(true, forty.getMap("data").containsKey("output"));
        assertNull(forty.get("data.output"));

        // 40 days old but among its application's 10 most recent: output kept
        String quiet = "quiet-" + team.tag;
        long quietApp = team.app(quiet, now.minus(Duration.ofDays(60)));
        long lonely = deploy(
                quietApp,
                "deployed",
                "ddddddd",
                "only one",
                "kept output",
                now.minus(Duration.ofDays(40)),
                now.minus(Duration.ofDays(40)));
        Api.bearer(team.token)
                .get("/api/v1/applications/" + quiet + "/deploys/" + lonely)
                .then()
                .statusCode(200)
                .body("data.output", equalTo("kept output"));
    }

    @Test
    void deploysOlderThanAYearOtherApplicationsAndOtherTeamsAre404() throws Exception {
        notFound(slug, String.valueOf(old400));
        notFound(slug, "abc");
        notFound(slug, "999999999");
        String sibling = "sibling-" + team.tag;
        long siblingApp = team.app(sibling, now);
        long siblingDeploy = deploy(siblingApp, "deployed", null, null, null, now, now);
        notFound(slug, String.valueOf(siblingDeploy)); // a deploy of another application of the team

        HostingFixture other = new HostingFixture();
        String otherSlug = "theirs-" + other.tag;
        long otherApp = other.app(otherSlug, now);
        long otherDeploy = deploy(otherApp, "deployed", null, null, null, now, now);
        notFound(otherSlug, String.valueOf(otherDeploy));
        Api.bearer(team.token)
                .get("/api/v1/applications/" + otherSlug + "/deploys")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
        Api.bearer(other.token)
                .get("/api/v1/applications/" + otherSlug + "/deploys/" + otherDeploy)
                .then()
                .statusCode(200);
    }

    private void notFound(String appSlug, String id) {
        Api.bearer(team.token)
                .get("/api/v1/applications/" + appSlug + "/deploys/" + id)
                .then()
                .statusCode(404)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("not_found"));
    }

    @Test
    void badLimitsAre422AndOnlyGetIsAnswered() {
        for (String limit : List.of("0", "51", "abc", "-1", "1.5", "")) {
            Api.bearer(team.token)
                    .get("/api/v1/applications/" + slug + "/deploys?limit=" + limit)
                    .then()
                    .statusCode(422)
                    .body("error.code", equalTo("invalid_request"))
                    .body("error.fields", hasKey("limit"));
        }
        for (String path : List.of("/deploys", "/deploys/" + recent.get(0))) {
            Api.bearer(team.token)
                    .contentType(ContentType.JSON)
                    .body("{}")
                    .delete("/api/v1/applications/" + slug + path)
                    .then()
                    .statusCode(405)
                    .header("Allow", containsString("GET"))
                    .body("error.code", equalTo("method_not_allowed"));
        }
    }

    @Test
    void anApplicationThatNeverDeployedInItsFirstMonthIsParked() throws Exception {
        String parked = "parked-" + team.tag;
        long parkedApp = team.app(parked, now.minus(Duration.ofDays(40)));
        long location = HostingFixture.location(parkedApp, "fra");
        team.instance(location, null);
        String young = "young-" + team.tag;
        long youngApp = team.app(young, now.minus(Duration.ofDays(10)));
        team.instance(HostingFixture.location(youngApp, "fra"), null);

        JsonPath apps = Api.bearer(team.token)
                .get("/api/v1/applications")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertEquals("parked", apps.getString("data.find { it.slug == '" + parked + "' }.locations[0].status"));
        assertEquals(
                "parked", apps.getString("data.find { it.slug == '" + parked + "' }.locations[0].instances[0].status"));
        assertEquals("ready", apps.getString("data.find { it.slug == '" + young + "' }.locations[0].status"));

        // its first deploy unparks it
        deploy(parkedApp, "deployed", "eeeeeee", "first", null, now, now);
        JsonPath after = Api.bearer(team.token)
                .get("/api/v1/applications")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertEquals("ready", after.getString("data.find { it.slug == '" + parked + "' }.locations[0].status"));
        assertEquals(
                "ready", after.getString("data.find { it.slug == '" + parked + "' }.locations[0].instances[0].status"));
        assertEquals(1, TestDb.scalar("SELECT count(*) FROM warden_deploys WHERE application_id = ?", parkedApp));
    }
}
