package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.HostingTeam;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hosting tables in the admin panel and API tokens managed there (docs/architecture.md, "Requirements: Hosting side";
 * docs/hosting-api.md, "Requirements: Authentication"): create (shown once, {@code wdn_}, SHA-256 only, never in the
 * audit log), use on /api/v1, last-used time in the list, revoke → 401, creator demoted or gone → 401.
 */
@SharedDeployment
class HostingTokensIT {

    private String admin;
    private long adminId;
    private HostingTeam t;
    private long ownerMembership;

    @BeforeEach
    void setUp() throws Exception {
        Api.Identity identity = Api.signedIn("admin", null);
        admin = identity.cookie();
        adminId = identity.id();
        t = HostingTeam.create();
        ownerMembership = TestDb.scalar(
                "SELECT id FROM warden_team_members WHERE team_id = ? AND user_id = ?", t.team(), t.owner());
    }

    private Response action(String resource, String name, String json) {
        return Api.session(admin)
                .contentType(ContentType.JSON)
                .body(json)
                .post("/admin-api/" + resource + "/_action/" + name);
    }

    private String createForOwner(String name) {
        Response created =
                action("teamMembers", "createToken", "{\"id\":\"" + ownerMembership + "\",\"name\":\"" + name + "\"}");
        created.then().statusCode(200).body("ok", equalTo(true));
        return created.jsonPath().getString("result.token");
    }

    @Test
    void theHostingTablesAreRegisteredThroughTheExtensionApiWithoutSecrets() {
        JsonPath catalog = Api.session(admin)
                .get("/admin-api")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        List<String> keys = catalog.getList("resources.key");
        assertTrue(
                keys.containsAll(
                        List.of("teams", "teamMembers", "apiTokens", "applications", "locations", "instances")),
                keys.toString());
        List<String> tokenColumns = catalog.getList("resources.find { it.key == 'apiTokens' }.columns.name");
        assertTrue(
                tokenColumns.contains("last_used_at") && tokenColumns.contains("token_prefix"),
                tokenColumns.toString());
        assertFalse(tokenColumns.contains("token_hash"));
        assertFalse(catalog.getList("resources.find { it.key == 'instances' }.columns.name")
                .contains("agent_secret_hash"));
        assertEquals(
                List.of("createToken", "revoke"),
                catalog.getList("resources.find { it.key == 'apiTokens' }.actions.name"));
        Api.session(admin)
                .get("/admin-api/apiTokens/" + t.tokenId())
                .then()
                .statusCode(200)
                .body("token_hash", equalTo(null))
                .body("team_id", equalTo((int) t.team()));
    }

    @Test
    void aTokenCreatedInThePanelIsShownOnceHashedWorksAndShowsItsLastUse() throws Exception {
        String token = createForOwner("ci dashboard");
        assertNotNull(token);
        assertTrue(token.startsWith("wdn_") && token.length() > 40, token);
        long id = TestDb.scalar("SELECT id FROM warden_api_tokens WHERE token_hash = ?", TestDb.sha256Hex(token));
        assertEquals(
                List.of("ci dashboard|" + t.owner() + "|" + token.substring(0, 12)),
                TestDb.column(
                        "SELECT name || '|' || created_by || '|' || token_prefix FROM warden_api_tokens WHERE id = ?",
                        id));
        assertEquals(
                0,
                TestDb.scalar("SELECT count(*) FROM warden_api_tokens WHERE token_hash = ? OR name = ?", token, token));
        assertEquals(
                0,
                TestDb.scalar("SELECT count(*) FROM warden_admin_audit WHERE payload::text LIKE ?", "%" + token + "%"),
                "the token never reaches the audit log");
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE resource = 'teamMembers' AND operator_id = ? "
                                + "AND payload::text LIKE '%createToken%'",
                        adminId));

        Api.session(admin)
                .get("/admin-api/apiTokens/" + id)
                .then()
                .statusCode(200)
                .body("last_used_at", equalTo(null));
        Api.bearer(token).get("/api/v1/applications").then().statusCode(200).body("data[0].slug", equalTo(t.slug()));
        Response listed = Api.session(admin).queryParam("team_id", t.team()).get("/admin-api/apiTokens");
        listed.then().statusCode(200);
        List<Map<String, Object>> rows = listed.jsonPath().getList("$");
        Map<String, Object> row = rows.stream()
                .filter(r -> ((Number) r.get("id")).longValue() == id)
                .findFirst()
                .orElseThrow();
        assertNotNull(row.get("last_used_at"), "last use is listed");
        assertFalse(row.containsKey("token_hash"));
    }

    @Test
    void revokingInThePanelGives401AtOnce() throws Exception {
        String token = createForOwner("to revoke");
        long id = TestDb.scalar("SELECT id FROM warden_api_tokens WHERE token_hash = ?", TestDb.sha256Hex(token));
        Api.bearer(token).get("/api/v1/applications").then().statusCode(200);
        action("apiTokens", "revoke", "{\"id\":\"" + id + "\"}")
                .then()
                .statusCode(200)
                .body("result.revoked", equalTo(true));
        Api.bearer(token)
                .get("/api/v1/applications")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("unauthenticated"));
        assertEquals(
                List.of(Long.toString(adminId)),
                TestDb.column("SELECT revoked_by FROM warden_api_tokens WHERE id = ? AND revoked_at IS NOT NULL", id));
        action("apiTokens", "revoke", "{\"id\":\"" + id + "\"}")
                .then()
                .statusCode(200)
                .body("result.revoked", equalTo(false));
        Api.bearer(t.token()).get("/api/v1/applications").then().statusCode(200);
    }

    @Test
    void aPanelTokenStopsWorkingWhenItsCreatorIsDemotedOrLeaves() throws Exception {
        String token = createForOwner("creator rule");
        Api.bearer(token).get("/api/v1/applications").then().statusCode(200);
        TestDb.update("UPDATE warden_team_members SET role = 'member' WHERE id = ?", ownerMembership);
        Api.bearer(token).get("/api/v1/applications").then().statusCode(401);
        TestDb.update("UPDATE warden_team_members SET role = 'admin' WHERE id = ?", ownerMembership);
        Api.bearer(token).get("/api/v1/applications").then().statusCode(200);
        TestDb.update("DELETE FROM warden_team_members WHERE id = ?", ownerMembership);
        Api.bearer(token).get("/api/v1/applications").then().statusCode(401);
    }

    @Test
    void bulkCreateForATeamAndUserAndTheRulesAroundIt() throws Exception {
        Response created = action(
                "apiTokens",
                "createToken",
                "{\"team_id\":" + t.team() + ",\"user_id\":" + t.owner() + ",\"name\":\"bulk\"}");
        created.then().statusCode(200);
        Api.bearer(created.jsonPath().getString("result.token"))
                .get("/api/v1/applications")
                .then()
                .statusCode(200);

        long member = TestDb.user("member-" + TestDb.unique() + "@example.com", "Member", null);
        long membership = TestDb.insert(
                "INSERT INTO warden_team_members (team_id, user_id, role) VALUES (?, ?, 'member') RETURNING id",
                t.team(),
                member);
        action("teamMembers", "createToken", "{\"id\":\"" + membership + "\"}")
                .then()
                .statusCode(409)
                .body("error.code", equalTo("conflict"));
        action("apiTokens", "createToken", "{\"team_id\":" + t.team() + "}")
                .then()
                .statusCode(422)
                .body("error.fields.user_id", org.hamcrest.Matchers.notNullValue());

        // the generic create and update are closed: a token hash only comes from a generated token
        Api.post(
                        admin,
                        "apiTokens",
                        "{\"team_id\":" + t.team() + ",\"created_by\":" + t.owner()
                                + ",\"name\":\"x\",\"token_prefix\":\"wdn_x\"}")
                .then()
                .statusCode(403);
        Api.patch(admin, "apiTokens/" + t.tokenId(), "{\"name\":\"renamed\"}")
                .then()
                .statusCode(403);

        // token actions are for panel admins only
        String mod = Api.signedIn("mod", "apiTokens").cookie();
        Api.session(mod)
                .contentType(ContentType.JSON)
                .body("{\"id\":\"" + ownerMembership + "\"}")
                .post("/admin-api/teamMembers/_action/createToken")
                .then()
                .statusCode(403);
        Api.session(mod)
                .contentType(ContentType.JSON)
                .body("{\"id\":\"" + t.tokenId() + "\"}")
                .post("/admin-api/apiTokens/_action/revoke")
                .then()
                .statusCode(403);
        Api.bearer(t.token()).get("/api/v1/applications").then().statusCode(200);
    }
}
