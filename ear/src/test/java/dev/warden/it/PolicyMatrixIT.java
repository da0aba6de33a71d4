package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warden.it.support.AccessMatrix;
import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.TestDb;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Configured policies cell by cell (docs/admin-api.md, "Authentication" rules 5 and 6), and the
 * {@code Moderation} EJB used from an integrator's code: the test extension's {@code openNotes}
 * ({@code everyone} on every action), {@code staffNotes} ({@code ['admin', 'mod']}) and {@code lockedNotes}
 * ({@code deny}) against admin, a mod scoped to the resource, a mod scoped elsewhere, a plain user and
 * anonymous. The catalog's {@code can} flags must agree with what the endpoints do.
 */
@SharedDeployment(Ear.WARDEN_WITH_TEST_EXTENSION)
class PolicyMatrixIT {

    private static final String PASSWORD = "policy password 1";

    private Map<String, String> sessions;

    @BeforeEach
    void identities() throws Exception {
        sessions = AccessMatrix.identities(List.of("openNotes", "staffNotes", "lockedNotes"));
    }

    private static String table(String key) {
        return switch (key) {
            case "openNotes" -> "game_open_notes";
            case "staffNotes" -> "game_staff_notes";
            default -> "game_locked_notes";
        };
    }

    private int call(String who, String action, String key) throws Exception {
        String cookie = sessions.get(who);
        RequestSpecification request =
                (cookie == null ? Api.anonymous() : Api.session(cookie)).contentType("application/json");
        long id = TestDb.insert("INSERT INTO " + table(key) + " (body) VALUES (?) RETURNING id", "n" + TestDb.unique());
        int status =
                switch (action) {
                    case "list" -> request.get("/admin-api/" + key).statusCode();
                    case "read" -> request.get("/admin-api/" + key + "/" + id).statusCode();
                    case "create" ->
                        request.body("{\"body\": \"created by " + who + "\"}")
                                .post("/admin-api/" + key)
                                .statusCode();
                    case "update" ->
                        request.body("{\"body\": \"changed\"}")
                                .patch("/admin-api/" + key + "/" + id)
                                .statusCode();
                    default -> request.delete("/admin-api/" + key + "/" + id).statusCode();
                };
        long left = TestDb.scalar("SELECT count(*) FROM " + table(key) + " WHERE id = ?", id);
        if ("delete".equals(action) && status < 300 ? left != 0 : left != 1) {
            throw new AssertionError(
                    who + " " + action + " " + key + " answered " + status + " but the row count is " + left);
        }
        return status;
    }

    /** The catalog's {@code can} flags of {@code key} for {@code who}, in ACTIONS order; all false when absent. */
    private List<Boolean> catalogFlags(String who, String key) {
        Response response = Api.session(sessions.get(who)).get("/admin-api");
        response.then().statusCode(200);
        Map<String, Boolean> can =
                JsonPath.from(response.asString()).getMap("resources.find { it.key == '" + key + "' }.can");
        List<Boolean> flags = new ArrayList<>();
        for (String action : AccessMatrix.ACTIONS) {
            flags.add(can != null && Boolean.TRUE.equals(can.get(action)));
        }
        return flags;
    }

    private void check(String key, Map<String, List<Integer>> expected) throws Exception {
        Map<String, List<Integer>> observed = AccessMatrix.observe(expected, (who, action) -> call(who, action, key));
        List<String> wrong = new ArrayList<>(AccessMatrix.differences(key, expected, observed));
        observed.forEach((who, statuses) -> {
            if (who.equals("admin") || who.startsWith("mod:")) {
                List<Boolean> allowed =
                        statuses.stream().map(status -> status < 300).toList();
                List<Boolean> flags = catalogFlags(who, key);
                if (!flags.equals(allowed)) {
                    wrong.add(who + " catalog can flags of " + key + ": " + flags + " but the endpoints allowed "
                            + allowed);
                }
            }
        });
        assertEquals(List.of(), wrong);
    }

    @Test
    void everyoneLetsEverySignedInIdentityDoEverything() throws Exception {
        Map<String, List<Integer>> expected = new LinkedHashMap<>();
        for (String who : List.of("admin", "mod:openNotes", "mod:elsewhere", "user")) {
            expected.put(who, List.of(200, 200, 201, 200, 200));
        }
        expected.put("anonymous", List.of(401, 401, 401, 401, 401));
        check("openNotes", expected);
    }

    @Test
    void adminAndModMeansAnyModWhateverTheirScope() throws Exception {
        Map<String, List<Integer>> expected = new LinkedHashMap<>();
        for (String who : List.of("admin", "mod:staffNotes", "mod:elsewhere")) {
            expected.put(who, List.of(200, 200, 201, 200, 200));
        }
        expected.put("user", List.of(403, 403, 403, 403, 403));
        expected.put("anonymous", List.of(401, 401, 401, 401, 401));
        check("staffNotes", expected);
    }

    @Test
    void denyBlocksEveryoneAdminsIncluded() throws Exception {
        Map<String, List<Integer>> expected = new LinkedHashMap<>();
        for (String who : List.of("admin", "mod:lockedNotes", "mod:elsewhere", "user")) {
            expected.put(who, List.of(403, 403, 403, 403, 403));
        }
        expected.put("anonymous", List.of(401, 401, 401, 401, 401));
        check("lockedNotes", expected);
    }

    @Test
    void integratorCodeAssignsAndRemovesModScopesThroughTheModerationEjb() throws Exception {
        String tag = TestDb.unique();
        String email = "p-player-" + tag + "@example.com";
        long player = TestDb.panelUser(email, "Player", PASSWORD);
        String season = "p" + tag;
        TestDb.update("INSERT INTO game_season_scores (season, user_id, points) VALUES (?, ?, 1)", season, player);
        String id = Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(("[\"" + season + "\"," + player + "]").getBytes(StandardCharsets.UTF_8));
        String playerSession = Api.login(email, PASSWORD);
        String admin = sessions.get("admin");

        Api.patch(playerSession, "seasonScores/" + id, "{\"points\": 2}").then().statusCode(403);
        Api.session(playerSession).get("/admin-api").then().statusCode(403);

        Api.post(admin, "seasonScores/_action/makeSeasonMod", "{\"id\": \"" + id + "\"}")
                .then()
                .statusCode(200)
                .body("result.changed", equalTo(true))
                .body("result.canUpdate", equalTo(true))
                .body("result.canDelete", equalTo(false));
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_roles WHERE user_id = ? AND role = 'mod' "
                                + "AND resource = 'seasonScores'",
                        player));
        Api.post(admin, "seasonScores/_action/makeSeasonMod", "{\"id\": \"" + id + "\"}")
                .then()
                .statusCode(200)
                .body("result.changed", equalTo(false));
        // the same session: roles are read on every request
        Api.patch(playerSession, "seasonScores/" + id, "{\"points\": 2}").then().statusCode(200);
        Api.session(playerSession)
                .get("/admin-api")
                .then()
                .statusCode(200)
                .body("operator.role", equalTo("mod"))
                .body("operator.scopes", equalTo(List.of("seasonScores")));

        Api.post(admin, "seasonScores/_action/dropSeasonMod", "{\"id\": \"" + id + "\"}")
                .then()
                .statusCode(200)
                .body("result.changed", equalTo(true))
                .body("result.canUpdate", equalTo(false));
        Api.patch(playerSession, "seasonScores/" + id, "{\"points\": 3}").then().statusCode(403);
        assertEquals(
                2,
                TestDb.scalar(
                        "SELECT points FROM game_season_scores WHERE season = ? AND user_id = ?", season, player));
    }
}
