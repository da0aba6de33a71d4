package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.BrowserScript;
import dev.warden.it.support.BrowserTests;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestAuthenticator;
import dev.warden.it.support.TestDb;
import dev.warden.it.support.Wait;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Second factors and step-up (docs/security.md, "Second factors and step-up") on the real EAR: TOTP enrolment,
 * the second step of sign-in, recovery codes, replayed codes, the 5-failure throttle, the required-roles rule on API
 * routes and a live stream, step-up on every listed route, and an admin's reset. Runs on the hosting-limits shared EAR,
 * whose configuration keeps {@code warden.mfa.required-roles} at its default ({@code admin}); the test server's own
 * configuration says {@code none} so the other suites sign in with a password alone
 * (docs/decisions/mfa-it-and-demo.md). TOTP codes are computed here independently of the server's code (RFC 6238).
 */
@SharedDeployment(SharedDeployment.Ear.WARDEN_WITH_HOSTING_LIMITS)
class SecondFactorsIT {

    /** The step-up routes (docs/security.md), each with a request that passes every other check or fails later. */
    private static final List<String[]> STEP_UP_ROUTES = List.of(
            new String[] {"POST", "/admin-api/users/999999999/ban"},
            new String[] {"POST", "/admin-api/users/999999999/unban"},
            new String[] {"POST", "/admin-api/users/999999999/revoke-sessions"},
            new String[] {"POST", "/admin-api/users/999999999/mfa-reset"},
            new String[] {"POST", "/admin-api/roles"},
            new String[] {"PATCH", "/admin-api/roles/999999999"},
            new String[] {"DELETE", "/admin-api/roles/999999999"},
            new String[] {"POST", "/admin-api/apiTokens/_action/createToken"},
            new String[] {"POST", "/admin-api/apiTokens/_action/revoke"},
            new String[] {"POST", "/admin-api/teamMembers/_action/createToken"},
            new String[] {"GET", "/admin-api/users/_export?format=csv"},
            new String[] {"POST", "/admin-api/users/999999999/_revert"},
            new String[] {"POST", "/admin-api/users/_restore"},
            new String[] {"POST", "/admin-api/rooms/nosuchroom/dispose"},
            new String[] {"PATCH", "/admin-api/rooms/nosuchroom/state"},
            new String[] {"DELETE", "/admin-api/rooms/nosuchroom/state"},
            new String[] {"DELETE", "/admin-api/auth/mfa/totp"},
            new String[] {"DELETE", "/admin-api/auth/mfa/webauthn/999999999"},
            new String[] {"GET", "/admin-api/auth/step-up"});

    @Test
    void enrolSignInRecoverStepUpAndReset() throws Exception {
        String email = "mfa-admin-" + TestDb.unique() + "@example.com";
        String password = "mfa admin password " + TestDb.unique();
        long adminId = TestDb.userWithRole(email, password, "admin", null);

        // a password alone: a session that reaches only the enrolment routes
        String cookie = Api.login(email, password);
        Api.session(cookie).get("/admin-api/auth/me").then().statusCode(200);
        Api.session(cookie)
                .get("/admin-api/users")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("mfa_enrollment_required"));
        Api.session(cookie)
                .get("/admin-api/users/_events")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("mfa_enrollment_required"));
        Api.session(cookie).get("/admin-api/auth/mfa").then().statusCode(200).body("totp", equalTo(false));

        // TOTP enrolment: secret and URI, a wrong first code refused, the right one gives 10 recovery codes
        Response started = Api.session(cookie).post("/admin-api/auth/mfa/totp");
        started.then().statusCode(201).body("otpauth_uri", startsWith("otpauth://totp/"));
        byte[] secret = base32(started.path("secret"));
        long step = System.currentTimeMillis() / 30_000;
        code(cookie, "/admin-api/auth/mfa/totp/confirm", Map.of("code", wrong(secret, step)))
                .then()
                .statusCode(422);
        Response confirmed = code(cookie, "/admin-api/auth/mfa/totp/confirm", Map.of("code", totp(secret, step)));
        confirmed.then().statusCode(200).body("recovery_codes", hasSize(10));
        List<String> recovery = confirmed.path("recovery_codes");
        Api.session(cookie).get("/admin-api/users").then().statusCode(200);
        Api.session(cookie)
                .get("/admin-api/auth/mfa")
                .then()
                .body("totp", equalTo(true))
                .body("recovery_codes_left", equalTo(10));

        // the confirmation proved a factor: step-up routes pass now (404: no such user) and ask again once it is old
        banNobody(cookie).then().statusCode(404);
        ageFactor(cookie);
        for (String[] route : STEP_UP_ROUTES) {
            Response answer = Api.session(cookie)
                    .contentType(ContentType.JSON)
                    .body(route[0].equals("GET") || route[0].equals("DELETE") ? "" : "{}")
                    .request(route[0], route[1]);
            assertEquals(401, answer.statusCode(), route[0] + " " + route[1] + ": " + answer.asString());
            assertEquals("step_up_required", answer.path("error.code"), route[0] + " " + route[1]);
        }
        Api.session(cookie).get("/admin-api/users").then().statusCode(200);
        // step-up with a recovery code, then the route passes its other checks
        code(cookie, "/admin-api/auth/step-up", Map.of("method", "recovery", "code", recovery.get(0)))
                .then()
                .statusCode(200)
                .body("step_up_until", startsWith("20"));
        banNobody(cookie).then().statusCode(404);

        // sign-in: the password gives a pending sign-in, not a session
        Response pending = login(email, password);
        pending.then()
                .statusCode(200)
                .body("mfa_required", equalTo(true))
                .body("methods", equalTo(List.of("totp", "recovery")));
        String pendingCookie = pending.cookie("warden_mfa_pending");
        assertNotNull(pendingCookie);
        assertEquals(null, pending.cookie("warden_session"));
        Api.session(pendingCookie).get("/admin-api/auth/me").then().statusCode(401);
        // the next step's code (within the ±1 window, after the one used to confirm)
        String next = totp(secret, step + 1);
        Response verified = verify(pendingCookie, "totp", next);
        verified.then().statusCode(200).body("user.email", equalTo(email));
        String second = verified.cookie("warden_session");
        Api.session(second).get("/admin-api/users").then().statusCode(200);

        // a replayed code is refused; 5 failures per pending sign-in, then 429
        String again = login(email, password).cookie("warden_mfa_pending");
        verify(again, "totp", next).then().statusCode(401).body("error.code", equalTo("invalid_code"));
        for (int i = 0; i < 4; i++) {
            verify(again, "totp", wrong(secret, step)).then().statusCode(401);
        }
        verify(again, "recovery", recovery.get(1)).then().statusCode(429);

        // recovery codes: one use each
        verify(login(email, password).cookie("warden_mfa_pending"), "recovery", recovery.get(1))
                .then()
                .statusCode(200);
        verify(login(email, password).cookie("warden_mfa_pending"), "recovery", recovery.get(1))
                .then()
                .statusCode(401)
                .body("error.code", equalTo("invalid_code"));
        verify(login(email, password).cookie("warden_mfa_pending"), "recovery", recovery.get(0))
                .then()
                .statusCode(401);

        // an admin resets another operator's factors: that operator's sessions end, the reset is audited
        String otherEmail = "mfa-other-" + TestDb.unique() + "@example.com";
        long otherId = TestDb.userWithRole(otherEmail, password, "admin", null);
        String other = Api.login(otherEmail, password);
        byte[] otherSecret =
                base32(Api.session(other).post("/admin-api/auth/mfa/totp").path("secret"));
        code(
                        other,
                        "/admin-api/auth/mfa/totp/confirm",
                        Map.of("code", totp(otherSecret, System.currentTimeMillis() / 30_000)))
                .then()
                .statusCode(200);
        Api.session(other).get("/admin-api/users").then().statusCode(200);
        Api.session(second)
                .contentType(ContentType.JSON)
                .body("{}")
                .post("/admin-api/users/" + otherId + "/mfa-reset")
                .then()
                .statusCode(200)
                .body("factors_removed", equalTo(1));
        Api.session(other).get("/admin-api/auth/me").then().statusCode(401);
        Api.session(second)
                .get("/admin-api/users/" + otherId + "/mfa")
                .then()
                .statusCode(200)
                .body("totp", equalTo(false));
        String afterReset = Api.login(otherEmail, password);
        Api.session(afterReset).get("/admin-api/users").then().statusCode(403);

        // audit: every enrolment, failure, step-up and reset, never a secret or a code
        Wait.until(
                Duration.ofSeconds(10),
                "the audit rows",
                () -> TestDb.scalar(
                                "SELECT count(*) FROM warden_admin_audit WHERE action = 'auth.mfa_reset' AND target_id = ?",
                                String.valueOf(otherId))
                        == 1);
        for (String action : List.of("auth.mfa_enrolled", "auth.mfa_failed", "auth.step_up")) {
            assertTrue(
                    TestDb.scalar(
                                    "SELECT count(*) FROM warden_admin_audit WHERE action = ? AND operator_id = ?",
                                    action,
                                    adminId)
                            > 0,
                    action);
        }
        String secretText = started.path("secret");
        assertEquals(
                0,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE operator_id = ? AND (payload::text LIKE ? "
                                + "OR payload::text LIKE ? OR payload::text LIKE ?)",
                        adminId,
                        "%" + secretText + "%",
                        "%" + next + "%",
                        "%" + recovery.get(1) + "%"),
                "no secret or code in the audit payloads");

        // an admin who lost every factor: the command-line reset removes them too, audited without an operator
        String cliPassword = "command line password " + TestDb.unique();
        Map<String, String> environment = new java.util.HashMap<>(ResetAdminCommandIT.env(cliPassword));
        environment.put("WARDEN_RESET_MFA", "true");
        String output = ResetAdminCommandIT.script(environment, 0, email);
        assertTrue(output.contains("second factors are removed"), output);
        Api.session(second).get("/admin-api/auth/me").then().statusCode(401);
        login(email, cliPassword).then().statusCode(200).body("user.email", equalTo(email));
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'auth.mfa_reset' AND target_id = ? "
                                + "AND operator_id IS NULL",
                        String.valueOf(adminId)));
    }

    /**
     * The same in headless Chromium ({@code tests/second-factors.test.mjs}): enrolment with the QR code and a first
     * code, recovery codes shown once, sign-in with a code, and the step-up modal on a session whose proof is old.
     */
    @Test
    @BrowserScript("liberty")
    void enrolSignInAndStepUpInTheBrowser() throws Exception {
        String password = "mfa browser password " + TestDb.unique();
        String email = "mfa-browser-" + TestDb.unique() + "@example.com";
        TestDb.userWithRole(email, password, "admin", null);
        String otherEmail = "mfa-browser-other-" + TestDb.unique() + "@example.com";
        TestDb.userWithRole(otherEmail, password, "admin", null);
        String other = Api.login(otherEmail, password);
        byte[] secret =
                base32(Api.session(other).post("/admin-api/auth/mfa/totp").path("secret"));
        List<String> recovery = code(
                        other,
                        "/admin-api/auth/mfa/totp/confirm",
                        Map.of("code", totp(secret, System.currentTimeMillis() / 30_000)))
                .path("recovery_codes");
        ageFactor(other);
        // a third admin whose only factor is a passkey the browser's virtual authenticator is given (step-up by
        // passkey)
        String keyEmail = "mfa-browser-key-" + TestDb.unique() + "@example.com";
        long keyId = TestDb.userWithRole(keyEmail, password, "admin", null);
        String keyed = Api.login(keyEmail, password);
        TestAuthenticator key = PasskeysIT.registered(keyed, "Security key");
        ageFactor(keyed);
        String credential = key
                .devToolsCredential(
                        URI.create(Api.baseUrl()).getHost(),
                        ByteBuffer.allocate(8).putLong(keyId).array())
                .entrySet()
                .stream()
                .map(e -> "\"" + e.getKey() + "\": "
                        + (e.getValue() instanceof String text ? "\"" + text + "\"" : String.valueOf(e.getValue())))
                .collect(java.util.stream.Collectors.joining(", ", "{", "}"));
        String fixtures = "{\"email\": \"" + email + "\", \"password\": \"" + password
                + "\", \"stepUp\": {\"cookie\": \"" + other + "\", \"recovery\": \"" + recovery.get(0) + "\"}"
                + ", \"passkeyStepUp\": {\"cookie\": \"" + keyed + "\", \"credential\": " + credential + "}}";
        BrowserTests.Result result = BrowserTests.run("tests/second-factors.test.mjs", fixtures, 5);
        System.out.println("[SecondFactorsIT]\n" + result.output());
        assertEquals(0, result.exit(), "the second-factor browser test failed:\n" + result.output());
        assertEquals(
                0,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_mfa_totp t JOIN warden_users u ON u.id = t.user_id WHERE u.email = ?",
                        otherEmail),
                "the step-up modal's retry removed the app");
        assertEquals(
                0,
                TestDb.scalar("SELECT count(*) FROM warden_mfa_passkeys WHERE user_id = ?", keyId),
                "the step-up by passkey let the removal through");
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_mfa_passkeys p JOIN warden_users u ON u.id = p.user_id"
                                + " WHERE u.email = ? AND p.name = 'Browser key' AND p.last_used_at IS NOT NULL",
                        email),
                "the passkey registered in the browser signed in");
    }

    /** A step-up route that, past step-up, answers 404 and changes nothing: banning a user that does not exist. */
    static Response banNobody(String cookie) {
        return Api.session(cookie).contentType(ContentType.JSON).body("{}").post("/admin-api/users/999999999/ban");
    }

    static Response login(String email, String password) {
        return Api.anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", password))
                .post("/admin-api/auth/login");
    }

    private static Response verify(String pendingCookie, String method, String code) {
        return Api.anonymous()
                .cookie("warden_mfa_pending", pendingCookie)
                .contentType(ContentType.JSON)
                .body(Map.of("method", method, "code", code))
                .post("/admin-api/auth/mfa/verify");
    }

    private static Response code(String cookie, String path, Map<String, String> body) {
        return Api.session(cookie).contentType(ContentType.JSON).body(body).post(path);
    }

    /** Moves the session's last proved factor beyond the step-up window (300 s). */
    static void ageFactor(String cookie) throws Exception {
        assertEquals(
                1,
                TestDb.update(
                        "UPDATE warden_sessions SET factor_at = now() - interval '1 hour' WHERE id = ?",
                        TestDb.sha256Hex(cookie)));
    }

    /** RFC 6238 TOTP (HMAC-SHA-1, 30 s, 6 digits) of {@code secret} at {@code step}. */
    static String totp(byte[] secret, long step) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA1");
        mac.init(new SecretKeySpec(secret, "HmacSHA1"));
        byte[] h = mac.doFinal(ByteBuffer.allocate(8).putLong(step).array());
        int o = h[h.length - 1] & 0xf;
        int bin = ((h[o] & 0x7f) << 24) | ((h[o + 1] & 0xff) << 16) | ((h[o + 2] & 0xff) << 8) | (h[o + 3] & 0xff);
        return String.format("%06d", bin % 1_000_000);
    }

    /** A code valid at none of the steps around {@code step}. */
    private static String wrong(byte[] secret, long step) throws Exception {
        for (int candidate = 0; ; candidate++) {
            String code = String.format("%06d", candidate);
            if (!code.equals(totp(secret, step - 1))
                    && !code.equals(totp(secret, step))
                    && !code.equals(totp(secret, step + 1))
                    && !code.equals(totp(secret, step + 2))) {
                return code;
            }
        }
    }

    /** RFC 4648 base32 (no padding) decoded. */
    static byte[] base32(String text) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
        ByteBuffer out = ByteBuffer.allocate(text.length() * 5 / 8);
        int buffer = 0;
        int bits = 0;
        for (char c : text.toCharArray()) {
            buffer = (buffer << 5) | alphabet.indexOf(c);
            bits += 5;
            if (bits >= 8) {
                out.put((byte) (buffer >> (bits - 8)));
                bits -= 8;
            }
        }
        return out.array();
    }
}
