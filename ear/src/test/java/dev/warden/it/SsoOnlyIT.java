package dev.warden.it;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.BrowserTests;
import dev.warden.it.support.Deployments;
import dev.warden.it.support.GameClient;
import dev.warden.it.support.MockIdp;
import dev.warden.it.support.ServerLog;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Single sign-on only ({@code warden.sso.mode=sso}): password login, bootstrap and password reset
 * answer 403 saying to use the provider; the methods route hides the password form; and with
 * {@code warden.sso.default-role=user} a user whose groups map to nothing gets role {@code user} (point 3); in
 * Chromium the login page shows the SSO button alone and signs in through it ({@code tests/sso.test.mjs}); with
 * {@code warden.sso.link-verified-email=true} a verified email links an existing account, an unverified one does not.
 */
@ExtendWith(ArquillianExtension.class)
class SsoOnlyIT {

    private static MockIdp idp;

    @Deployment(testable = false)
    static EnterpriseArchive deployment() {
        idp = new MockIdp();
        return Deployments.wardenWithConfig(
                "it-sso-only.jar",
                idp.config(
                        "warden.sso.mode=sso",
                        "warden.sso.default-role=user",
                        "warden.sso.link-verified-email=true",
                        // bearer mode on without warden.sso.bearer.audience: every bearer token is refused
                        "warden.sso.bearer.enabled=true"));
    }

    @AfterAll
    static void stopProvider() {
        if (idp != null) {
            idp.close();
        }
    }

    @Test
    void passwordRoutesAnswer403AndTheMethodsSaySsoOnly() throws Exception {
        Api.anonymous()
                .get("/admin-api/auth/methods")
                .then()
                .statusCode(200)
                .body("password", equalTo(false))
                .body("sso.provider", equalTo("Mock IdP"));
        String email = "sso-only-" + TestDb.unique() + "@example.com";
        TestDb.userWithRole(email, "correct horse battery", "admin", null);
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", "correct horse battery"))
                .post("/admin-api/auth/login")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("forbidden"))
                .body("error.message", containsString("sign in with Mock IdP"));
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "email", "x-" + email, "password", "correct horse battery", "setup_token", Api.SETUP_TOKEN))
                .post("/admin-api/auth/bootstrap")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("forbidden"));
        Api.anonymous().get("/admin-api/auth/bootstrap").then().statusCode(200).body("needed", equalTo(false));
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email))
                .post("/admin-api/auth/password-reset")
                .then()
                .statusCode(403);
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("token", "x", "password", "another long password"))
                .post("/admin-api/auth/password-reset/complete")
                .then()
                .statusCode(403);
    }

    @Test
    void unmappedGroupsGetTheDefaultRole() throws Exception {
        String agent = "SsoOnlyIT default " + TestDb.unique();
        String email = "sso-default-" + TestDb.unique() + "@example.com";
        idp.next("sub-" + UUID.randomUUID(), email, List.of("marketing"), Map.of());
        Response callback = idp.signIn(agent);
        assertEquals(302, callback.statusCode(), callback.asString());
        assertEquals("/admin/", callback.header("Location"));
        String cookie = callback.cookie("warden_session");
        assertNotNull(cookie);
        // bearer mode is on but has no audience of its own (warden.sso.bearer.audience): no token is accepted, not
        // even one for the client id (the audience of ID tokens)
        String subject = TestDb.column(
                        "SELECT i.subject FROM warden_sso_identities i JOIN warden_users u ON u.id = i.user_id "
                                + "WHERE u.email = ?",
                        email)
                .get(0);
        String token = idp.server()
                .issueToken(
                        MockIdp.ISSUER_ID,
                        "automation",
                        new no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback(
                                MockIdp.ISSUER_ID,
                                subject,
                                "JWT",
                                List.of(MockIdp.CLIENT_ID),
                                Map.of("groups", List.of("marketing")),
                                300))
                .serialize();
        Api.bearer(token)
                .get("/admin-api/auth/me")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("unauthenticated"))
                .body("error.message", containsString("warden.sso.bearer.audience"));
        Api.session(cookie)
                .get("/admin-api/auth/me")
                .then()
                .statusCode(200)
                .body("role", equalTo("user"))
                .body("user.email", equalTo(email))
                .body("user.password_hash", nullValue());
    }

    @Test
    void theLoginPageShowsOnlyTheSsoButtonAndItSignsIn() throws Exception {
        String email = "sso-only-browser-" + TestDb.unique() + "@example.com";
        idp.next("sub-" + UUID.randomUUID(), email, List.of("warden-admins"), Map.of("name", "Sso Only Admin"));
        BrowserTests.Result result = BrowserTests.run(
                "tests/sso.test.mjs",
                "{\"provider\": \"Mock IdP\", \"issuer\": \"" + idp.issuer() + "\", \"ssoOnly\": true}",
                5);
        System.out.println("[SsoOnlyIT]\n" + result.output());
        assertEquals(
                0,
                result.exit(),
                "the SSO-only browser test failed (screenshots in ear/target/ui-screenshots):\n" + result.output());
        assertEquals(1L, TestDb.scalar("SELECT count(*) FROM warden_users WHERE email = ?", email), "provisioned");
    }

    @Test
    void anAccountRegisteredThroughTheGameWithTheVictimsEmailLosesItsPasswordAndSessionsWhenLinked() throws Exception {
        // the attacker registers a player with the victim's email (the game API verifies no email) and keeps a token
        String email = "sso-victim-" + TestDb.unique() + "@example.com";
        String attackerPassword = "the attacker's password";
        Map<String, String> credentials = Map.of("email", email, "password", attackerPassword);
        String token = Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", attackerPassword, "display_name", "Victim"))
                .post("/game-api/v1/auth/register")
                .then()
                .statusCode(201)
                .extract()
                .path("token");
        GameClient open = GameClient.connect("lobby", token);
        open.next();
        long row = TestDb.scalar("SELECT id FROM warden_users WHERE email = ?", email);

        // the victim's first SSO sign-in links that row by the verified email
        String subject = "sub-" + UUID.randomUUID();
        idp.next(subject, email, List.of("warden-admins"), Map.of());
        String agent = "SsoOnlyIT pre-hijack " + TestDb.unique();
        Response signIn = idp.signIn(agent);
        assertEquals(302, signIn.statusCode(), signIn.asString());
        assertEquals("/admin/", signIn.header("Location"));
        String victim = signIn.cookie("warden_session");
        assertNotNull(victim);
        assertEquals(row, TestDb.scalar("SELECT user_id FROM warden_sso_identities WHERE subject = ?", subject));

        // the attacker's password is gone, the token dead, the open socket closed
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(credentials)
                .post("/game-api/v1/auth/login")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("invalid_credentials"));
        assertEquals(4003, open.closeCode(), "the attacker's open game socket is closed");
        assertEquals(4003, GameClient.connect("lobby", token).closeCode(), "the attacker's token is dead");
        assertEquals(
                0L, TestDb.scalar("SELECT count(*) FROM warden_users WHERE id = ? AND password_hash IS NOT NULL", row));
        assertEquals(
                List.of("true"),
                TestDb.column(
                        "SELECT payload->>'password_cleared' FROM warden_admin_audit WHERE action = 'auth.sso_link' "
                                + "AND operator_id = ?",
                        row));
        // the victim is signed in, as the admin the groups make them
        Api.session(victim)
                .get("/admin-api/auth/me")
                .then()
                .statusCode(200)
                .body("role", equalTo("admin"))
                .body("user.email", equalTo(email));
    }

    @Test
    void withLinkingOnAVerifiedEmailLinksTheExistingAccountAnUnverifiedOneDoesNot() throws Exception {
        String email = "sso-link-" + TestDb.unique() + "@example.com";
        long existing = TestDb.userWithRole(email, "a long enough password", "mod", "users");
        String subject = "sub-" + UUID.randomUUID();
        idp.next(subject, email, List.of("warden-admins"), Map.of("email_verified", false));
        Response unverified = idp.signIn("SsoOnlyIT link unverified " + TestDb.unique());
        assertEquals(302, unverified.statusCode(), unverified.asString());
        assertEquals("/admin/?sso_error=email_taken", unverified.header("Location"));

        idp.next(subject, email, List.of("warden-admins"), Map.of());
        Response verified = idp.signIn("SsoOnlyIT link verified " + TestDb.unique());
        assertEquals(302, verified.statusCode(), verified.asString());
        assertEquals("/admin/", verified.header("Location"));
        assertNotNull(verified.cookie("warden_session"));
        assertEquals(existing, TestDb.scalar("SELECT user_id FROM warden_sso_identities WHERE subject = ?", subject));
        assertEquals(1L, TestDb.scalar("SELECT count(*) FROM warden_users WHERE lower(email) = lower(?)", email));
        assertEquals(
                List.of("admin sso", "mod manual"),
                TestDb.column(
                        "SELECT role || ' ' || origin FROM warden_roles WHERE user_id = ? ORDER BY role", existing));
        assertEquals(
                0L,
                TestDb.scalar("SELECT count(*) FROM warden_users WHERE id = ? AND password_hash IS NOT NULL", existing),
                "linking makes the account the provider's: no password left");
    }

    @Test
    void bearerModeWithoutAnAudienceSaysSoInTheLogAtStart() throws Exception {
        assertTrue(
                ServerLog.since(0).contains(dev.warden.auth.sso.BearerAudienceCheck.WARNING.substring(0, 80)),
                "the start-up warning about warden.sso.bearer.audience is in the server log");
    }
}
