package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestAuthenticator;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The server side of passkey ceremonies (docs/security.md, "Passkeys") on the real EAR, with a software authenticator
 * ({@link TestAuthenticator}). On the shared EAR of {@link SecondFactorsIT} (no deployment of its own; a class apart
 * only to keep each under 400 lines), whose configuration sets {@code warden.public-url} to the test server's address:
 * the relying-party id {@code localhost} and the one allowed origin. The browser's side (the virtual authenticator of
 * Chromium) runs in {@link SecondFactorsIT}'s browser test.
 */
@SharedDeployment(SharedDeployment.Ear.WARDEN_WITH_HOSTING_LIMITS)
class PasskeysIT {

    /**
     * Passkeys (docs/security.md, "Passkeys") with a software authenticator: registration (a wrong origin refused, a
     * challenge used once), rename, the second step of sign-in (a wrong relying party refused), the passwordless
     * sign-in (user verification required; a sign counter that went back refused and audited), and step-up by passkey,
     * also for removing it.
     */
    @Test
    void passkeysRegisterSignInAndStepUp() throws Exception {
        String email = "passkey-admin-" + TestDb.unique() + "@example.com";
        String password = "passkey admin password " + TestDb.unique();
        long userId = TestDb.userWithRole(email, password, "admin", null);
        String cookie = Api.login(email, password);
        URI base = URI.create(Api.baseUrl());
        String rp = base.getHost();
        String origin = base.getScheme() + "://" + rp + ":" + base.getPort();
        TestAuthenticator key = new TestAuthenticator();

        Response options = passkeyPost(cookie, null, "/admin-api/auth/mfa/webauthn/options", Map.of());
        options.then()
                .statusCode(200)
                .body("rp.id", equalTo(rp))
                .body("authenticatorSelection.userVerification", equalTo("preferred"));
        String used = options.path("challenge");
        passkeyPost(
                        cookie,
                        null,
                        "/admin-api/auth/mfa/webauthn",
                        Map.of("name", "Laptop", "credential", key.register(used, rp, "http://evil.example:1")))
                .then()
                .statusCode(422);
        passkeyPost(
                        cookie,
                        null,
                        "/admin-api/auth/mfa/webauthn",
                        Map.of("name", "Laptop", "credential", key.register(used, rp, origin)))
                .then()
                .statusCode(409);
        String challenge = passkeyPost(cookie, null, "/admin-api/auth/mfa/webauthn/options", Map.of())
                .path("challenge");
        Response added = passkeyPost(
                cookie,
                null,
                "/admin-api/auth/mfa/webauthn",
                Map.of("name", "Laptop", "credential", key.register(challenge, rp, origin)));
        added.then().statusCode(201).body("name", equalTo("Laptop")).body("recovery_codes", hasSize(10));
        int id = added.path("id");
        Api.session(cookie).get("/admin-api/users").then().statusCode(200);
        Api.session(cookie)
                .contentType(ContentType.JSON)
                .body(Map.of("name", "Work laptop"))
                .patch("/admin-api/auth/mfa/webauthn/" + id)
                .then()
                .statusCode(200)
                .body("name", equalTo("Work laptop"));
        Api.session(cookie).get("/admin-api/auth/mfa").then().body("passkeys[0].name", equalTo("Work laptop"));

        // the second step of a password sign-in: a wrong relying party refused, the challenge then spent
        Response pending = SecondFactorsIT.login(email, password);
        pending.then().body("methods", equalTo(List.of("webauthn", "recovery")));
        String pendingCookie = pending.cookie("warden_mfa_pending");
        Response assertion = passkeyPost(null, pendingCookie, "/admin-api/auth/mfa/webauthn/verify-options", Map.of());
        assertion.then().statusCode(200).body("allowCredentials[0].id", equalTo(key.id()));
        String stale = assertion.path("challenge");
        Map<String, Object> wrongRp =
                Map.of("method", "webauthn", "credential", key.assertion(stale, "evil.example", origin, true, null));
        passkeyPost(null, pendingCookie, "/admin-api/auth/mfa/verify", wrongRp)
                .then()
                .statusCode(401)
                .body("error.code", equalTo("invalid_code"));
        Map<String, Object> reused =
                Map.of("method", "webauthn", "credential", key.assertion(stale, rp, origin, true, null));
        passkeyPost(null, pendingCookie, "/admin-api/auth/mfa/verify", reused)
                .then()
                .statusCode(401);
        String fresh = passkeyPost(null, pendingCookie, "/admin-api/auth/mfa/webauthn/verify-options", Map.of())
                .path("challenge");
        passkeyPost(
                        null,
                        pendingCookie,
                        "/admin-api/auth/mfa/verify",
                        Map.of("method", "webauthn", "credential", key.assertion(fresh, rp, origin, false, null)))
                .then()
                .statusCode(200)
                .body("user.email", equalTo(email));

        // passwordless: user verification required, a full session that passes step-up routes
        byte[] handle = ByteBuffer.allocate(8).putLong(userId).array();
        Response start = passkeyPost(null, null, "/admin-api/auth/mfa/webauthn/login-options", Map.of());
        start.then().statusCode(200).body("userVerification", equalTo("required"));
        passkeyPost(
                        null,
                        start.cookie("warden_mfa_pending"),
                        "/admin-api/auth/mfa/webauthn/login",
                        Map.of("credential", key.assertion(start.path("challenge"), rp, origin, false, handle)))
                .then()
                .statusCode(401)
                .body("error.code", equalTo("invalid_credentials"));
        start = passkeyPost(null, null, "/admin-api/auth/mfa/webauthn/login-options", Map.of());
        Response signedIn = passkeyPost(
                null,
                start.cookie("warden_mfa_pending"),
                "/admin-api/auth/mfa/webauthn/login",
                Map.of("credential", key.assertion(start.path("challenge"), rp, origin, true, handle)));
        signedIn.then().statusCode(200).body("user.email", equalTo(email));
        String session = signedIn.cookie("warden_session");
        SecondFactorsIT.banNobody(session).then().statusCode(404);

        // a sign counter that went back: refused and audited
        long counter = key.counter;
        key.counter = 0;
        start = passkeyPost(null, null, "/admin-api/auth/mfa/webauthn/login-options", Map.of());
        passkeyPost(
                        null,
                        start.cookie("warden_mfa_pending"),
                        "/admin-api/auth/mfa/webauthn/login",
                        Map.of("credential", key.assertion(start.path("challenge"), rp, origin, true, handle)))
                .then()
                .statusCode(401);
        key.counter = counter;
        assertEquals(
                1,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_admin_audit WHERE action = 'auth.mfa_failed' "
                                + "AND operator_id = ? AND payload->>'reason' = 'sign_counter'",
                        userId));

        // step-up by passkey, also before removing it
        SecondFactorsIT.ageFactor(session);
        SecondFactorsIT.banNobody(session).then().statusCode(401).body("error.code", equalTo("step_up_required"));
        Api.session(session).get("/admin-api/auth/step-up").then().statusCode(401);
        Api.session(session).delete("/admin-api/auth/mfa/webauthn/" + id).then().statusCode(401);
        String up = passkeyPost(session, null, "/admin-api/auth/step-up/options", Map.of())
                .path("challenge");
        passkeyPost(
                        session,
                        null,
                        "/admin-api/auth/step-up",
                        Map.of("method", "webauthn", "credential", key.assertion(up, rp, origin, true, null)))
                .then()
                .statusCode(200)
                .body("step_up_until", startsWith("20"));
        Api.session(session).get("/admin-api/auth/step-up").then().statusCode(204);
        Api.session(session).delete("/admin-api/auth/mfa/webauthn/" + id).then().statusCode(204);
        Api.session(session)
                .get("/admin-api/auth/mfa")
                .then()
                .body("passkeys", hasSize(0))
                .body("recovery_codes_left", equalTo(0));
    }

    /**
     * Registers a new software passkey named {@code name} for the session {@code cookie} (the test server's relying
     * party and origin).
     */
    static TestAuthenticator registered(String cookie, String name) throws Exception {
        URI base = URI.create(Api.baseUrl());
        String origin = base.getScheme() + "://" + base.getHost() + ":" + base.getPort();
        TestAuthenticator key = new TestAuthenticator();
        String challenge = passkeyPost(cookie, null, "/admin-api/auth/mfa/webauthn/options", Map.of())
                .path("challenge");
        passkeyPost(
                        cookie,
                        null,
                        "/admin-api/auth/mfa/webauthn",
                        Map.of("name", name, "credential", key.register(challenge, base.getHost(), origin)))
                .then()
                .statusCode(201);
        return key;
    }

    /** POSTs {@code body} as JSON with a session cookie and/or a pending sign-in cookie (either may be null). */
    private static Response passkeyPost(String session, String pending, String path, Map<String, ?> body) {
        var request = session == null ? Api.anonymous() : Api.session(session);
        if (pending != null) {
            request = request.cookie("warden_mfa_pending", pending);
        }
        return request.contentType(ContentType.JSON).body(body).post(path);
    }
}
