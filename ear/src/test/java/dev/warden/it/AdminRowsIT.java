package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The catalog, list and read on the built-in resources (docs/admin-api.md, "Endpoints" and "List query parameters" and "Rows" and "Catalog").
 */
@SharedDeployment
class AdminRowsIT {

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

    private String admin;

    @BeforeEach
    void signIn() throws Exception {
        admin = Api.signedIn("admin", null).cookie();
    }

    @Test
    void theCatalogListsTheNineBuiltInResourcesInSidebarOrderThenTheHostingTables() {
        JsonPath catalog = Api.session(admin)
                .get("/admin-api")
                .then()
                .statusCode(200)
                .body("operator.role", equalTo("admin"))
                .extract()
                .jsonPath();
        List<String> keys = catalog.getList("resources.key");
        assertEquals(BUILT_IN, keys.subList(0, BUILT_IN.size()));
        // the hosting tables follow, registered through the extension API (dev.warden.hosting.panel.HostingPanel),
        // then the live rooms (dev.warden.rooms.admin.RoomsPanel)
        assertEquals(
                List.of(
                        "teams",
                        "teamMembers",
                        "apiTokens",
                        "applications",
                        "locations",
                        "instances",
                        "deploys",
                        "egressDays",
                        "billingAccounts",
                        "subscriptions",
                        "rooms"),
                keys.subList(BUILT_IN.size(), keys.size()));
        assertEquals("Cloud Saves", catalog.getString("resources.find { it.key == 'cloudSaves' }.label"));
        assertEquals("Audit log", catalog.getString("resources.find { it.key == 'adminAudit' }.label"));
        assertEquals("warden_cloud_saves", catalog.getString("resources.find { it.key == 'cloudSaves' }.table"));
        assertEquals(
                "users",
                catalog.getString(
                        "resources.find { it.key == 'cloudSaves' }.columns.find { it.name == 'user_id' }.link_to.resource"));
        assertEquals(
                List.of("leaderboard_id", "user_id"),
                catalog.getList("resources.find { it.key == 'leaderboardEntries' }.primary_key"));
        List<String> userColumns = catalog.getList("resources.find { it.key == 'users' }.columns.name");
        assertTrue(
                userColumns.containsAll(List.of("id", "email", "display_name", "ban", "token_version")),
                userColumns.toString());
        assertTrue(!userColumns.contains("password_hash"), "password_hash never leaves the server");
        assertEquals(Boolean.FALSE, catalog.get("resources.find { it.key == 'adminAudit' }.can.create"));
    }

    @Test
    void roleUserMayNotOpenTheCatalog() throws Exception {
        String email = "plain-" + TestDb.unique() + "@example.com";
        TestDb.panelUser(email, "Plain", PASSWORD);
        Api.session(Api.login(email, PASSWORD))
                .get("/admin-api")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("forbidden"));
    }

    @Test
    void listUsersHonoursTheWindowSortAndTotalCount() throws Exception {
        String tag = TestDb.unique();
        for (int i = 0; i < 5; i++) {
            TestDb.user("list-" + tag + "-" + i + "@example.com", "List " + i, null);
        }
        long total = TestDb.scalar("SELECT count(*) FROM warden_users");
        List<String> expected =
                TestDb.column("SELECT email FROM warden_users ORDER BY email DESC, id ASC LIMIT 3 OFFSET 2");

        Response page = Api.session(admin)
                .queryParam("_start", 2)
                .queryParam("_end", 5)
                .queryParam("_sort", "email")
                .queryParam("_order", "DESC")
                .get("/admin-api/users");
        page.then().statusCode(200).contentType(ContentType.JSON).header("X-Total-Count", String.valueOf(total));
        assertTrue(page.header("Access-Control-Expose-Headers").contains("X-Total-Count"));
        assertEquals(expected, page.jsonPath().getList("email"));
        assertEquals(3, page.jsonPath().getList("$").size());
        page.then()
                .body("[0]", not(hasKey("password_hash")))
                .body("[0]._id", equalTo(String.valueOf(page.jsonPath().getLong("[0].id"))));
    }

    @Test
    void theDefaultWindowIsOneHundredRowsSortedByIdDescending() throws Exception {
        String tag = TestDb.unique();
        for (int i = 0; i < 101; i++) {
            TestDb.user("window-" + tag + "-" + i + "@example.com", null, null);
        }
        List<String> expected = TestDb.column("SELECT id FROM warden_users ORDER BY id DESC LIMIT 100");
        Response page = Api.session(admin).get("/admin-api/users");
        page.then().statusCode(200);
        assertEquals(
                expected,
                page.jsonPath().getList("id").stream().map(String::valueOf).toList());
        assertEquals(String.valueOf(TestDb.scalar("SELECT count(*) FROM warden_users")), page.header("X-Total-Count"));
    }

    @Test
    void badListParametersAre422NamingTheParameter() {
        Api.session(admin)
                .queryParam("_sort", "password_hash")
                .get("/admin-api/users")
                .then()
                .statusCode(422)
                .body("error.code", equalTo("invalid_request"))
                .body("error.fields", hasKey("_sort"));
        Api.session(admin)
                .queryParam("_start", "x")
                .get("/admin-api/users")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("_start"));
        Api.session(admin)
                .queryParam("_start", 0)
                .queryParam("_end", 5000)
                .get("/admin-api/users")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("_end"));
        Api.session(admin)
                .queryParam("_sort", "email")
                .queryParam("_order", "sideways")
                .get("/admin-api/users")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("_order"));
    }

    @Test
    void readByIdReturnsTheRowWithLabelsOfItsForeignKeys() throws Exception {
        String tag = TestDb.unique();
        long user = TestDb.user("saver-" + tag + "@example.com", "Saver " + tag, null);
        long save = TestDb.insert(
                "INSERT INTO warden_cloud_saves (user_id, slot, data) VALUES (?, 'slot-1', "
                        + "'{\"level\": 7}'::jsonb) RETURNING id",
                user);

        Api.session(admin)
                .get("/admin-api/cloudSaves/" + save)
                .then()
                .log()
                .ifValidationFails()
                .statusCode(200)
                .body("id", equalTo((int) save))
                .body("_id", equalTo(String.valueOf(save)))
                .body("user_id", equalTo((int) user))
                .body("slot", equalTo("slot-1"))
                .body("data.level", equalTo(7))
                .body("_labels.user_id", equalTo("Saver " + tag));
    }

    @Test
    void readByCompositeIdUsesBase64urlOfTheKeyArray() throws Exception {
        String tag = TestDb.unique();
        long user = TestDb.user("scorer-" + tag + "@example.com", "Scorer " + tag, null);
        long board = TestDb.insert("INSERT INTO warden_leaderboards (name) VALUES (?) RETURNING id", "board-" + tag);
        TestDb.update(
                "INSERT INTO warden_leaderboard_entries (leaderboard_id, user_id, score) VALUES (?, ?, 4242)",
                board,
                user);
        String id = Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(("[" + board + "," + user + "]").getBytes(StandardCharsets.UTF_8));

        Api.session(admin)
                .get("/admin-api/leaderboardEntries/" + id)
                .then()
                .statusCode(200)
                .body("leaderboard_id", equalTo((int) board))
                .body("user_id", equalTo((int) user))
                .body("score", equalTo(4242))
                .body("_id", equalTo(id))
                .body("_labels.leaderboard_id", equalTo("board-" + tag))
                .body("_labels.user_id", equalTo("Scorer " + tag));

        List<String> ids = Api.session(admin)
                .queryParam("_sort", "score")
                .queryParam("_order", "desc")
                .queryParam("_end", 1000)
                .get("/admin-api/leaderboardEntries")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("_id");
        assertTrue(ids.contains(id), "the list gives the same _id");
    }

    @Test
    void unknownResourcesAndRowsAre404NotFound() {
        Api.session(admin)
                .get("/admin-api/noSuchResource")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
        Api.session(admin)
                .get("/admin-api/noSuchResource/1")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
        Api.session(admin)
                .get("/admin-api/users/999999999")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
        Api.session(admin)
                .get("/admin-api/users/not-a-number")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
        Api.session(admin)
                .get("/admin-api/leaderboardEntries/garbage")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
    }

    @Test
    void everyBuiltInResourceListsAndReadsItsFirstRow() throws Exception {
        long user = TestDb.user("every-" + TestDb.unique() + "@example.com", "Every", null);
        long board = TestDb.insert(
                "INSERT INTO warden_leaderboards (name) VALUES (?) RETURNING id", "every-" + TestDb.unique());
        TestDb.update(
                "INSERT INTO warden_leaderboard_entries (leaderboard_id, user_id, score) VALUES (?, ?, 1)",
                board,
                user);
        TestDb.update("INSERT INTO warden_cloud_saves (user_id, slot) VALUES (?, 'every')", user);
        TestDb.update(
                "INSERT INTO warden_configs (key, value) VALUES (?, '{\"a\": 1}'::jsonb)", "cfg." + TestDb.unique());
        TestDb.update(
                "INSERT INTO warden_analytics_events (user_id, name, properties) VALUES (?, 'match_end', '{}'::jsonb)",
                user);
        TestDb.update("INSERT INTO warden_user_notes (user_id, body) VALUES (?, 'note')", user);
        TestDb.update(
                "INSERT INTO warden_admin_audit (action, resource, target_id) VALUES ('create', 'users', ?)",
                String.valueOf(user));
        for (String key : BUILT_IN) {
            Response list = Api.session(admin).queryParam("_end", 1).get("/admin-api/" + key);
            list.then().statusCode(200);
            assertTrue(Long.parseLong(list.header("X-Total-Count")) >= 1, key);
            String id = list.jsonPath().getString("[0]._id");
            Api.session(admin)
                    .get("/admin-api/" + key + "/" + id)
                    .then()
                    .statusCode(200)
                    .body("_id", equalTo(id));
        }
    }
}
