package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Ban, unban, revoke-sessions and the sessions list (docs/admin-api.md, "Endpoints": the users rows). */
@SharedDeployment
class UsersModerationIT {

    private static final String PASSWORD = "moderation password";

    private String admin;
    private long player;
    private String playerEmail;

    @BeforeEach
    void data() throws Exception {
        admin = Api.signedIn("admin", null).cookie();
        playerEmail = "player-" + TestDb.unique() + "@example.com";
        player = TestDb.panelUser(playerEmail, "Player", PASSWORD);
    }

    @Test
    void banEndsTheSessionsBlocksLoginAndIsAudited() throws Exception {
        String playerSession = Api.login(playerEmail, PASSWORD);
        Api.login(playerEmail, PASSWORD);
        Api.session(admin)
                .get("/admin-api/users/" + player + "/sessions")
                .then()
                .statusCode(200)
                .body("size()", equalTo(2))
                .body("[0]", hasKey("user_agent"));

        Api.session(admin)
                .contentType("application/json")
                .header("User-Agent", "moderation-test")
                .body(Map.of("reason", "cheating", "until", "2099-01-01T00:00:00Z"))
                .post("/admin-api/users/" + player + "/ban")
                .then()
                .statusCode(200)
                .body("sessions_closed", equalTo(2))
                .body("user.ban.reason", equalTo("cheating"))
                .body("user.ban.until", equalTo("2099-01-01T00:00:00Z"))
                .body("user.token_version", equalTo(1));
        Api.session(playerSession).get("/admin-api/auth/me").then().statusCode(401);
        Api.anonymous()
                .contentType("application/json")
                .body(Map.of("email", playerEmail, "password", PASSWORD))
                .post("/admin-api/auth/login")
                .then()
                .statusCode(403);
        assertEquals(
                List.of("cheating|2|moderation-test"),
                TestDb.column(
                        "SELECT (payload->>'reason') || '|' || "
                                + "(payload->>'sessionsClosed') || '|' || (payload->>'userAgent') FROM warden_admin_audit "
                                + "WHERE action = 'user.ban' AND resource = 'users' AND target_id = ?",
                        String.valueOf(player)));

        Api.session(admin)
                .post("/admin-api/users/" + player + "/unban")
                .then()
                .statusCode(200)
                .body("user.ban", nullValue());
        Api.login(playerEmail, PASSWORD);
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'user.unban' AND target_id = ?",
                        String.valueOf(player)));
    }

    @Test
    void revokeSessionsBumpsTheTokenVersion() throws Exception {
        String playerSession = Api.login(playerEmail, PASSWORD);
        Api.session(admin)
                .post("/admin-api/users/" + player + "/revoke-sessions")
                .then()
                .statusCode(200)
                .body("sessions_closed", equalTo(1))
                .body("token_version", equalTo(1));
        Api.session(playerSession).get("/admin-api/auth/me").then().statusCode(401);
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'user.revoke_sessions' "
                                + "AND target_id = ?",
                        String.valueOf(player)));
    }

    @Test
    void badBansAre422AndUnknownUsers404AndModsNeedTheUsersScope() throws Exception {
        Api.session(admin)
                .contentType("application/json")
                .body(Map.of("reason", "x".repeat(501)))
                .post("/admin-api/users/" + player + "/ban")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("reason"));
        Api.session(admin)
                .contentType("application/json")
                .body(Map.of("until", "tomorrow"))
                .post("/admin-api/users/" + player + "/ban")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("until"));
        Api.session(admin)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/users/999999999/ban")
                .then()
                .statusCode(404);
        String otherMod = "mod-" + TestDb.unique() + "@example.com";
        TestDb.userWithRole(otherMod, PASSWORD, "mod", "configs");
        Api.session(Api.login(otherMod, PASSWORD))
                .post("/admin-api/users/" + player + "/revoke-sessions")
                .then()
                .statusCode(403);
        String usersMod = "mod-" + TestDb.unique() + "@example.com";
        TestDb.userWithRole(usersMod, PASSWORD, "mod", "users");
        String usersModSession = Api.login(usersMod, PASSWORD);
        // a mod scoped to users bans players (no role row), never a panel account such as this role-user row
        Api.session(usersModSession)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/users/" + player + "/ban")
                .then()
                .statusCode(403);
        long gamer = TestDb.user("gamer-" + TestDb.unique() + "@example.com", "Gamer", PASSWORD);
        Api.session(usersModSession)
                .contentType("application/json")
                .body("{}")
                .post("/admin-api/users/" + gamer + "/ban")
                .then()
                .statusCode(200);
    }
}
