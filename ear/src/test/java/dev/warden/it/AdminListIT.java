package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The list convention: filters of every operator with type conversion, {@code _q}/{@code q}, repeated keys,
 * multi-column sort, exact, estimated and explicitly exact counts ({@code _count}, "Counts"), {@code _counts} and relation rows (docs/admin-api.md, "List query parameters" and "Rows" rules 8 and 9).
 */
@SharedDeployment
class AdminListIT {

    private String admin;
    private String tag;
    private final List<Long> users = new ArrayList<>();

    @BeforeEach
    void data() throws Exception {
        admin = Api.signedIn("admin", null).cookie();
        tag = TestDb.unique();
        users.clear();
        String[] names = {"Alice Zed", "Bob 100%_off", "Carol", "Dave", "Eve"};
        for (int i = 0; i < names.length; i++) {
            long id = TestDb.user("f" + i + "-" + tag + "@example.com", names[i] + " " + tag, null);
            TestDb.update(
                    "UPDATE warden_users SET token_version = ?, last_login_at = ?::timestamptz, "
                            + "created_at = ?::timestamptz WHERE id = ?",
                    i,
                    "2026-01-0" + (i + 1) + "T10:00:00Z",
                    "2025-12-0" + (i + 1) + "T00:00:00Z",
                    id);
            users.add(id);
        }
        TestDb.update("UPDATE warden_users SET ban = '{\"reason\": \"spam\"}'::jsonb WHERE id = ?", users.get(4));
    }

    private List<Long> ids(Response response) {
        response.then().statusCode(200);
        return response.jsonPath().getList("id", Long.class);
    }

    private Response list(Object... namesAndValues) {
        return withParams(Api.session(admin).queryParam("email_like", tag).queryParam("_sort", "id"), namesAndValues)
                .get("/admin-api/users");
    }

    /** {@code request} with the query parameters of the name/value pairs. */
    private static RequestSpecification withParams(RequestSpecification request, Object... namesAndValues) {
        for (int i = 0; i < namesAndValues.length; i += 2) {
            request = request.queryParam((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return request;
    }

    @Test
    void everyOperatorFiltersWithTheColumnsType() {
        assertEquals(users, ids(list()));
        assertEquals(List.of(users.get(2)), ids(list("token_version", "2")));
        assertEquals(List.of(users.get(2)), ids(list("token_version_eq", "2")));
        assertEquals(
                List.of(users.get(0), users.get(1), users.get(3), users.get(4)), ids(list("token_version_ne", "2")));
        assertEquals(List.of(users.get(3), users.get(4)), ids(list("token_version_gt", "2")));
        assertEquals(List.of(users.get(2), users.get(3), users.get(4)), ids(list("token_version_gte", "2")));
        assertEquals(List.of(users.get(0), users.get(1)), ids(list("token_version_lt", "2")));
        assertEquals(List.of(users.get(0), users.get(1), users.get(2)), ids(list("token_version_lte", "2")));
        assertEquals(List.of(users.get(1), users.get(3)), ids(list("token_version_in", "1,3")));
        assertEquals(
                List.of(users.get(1), users.get(3)),
                ids(Api.session(admin)
                        .queryParam("email_like", tag)
                        .queryParam("_sort", "id")
                        .queryParam("token_version", "1")
                        .queryParam("token_version", "3")
                        .get("/admin-api/users")));
        // timestamps: with offset, without (UTC), and a bare date (midnight UTC)
        assertEquals(List.of(users.get(3), users.get(4)), ids(list("last_login_at_gte", "2026-01-04T10:00:00Z")));
        assertEquals(List.of(users.get(3), users.get(4)), ids(list("last_login_at_gt", "2026-01-04T09:00:00")));
        assertEquals(List.of(users.get(0), users.get(1)), ids(list("created_at_lt", "2025-12-03")));
        assertEquals(List.of(users.get(2)), ids(list("created_at", "2025-12-03T01:00:00+01:00")));
        // jsonb equality with a JSON value
        assertEquals(List.of(users.get(4)), ids(list("ban", "{\"reason\":\"spam\"}")));
        // case-insensitive substring, wildcards taken literally
        assertEquals(List.of(users.get(0)), ids(list("display_name_like", "aLiCe")));
        assertEquals(List.of(users.get(1)), ids(list("display_name_like", "100%_")));
        assertEquals(List.of(), ids(list("display_name_like", "Zed%")));
        assertEquals(List.of(users.get(2)), ids(list("id_like", String.valueOf(users.get(2)))));
    }

    @Test
    void searchMatchesAnyTextColumnCaseInsensitively() throws Exception {
        assertEquals(
                List.of(users.get(2)),
                ids(Api.session(admin).queryParam("_q", "CAROL " + tag).get("/admin-api/users")));
        assertEquals(
                List.of(users.get(3)),
                ids(Api.session(admin).queryParam("q", "f3-" + tag).get("/admin-api/users")));
        long total = TestDb.scalar(
                "SELECT count(*) FROM warden_users WHERE email ILIKE ? OR display_name ILIKE ?",
                "%" + tag + "%",
                "%" + tag + "%");
        Api.session(admin)
                .queryParam("_q", tag)
                .get("/admin-api/users")
                .then()
                .statusCode(200)
                .header("X-Total-Count", String.valueOf(total))
                .header("X-Total-Count-Kind", "exact");
    }

    @Test
    void multiColumnSortFollowsTheOrderList() throws Exception {
        TestDb.update("UPDATE warden_users SET token_version = 7 WHERE id IN (?, ?)", users.get(0), users.get(3));
        List<String> expected = TestDb.column(
                "SELECT id FROM warden_users WHERE email LIKE ? " + "ORDER BY token_version DESC, email ASC, id ASC",
                "%" + tag + "%");
        Response sorted = Api.session(admin)
                .queryParam("email_like", tag)
                .queryParam("_sort", "token_version,email")
                .queryParam("_order", "DESC,asc")
                .get("/admin-api/users");
        assertEquals(expected, ids(sorted).stream().map(String::valueOf).toList());
    }

    @Test
    void badFilterValuesAndUnknownColumnsAre422NamingTheParameter() {
        Map<String, String> bad = Map.of(
                "token_version", "two",
                "token_version_gt", "1.5",
                "created_at_gte", "2026-13-45",
                "token_version_in", "1,x",
                "nosuchcolumn", "1",
                "email_between", "a",
                "password_hash_like", "PBKDF2",
                "ban_gt", "1");
        bad.forEach((name, value) -> Api.session(admin)
                .queryParam(name, value)
                .get("/admin-api/users")
                .then()
                .statusCode(422)
                .body("error.code", equalTo("invalid_request"))
                .body("error.fields", hasKey(name)));
    }

    @Test
    void twoHundredMalformedOrHostileQueriesGet4xxAndChangeNothing() throws Exception {
        long before = TestDb.scalar("SELECT count(*) FROM warden_users");
        List<Map<String, String>> queries = new ArrayList<>();
        String[] hostileNames = {
            "id;DROP TABLE warden_users",
            "id) OR (1=1",
            "\"id\"",
            "id--",
            "ïd",
            "id_💥",
            "1=1",
            "email' OR '1'='1",
            "_sort_x",
            "id__gt",
            "",
            "id_",
            "_id",
            "_labels",
            "password_hash",
            "users.id",
            "id/*",
            "ID",
            "email_LIKE",
            "id_in_in"
        };
        String[] values = {
            "1",
            "'; DROP TABLE warden_users; --",
            "x",
            "99999999999999999999999",
            "-1e999",
            "2026-02-30",
            "\u0000",
            "☃",
            "NaN",
            "1 OR 1=1"
        };
        for (String name : hostileNames) {
            for (String value : values) {
                queries.add(Map.of(name.isEmpty() ? "=" : name, value));
            }
        }
        String[] badParams = {
            "_start=-1",
            "_start=abc",
            "_end=99999999999999",
            "_start=1e3",
            "_end=0x10",
            "_sort=id;drop",
            "_sort=nosuch",
            "_order=asc;",
            "_order=sideways",
            "_sort=id&_order=asc,desc",
            "token_version=1e2",
            "token_version_in=",
            "created_at=yesterday",
            "last_login_at_lt=2026-01-01T25:00",
            "ban_gte={}",
            "id=9223372036854775808",
            "id_in=1,2,three",
            "token_version_like=" + "x".repeat(300),
            "_q=" + "y".repeat(300),
            "created_at_in=2026-01-01,nope"
        };
        for (String bad : badParams) {
            for (int i = 0; i < 10; i++) {
                String[] parts = bad.split("&");
                Map<String, String> query = new java.util.LinkedHashMap<>();
                for (String part : parts) {
                    int eq = part.indexOf('=');
                    query.put(part.substring(0, eq), part.substring(eq + 1));
                }
                queries.add(query);
            }
        }
        assertTrue(queries.size() >= 200, "queries: " + queries.size());
        for (Map<String, String> query : queries) {
            Response response = Api.session(admin).queryParams(query).get("/admin-api/users");
            int status = response.statusCode();
            assertTrue(status >= 400 && status < 500, query + " gave " + status + ": " + response.asString());
            assertTrue(response.jsonPath().getString("error.code") != null, query + " has no error body");
        }
        assertEquals(before, TestDb.scalar("SELECT count(*) FROM warden_users"));
        // hostile but valid values are plain data: 200, nothing matched, nothing changed
        Api.session(admin)
                .queryParam("email_like", "'; DROP TABLE warden_users; --")
                .get("/admin-api/users")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "0");
        Api.session(admin)
                .queryParam("_q", "\" OR 1=1 --")
                .get("/admin-api/users")
                .then()
                .statusCode(200);
        assertEquals(before, TestDb.scalar("SELECT count(*) FROM warden_users"));
    }

    @Test
    void aLargeMatchGetsAnEstimatedCountAndAnExactOneOnRequest() throws Exception {
        String name = "bulk_" + tag;
        TestDb.update(
                "INSERT INTO warden_analytics_events (name, properties) "
                        + "SELECT ?, jsonb_build_object('n', g) FROM generate_series(1, 12000) g",
                name);
        TestDb.update("ANALYZE warden_analytics_events");
        Response response = events("name", name, "_end", 5);
        response.then().statusCode(200).header("X-Total-Count-Kind", "estimated");
        assertTrue(Long.parseLong(response.header("X-Total-Count")) > 10000, response.header("X-Total-Count"));
        assertEquals(5, response.jsonPath().getList("$").size());
        // the last window is short: its total is exact without a count
        assertTotal(events("name", name, "_start", 11_998, "_end", 12_010), "12000", "exact");
        // an explicit exact count, then the paging that follows keeps it
        assertTotal(events("name", name, "_count", "exact", "_end", 5), "12000", "exact");
        assertTotal(events("name", name, "_start", 5, "_end", 10), "12000", "exact");
        events("name", name, "_count", "planned").then().statusCode(422).body("error.fields", hasKey("_count"));
        assertTotal(events("name", name, "properties", "{\"n\": 7}"), "1", "exact");
    }

    /** {@code GET /admin-api/analyticsEvents} with the given query parameters, as the admin. */
    private Response events(Object... namesAndValues) {
        return withParams(Api.session(admin), namesAndValues).get("/admin-api/analyticsEvents");
    }

    private static void assertTotal(Response response, String total, String kind) {
        response.then().statusCode(200).header("X-Total-Count", total).header("X-Total-Count-Kind", kind);
    }

    @Test
    void countsAndRelationRowsFollowTheForeignKeys() throws Exception {
        long user = users.get(0);
        long board = TestDb.insert("INSERT INTO warden_leaderboards (name) VALUES (?) RETURNING id", "rel-" + tag);
        for (String slot : new String[] {"a", "b", "c"}) {
            TestDb.update("INSERT INTO warden_cloud_saves (user_id, slot) VALUES (?, ?)", user, slot);
        }
        TestDb.update(
                "INSERT INTO warden_leaderboard_entries (leaderboard_id, user_id, score) VALUES (?, ?, 5)",
                board,
                user);
        TestDb.update(
                "INSERT INTO warden_user_notes (user_id, author_id, body) VALUES (?, ?, 'hello')", user, users.get(1));

        Response counts = Api.session(admin).get("/admin-api/users/" + user + "/_counts");
        counts.then()
                .statusCode(200)
                .body("cloudSaves", equalTo(3))
                .body("leaderboardEntries", equalTo(1))
                .body("userNotesUser", equalTo(1))
                .body("userNotesAuthor", equalTo(0));

        Response saves = Api.session(admin)
                .queryParam("_sort", "slot")
                .queryParam("_order", "desc")
                .queryParam("_end", 2)
                .get("/admin-api/users/" + user + "/relations/cloudSaves");
        saves.then().statusCode(200).header("X-Total-Count", "3");
        assertEquals(List.of("c", "b"), saves.jsonPath().getList("slot"));

        Api.session(admin)
                .queryParam("slot", "a")
                .get("/admin-api/users/" + user + "/relations/cloudSaves")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1");

        long save = TestDb.scalar("SELECT id FROM warden_cloud_saves WHERE user_id = ? AND slot = 'a'", user);
        Api.session(admin)
                .get("/admin-api/cloudSaves/" + save + "/relations/user")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1")
                .body("[0].id", equalTo((int) user));

        Api.session(admin)
                .get("/admin-api/users/" + user + "/relations/nope")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
        Api.session(admin).get("/admin-api/users/999999999/_counts").then().statusCode(404);
    }
}
