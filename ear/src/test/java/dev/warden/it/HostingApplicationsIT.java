package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /api/v1/applications} with bearer tokens (docs/hosting-api.md, "Requirements: Authentication" and "Requirements: Endpoints" and "Requirements: Application"
 * /Location/Instance; docs/architecture.md, "Requirements: Hosting side").
 */
@SharedDeployment
class HostingApplicationsIT {

    private String tag;
    private long owner;
    private long team;
    private String token;
    private long tokenId;
    private String appSlug;

    @BeforeEach
    void team() throws Exception {
        tag = TestDb.unique();
        HostingTeam.Owned owned = HostingTeam.teamWithOwner(tag);
        owner = owned.owner();
        team = owned.team();
        token = HostingTeam.token(team, owner);
        tokenId = HostingTeam.tokenId(token);

        appSlug = "arena-" + tag;
        long app = TestDb.insert(
                "INSERT INTO warden_applications (team_id, slug, name, maintenance_mode) "
                        + "VALUES (?, ?, 'Arena', true) RETURNING id",
                team,
                appSlug);
        long fra = TestDb.insert(
                "INSERT INTO warden_locations (application_id, region_code, region_city, region_country, "
                        + "status, scale_strategy, endpoint, plan_vcpus, plan_ram_mb, plan_transfer_gb) "
                        + "VALUES (?, 'fra', 'Frankfurt', 'DE', 'ready', 'vertical', 'fra.example.net', 2, 4096, 1000) RETURNING id",
                app);
        TestDb.update(
                "INSERT INTO warden_instances (location_id, endpoint, status, deploy_status, deployed_at) "
                        + "VALUES (?, 'fra-1.example.net', 'ready', 'deployed', '2026-01-02T03:04:05Z')",
                fra);
        long sgp = TestDb.insert(
                "INSERT INTO warden_locations (application_id, region_code, region_city, region_country, "
                        + "status, scale_strategy, plan_vcpus, plan_ram_mb, plan_transfer_gb) "
                        + "VALUES (?, 'sgp', 'Singapore', 'SG', 'provisioning', 'horizontal', 4, 8192, 2000) RETURNING id",
                app);
        TestDb.update("INSERT INTO warden_instances (location_id, status) VALUES (?, 'pending')", sgp);
        TestDb.update(
                "INSERT INTO warden_applications (team_id, slug, name) VALUES (?, ?, 'Second')", team, "second-" + tag);

        // another team's application, which this token must never see
        long other = TestDb.insert("INSERT INTO warden_teams (name) VALUES (?) RETURNING id", "Other " + tag);
        TestDb.update(
                "INSERT INTO warden_applications (team_id, slug, name) VALUES (?, ?, 'Not yours')",
                other,
                "other-" + tag);
    }

    @Test
    void aGoodTokenListsExactlyItsTeamsApplicationsInTheSpecShape() throws Exception {
        JsonPath body = Api.bearer(token)
                .get("/api/v1/applications")
                .then()
                .statusCode(200)
                .contentType(ContentType.JSON)
                .extract()
                .jsonPath();
        List<String> expected =
                TestDb.column("SELECT slug FROM warden_applications WHERE team_id = ? ORDER BY id", team);
        assertEquals(expected, body.getList("data.slug"));
        assertEquals(List.of(appSlug, "second-" + tag), body.getList("data.slug"));

        Map<String, Object> app = body.getMap("data[0]");
        assertEquals("Arena", app.get("name"));
        assertEquals(Boolean.TRUE, app.get("maintenance_mode"));
        assertNotNull(app.get("created_at"));
        assertEquals(
                Map.of("code", "fra", "city", "Frankfurt", "country", "DE"),
                body.getMap("data[0].locations[0].region"));
        assertEquals("ready", body.getString("data[0].locations[0].status"));
        assertEquals("vertical", body.getString("data[0].locations[0].scale_strategy"));
        assertEquals("fra.example.net", body.getString("data[0].locations[0].endpoint"));
        assertEquals(Map.of("vcpus", 2, "ram_mb", 4096, "transfer_gb", 1000), body.getMap("data[0].locations[0].plan"));
        assertEquals("fra-1.example.net", body.getString("data[0].locations[0].instances[0].endpoint"));
        assertEquals("deployed", body.getString("data[0].locations[0].instances[0].deploy_status"));
        assertEquals("2026-01-02T03:04:05Z", body.getString("data[0].locations[0].instances[0].deployed_at"));
        assertEquals("horizontal", body.getString("data[0].locations[1].scale_strategy"));
        assertNull(body.get("data[0].locations[1].endpoint"));
        assertEquals(
                true,
                body.getMap("data[0].locations[1]").containsKey("endpoint"),
                "null endpoints are present as null");
        assertNull(body.get("data[0].locations[1].instances[0].endpoint"));
        assertEquals("pending", body.getString("data[0].locations[1].instances[0].status"));
        assertEquals(List.of(), body.getList("data[1].locations"));

        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_api_tokens WHERE id = ? AND last_used_at IS NOT NULL", tokenId));
    }

    @Test
    void missingGarbageAndUnknownTokensAre401() {
        Api.anonymous()
                .get("/api/v1/applications")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("unauthenticated"))
                .header("WWW-Authenticate", "Bearer realm=\"warden\"");
        Api.bearer("garbage")
                .get("/api/v1/applications")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("unauthenticated"));
        Api.bearer("wdn_" + TestDb.unique())
                .get("/api/v1/applications")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("unauthenticated"));
        Api.anonymous()
                .header("Authorization", "Basic Zm9vOmJhcg==")
                .get("/api/v1/applications")
                .then()
                .statusCode(401);
    }

    @Test
    void aRevokedTokenIs401() throws Exception {
        Api.bearer(token).get("/api/v1/applications").then().statusCode(200);
        TestDb.update("UPDATE warden_api_tokens SET revoked_at = now() WHERE id = ?", tokenId);
        Api.bearer(token)
                .get("/api/v1/applications")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("unauthenticated"));
    }

    @Test
    void aTokenStopsWorkingWhenItsCreatorIsDemotedOrLeaves() throws Exception {
        Api.bearer(token).get("/api/v1/applications").then().statusCode(200);
        TestDb.update("UPDATE warden_team_members SET role = 'member' WHERE team_id = ? AND user_id = ?", team, owner);
        Api.bearer(token).get("/api/v1/applications").then().statusCode(401);
        TestDb.update("UPDATE warden_team_members SET role = 'admin' WHERE team_id = ? AND user_id = ?", team, owner);
        Api.bearer(token).get("/api/v1/applications").then().statusCode(200);
        TestDb.update("DELETE FROM warden_team_members WHERE team_id = ? AND user_id = ?", team, owner);
        Api.bearer(token).get("/api/v1/applications").then().statusCode(401);
    }

    @Test
    void methodsOtherThanGetAre405InTheErrorBody() {
        for (String method : new String[] {"POST", "PUT", "PATCH", "DELETE"}) {
            Api.bearer(token)
                    .contentType(ContentType.JSON)
                    .body("{}")
                    .request(method, "/api/v1/applications")
                    .then()
                    .statusCode(405)
                    .contentType(ContentType.JSON)
                    .body("error.code", equalTo("method_not_allowed"));
        }
    }

    @Test
    void unknownPathsAre404InTheErrorBody() {
        Api.bearer(token)
                .get("/api/v1/nothing-here")
                .then()
                .statusCode(404)
                .contentType(ContentType.JSON)
                .body("error.code", equalTo("not_found"))
                .body("error.fields", nullValue());
    }
}
