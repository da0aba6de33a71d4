package dev.warden.it;

import static org.hamcrest.Matchers.anEmptyMap;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Auth hardening (docs/security.md): no privilege escalation by mods, players are not panel
 * accounts, Warden's own additions are not readable by role user, bootstrap needs the setup token, sessions
 * have an idle timeout and a {@code __Host-} cookie over https.
 */
@SharedDeployment
class AuthHardeningIT {

    private static final String PASSWORD = "hardening password";

    private static Response login(String email, String password) {
        return Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", password))
                .post("/admin-api/auth/login");
    }

    // --- point 1 ---------------------------------------------------------------------------------------

    @Test
    void aModScopedToUsersCannotTakeOverAnAdminAtAnyStep() throws Exception {
        String adminEmail = "victim-admin-" + TestDb.unique() + "@example.com";
        long admin = TestDb.userWithRole(adminEmail, PASSWORD, "admin", null);
        String adminSession = Api.login(adminEmail, PASSWORD);
        Api.Identity mod = Api.signedIn("mod", "users");
        long otherMod =
                TestDb.userWithRole("other-mod-" + TestDb.unique() + "@example.com", PASSWORD, "mod", "configs");

        for (long target : new long[] {admin, otherMod}) {
            Api.patch(mod.cookie(), "users/" + target, "{\"password\": \"taken over 12345\"}")
                    .then()
                    .statusCode(403)
                    .body("error.code", equalTo("forbidden"));
            Api.patch(mod.cookie(), "users/" + target, "{\"email\": \"attacker-" + TestDb.unique() + "@example.com\"}")
                    .then()
                    .statusCode(403);
            Api.session(mod.cookie())
                    .contentType(ContentType.JSON)
                    .body("{\"display_name\": \"x\"}")
                    .put("/admin-api/users/" + target)
                    .then()
                    .statusCode(403);
            for (String action : List.of("ban", "unban", "revoke-sessions")) {
                Api.session(mod.cookie())
                        .contentType(ContentType.JSON)
                        .body("{}")
                        .post("/admin-api/users/" + target + "/" + action)
                        .then()
                        .statusCode(403);
            }
            Api.session(mod.cookie())
                    .delete("/admin-api/users/" + target)
                    .then()
                    .statusCode(403);
        }
        Api.session(mod.cookie())
                .contentType(ContentType.JSON)
                .body(Map.of("user_id", mod.id(), "role", "admin"))
                .post("/admin-api/roles")
                .then()
                .statusCode(403);

        assertEquals(
                adminEmail,
                TestDb.column("SELECT email FROM warden_users WHERE id = ?", admin)
                        .get(0));
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_users WHERE id = ? AND ban IS NOT NULL", admin));
        Api.session(adminSession)
                .get("/admin-api/auth/me")
                .then()
                .statusCode(200)
                .body("role", equalTo("admin"));
        Api.login(adminEmail, PASSWORD); // the admin's password still works
        assertEquals(
                0, TestDb.scalar("SELECT count(*) FROM warden_roles WHERE user_id = ? AND role = 'admin'", mod.id()));
    }

    @Test
    void adminsChangeModsAndACredentialChangeIsAuditedAsChangedAndEndsTheOtherSessions() throws Exception {
        String admin = Api.signedIn("admin", null).cookie();
        String modEmail = "changed-mod-" + TestDb.unique() + "@example.com";
        long mod = TestDb.userWithRole(modEmail, PASSWORD, "mod", "configs");
        String modSession = Api.login(modEmail, PASSWORD);

        Api.patch(admin, "users/" + mod, "{\"password\": \"a brand new password\"}")
                .then()
                .statusCode(200);
        Api.session(modSession).get("/admin-api/auth/me").then().statusCode(401);
        Api.login(modEmail, "a brand new password");
        assertEquals(
                List.of("{\"after\": \"(changed)\", \"before\": \"(changed)\"}"),
                TestDb.column(
                        "SELECT (payload->'changes'->'password')::text FROM warden_admin_audit "
                                + "WHERE action = 'update' AND resource = 'users' AND target_id = ? ORDER BY id DESC LIMIT 1",
                        String.valueOf(mod)));
        assertEquals(
                0,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE payload::text LIKE ?", "%a brand new password%"),
                "the password never reaches the audit log");

        String newEmail = "renamed-" + TestDb.unique() + "@example.com";
        String again = Api.login(modEmail, "a brand new password");
        Api.patch(admin, "users/" + mod, "{\"email\": \"" + newEmail + "\"}")
                .then()
                .statusCode(200)
                .body("email", equalTo(newEmail));
        Api.session(again).get("/admin-api/auth/me").then().statusCode(401);
        String changes = TestDb.column(
                        "SELECT (payload->'changes'->'email')::text FROM warden_admin_audit "
                                + "WHERE action = 'update' AND resource = 'users' AND target_id = ? ORDER BY id DESC LIMIT 1",
                        String.valueOf(mod))
                .get(0);
        assertEquals("{\"after\": \"(changed)\", \"before\": \"(changed)\"}", changes);
        assertEquals(
                0,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE payload::text LIKE ?", "%" + newEmail + "%"),
                "the new email never reaches the audit log");

        // a mod scoped to users no longer changes a panel user's password (any role row is a panel account); an
        // admin does, and that ends the user's sessions
        String mod2 = Api.signedIn("mod", "users").cookie();
        String userEmail = "plain-" + TestDb.unique() + "@example.com";
        long user = TestDb.panelUser(userEmail, "Plain", PASSWORD);
        String userSession = Api.login(userEmail, PASSWORD);
        Api.patch(mod2, "users/" + user, "{\"password\": \"reset by a mod 1\"}")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("forbidden"));
        Api.session(userSession).get("/admin-api/auth/me").then().statusCode(200);
        Api.patch(admin, "users/" + user, "{\"password\": \"reset by an admin 1\"}")
                .then()
                .statusCode(200);
        Api.session(userSession).get("/admin-api/auth/me").then().statusCode(401);
    }

    @Test
    void changingOnesOwnPasswordKeepsTheCurrentSessionAndEndsTheOthers() throws Exception {
        String email = "self-" + TestDb.unique() + "@example.com";
        long id = TestDb.userWithRole(email, PASSWORD, "admin", null);
        String current = Api.login(email, PASSWORD);
        String other = Api.login(email, PASSWORD);
        Api.patch(current, "users/" + id, "{\"password\": \"my own new password\"}")
                .then()
                .statusCode(200);
        Api.session(current).get("/admin-api/auth/me").then().statusCode(200);
        Api.session(other).get("/admin-api/auth/me").then().statusCode(401);
    }

    // --- point 2 ---------------------------------------------------------------------------------------

    @Test
    void aPlayerRowCannotSignInOrReceiveAReset() throws Exception {
        String email = "player-" + TestDb.unique() + "@example.com";
        long player = TestDb.user(email, "Player", PASSWORD);

        login(email, PASSWORD).then().statusCode(401).body("error.code", equalTo("invalid_credentials"));
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email))
                .post("/admin-api/auth/password-reset")
                .then()
                .statusCode(202);
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_password_resets WHERE user_id = ?", player));

        // an existing session of a user whose roles are all taken away ends too
        String grantedEmail = "granted-" + TestDb.unique() + "@example.com";
        long granted = TestDb.panelUser(grantedEmail, "Granted", PASSWORD);
        String session = Api.login(grantedEmail, PASSWORD);
        TestDb.update("DELETE FROM warden_roles WHERE user_id = ?", granted);
        Api.session(session).get("/admin-api/auth/me").then().statusCode(401);
    }

    @Test
    void anExplicitUserGrantListsConfigsAndGets403OnTheUi() throws Exception {
        String email = "granted-user-" + TestDb.unique() + "@example.com";
        TestDb.panelUser(email, "User", PASSWORD);
        String session = Api.login(email, PASSWORD);
        Api.session(session).get("/admin-api/auth/me").then().statusCode(200).body("role", equalTo("user"));
        Api.session(session).get("/admin-api/configs").then().statusCode(200);
        Api.session(session).get("/admin-api").then().statusCode(403);
        Api.session(session).get("/admin/").then().statusCode(403);
        Api.post(session, "configs", "{\"key\": \"cfg." + TestDb.unique() + "\"}")
                .then()
                .statusCode(403);
        // and a reset reaches a panel account
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email))
                .post("/admin-api/auth/password-reset")
                .then()
                .statusCode(202);
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_password_resets r JOIN warden_users u "
                                + "ON u.id = r.user_id WHERE u.email = ?",
                        email));
    }

    // --- point 3 ---------------------------------------------------------------------------------------

    @Test
    void hostingResourcesAndSessionsAreNotReadableByRoleUser() throws Exception {
        String user = Api.signedIn("user", null).cookie();
        String admin = Api.signedIn("admin", null).cookie();
        String hostingMod = Api.signedIn("mod", "apiTokens").cookie();
        long target = TestDb.panelUser("watched-" + TestDb.unique() + "@example.com", "Watched", PASSWORD);

        for (String key : List.of(
                "teams",
                "teamMembers",
                "apiTokens",
                "applications",
                "locations",
                "instances",
                "deploys",
                "egressDays",
                "billingAccounts",
                "subscriptions")) {
            Api.session(user).get("/admin-api/" + key).then().statusCode(403);
            Api.session(admin).get("/admin-api/" + key).then().statusCode(200);
        }
        Api.session(hostingMod).get("/admin-api/apiTokens").then().statusCode(200);
        Api.session(user).get("/admin-api/users/" + target + "/sessions").then().statusCode(403);
        Api.session(admin)
                .get("/admin-api/users/" + target + "/sessions")
                .then()
                .statusCode(200);
        Api.session(Api.signedIn("mod", "users").cookie())
                .get("/admin-api/users/" + target + "/sessions")
                .then()
                .statusCode(200);
        Api.session(Api.signedIn("mod", "configs").cookie())
                .get("/admin-api/users/" + target + "/sessions")
                .then()
                .statusCode(403);
    }

    @Test
    void labelsAndCountsRevealOnlyReadableResources() throws Exception {
        String admin = Api.signedIn("admin", null).cookie();
        String tag = TestDb.unique();
        long author = TestDb.panelUser("author-" + tag + "@example.com", "Author " + tag, PASSWORD);
        long note = TestDb.insert(
                "INSERT INTO warden_user_notes (user_id, author_id, body) VALUES (?, ?, ?) " + "RETURNING id",
                author,
                author,
                "note " + tag);

        Api.session(admin)
                .get("/admin-api/userNotes/" + note)
                .then()
                .statusCode(200)
                .body("_labels.user_id", equalTo("Author " + tag));
        String notesMod = Api.signedIn("mod", "userNotes").cookie();
        Api.session(notesMod)
                .get("/admin-api/userNotes/" + note)
                .then()
                .statusCode(200)
                .body("_labels", not(hasKey("user_id")))
                .body("_labels", not(hasKey("author_id")));
        Api.session(notesMod)
                .get("/admin-api/userNotes?id=" + note)
                .then()
                .statusCode(200)
                .body("[0]._labels", not(hasKey("user_id")));

        Response all = Api.session(admin).get("/admin-api/users/" + author + "/_counts");
        all.then().statusCode(200);
        assertTrue(all.jsonPath().getMap("$").size() > 0, all.asString());
        Api.session(Api.signedIn("mod", "users").cookie())
                .get("/admin-api/users/" + author + "/_counts")
                .then()
                .statusCode(200)
                .body("$", anEmptyMap());
    }

    // --- point 5 ---------------------------------------------------------------------------------------

    @Test
    void bootstrapNeedsTheSetupTokenAndStaysClosedOnceAnAdminExisted() throws Exception {
        TestDb.reopenBootstrap();
        String email = "token-admin-" + TestDb.unique() + "@example.com";
        Api.anonymous().get("/admin-api/auth/bootstrap").then().statusCode(200).body("needed", equalTo(true));
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", PASSWORD))
                .post("/admin-api/auth/bootstrap")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("forbidden"));
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", PASSWORD, "setup_token", "wrong token"))
                .post("/admin-api/auth/bootstrap")
                .then()
                .statusCode(403);
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_users WHERE email = ?", email));

        long created = Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", PASSWORD, "setup_token", Api.SETUP_TOKEN))
                .post("/admin-api/auth/bootstrap")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("user.id");
        assertEquals(1, TestDb.scalar("SELECT count(*) FROM warden_setup WHERE closed_at IS NOT NULL"));

        // the last admin row goes: bootstrap stays closed
        TestDb.update("DELETE FROM warden_roles WHERE role = 'admin'");
        Api.anonymous().get("/admin-api/auth/bootstrap").then().statusCode(200).body("needed", equalTo(false));
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "email",
                        "late-" + TestDb.unique() + "@example.com",
                        "password",
                        PASSWORD,
                        "setup_token",
                        Api.SETUP_TOKEN))
                .post("/admin-api/auth/bootstrap")
                .then()
                .statusCode(409);
        TestDb.update("INSERT INTO warden_roles (user_id, role) VALUES (?, 'admin')", created);
    }

    // --- point 7 ---------------------------------------------------------------------------------------

    @Test
    void anIdleSessionEnds() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        Api.session(admin.cookie()).get("/admin-api/auth/me").then().statusCode(200);
        TestDb.update(
                "UPDATE warden_sessions SET last_seen_at = now() - interval '13 hours' WHERE id = ?",
                TestDb.sha256Hex(admin.cookie()));
        Api.session(admin.cookie()).get("/admin-api/auth/me").then().statusCode(401);
    }

    @Test
    void overHttpsTheCookieIsSecureWithTheHostPrefix() throws Exception {
        String email = "https-" + TestDb.unique() + "@example.com";
        TestDb.userWithRole(email, PASSWORD, "admin", null);
        Response login = Api.anonymous()
                .header("X-Forwarded-Proto", "https")
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", PASSWORD))
                .post("/admin-api/auth/login");
        login.then().statusCode(200);
        String setCookie = login.header("Set-Cookie");
        assertTrue(setCookie.startsWith("__Host-warden_session="), setCookie);
        assertTrue(
                setCookie.contains("Secure") && setCookie.contains("Path=/") && !setCookie.contains("Domain"),
                setCookie);
        String value = login.cookie("__Host-warden_session");
        assertNotNull(value);
        Api.anonymous()
                .cookie("__Host-warden_session", value)
                .get("/admin-api/auth/me")
                .then()
                .statusCode(200)
                .body("user.email", equalTo(email));
    }
}
