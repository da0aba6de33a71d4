package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingFixture;
import dev.warden.it.support.OpenApiContract;
import dev.warden.it.support.SharedDeployment;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The hosting dashboard's admin routes: a team's applications, metrics history, egress per day
 * and deploys through the hosting services, with the session of an operator (no team token), readable by the panel's
 * role rule on the hosting resources.
 */
@SharedDeployment
class AdminHostingDashboardIT {

    private static Response call(RequestSpecification spec, String path, int status) {
        Response r = spec.get(path);
        assertEquals(status, r.statusCode(), path + ": " + r.asString());
        String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        assertEquals(List.of(), OpenApiContract.problems("GET", bare, r), "not what openapi/warden-admin.yaml says");
        return r;
    }

    @Test
    void anAdminReadsATeamsApplicationsMetricsEgressAndDeploys() throws Exception {
        HostingFixture team = new HostingFixture();
        String slug = "dash-" + team.tag;
        long app = team.app(slug, Instant.now().minus(3, ChronoUnit.DAYS));
        long location = HostingFixture.location(app, "fra");
        long instance = team.instance(location, null);
        Instant minute = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(5, ChronoUnit.MINUTES);
        HostingFixture.sample(instance, minute, 42, 3, 12.5, 40.0);
        LocalDate yesterday = LocalDate.now(ZoneOffset.UTC).minusDays(1);
        HostingFixture.egress(instance, yesterday, 5_000_000, 1_000_000, Instant.now());
        HostingFixture.deploy(
                app, "deployed", "abcdef1234", "first", null, Instant.now().minus(1, ChronoUnit.HOURS), Instant.now());

        String admin = Api.signedIn("admin", null).cookie();
        String base = "/admin-api/_hosting/teams/" + team.team + "/applications";
        call(Api.session(admin), base, 200).then().body("data.slug", equalTo(List.of(slug)));
        Response metrics = call(Api.session(admin), base + "/" + slug + "/metrics", 200);
        metrics.then().body("locations[0].id", equalTo((int) location)).body("locations[0].points[0].ccu", equalTo(42));
        call(Api.session(admin), base + "/" + slug + "/metrics?resolution=day", 200)
                .then()
                .body("resolution", equalTo("day"));
        call(Api.session(admin), base + "/" + slug + "/egress", 200)
                .then()
                .body("locations[0].days[0].outgoing_bytes", equalTo(5_000_000));
        call(Api.session(admin), base + "/" + slug + "/deploys", 200)
                .then()
                .body("data[0].status", equalTo("deployed"));

        call(Api.session(admin), base + "/nope-" + team.tag + "/metrics", 404);
        call(Api.session(admin), base + "/" + slug + "/metrics?resolution=hour", 422);
        call(Api.session(admin), "/admin-api/_hosting/teams/abc/applications", 404);
    }

    @Test
    void theRoleRuleOfTheHostingResourcesDecides() throws Exception {
        HostingFixture team = new HostingFixture();
        String slug = "dash-" + team.tag;
        team.app(slug, Instant.now());
        String base = "/admin-api/_hosting/teams/" + team.team + "/applications";
        call(Api.anonymous(), base, 401);
        String outOfScope = Api.signedIn("mod", "cloudSaves").cookie();
        call(Api.session(outOfScope), base, 403);
        String appsMod = Api.signedIn("mod", "applications").cookie();
        call(Api.session(appsMod), base, 200);
        call(Api.session(appsMod), base + "/" + slug + "/metrics", 403); // instances are not in the scope
        call(Api.session(appsMod), base + "/" + slug + "/deploys", 403);
        String deploysMod = Api.signedIn("mod", "deploys").cookie();
        call(Api.session(deploysMod), base + "/" + slug + "/deploys", 200);
        String user = Api.signedIn("user", null).cookie();
        call(Api.session(user), base, 403);
    }
}
