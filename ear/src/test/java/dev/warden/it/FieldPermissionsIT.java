package dev.warden.it;

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
 * Field-level permissions on the test extension's {@code contacts}: {@code name} and
 * {@code email} readable by admins and mods, {@code email} writable by admins only, {@code salary},
 * {@code secret} and {@code handler_id} admins only. A column the caller may not read is absent from list,
 * read, relation rows, {@code _labels} and the catalog; filtering or sorting on it is the same 422 as for an
 * unknown column and {@code _q} never matches through it; a body writing a column the caller may not write is 403
 * naming it; a mod's scope still decides first; the catalog marks what the caller may not write.
 */
@SharedDeployment(Ear.WARDEN_WITH_TEST_EXTENSION)
class FieldPermissionsIT {

    private String admin;
    private String mod; // scoped to contacts and calls
    private String otherMod; // scoped to calls only
    private String user;
    private long contact;
    private long call;
    private String secret;

    @BeforeEach
    void data() throws Exception {
        admin = Api.signedIn("admin", null).cookie();
        Api.Identity m = Api.signedIn("mod", "contacts");
        TestDb.insert(
                "INSERT INTO warden_roles (user_id, role, resource) VALUES (?, 'mod', 'calls') RETURNING user_id",
                m.id());
        mod = m.cookie();
        otherMod = Api.signedIn("mod", "calls").cookie();
        user = Api.signedIn("user", null).cookie();
        secret = "secret-" + TestDb.unique();
        long handler = TestDb.user("handler-" + TestDb.unique() + "@example.com", "Handler", null);
        contact = TestDb.insert(
                "INSERT INTO game_contacts (name, email, salary, secret, handler_id, note) "
                        + "VALUES (?, ?, 5000, ?, ?, 'n') RETURNING id",
                "Contact " + secret,
                secret + "@example.com",
                secret,
                handler);
        call = TestDb.insert(
                "INSERT INTO game_contact_calls (contact_id, topic) VALUES (?, 'topic') RETURNING id", contact);
    }

    private static Map<String, Object> read(String cookie, String path) {
        return Api.session(cookie)
                .get("/admin-api/" + path)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getMap("$");
    }

    @Test
    void unreadableColumnsAreAbsentFromListReadAndRelationRows() {
        Map<String, Object> asAdmin = read(admin, "contacts/" + contact);
        assertEquals(5000, asAdmin.get("salary"));
        assertEquals(secret, asAdmin.get("secret"));
        assertTrue(asAdmin.containsKey("handler_id"));
        assertTrue(((Map<?, ?>) asAdmin.get("_labels")).containsKey("handler_id"));

        Map<String, Object> asMod = read(mod, "contacts/" + contact);
        assertEquals(secret + "@example.com", asMod.get("email"));
        for (String hidden : List.of("salary", "secret", "handler_id")) {
            assertFalse(asMod.containsKey(hidden), hidden + " is not the mod's to read");
        }
        assertFalse(((Map<?, ?>) asMod.get("_labels")).containsKey("handler_id"));

        Map<String, Object> asUser = read(user, "contacts/" + contact);
        for (String hidden : List.of("name", "email", "salary", "secret", "handler_id")) {
            assertFalse(asUser.containsKey(hidden), hidden + " is not the user's to read");
        }
        assertEquals("n", asUser.get("note"));

        List<Map<String, Object>> listed = Api.session(mod)
                .get("/admin-api/contacts?id=" + contact)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$");
        assertEquals(1, listed.size());
        assertFalse(listed.get(0).containsKey("salary"));
        assertTrue(listed.get(0).containsKey("email"));

        String relation = relationTo(mod, "calls", "contacts");
        List<Map<String, Object>> related = Api.session(mod)
                .get("/admin-api/calls/" + call + "/relations/" + relation)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$");
        assertEquals(1, related.size());
        assertFalse(related.get(0).containsKey("salary"), "relation rows are the target as the caller reads it");
        assertTrue(related.get(0).containsKey("email"));
        Api.session(mod)
                .get("/admin-api/calls/" + call + "/relations/" + relation + "?salary=5000")
                .then()
                .statusCode(422);
    }

    /** The name of the relation of {@code key} whose target is {@code target}, from the caller's catalog. */
    private static String relationTo(String cookie, String key, String target) {
        return Api.session(cookie)
                .get("/admin-api")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("resources.find { it.key == '" + key + "' }.relations.find { it.target == '" + target
                        + "' }.name");
    }

    @Test
    void aLabelIsShownOnlyToWhoMayReadTheLabelColumn() {
        Map<?, ?> modLabels = (Map<?, ?>) read(mod, "calls/" + call).get("_labels");
        assertEquals("Contact " + secret, modLabels.get("contact_id"));
        Map<?, ?> userLabels = (Map<?, ?>) read(user, "calls/" + call).get("_labels");
        assertNull(userLabels.get("contact_id"), "the user may not read contacts.name, the label column");
        List<Map<String, Object>> listed = Api.session(user)
                .get("/admin-api/calls?id=" + call)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$");
        assertFalse(((Map<?, ?>) listed.get(0).get("_labels")).containsKey("contact_id"));
    }

    @Test
    void filterSortAndSearchOnAnUnreadableColumnAreThoseOfAnUnknownColumn() {
        String unknown = Api.session(mod)
                .get("/admin-api/contacts?nosuchcolumn=5000")
                .then()
                .statusCode(422)
                .extract()
                .asString();
        String hidden = Api.session(mod)
                .get("/admin-api/contacts?salary=5000")
                .then()
                .statusCode(422)
                .extract()
                .asString();
        assertEquals(unknown.replace("nosuchcolumn", "salary"), hidden);
        String unknownSort = Api.session(mod)
                .get("/admin-api/contacts?_sort=nosuchcolumn")
                .then()
                .statusCode(422)
                .extract()
                .asString();
        String hiddenSort = Api.session(mod)
                .get("/admin-api/contacts?_sort=salary")
                .then()
                .statusCode(422)
                .extract()
                .asString();
        assertEquals(unknownSort.replace("nosuchcolumn", "salary"), hiddenSort);
        Api.session(mod).get("/admin-api/contacts?secret_like=" + secret).then().statusCode(422);
        Api.session(admin)
                .get("/admin-api/contacts?salary=5000&id=" + contact)
                .then()
                .statusCode(200);

        assertEquals(
                1,
                Api.session(admin)
                        .get("/admin-api/contacts?_q=" + secret.substring(7) + "&id=" + contact)
                        .jsonPath()
                        .getList("$")
                        .size());
        // the mod reads name and email, which contain the text too; the secret column alone must not match
        String onlyInSecret = "zz" + TestDb.unique();
        long other;
        try {
            other = TestDb.insert(
                    "INSERT INTO game_contacts (name, secret) VALUES ('Other', ?) RETURNING id", onlyInSecret);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        assertEquals(
                1,
                Api.session(admin)
                        .get("/admin-api/contacts?_q=" + onlyInSecret)
                        .jsonPath()
                        .getList("$")
                        .size());
        assertEquals(
                0,
                Api.session(mod)
                        .get("/admin-api/contacts?_q=" + onlyInSecret)
                        .jsonPath()
                        .getList("$")
                        .size(),
                "no oracle through _q");
        assertTrue(other > 0);
    }

    @Test
    void writingAColumnTheCallerMayNotWriteIs403NamingIt() throws Exception {
        Response refused = Api.patch(mod, "contacts/" + contact, "{\"note\": \"m\", \"email\": \"new@example.com\"}");
        refused.then().statusCode(403);
        assertTrue(refused.asString().contains("email"), refused.asString());
        Api.patch(mod, "contacts/" + contact, "{\"salary\": 1}").then().statusCode(403);
        assertEquals(5000, TestDb.scalar("SELECT salary FROM game_contacts WHERE id = ?", contact));
        assertEquals(
                "n",
                TestDb.column("SELECT note FROM game_contacts WHERE id = ?", contact)
                        .get(0));

        // the row read and sent back whole: the unchanged email is accepted and ignored
        Map<String, Object> row = read(mod, "contacts/" + contact);
        Api.patch(mod, "contacts/" + contact, "{\"note\": \"by mod\", \"email\": \"" + row.get("email") + "\"}")
                .then()
                .statusCode(200);
        assertEquals(
                "by mod",
                TestDb.column("SELECT note FROM game_contacts WHERE id = ?", contact)
                        .get(0));

        Api.patch(admin, "contacts/" + contact, "{\"email\": \"admin@example.com\", \"salary\": 6000}")
                .then()
                .statusCode(200);
        assertEquals(6000, TestDb.scalar("SELECT salary FROM game_contacts WHERE id = ?", contact));
        Api.post(admin, "contacts", "{\"name\": \"Created\", \"salary\": 1}")
                .then()
                .statusCode(201);
    }

    @Test
    void theModScopeStillDecidesFirst() {
        Api.session(otherMod).get("/admin-api/contacts/" + contact).then().statusCode(403);
        Api.session(otherMod).get("/admin-api/contacts?salary=1").then().statusCode(403);
        Map<String, Object> row = read(otherMod, "calls/" + call);
        assertTrue(row.containsKey("contact_id"));
        assertFalse(((Map<?, ?>) row.get("_labels")).containsKey("contact_id"), "contacts is not readable at all");
    }

    @Test
    void theCatalogLeavesOutUnreadableColumnsAndMarksUnwritableOnes() {
        JsonPath modCatalog = Api.session(mod)
                .get("/admin-api")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        List<String> names = modCatalog.getList("resources.find { it.key == 'contacts' }.columns.name");
        assertEquals(List.of("id", "name", "email", "note"), names);
        assertEquals(
                Boolean.TRUE,
                modCatalog.get(
                        "resources.find { it.key == 'contacts' }.columns.find { it.name == 'email' }.read_only"));
        assertEquals(
                Boolean.FALSE,
                modCatalog.get("resources.find { it.key == 'contacts' }.columns.find { it.name == 'note' }.read_only"));
        for (String section : List.of("list.columns", "form.fields", "show.fields")) {
            List<String> fields = modCatalog.getList("resources.find { it.key == 'contacts' }." + section);
            assertFalse(fields.contains("salary"), section);
        }
        assertFalse(modCatalog
                .getList("resources.find { it.key == 'contacts' }.relations.fk", String.class)
                .contains("handler_id"));

        JsonPath adminCatalog = Api.session(admin)
                .get("/admin-api")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertEquals(
                List.of("id", "name", "email", "salary", "secret", "handler_id", "note"),
                adminCatalog.getList("resources.find { it.key == 'contacts' }.columns.name"));
        assertEquals(
                Boolean.FALSE,
                adminCatalog.get(
                        "resources.find { it.key == 'contacts' }.columns.find { it.name == 'email' }.read_only"));
    }
}
