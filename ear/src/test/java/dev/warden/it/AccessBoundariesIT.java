package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.GameClient;
import dev.warden.it.support.RawHttp;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where one kind of caller ends and another begins (docs/security.md, "Players and panel sessions", "Accounts and
 * credentials", "Field permissions", "Sign-in throttling"): a game token is never a panel session and a panel
 * session never a game token; a mod never takes over a panel account or changes credentials; a relation whose
 * foreign key is hidden from the caller is not theirs to follow; failures from one address never lock the owner out
 * at another.
 */
@SharedDeployment(Ear.WARDEN_WITH_TEST_EXTENSION)
class AccessBoundariesIT {

    private static final String PASSWORD = "boundary password 1";

    @Test
    void aGameTokenNeverAuthenticatesThePanelEvenForAUserWhoHoldsARole() throws Exception {
        String email = "promoted-" + TestDb.unique() + "@example.com";
        String token = GameClient.fromOwnAddress()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", PASSWORD))
                .post("/game-api/v1/auth/register")
                .then()
                .statusCode(201)
                .extract()
                .path("token");
        long user = TestDb.scalar("SELECT id FROM warden_users WHERE email = ?", email);
        TestDb.update("INSERT INTO warden_roles (user_id, role) VALUES (?, 'admin')", user);

        for (String path : List.of("/admin-api/auth/me", "/admin-api/adminAudit", "/admin-api", "/admin-api/users")) {
            Api.session(token).get(path).then().statusCode(401).body("error.code", equalTo("unauthenticated"));
            Api.bearer(token).get(path).then().statusCode(401);
        }
        Api.session(token)
                .accept("text/event-stream")
                .get("/admin-api/users/_events")
                .then()
                .statusCode(401);
        // logging out with it does not end the game session either
        Api.session(token).post("/admin-api/auth/logout").then().statusCode(401);
        assertEquals(1, TestDb.scalar("SELECT count(*) FROM warden_sessions WHERE id = ?", TestDb.sha256Hex(token)));
        assertEquals(
                0,
                TestDb.scalar("SELECT count(*) FROM warden_admin_audit WHERE operator_id = ?", user),
                "nothing was done as the admin");
    }

    @Test
    void aPanelAccountCannotSignInToTheGameAndAPanelSessionOpensNoRoom() throws Exception {
        Api.Identity admin = Api.signedIn("admin", null);
        String password = "identity password for game " + TestDb.unique();
        String email = "game-admin-" + TestDb.unique() + "@example.com";
        TestDb.userWithRole(email, password, "admin", null);
        GameClient.fromOwnAddress()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", password))
                .post("/game-api/v1/auth/login")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("invalid_credentials"));
        assertEquals(
                0,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_sessions s JOIN warden_users u ON u.id = s.user_id "
                                + "WHERE u.email = ? AND s.kind = 'player'",
                        email));

        GameClient socket = GameClient.connect("lobby", admin.cookie());
        assertEquals(4003, socket.closeCodeWithin(10_000));
    }

    @Test
    void aModChangesNeitherPanelAccountsNorAnyonesCredentials() throws Exception {
        Api.Identity mod = Api.signedIn("mod", "users");
        String victimEmail = "panel-user-" + TestDb.unique() + "@example.com";
        long victim = TestDb.panelUser(victimEmail, "Panel user", PASSWORD);
        String victimSession = Api.login(victimEmail, PASSWORD);
        String attackerEmail = "taken-" + TestDb.unique() + "@example.com";

        Api.patch(mod.cookie(), "users/" + victim, "{\"password\": \"taken over 12345\"}")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("forbidden"));
        Api.patch(mod.cookie(), "users/" + victim, "{\"email\": \"" + attackerEmail + "\"}")
                .then()
                .statusCode(403);
        Api.patch(mod.cookie(), "users/" + victim, "{\"display_name\": \"renamed by a mod\"}")
                .then()
                .statusCode(403);
        assertEquals(
                victimEmail,
                TestDb.column("SELECT email FROM warden_users WHERE id = ?", victim)
                        .get(0));
        Api.login(victimEmail, PASSWORD); // the password still works
        Api.session(victimSession).get("/admin-api/auth/me").then().statusCode(200);

        // a player (no role row): the mod edits the profile, never the credentials
        String playerEmail = "moderated-" + TestDb.unique() + "@example.com";
        long player = TestDb.user(playerEmail, "Player", PASSWORD);
        Api.patch(mod.cookie(), "users/" + player, "{\"display_name\": \"Cleaned name\"}")
                .then()
                .statusCode(200)
                .body("display_name", equalTo("Cleaned name"));
        Api.patch(mod.cookie(), "users/" + player, "{\"password\": \"taken over 12345\"}")
                .then()
                .statusCode(403)
                .body("error.message", equalTo("Only admins change a user's password"));
        Api.patch(mod.cookie(), "users/" + player, "{\"email\": \"" + attackerEmail + "\"}")
                .then()
                .statusCode(403);
        // sending the current email back with another field is no change of credentials
        Api.patch(mod.cookie(), "users/" + player, "{\"email\": \"" + playerEmail + "\", \"display_name\": \"Again\"}")
                .then()
                .statusCode(200);
        // an admin still changes both
        Api.patch(Api.signedIn("admin", null).cookie(), "users/" + victim, "{\"password\": \"set by the admin 1\"}")
                .then()
                .statusCode(200);
        Api.session(victimSession).get("/admin-api/auth/me").then().statusCode(401);
    }

    @Test
    void aManyRelationWhoseForeignKeyIsHiddenIsNeitherFollowedNorCounted() throws Exception {
        Api.Identity mod = Api.signedIn("mod", "users");
        TestDb.update("INSERT INTO warden_roles (user_id, role, resource) VALUES (?, 'mod', 'contacts')", mod.id());
        String admin = Api.signedIn("admin", null).cookie();
        long handler = TestDb.user("handler-" + TestDb.unique() + "@example.com", "Handler", null);
        TestDb.insert(
                "INSERT INTO game_contacts (name, email, salary, secret, handler_id, note) "
                        + "VALUES ('Contact', ?, 1, 's', ?, 'n') RETURNING id",
                "contact-" + TestDb.unique() + "@example.com",
                handler);

        // the admin reads handler_id, so follows and counts the relation
        Api.session(admin)
                .get("/admin-api/users/" + handler + "/relations/contacts")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1");
        Api.session(admin)
                .get("/admin-api/users/" + handler + "/_counts")
                .then()
                .statusCode(200)
                .body("contacts", equalTo(1));

        // the mod reads users and contacts, but not contacts.handler_id: the relation is not theirs
        Api.session(mod.cookie())
                .get("/admin-api/users/" + handler + "/relations/contacts")
                .then()
                .statusCode(404)
                .body("error.code", equalTo("not_found"));
        Map<String, Object> counts = Api.session(mod.cookie())
                .get("/admin-api/users/" + handler + "/_counts")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getMap("$");
        assertFalse(counts.containsKey("contacts"), "counts " + counts);
        String catalog = Api.session(mod.cookie())
                .get("/admin-api")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertFalse(catalog.contains("\"target\":\"contacts\""), "the catalog offers no contacts tab on users");
    }

    @Test
    void failuresFromOneAddressNeverLockTheOwnerOutAtAnother() throws Exception {
        String email = "locked-owner-" + TestDb.unique() + "@example.com";
        TestDb.userWithRole(email, PASSWORD, "admin", null);
        byte[] wrong = json(email, "a wrong password");
        for (int i = 0; i < 5; i++) {
            assertEquals(
                    401,
                    RawHttp.sendFrom("127.0.0.2", "POST", "/admin-api/auth/login", JSON, wrong)
                            .status());
        }
        RawHttp.Answer refused = RawHttp.sendFrom("127.0.0.2", "POST", "/admin-api/auth/login", JSON, wrong);
        assertEquals(429, refused.status(), refused.text());
        assertTrue(refused.headers().containsKey("retry-after"));
        // the attacker's address stays refused, the correct password included
        assertEquals(
                429,
                RawHttp.sendFrom("127.0.0.2", "POST", "/admin-api/auth/login", JSON, json(email, PASSWORD))
                        .status());
        // the owner, from another address, signs in
        RawHttp.Answer owner =
                RawHttp.sendFrom("127.0.0.3", "POST", "/admin-api/auth/login", JSON, json(email, PASSWORD));
        assertEquals(200, owner.status(), owner.text());
    }

    private static final String[] JSON = {"Content-Type: application/json"};

    private static byte[] json(String email, String password) {
        return ("{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}").getBytes(StandardCharsets.UTF_8);
    }
}
