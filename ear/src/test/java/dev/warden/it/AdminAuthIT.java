package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sessions on the admin API: anonymous 401, bootstrap, login, me, logout (docs/admin-api.md, "Sign-in"). */
@SharedDeployment
class AdminAuthIT {

    private static final String PASSWORD = "correct horse battery";

    @Test
    void anonymousRequestsGet401WithTheErrorBody() {
        for (String path : new String[] {
            "/admin-api", "/admin-api/users", "/admin-api/users/1", "/admin-api/auth/me", "/admin-api/nosuchresource"
        }) {
            Api.anonymous()
                    .get(path)
                    .then()
                    .statusCode(401)
                    .contentType(ContentType.JSON)
                    .body("error.code", equalTo("unauthenticated"))
                    .body("error.message", not(equalTo("")))
                    .body("error", not(hasKey("fields")));
        }
        Api.anonymous()
                .post("/admin-api/auth/logout")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("unauthenticated"));
    }

    @Test
    void bootstrapCreatesTheFirstAdminOnceThenAnswers409() throws Exception {
        TestDb.reopenBootstrap();
        String email = "first-admin-" + TestDb.unique() + "@example.com";

        Response created = Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "email",
                        email,
                        "password",
                        PASSWORD,
                        "display_name",
                        "First Admin",
                        "setup_token",
                        Api.SETUP_TOKEN))
                .post("/admin-api/auth/bootstrap");
        created.then()
                .statusCode(201)
                .body("user.email", equalTo(email))
                .body("user.display_name", equalTo("First Admin"))
                .body("user", not(hasKey("password_hash")));
        assertNotNull(created.cookie("warden_session"), "bootstrap signs the admin in");
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_roles r JOIN warden_users u ON u.id = r.user_id "
                                + "WHERE r.role = 'admin' AND u.email = ?",
                        email));
        assertTrue(
                TestDb.column("SELECT password_hash FROM warden_users WHERE email = ?", email)
                        .get(0)
                        .startsWith("PBKDF2WithHmacSHA256:"),
                "password stored as a PBKDF2 hash");

        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", "second-" + TestDb.unique() + "@example.com", "password", PASSWORD))
                .post("/admin-api/auth/bootstrap")
                .then()
                .statusCode(409)
                .body("error.code", equalTo("conflict"));
        assertEquals(1, TestDb.scalar("SELECT count(*) FROM warden_roles WHERE role = 'admin'"));
    }

    @Test
    void bootstrapRejectsBadInputWith422NamingTheFields() {
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", "not-an-email", "password", "short"))
                .post("/admin-api/auth/bootstrap")
                .then()
                .statusCode(422)
                .body("error.code", equalTo("invalid_request"))
                .body("error.fields", hasKey("email"))
                .body("error.fields", hasKey("password"));
    }

    @Test
    void loginSetsAnHttpOnlySameSiteCookieAndMeNamesTheRole() throws Exception {
        String email = "admin-" + TestDb.unique() + "@example.com";
        long id = TestDb.userWithRole(email, PASSWORD, "admin", null);

        Response login = Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email.toUpperCase(), "password", PASSWORD))
                .post("/admin-api/auth/login");
        login.then().statusCode(200).body("user.id", equalTo((int) id)).body("user", not(hasKey("password_hash")));
        String setCookie = login.header("Set-Cookie");
        assertTrue(setCookie.startsWith("warden_session="), setCookie);
        assertTrue(setCookie.contains("HttpOnly"), setCookie);
        assertTrue(setCookie.contains("SameSite=Lax"), setCookie);
        assertTrue(setCookie.contains("Path=/"), setCookie);
        String cookie = login.cookie("warden_session");
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_sessions WHERE id = ? AND user_id = ?",
                        TestDb.sha256Hex(cookie),
                        id),
                "the session row is keyed by the SHA-256 of the cookie");
        assertEquals(
                0,
                TestDb.scalar("SELECT count(*) FROM warden_sessions WHERE id = ?", cookie),
                "the cookie value itself is never stored");

        Api.session(cookie)
                .get("/admin-api/auth/me")
                .then()
                .statusCode(200)
                .body("user.email", equalTo(email))
                .body("role", equalTo("admin"))
                .body("scopes.size()", equalTo(0));
    }

    @Test
    void wrongPasswordAndUnknownEmailAreBoth401InvalidCredentials() throws Exception {
        String email = "user-" + TestDb.unique() + "@example.com";
        TestDb.panelUser(email, "Someone", PASSWORD);
        for (Map<String, String> body : new Map[] {
            Map.of("email", email, "password", "wrong password"),
            Map.of("email", "nobody-" + TestDb.unique() + "@example.com", "password", PASSWORD)
        }) {
            Api.anonymous()
                    .contentType(ContentType.JSON)
                    .body(body)
                    .post("/admin-api/auth/login")
                    .then()
                    .statusCode(401)
                    .body("error.code", equalTo("invalid_credentials"))
                    .header("Set-Cookie", nullValue());
        }
    }

    @Test
    void repeatedFailuresForOneEmailAre429WithRetryAfterEvenWithTheRightPassword() throws Exception {
        String email = "throttled-" + TestDb.unique() + "@example.com";
        TestDb.panelUser(email, "Throttled", PASSWORD);
        for (int i = 0; i < 5; i++) {
            Api.anonymous()
                    .contentType(ContentType.JSON)
                    .body(Map.of("email", email, "password", "wrong " + i))
                    .post("/admin-api/auth/login")
                    .then()
                    .statusCode(401);
        }
        Response limited = Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", PASSWORD))
                .post("/admin-api/auth/login");
        limited.then().statusCode(429).body("error.code", equalTo("rate_limited"));
        long retryAfter = Long.parseLong(limited.header("Retry-After"));
        assertTrue(retryAfter > 0 && retryAfter <= 900, "Retry-After " + retryAfter);
        assertEquals(5, TestDb.scalar("SELECT count(*) FROM warden_login_failures WHERE email = ?", email));

        TestDb.update("DELETE FROM warden_login_failures WHERE email = ?", email); // the window passes:
        // its counters too: the email's and the email and address pair's (docs/security.md, "Sign-in throttling")
        TestDb.update(
                "DELETE FROM warden_window_counters WHERE key = ? OR key LIKE ?",
                "login-email:" + email,
                "login-pair:% " + email);
        Api.login(email, PASSWORD);
    }

    @Test
    void passwordResetIsSingleUseEndsSessionsAndNeverRevealsAccounts() throws Exception {
        String email = "reset-" + TestDb.unique() + "@example.com";
        long id = TestDb.panelUser(email, "Resetter", PASSWORD);
        String oldSession = Api.login(email, PASSWORD);

        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email))
                .post("/admin-api/auth/password-reset")
                .then()
                .statusCode(202);
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", "nobody-" + TestDb.unique() + "@example.com"))
                .post("/admin-api/auth/password-reset")
                .then()
                .statusCode(202);
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_password_resets WHERE user_id = ? "
                                + "AND expires_at BETWEEN now() + interval '59 minutes' AND now() + interval '61 minutes'",
                        id));

        // the link's token is only in the server log; use one of our own, stored the same way (SHA-256)
        String token = "test-token-" + TestDb.unique();
        TestDb.update(
                "INSERT INTO warden_password_resets (id, user_id, expires_at) VALUES (?, ?, now() + interval '1 hour')",
                TestDb.sha256Hex(token),
                id);
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("token", token, "password", "short"))
                .post("/admin-api/auth/password-reset/complete")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("password"));
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("token", token, "password", "a brand new password"))
                .post("/admin-api/auth/password-reset/complete")
                .then()
                .statusCode(204);

        Api.session(oldSession).get("/admin-api/auth/me").then().statusCode(401);
        Api.login(email, "a brand new password");
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("token", token, "password", "another new password"))
                .post("/admin-api/auth/password-reset/complete")
                .then()
                .statusCode(422)
                .body("error.fields", hasKey("token"));
        String expired = "expired-" + TestDb.unique();
        TestDb.update(
                "INSERT INTO warden_password_resets (id, user_id, expires_at) VALUES (?, ?, now() - interval '1 second')",
                TestDb.sha256Hex(expired),
                id);
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("token", expired, "password", "another new password"))
                .post("/admin-api/auth/password-reset/complete")
                .then()
                .statusCode(422);
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'auth.password_reset_completed' "
                                + "AND operator_id = ?",
                        id));
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'auth.password_reset_requested' "
                                + "AND operator_id = ?",
                        id));
    }

    @Test
    void malformedJsonIs400() {
        Api.anonymous()
                .contentType(ContentType.JSON)
                .body("{not json")
                .post("/admin-api/auth/login")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("bad_request"));
    }

    @Test
    void logoutEndsTheSession() throws Exception {
        String email = "mod-" + TestDb.unique() + "@example.com";
        TestDb.userWithRole(email, PASSWORD, "mod", "users");
        String cookie = Api.login(email, PASSWORD);
        Api.session(cookie)
                .get("/admin-api/auth/me")
                .then()
                .statusCode(200)
                .body("role", equalTo("mod"))
                .body("scopes[0]", equalTo("users"));

        Api.session(cookie).post("/admin-api/auth/logout").then().statusCode(204);

        Api.session(cookie)
                .get("/admin-api/auth/me")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("unauthenticated"));
        assertEquals(0, TestDb.scalar("SELECT count(*) FROM warden_sessions WHERE id = ?", TestDb.sha256Hex(cookie)));
    }

    @Test
    void aBumpedTokenVersionEndsExistingSessions() throws Exception {
        String email = "admin-" + TestDb.unique() + "@example.com";
        long id = TestDb.userWithRole(email, PASSWORD, "admin", null);
        String cookie = Api.login(email, PASSWORD);
        Api.session(cookie).get("/admin-api/auth/me").then().statusCode(200);

        TestDb.update("UPDATE warden_users SET token_version = token_version + 1 WHERE id = ?", id);

        Api.session(cookie).get("/admin-api/auth/me").then().statusCode(401);
    }

    @Test
    void crossSiteUnsafeRequestsAreRefused() throws Exception {
        String email = "admin-" + TestDb.unique() + "@example.com";
        TestDb.userWithRole(email, PASSWORD, "admin", null);
        Api.anonymous()
                .contentType(ContentType.JSON)
                .header("Origin", "https://evil.example")
                .body(Map.of("email", email, "password", PASSWORD))
                .post("/admin-api/auth/login")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("forbidden"));
        Api.anonymous()
                .contentType(ContentType.JSON)
                .header("Sec-Fetch-Site", "cross-site")
                .body(Map.of("email", email, "password", PASSWORD))
                .post("/admin-api/auth/login")
                .then()
                .statusCode(403);
    }
}
