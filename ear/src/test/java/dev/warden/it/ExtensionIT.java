package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.TestDb;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The extension API end to end (docs/extension.md; docs/admin-api.md, "Exposing a custom table" and "Resource definition" and "Relations"):
 * the EAR with the test extension jar
 * ({@code test-extension}: entities, migration {@code V1000}, {@code TestPanel}) in {@code lib/}.
 */
@SharedDeployment(Ear.WARDEN_WITH_TEST_EXTENSION)
class ExtensionIT {

    private static final String PASSWORD = "a long enough password";
    private static final List<String> BUILT_IN = List.of(
            "users",
            "configs",
            "leaderboards",
            "analyticsEvents",
            "cloudSaves",
            "leaderboardEntries",
            "roles",
            "userNotes",
            "adminAudit");
    /** The hosting tables, registered through the extension API by Warden itself. */
    private static final List<String> HOSTING = List.of(
            "teams",
            "teamMembers",
            "apiTokens",
            "applications",
            "locations",
            "instances",
            "deploys",
            "egressDays",
            "billingAccounts",
            "subscriptions");

    private String admin;

    @BeforeEach
    void signIn() throws Exception {
        admin = Api.signedIn("admin", null).cookie();
    }

    private JsonPath catalog() {
        return Api.session(admin)
                .get("/admin-api")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    private static String resource(String key) {
        return "resources.find { it.key == '" + key + "' }";
    }

    @Test
    void theExtensionsMigrationRanInWardensHistory() throws Exception {
        assertTrue(TestDb.column("SELECT version FROM warden_schema_history WHERE success")
                .contains("1000"));
        assertEquals(1, TestDb.scalar("SELECT count(*) FROM pg_tables WHERE tablename = 'game_scores'"));
    }

    @Test
    void customTablesFollowTheBuiltInOnesAndTheResourcesOnlyKeyIsAbsent() {
        List<String> keys = catalog().getList("resources.key");
        assertEquals(BUILT_IN, keys.subList(0, 9));
        // Warden's own hosting customizer (dev.warden.hosting.panel.HostingPanel) runs before
        // dev.warden.testext.TestPanel;
        // lockedNotes is registered but its list policy is deny: not even an admin's catalog shows it
        assertEquals(HOSTING, keys.subList(9, 9 + HOSTING.size()));
        // Warden's rooms customizer (dev.warden.rooms.admin.RoomsPanel) also runs before the integrator's
        assertEquals(
                List.of(
                        "rooms",
                        "scores",
                        "tournaments",
                        "seasonScores",
                        "openNotes",
                        "staffNotes",
                        "contacts",
                        "calls"),
                keys.subList(9 + HOSTING.size(), keys.size()));
        assertFalse(keys.contains("ghost"));
    }

    @Test
    void aResourcesEntryWithoutATableIs404() {
        Api.session(admin).get("/admin-api/ghost").then().statusCode(404).body("error.code", equalTo("not_found"));
        Api.session(admin).get("/admin-api/ghost/1").then().statusCode(404).body("error.code", equalTo("not_found"));
    }

    @Test
    void scoresHasTheConfiguredLabelIconAndColumns() {
        JsonPath c = catalog();
        String scores = resource("scores");
        assertEquals("High scores", c.getString(scores + ".label"));
        assertEquals("line-chart", c.getString(scores + ".icon"));
        assertEquals("game_scores", c.getString(scores + ".table"));
        assertEquals(List.of("id"), c.getList(scores + ".primary_key"));
        assertEquals(
                List.of("id", "user_id", "score", "season"),
                c.getList(scores + ".list.columns"),
                "camelCase userId dropped, primary key added first");
        assertEquals(Map.of("field", "score", "order", "desc"), c.getMap(scores + ".list.default_sort"));
        assertEquals(
                List.of("id", "user_id", "season", "score", "note", "tournament_id"),
                c.getList(scores + ".form.fields"));
        assertEquals(
                List.of("user_id", "score", "note", "tournament_id"),
                c.getList(scores + ".form.create_fields"),
                "the create form hides the key and the defaulted season");
        assertEquals(List.of("id", "user_id", "season", "score", "note"), c.getList(scores + ".show.fields"));
        assertEquals(
                List.of("id", "user_id", "season", "score", "note", "tournament_id"),
                c.getList(scores + ".columns.name"));
        String userId = scores + ".columns.find { it.name == 'user_id' }";
        assertEquals("Player", c.getString(userId + ".label"));
        assertEquals("users", c.getString(userId + ".link_to.resource"));
        assertEquals(Boolean.TRUE, c.get(scores + ".columns.find { it.name == 'season' }.has_default"));
        assertEquals("Tournament", c.getString(scores + ".columns.find { it.name == 'tournament_id' }.label"));
    }

    @Test
    void actionsAreInTheCatalog() {
        JsonPath c = catalog();
        List<Map<String, Object>> actions = c.getList(resource("scores") + ".actions");
        assertEquals(2, actions.size(), actions.toString());
        assertEquals("resetScore", actions.get(0).get("name"));
        assertEquals("Reset score", actions.get(0).get("label"));
        assertEquals(Boolean.TRUE, actions.get(0).get("per_row"));
        assertEquals(
                Map.of("title", "Reset this score?", "description", "Sets the score to 0."),
                actions.get(0).get("confirm"));
        assertEquals("recount", actions.get(1).get("name"));
        assertEquals(Boolean.FALSE, actions.get(1).get("per_row"));
        assertFalse(actions.get(1).containsKey("confirm"), "no confirm: omitted, never null (warden-admin.yaml)");
        assertEquals(List.of(), c.getList(resource("users") + ".actions"));
    }

    @Test
    void relationsComeFromForeignKeysAndDeclarations() {
        JsonPath c = catalog();
        List<Map<String, Object>> scores = c.getList(resource("scores") + ".relations");
        assertEquals(
                List.of(
                        Map.of("name", "user", "label", "Player", "target", "users", "kind", "one", "fk", "user_id"),
                        Map.of(
                                "name",
                                "tournament",
                                "label",
                                "Tournament",
                                "target",
                                "tournaments",
                                "kind",
                                "one",
                                "fk",
                                "tournament_id")),
                scores,
                "FK-derived user (relabelled), declared tournament; seasonTotals skipped (composite target)");
        assertEquals(
                "tournaments",
                c.getString(resource("scores") + ".columns.find { it.name == 'tournament_id' }.link_to.resource"));
        assertEquals(
                List.of(Map.of(
                        "name",
                        "tournamentScores",
                        "label",
                        "Tournament Scores",
                        "target",
                        "scores",
                        "kind",
                        "many",
                        "fk",
                        "tournament_id")),
                c.getList(resource("tournaments") + ".relations"));
        List<Map<String, Object>> users = c.getList(resource("users") + ".relations");
        assertTrue(
                users.contains(Map.of(
                        "name", "scores", "label", "High scores", "target", "scores", "kind", "many", "fk", "user_id")),
                "a many relation named after the custom key, relabelled: " + users);
        assertTrue(
                users.contains(Map.of(
                        "name",
                        "seasonScores",
                        "label",
                        "Season Scores",
                        "target",
                        "seasonScores",
                        "kind",
                        "many",
                        "fk",
                        "user_id")),
                users.toString());
        assertTrue(
                users.contains(Map.of(
                        "name",
                        "cloudSaves",
                        "label",
                        "Cloud Saves",
                        "target",
                        "cloudSaves",
                        "kind",
                        "many",
                        "fk",
                        "user_id")),
                "built-in relations unchanged: " + users);
        assertEquals(
                List.of(Map.of("name", "user", "label", "User", "target", "users", "kind", "one", "fk", "user_id")),
                c.getList(resource("seasonScores") + ".relations"));
    }

    @Test
    void tablesWithoutAResourcesEntryGetHumanizedLabelsGuessedIconsAndAllColumns() {
        JsonPath c = catalog();
        assertEquals("Tournaments", c.getString(resource("tournaments") + ".label"));
        assertEquals(
                "database", c.getString(resource("tournaments") + ".icon"), "no rule for _tournaments: the fallback");
        assertEquals(List.of("id", "name", "created_at"), c.getList(resource("tournaments") + ".list.columns"));
        assertEquals(List.of("name"), c.getList(resource("tournaments") + ".form.create_fields"));
        assertEquals("Season Scores", c.getString(resource("seasonScores") + ".label"));
        assertEquals("trophy", c.getString(resource("seasonScores") + ".icon"), "a table ending in _scores");
        assertEquals(List.of("season", "user_id"), c.getList(resource("seasonScores") + ".primary_key"));
        assertEquals(List.of("season", "user_id", "points"), c.getList(resource("seasonScores") + ".list.columns"));
        assertEquals(
                List.of(),
                c.getList(resource("seasonScores") + ".form.create_fields"),
                "key columns and the defaulted points are all hidden from the create form");
    }

    @Test
    void theAuditLogTargetLinksToTheResourceNamedOnTheRow() {
        JsonPath c = catalog();
        String target = resource("adminAudit") + ".columns.find { it.name == 'target_id' }";
        assertEquals("resource", c.getString(target + ".link_to.resourceFromColumn"));
        assertNull(c.get(target + ".link_to.resource"));
    }

    @Test
    void scoresListsRowsWithLabelsAndTheDefaultSort() throws Exception {
        String tag = TestDb.unique();
        long player = TestDb.user("player-" + tag + "@example.com", "Player " + tag, null);
        long tournament = TestDb.insert("INSERT INTO game_tournaments (name) VALUES (?) RETURNING id", "Cup " + tag);
        long low = TestDb.insert(
                "INSERT INTO game_scores (user_id, score, tournament_id) VALUES (?, 10, ?) RETURNING id",
                player,
                tournament);
        long high = TestDb.insert(
                "INSERT INTO game_scores (user_id, score, season, note) VALUES (?, 99, 's2', 'best') RETURNING id",
                player);

        Response list = Api.session(admin).queryParam("user_id", player).get("/admin-api/scores");
        list.then().statusCode(200).header("X-Total-Count", "2");
        JsonPath rows = list.jsonPath();
        assertEquals(List.of((int) high, (int) low), rows.getList("id"), "default sort: score descending");
        assertEquals(String.valueOf(high), rows.getString("[0]._id"));
        assertEquals("s2", rows.getString("[0].season"));
        assertEquals("s1", rows.getString("[1].season"), "the database default");
        assertEquals("Player " + tag, rows.getString("[0]._labels.user_id"));
        assertEquals("Player " + tag, rows.getString("[1]._labels.user_id"));
        assertEquals("Cup " + tag, rows.getString("[1]._labels.tournament_id"), "a declared one relation labels too");

        Api.session(admin)
                .get("/admin-api/scores/" + low)
                .then()
                .statusCode(200)
                .body("score", equalTo(10))
                .body("tournament_id", equalTo((int) tournament))
                .body("_labels.user_id", equalTo("Player " + tag))
                .body("_labels.tournament_id", equalTo("Cup " + tag));

        Api.session(admin)
                .queryParam("_sort", "score")
                .queryParam("_order", "asc")
                .queryParam("user_id", player)
                .get("/admin-api/scores")
                .then()
                .statusCode(200)
                .body("id", equalTo(List.of((int) low, (int) high)));
    }

    @Test
    void createMergesTheDefaultsUnderTheBodyAndTheCustomKeyTakesEveryWrite() throws Exception {
        String tag = TestDb.unique();
        long player = TestDb.user("create-" + tag + "@example.com", "Creator " + tag, null);
        long operator = TestDb.scalar(
                "SELECT u.id FROM warden_sessions s JOIN warden_users u ON u.id = s.user_id " + "WHERE s.id = ?",
                TestDb.sha256Hex(admin));

        Response created = Api.session(admin)
                .contentType("application/json")
                .body(java.util.Map.of("user_id", player, "score", 42))
                .post("/admin-api/scores");
        created.then()
                .statusCode(201)
                .body("season", equalTo("s7"))
                .body("note", equalTo("entered by operator " + operator))
                .body("tournament_id", equalTo(0))
                .body("score", equalTo(42));
        long id = created.jsonPath().getLong("id");
        assertEquals(
                "s7",
                TestDb.column("SELECT season FROM game_scores WHERE id = ?", id).get(0));

        Api.session(admin)
                .contentType("application/json")
                .body(java.util.Map.of("user_id", player, "score", 1, "season", "s1", "note", "mine"))
                .post("/admin-api/scores")
                .then()
                .statusCode(201)
                .body("season", equalTo("s1"))
                .body("note", equalTo("mine"))
                .body("tournament_id", equalTo(0));

        Api.session(admin)
                .contentType("application/json")
                .body(java.util.Map.of("score", 43))
                .patch("/admin-api/scores/" + id)
                .then()
                .statusCode(200)
                .body("score", equalTo(43));
        Api.session(admin)
                .delete("/admin-api/scores/" + id)
                .then()
                .statusCode(200)
                .body("id", equalTo((int) id));
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM game_scores WHERE id = ?", id));
    }

    @Test
    void aPolicyReplacesTheStandardRuleAndTheCatalogAgrees() throws Exception {
        String mod = Api.signedIn("mod", "users").cookie(); // scoped elsewhere: the policy ignores scope

        JsonPath adminView = catalog();
        assertEquals(Boolean.FALSE, adminView.get(resource("tournaments") + ".can.create"), "roles are literal");
        assertEquals(Boolean.FALSE, adminView.get(resource("tournaments") + ".can.update"), "deny holds for admins");
        assertEquals(Boolean.TRUE, adminView.get(resource("tournaments") + ".can.delete"), "no policy: standard rule");

        Api.session(admin)
                .contentType("application/json")
                .body(java.util.Map.of("name", "Admin cup"))
                .post("/admin-api/tournaments")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("forbidden"));
        Response created = Api.session(mod)
                .contentType("application/json")
                .body(java.util.Map.of("name", "Mod cup " + TestDb.unique()))
                .post("/admin-api/tournaments");
        created.then().statusCode(201);
        String id = created.jsonPath().getString("_id");
        Api.session(admin)
                .contentType("application/json")
                .body(java.util.Map.of("name", "Renamed"))
                .patch("/admin-api/tournaments/" + id)
                .then()
                .statusCode(403);
        Api.session(admin).delete("/admin-api/tournaments/" + id).then().statusCode(200);
    }

    @Test
    void customActionsCheckTheirRolesLiterallyAndAnswerOkWithTheResult() throws Exception {
        String tag = TestDb.unique();
        long player = TestDb.user("act-" + tag + "@example.com", "Actor " + tag, null);
        long score = TestDb.insert("INSERT INTO game_scores (user_id, score) VALUES (?, 5) RETURNING id", player);
        String mod = Api.signedIn("mod", "scores").cookie();
        String userEmail = "act-user-" + tag + "@example.com";
        TestDb.panelUser(userEmail, "Plain", PASSWORD);
        String user = Api.login(userEmail, PASSWORD);

        Api.session(admin)
                .contentType("application/json")
                .body(java.util.Map.of("id", String.valueOf(score)))
                .post("/admin-api/scores/_action/resetScore")
                .then()
                .statusCode(200)
                .body("ok", equalTo(true))
                .body("result.reset", equalTo((int) score));
        assertEquals(
                List.of("resetScore|" + score + "|" + score),
                TestDb.column(
                        "SELECT payload->>'name' || '|' || (payload->'args'->>'id') || '|' || (payload->'result'->>'reset') "
                                + "FROM warden_admin_audit WHERE action = 'custom' AND resource = 'scores' AND target_id = ?",
                        String.valueOf(score)),
                "custom actions are audited with {name, args, result}");
        Api.session(mod)
                .contentType("application/json")
                .body(java.util.Map.of("id", score))
                .post("/admin-api/scores/_action/resetScore")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("forbidden"));
        // no roles: any signed-in identity, even a plain user; a bulk action gets no row
        Api.session(user)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/scores/_action/recount")
                .then()
                .statusCode(200)
                .body("ok", equalTo(true))
                .body("result", equalTo("ok"));
        Api.anonymous()
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/scores/_action/recount")
                .then()
                .statusCode(401);
        Api.session(admin)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/scores/_action/resetScore")
                .then()
                .statusCode(422)
                .body("error.fields.id", org.hamcrest.Matchers.notNullValue());
        Api.session(admin)
                .contentType("application/json")
                .body(java.util.Map.of("id", 999999999))
                .post("/admin-api/scores/_action/resetScore")
                .then()
                .statusCode(404);
        Api.session(admin)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/scores/_action/nope")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
        Response failed = Api.session(admin)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/tournaments/_action/explode");
        failed.then().statusCode(500).body("error.code", equalTo("server_error"));
        assertFalse(failed.asString().contains("secret internals"), "no internals reach the client");
        assertTrue(
                TestDb.scalar(
                                "SELECT count(*) FROM warden_admin_audit WHERE action = 'custom' "
                                        + "AND resource = 'tournaments' AND payload->>'name' = 'explode' AND payload->>'error' = 'server_error'")
                        >= 1,
                "a failed handler is audited too");
    }

    @Test
    void customTablesWithCompositeKeysList() throws Exception {
        String tag = TestDb.unique();
        long player = TestDb.user("season-" + tag + "@example.com", "Season " + tag, null);
        TestDb.update("INSERT INTO game_season_scores (season, user_id, points) VALUES (?, ?, 5)", "s-" + tag, player);
        Api.session(admin)
                .queryParam("season", "s-" + tag)
                .get("/admin-api/seasonScores")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1")
                .body("[0].points", equalTo(5))
                .body("[0]._labels.user_id", equalTo("Season " + tag));
    }
}
