package dev.warden.it;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Create, update (PATCH and PUT), delete and the ETag/If-Match contract on the built-in resources
 * (docs/admin-api.md, "Endpoints" and "Authentication" and "Rows" and "Error body").
 */
@SharedDeployment
class AdminWritesIT {

    private static final String PASSWORD = "a long enough password";
    private static final String ETAG = "\"[0-9a-f]{64}\"";

    private String admin;
    private long adminId;

    @BeforeEach
    void signIn() throws Exception {
        Api.Identity signedIn = Api.signedIn("admin", null);
        adminId = signedIn.id();
        admin = signedIn.cookie();
    }

    @Test
    void createAnswers201WithLocationETagAndTheRow() throws Exception {
        String key = "cfg." + TestDb.unique();
        Response created = Api.post(
                admin,
                "configs",
                "{\"key\": \"" + key + "\", \"value\": {\"a\": [1, 2], \"b\": null}, \"description\": \"first\"}");
        created.then()
                .log()
                .ifValidationFails()
                .statusCode(201)
                .contentType(ContentType.JSON)
                .body("key", equalTo(key))
                .body("value.a", equalTo(List.of(1, 2)))
                .body("description", equalTo("first"))
                .body("_labels", equalTo(Map.of()));
        long id = created.jsonPath().getLong("id");
        assertEquals(String.valueOf(id), created.jsonPath().getString("_id"));
        assertTrue(created.header("Location").endsWith("/admin-api/configs/" + id), created.header("Location"));
        String etag = created.header("ETag");
        assertTrue(etag.matches(ETAG), etag);

        assertEquals(List.of(key), TestDb.column("SELECT key FROM warden_configs WHERE id = ?", id));
        assertEquals(
                List.of("{\"a\": [1, 2], \"b\": null}"),
                TestDb.column("SELECT value::text FROM warden_configs WHERE id = ?", id));

        Response read = Api.session(admin).get("/admin-api/configs/" + id);
        read.then().statusCode(200);
        assertEquals(etag, read.header("ETag"), "a read gives the same ETag as the create");
        assertTrue(read.header("Access-Control-Expose-Headers").contains("ETag"));
    }

    @Test
    void createFillsDatabaseDefaultsAndHidesNothing() throws Exception {
        String name = "board-" + TestDb.unique();
        Response created = Api.post(admin, "leaderboards", "{\"name\": \"" + name + "\"}");
        created.then()
                .statusCode(201)
                .body("name", equalTo(name))
                .body("sort_order", equalTo("desc"))
                .body("reset_period", nullValue())
                .body("$", hasKey("reset_period"))
                .body("id", notNullValue())
                .body("created_at", notNullValue());
        assertTrue(created.jsonPath().getString("created_at").endsWith("Z"));
    }

    @Test
    void bodyValuesAreConvertedToTheColumnTypes() throws Exception {
        long user = TestDb.user("types-" + TestDb.unique() + "@example.com", "Types", null);
        Response created = Api.post(
                admin,
                "analyticsEvents",
                "{\"user_id\": \"" + user + "\", \"name\": \"match_end\", "
                        + "\"properties\": {\"score\": 12.5, \"tags\": [\"x\"], \"ok\": true}, "
                        + "\"created_at\": \"2026-01-02T05:04:05+02:00\"}");
        created.then()
                .log()
                .ifValidationFails()
                .statusCode(201)
                .body("user_id", equalTo((int) user))
                .body("properties.tags", equalTo(List.of("x")))
                .body("properties.ok", equalTo(true))
                .body("created_at", equalTo("2026-01-02T03:04:05Z"))
                .body("_labels.user_id", equalTo("Types"));
        long id = created.jsonPath().getLong("id");
        assertEquals(
                List.of("2026-01-02T03:04:05Z"),
                TestDb.column(
                        "SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') FROM warden_analytics_events WHERE id = ?",
                        id));
        assertEquals(
                List.of("object"),
                TestDb.column("SELECT jsonb_typeof(properties) FROM warden_analytics_events WHERE id = ?", id));

        // a JSON scalar in a jsonb column stays a scalar; a null is SQL NULL
        String key = "cfg." + TestDb.unique();
        long cfg = Api.post(admin, "configs", "{\"key\": \"" + key + "\", \"value\": \"plain text\"}")
                .then()
                .statusCode(201)
                .body("value", equalTo("plain text"))
                .extract()
                .jsonPath()
                .getLong("id");
        assertEquals(
                List.of("string"), TestDb.column("SELECT jsonb_typeof(value) FROM warden_configs WHERE id = ?", cfg));
        Api.patch(admin, "configs/" + cfg, "{\"value\": null}")
                .then()
                .statusCode(200)
                .body("value", nullValue());
        assertEquals(1, TestDb.scalar("SELECT count(*) FROM warden_configs WHERE id = ? AND value IS NULL", cfg));

        Api.patch(admin, "users/" + user, "{\"display_name\": 12, \"last_login_at\": 5}")
                .then()
                .statusCode(422)
                .body("error.code", equalTo("invalid_request"))
                .body("error.fields", hasKey("display_name"))
                .body("error.fields", hasKey("last_login_at"));
        // ban and token_version belong to the moderation endpoints: generic writes ignore them
        Api.patch(admin, "users/" + user, "{\"token_version\": 99, \"ban\": {\"reason\": \"x\"}}")
                .then()
                .statusCode(200)
                .body("token_version", equalTo(0))
                .body("ban", nullValue());
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_users WHERE id = ? AND token_version = 0 AND ban IS NULL", user));
    }

    @Test
    void patchUpdatesOnlyTheColumnsPresentAndChangesTheETag() throws Exception {
        String key = "cfg." + TestDb.unique();
        Response created =
                Api.post(admin, "configs", "{\"key\": \"" + key + "\", \"value\": 1, \"description\": \"before\"}");
        long id = created.jsonPath().getLong("id");
        Response patched = Api.patch(admin, "configs/" + id, "{\"description\": \"after\"}");
        patched.then()
                .statusCode(200)
                .body("description", equalTo("after"))
                .body("key", equalTo(key))
                .body("value", equalTo(1));
        assertTrue(patched.header("ETag").matches(ETAG));
        assertNotEquals(created.header("ETag"), patched.header("ETag"));
        assertEquals(List.of("after"), TestDb.column("SELECT description FROM warden_configs WHERE id = ?", id));
    }

    @Test
    void putAcceptsTheWholeRowAsRead() throws Exception {
        String tag = TestDb.unique();
        long user = TestDb.user("put-" + tag + "@example.com", "Putter " + tag, null);
        long save = TestDb.insert(
                "INSERT INTO warden_cloud_saves (user_id, slot, data) VALUES (?, 'one', '{\"l\": 1}'::jsonb) "
                        + "RETURNING id",
                user);
        Response read = Api.session(admin).get("/admin-api/cloudSaves/" + save);
        read.then().statusCode(200).body("_labels.user_id", equalTo("Putter " + tag));
        Map<String, Object> row = new HashMap<>(read.jsonPath().getMap("$"));
        row.put("slot", "two");
        row.put("data", Map.of("l", 2));

        Api.session(admin)
                .contentType(ContentType.JSON)
                .body(row)
                .put("/admin-api/cloudSaves/" + save)
                .then()
                .log()
                .ifValidationFails()
                .statusCode(200)
                .body("slot", equalTo("two"))
                .body("data.l", equalTo(2))
                .body("_id", equalTo(String.valueOf(save)))
                .body("_labels.user_id", equalTo("Putter " + tag));
        assertEquals(List.of("two"), TestDb.column("SELECT slot FROM warden_cloud_saves WHERE id = ?", save));

        row.put("id", save + 1000);
        Api.session(admin)
                .contentType(ContentType.JSON)
                .body(row)
                .put("/admin-api/cloudSaves/" + save)
                .then()
                .statusCode(422)
                .body("error.code", equalTo("invalid_request"))
                .body("error.fields.id[0]", containsString("primary key"));
    }

    @Test
    void unknownColumnsAre422NamingEachOne() throws Exception {
        Api.post(admin, "configs", "{\"key\": \"cfg." + TestDb.unique() + "\", \"nope\": 1, \"valueX\": 2}")
                .then()
                .statusCode(422)
                .body("error.code", equalTo("invalid_request"))
                .body("error.fields.nope[0]", equalTo("unknown column"))
                .body("error.fields", hasKey("valueX"));
        Api.post(admin, "users", "{\"email\": \"hash-" + TestDb.unique() + "@example.com\", \"password_hash\": \"x\"}")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("password_hash"));
        long user = TestDb.user("hash-" + TestDb.unique() + "@example.com", null, null);
        Api.patch(admin, "users/" + user, "{\"password_hash\": \"PBKDF2WithHmacSHA256:1:x:y\"}")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("password_hash"));
        assertNull(TestDb.column("SELECT password_hash FROM warden_users WHERE id = ?", user)
                .get(0));
    }

    @Test
    void missingRequiredColumnsAre422NamingEachOne() {
        Api.post(admin, "cloudSaves", "{}")
                .then()
                .statusCode(422)
                .body("error.code", equalTo("invalid_request"))
                .body("error.fields.user_id[0]", equalTo("is required"))
                .body("error.fields.slot[0]", equalTo("is required"))
                .body("error.fields", not(hasKey("data")))
                .body("error.fields", not(hasKey("id")));
        Api.post(admin, "leaderboards", "{\"name\": null}")
                .then()
                .statusCode(422)
                .body("error.fields.name[0]", equalTo("must not be null"));
    }

    @Test
    void aUniqueViolationIs409Conflict() {
        String key = "cfg." + TestDb.unique();
        Api.post(admin, "configs", "{\"key\": \"" + key + "\"}").then().statusCode(201);
        Api.post(admin, "configs", "{\"key\": \"" + key + "\"}")
                .then()
                .log()
                .ifValidationFails()
                .statusCode(409)
                .body("error.code", equalTo("conflict"))
                .body("error.message", containsString("key"))
                .body("error.message", not(containsString(key)))
                .body("error.message", not(containsString("INSERT")))
                .body("error", not(hasKey("fields")));
    }

    @Test
    void aMissingReferencedRowIs409Conflict() {
        Api.post(admin, "cloudSaves", "{\"user_id\": 999999999, \"slot\": \"x\"}")
                .then()
                .log()
                .ifValidationFails()
                .statusCode(409)
                .body("error.code", equalTo("conflict"))
                .body("error.message", containsString("user_id"))
                .body("error.message", not(containsString("999999999")));
    }

    @Test
    void aCheckViolationIs422NamingTheColumn() throws Exception {
        Api.post(admin, "leaderboards", "{\"name\": \"check-" + TestDb.unique() + "\", \"sort_order\": \"sideways\"}")
                .then()
                .log()
                .ifValidationFails()
                .statusCode(422)
                .body("error.code", equalTo("invalid_request"))
                .body("error.fields", hasKey("sort_order"))
                .body("error.message", not(containsString("sideways")));
    }

    @Test
    void deleteAnswersTheDeletedRowAndTheRowIsGone() throws Exception {
        String name = "gone-" + TestDb.unique();
        long id = TestDb.insert("INSERT INTO warden_leaderboards (name) VALUES (?) RETURNING id", name);
        // Refine sends a JSON body on DELETE: it is ignored
        Api.session(admin)
                .contentType(ContentType.JSON)
                .body("{\"id\": " + id + ", \"previousData\": {}}")
                .delete("/admin-api/leaderboards/" + id)
                .then()
                .log()
                .ifValidationFails()
                .statusCode(200)
                .body("id", equalTo((int) id))
                .body("name", equalTo(name))
                .body("_id", equalTo(String.valueOf(id)));
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_leaderboards WHERE id = ?", id));
        Api.session(admin).get("/admin-api/leaderboards/" + id).then().statusCode(404);
        Api.session(admin)
                .delete("/admin-api/leaderboards/" + id)
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
    }

    @Test
    void compositeKeyRowsAreCreatedUpdatedAndDeletedByTheirBase64urlId() throws Exception {
        String tag = TestDb.unique();
        long user = TestDb.user("entry-" + tag + "@example.com", "Entrant " + tag, null);
        long board = TestDb.insert("INSERT INTO warden_leaderboards (name) VALUES (?) RETURNING id", "entries-" + tag);
        String id = Api.compositeId(board, user);

        Response created = Api.post(
                admin,
                "leaderboardEntries",
                "{\"leaderboard_id\": " + board + ", \"user_id\": " + user
                        + ", \"score\": 10, \"metadata\": {\"run\": 1}}");
        created.then()
                .log()
                .ifValidationFails()
                .statusCode(201)
                .body("_id", equalTo(id))
                .body("_labels.leaderboard_id", equalTo("entries-" + tag))
                .body("_labels.user_id", equalTo("Entrant " + tag));
        assertTrue(created.header("Location").endsWith("/admin-api/leaderboardEntries/" + id));

        Api.patch(
                        admin,
                        "leaderboardEntries/" + id,
                        "{\"leaderboard_id\": " + board + ", \"user_id\": " + user + ", \"score\": 99}")
                .then()
                .statusCode(200)
                .body("score", equalTo(99))
                .body("_id", equalTo(id));
        assertEquals(
                99,
                TestDb.scalar(
                        "SELECT score FROM warden_leaderboard_entries WHERE leaderboard_id = ? AND user_id = ?",
                        board,
                        user));

        Api.session(admin)
                .delete("/admin-api/leaderboardEntries/" + id)
                .then()
                .statusCode(200)
                .body("score", equalTo(99))
                .body("_id", equalTo(id));
        assertEquals(
                0,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_leaderboard_entries WHERE leaderboard_id = ? AND user_id = ?",
                        board,
                        user));
    }

    @Test
    void ifMatchGuardsUpdatesAndDeletes() throws Exception {
        String key = "cfg." + TestDb.unique();
        Response created = Api.post(admin, "configs", "{\"key\": \"" + key + "\", \"value\": 1}");
        long id = created.jsonPath().getLong("id");
        String first = created.header("ETag");

        Response changed = Api.session(admin)
                .contentType(ContentType.JSON)
                .header("If-Match", first)
                .body("{\"value\": 2}")
                .patch("/admin-api/configs/" + id);
        changed.then().statusCode(200).body("value", equalTo(2));
        String second = changed.header("ETag");

        Api.session(admin)
                .contentType(ContentType.JSON)
                .header("If-Match", first)
                .body("{\"value\": 3}")
                .put("/admin-api/configs/" + id)
                .then()
                .statusCode(412)
                .body("error.code", equalTo("precondition_failed"));
        Api.session(admin)
                .contentType(ContentType.JSON)
                .header("If-Match", "W/" + second)
                .body("{\"value\": 3}")
                .patch("/admin-api/configs/" + id)
                .then()
                .statusCode(412);
        assertEquals(List.of("2"), TestDb.column("SELECT value::text FROM warden_configs WHERE id = ?", id));

        TestDb.update("UPDATE warden_configs SET description = 'changed elsewhere' WHERE id = ?", id);
        Api.session(admin)
                .header("If-Match", second)
                .delete("/admin-api/configs/" + id)
                .then()
                .statusCode(412)
                .body("error.code", equalTo("precondition_failed"));
        assertEquals(1, TestDb.scalar("SELECT count(*) FROM warden_configs WHERE id = ?", id));

        String current = Api.session(admin).get("/admin-api/configs/" + id).header("ETag");
        Api.session(admin)
                .contentType(ContentType.JSON)
                .header("If-Match", "\"nope\", " + current)
                .body("{\"value\": 4}")
                .patch("/admin-api/configs/" + id)
                .then()
                .statusCode(200)
                .body("value", equalTo(4));
        Api.session(admin)
                .header("If-Match", "*")
                .delete("/admin-api/configs/" + id)
                .then()
                .statusCode(200);
        Api.session(admin)
                .header("If-Match", "*")
                .delete("/admin-api/configs/" + id)
                .then()
                .statusCode(404);
    }

    @Test
    void usersTakeAWriteOnlyPassword() throws Exception {
        String email = "pw-" + TestDb.unique() + "@example.com";
        Response created = Api.post(
                admin,
                "users",
                "{\"email\": \"" + email + "\", \"display_name\": \"Pw\", \"password\": \"first password 1\"}");
        created.then()
                .log()
                .ifValidationFails()
                .statusCode(201)
                .body("email", equalTo(email))
                .body("$", not(hasKey("password")))
                .body("$", not(hasKey("password_hash")))
                .body("token_version", equalTo(0));
        assertFalse(created.asString().contains("first password 1"));
        assertFalse(created.asString().contains("PBKDF2"));
        long id = created.jsonPath().getLong("id");
        assertTrue(TestDb.column("SELECT password_hash FROM warden_users WHERE id = ?", id)
                .get(0)
                .startsWith("PBKDF2"));
        TestDb.update("INSERT INTO warden_roles (user_id, role) VALUES (?, 'user')", id); // a panel account
        Api.login(email, "first password 1");

        Response patched = Api.patch(admin, "users/" + id, "{\"password\": \"second password 2\"}");
        patched.then().statusCode(200).body("$", not(hasKey("password"))).body("$", not(hasKey("password_hash")));
        Api.login(email, "second password 2");
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", "first password 1"))
                .post("/admin-api/auth/login")
                .then()
                .statusCode(401);

        Api.patch(admin, "users/" + id, "{\"password\": \"short\"}")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("password"));
        // an edit form's empty password field changes nothing
        Api.patch(admin, "users/" + id, "{\"display_name\": \"Pw2\", \"password\": \"\"}")
                .then()
                .statusCode(200)
                .body("display_name", equalTo("Pw2"));
        Api.login(email, "second password 2");
    }

    @Test
    void aNotesAuthorIsTheSignedInOperator() throws Exception {
        long subject = TestDb.user("subject-" + TestDb.unique() + "@example.com", "Subject", null);
        long other = TestDb.user("other-" + TestDb.unique() + "@example.com", "Other", null);
        Response created = Api.post(
                admin,
                "userNotes",
                "{\"user_id\": " + subject + ", \"body\": \"be nice\", \"author_id\": " + other + "}");
        created.then()
                .log()
                .ifValidationFails()
                .statusCode(201)
                .body("author_id", equalTo((int) adminId))
                .body("user_id", equalTo((int) subject));
        long id = created.jsonPath().getLong("id");
        assertEquals(adminId, TestDb.scalar("SELECT author_id FROM warden_user_notes WHERE id = ?", id));
        Api.patch(admin, "userNotes/" + id, "{\"body\": \"edited\", \"author_id\": " + other + "}")
                .then()
                .statusCode(200)
                .body("body", equalTo("edited"))
                .body("author_id", equalTo((int) adminId));
    }

    @Test
    void theAuditLogIsAppendOnlyEvenForAdmins() throws Exception {
        long entry = TestDb.insert(
                "INSERT INTO warden_admin_audit (action, resource, target_id) VALUES ('create', 'users', 'not-a-row') "
                        + "RETURNING id");
        Api.post(admin, "adminAudit", "{\"action\": \"create\", \"resource\": \"users\"}")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("forbidden"));
        Api.patch(admin, "adminAudit/" + entry, "{\"action\": \"delete\"}")
                .then()
                .statusCode(403);
        Api.session(admin)
                .contentType(ContentType.JSON)
                .body("{}")
                .put("/admin-api/adminAudit/" + entry)
                .then()
                .statusCode(403);
        Api.session(admin).delete("/admin-api/adminAudit/" + entry).then().statusCode(403);
        assertEquals(
                1, TestDb.scalar("SELECT count(*) FROM warden_admin_audit WHERE id = ? AND action = 'create'", entry));
    }

    @Test
    void modsUpdateTheirScopedResourcesOnly() throws Exception {
        String email = "mod-" + TestDb.unique() + "@example.com";
        TestDb.userWithRole(email, PASSWORD, "mod", "configs");
        String mod = Api.login(email, PASSWORD);
        long cfg = TestDb.insert("INSERT INTO warden_configs (key) VALUES (?) RETURNING id", "cfg." + TestDb.unique());
        long board = TestDb.insert(
                "INSERT INTO warden_leaderboards (name) VALUES (?) RETURNING id", "mod-" + TestDb.unique());

        Api.post(mod, "configs", "{\"key\": \"cfg." + TestDb.unique() + "\"}")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("forbidden"));
        Api.patch(mod, "configs/" + cfg, "{\"description\": \"by mod\"}")
                .then()
                .statusCode(200)
                .body("description", equalTo("by mod"));
        Api.patch(mod, "leaderboards/" + board, "{\"reset_period\": \"daily\"}")
                .then()
                .statusCode(403);
        Api.session(mod).delete("/admin-api/configs/" + cfg).then().statusCode(403);
        assertEquals(1, TestDb.scalar("SELECT count(*) FROM warden_configs WHERE id = ?", cfg));

        String plain = "plain-" + TestDb.unique() + "@example.com";
        TestDb.panelUser(plain, "Plain", PASSWORD);
        Api.post(Api.login(plain, PASSWORD), "configs", "{\"key\": \"cfg." + TestDb.unique() + "\"}")
                .then()
                .statusCode(403);
    }

    @Test
    void unknownRowsAndResourcesAre404() {
        Api.patch(admin, "users/999999999", "{\"display_name\": \"x\"}")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
        Api.session(admin)
                .contentType(ContentType.JSON)
                .body("{}")
                .put("/admin-api/users/999999999")
                .then()
                .statusCode(404);
        Api.session(admin).delete("/admin-api/users/999999999").then().statusCode(404);
        Api.session(admin)
                .delete("/admin-api/leaderboardEntries/garbage")
                .then()
                .statusCode(404);
        Api.post(admin, "noSuchResource", "{}").then().statusCode(404).body("error.code", equalTo("not_found"));
        Api.patch(admin, "noSuchResource/1", "{}").then().statusCode(404);
    }

    @Test
    void malformedBodiesAndOtherContentTypesAre400() throws Exception {
        Api.post(admin, "configs", "{\"key\": ").then().statusCode(400).body("error.code", equalTo("bad_request"));
        Api.post(admin, "configs", "[1, 2]").then().statusCode(400).body("error.code", equalTo("bad_request"));
        Api.session(admin)
                .contentType("text/plain")
                .body("{\"key\": \"cfg." + TestDb.unique() + "\"}")
                .post("/admin-api/configs")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("bad_request"));
        long cfg = TestDb.insert("INSERT INTO warden_configs (key) VALUES (?) RETURNING id", "cfg." + TestDb.unique());
        Api.session(admin)
                .contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .body("description=x")
                .patch("/admin-api/configs/" + cfg)
                .then()
                .statusCode(400)
                .body("error.code", equalTo("bad_request"));
        Api.session(admin)
                .contentType("application/merge-patch+json")
                .body("{\"description\": \"merge\"}")
                .patch("/admin-api/configs/" + cfg)
                .then()
                .statusCode(200)
                .body("description", equalTo("merge"));
    }

    @Test
    void anonymousWritesAre401() {
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body("{}")
                .post("/admin-api/configs")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("unauthenticated"));
        Api.anonymous().delete("/admin-api/configs/1").then().statusCode(401);
    }
}
