package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A row's history and its revert: {@code GET /admin-api/:resource/:id/_history} newest first
 * with each update's diff, {@code POST .../_revert {audit_id}} putting back an update's {@code before} values
 * (409 when a column changed since), {@code POST /admin-api/:resource/_restore {audit_id}} re-creating a deleted
 * row, both audited with {@code reverted_from}; write-only and unreadable columns never show in the history.
 */
@SharedDeployment(Ear.WARDEN_WITH_TEST_EXTENSION)
class HistoryRevertIT {

    private String admin;

    @BeforeEach
    void signIn() throws Exception {
        admin = Api.signedIn("admin", null).cookie();
    }

    private static JsonPath history(String cookie, String path) {
        return Api.session(cookie)
                .get("/admin-api/" + path + "/_history")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    private static Response post(String cookie, String path, String json) {
        return Api.session(cookie).contentType(ContentType.JSON).body(json).post("/admin-api/" + path);
    }

    private static Map<String, Object> latestAudit(String resource, String targetId) throws Exception {
        String payload = TestDb.column(
                        "SELECT payload::text FROM warden_admin_audit WHERE resource = ? AND target_id = ? "
                                + "AND action IN ('create', 'update', 'delete') ORDER BY chain_seq DESC LIMIT 1",
                        resource,
                        targetId)
                .get(0);
        return JsonPath.from(payload).getMap("$");
    }

    private String config(String description) {
        String key = "history." + TestDb.unique();
        return Api.post(
                        admin,
                        "configs",
                        "{\"key\": \"" + key + "\", \"value\": 1, \"description\": \"" + description + "\"}")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("_id");
    }

    @Test
    void anUpdateIsRevertedAndTheRevertIsAuditedWithRevertedFrom() throws Exception {
        String id = config("first");
        Api.patch(admin, "configs/" + id, "{\"value\": 2, \"description\": \"second\"}")
                .then()
                .statusCode(200);

        JsonPath h = history(admin, "configs/" + id);
        assertEquals(List.of("update", "create"), h.getList("action"));
        assertEquals(Map.of("before", 1, "after", 2), h.getMap("[0].payload.changes.value"));
        assertEquals(Map.of("before", "first", "after", "second"), h.getMap("[0].payload.changes.description"));
        long update = h.getLong("[0].id");

        Response reverted = post(admin, "configs/" + id + "/_revert", "{\"audit_id\": " + update + "}");
        reverted.then().statusCode(200);
        assertEquals(1, reverted.jsonPath().getInt("value"));
        assertEquals("first", reverted.jsonPath().getString("description"));
        assertTrue(reverted.header("ETag") != null);

        Map<String, Object> audited = latestAudit("configs", id);
        assertEquals(((Number) audited.get("reverted_from")).longValue(), update);
        assertEquals(Map.of("before", 2, "after", 1), ((Map<?, ?>) audited.get("changes")).get("value"));
        JsonPath after = history(admin, "configs/" + id);
        assertEquals(List.of("update", "update", "create"), after.getList("action"));
        assertEquals(update, after.getLong("[0].payload.reverted_from"));
    }

    @Test
    void aRevertIsRefusedWhenTheColumnChangedSince() throws Exception {
        String id = config("first");
        Api.patch(admin, "configs/" + id, "{\"value\": 2}").then().statusCode(200);
        long update = history(admin, "configs/" + id).getLong("[0].id");
        Api.patch(admin, "configs/" + id, "{\"value\": 3}").then().statusCode(200);

        Response conflict = post(admin, "configs/" + id + "/_revert", "{\"audit_id\": " + update + "}");
        conflict.then().statusCode(409);
        assertTrue(conflict.asString().contains("value"), conflict.asString());
        assertEquals(
                "3",
                TestDb.column("SELECT value::text FROM warden_configs WHERE id = ?", Long.parseLong(id))
                        .get(0));

        long create = history(admin, "configs/" + id).getLong("[2].id");
        post(admin, "configs/" + id + "/_revert", "{\"audit_id\": " + create + "}")
                .then()
                .statusCode(422);
        post(admin, "configs/" + id + "/_revert", "{\"audit_id\": 999999999}")
                .then()
                .statusCode(404);
        post(admin, "configs/" + id + "/_revert", "{}").then().statusCode(422);
    }

    @Test
    void aDeletedRowIsRestoredWithItsKeyOnce() throws Exception {
        String id = config("to be deleted");
        Api.session(admin).delete("/admin-api/configs/" + id).then().statusCode(200);
        JsonPath h = history(admin, "configs/" + id);
        assertEquals("delete", h.getString("[0].action"));
        long deleted = h.getLong("[0].id");

        Response restored = post(admin, "configs/_restore", "{\"audit_id\": " + deleted + "}");
        restored.then().statusCode(201);
        assertEquals(id, restored.jsonPath().getString("_id"));
        assertEquals("to be deleted", restored.jsonPath().getString("description"));
        assertTrue(restored.header("Location").endsWith("/admin-api/configs/" + id));
        Map<String, Object> audited = latestAudit("configs", id);
        assertEquals(deleted, ((Number) audited.get("reverted_from")).longValue());
        assertEquals("to be deleted", ((Map<?, ?>) audited.get("row")).get("description"));
        assertEquals("create", history(admin, "configs/" + id).getString("[0].action"));

        post(admin, "configs/_restore", "{\"audit_id\": " + deleted + "}")
                .then()
                .statusCode(409);
        long create = history(admin, "configs/" + id).getLong("[0].id");
        post(admin, "configs/_restore", "{\"audit_id\": " + create + "}").then().statusCode(422);
    }

    @Test
    void writeOnlyAndCredentialColumnsNeverShowInTheHistory() throws Exception {
        long user = TestDb.user("history-" + TestDb.unique() + "@example.com", "Before", "an old long password");
        Api.patch(admin, "users/" + user, "{\"password\": \"a new long password 1\", \"display_name\": \"After\"}")
                .then()
                .statusCode(200);
        Api.patch(admin, "users/" + user, "{\"email\": \"history-" + TestDb.unique() + "@example.com\"}")
                .then()
                .statusCode(200);
        Response h = Api.session(admin).get("/admin-api/users/" + user + "/_history");
        h.then().statusCode(200);
        String text = h.asString();
        assertFalse(text.contains("password"), text);
        assertFalse(text.contains("(changed)"), text);
        assertEquals(
                Map.of("before", "Before", "after", "After"),
                h.jsonPath().getMap("find { it.payload.changes.display_name != null }.payload.changes.display_name"));
    }

    @Test
    void unreadableColumnsNeverShowAndCannotBeReverted() throws Exception {
        Api.Identity m = Api.signedIn("mod", "contacts");
        long contact =
                TestDb.insert("INSERT INTO game_contacts (name, salary, note) VALUES ('H', 100, 'a') RETURNING id");
        Api.patch(admin, "contacts/" + contact, "{\"salary\": 200, \"note\": \"b\"}")
                .then()
                .statusCode(200);

        JsonPath asAdmin = history(admin, "contacts/" + contact);
        assertEquals(Map.of("before", 100, "after", 200), asAdmin.getMap("[0].payload.changes.salary"));
        JsonPath asMod = history(m.cookie(), "contacts/" + contact);
        assertEquals(Map.of("before", "a", "after", "b"), asMod.getMap("[0].payload.changes.note"));
        assertFalse(asMod.getMap("[0].payload.changes").containsKey("salary"));

        Response refused =
                post(m.cookie(), "contacts/" + contact + "/_revert", "{\"audit_id\": " + asMod.getLong("[0].id") + "}");
        refused.then().statusCode(403);
        assertTrue(refused.asString().contains("salary"), refused.asString());
        assertEquals(200, TestDb.scalar("SELECT salary FROM game_contacts WHERE id = ?", contact));

        String user = Api.signedIn("user", null).cookie();
        post(user, "contacts/" + contact + "/_revert", "{\"audit_id\": " + asMod.getLong("[0].id") + "}")
                .then()
                .statusCode(403);
        Api.session(Api.signedIn("mod", "calls").cookie())
                .get("/admin-api/contacts/" + contact + "/_history")
                .then()
                .statusCode(403);
    }
}
