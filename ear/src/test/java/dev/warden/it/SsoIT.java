package dev.warden.it;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.SignedJWT;
import dev.warden.it.support.Api;
import dev.warden.it.support.Deployments;
import dev.warden.it.support.MockIdp;
import dev.warden.it.support.ServerLog;
import dev.warden.it.support.TestDb;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Single sign-on with OpenID Connect against mock-oauth2-server in the test JVM, in mode {@code both}:
 * provisioning with the mapped role, roles following the groups, refusals (unmapped, banned, bad state, bad nonce)
 * audited with their reason, the maximum SSO session age, back-channel logout (valid, bad signature, wrong issuer)
 * and RP-initiated logout. {@link SsoOnlyIT} covers mode {@code sso} and the default role.
 */
@ExtendWith(ArquillianExtension.class)
class SsoIT {

    private static MockIdp idp;
    /** The audience bearer access tokens must name ({@code warden.sso.bearer.audience}): not the client id. */
    private static final String API_AUDIENCE = "warden-it-api";
    /** {@code warden.sso.start-max-per-ip} here. */
    private static final int STARTS_PER_ADDRESS = 5;

    @Deployment(testable = false)
    static EnterpriseArchive deployment() {
        idp = new MockIdp();
        return Deployments.wardenWithConfig(
                "it-sso.jar",
                idp.config(
                        "warden.sso.mode=both",
                        "warden.sso.bearer.enabled=true",
                        "warden.sso.bearer.audience=" + API_AUDIENCE,
                        "warden.sso.start-max-per-ip=" + STARTS_PER_ADDRESS,
                        // loopback is a trusted proxy here, so each start can come from an address of its own
                        "warden.trusted-proxies=127.0.0.1, ::1"));
    }

    @AfterAll
    static void stopProvider() {
        if (idp != null) {
            idp.close();
        }
    }

    private static String agent(String test) {
        return "SsoIT " + test + " " + TestDb.unique();
    }

    private static List<String> audited(String action, String field, String agent) throws Exception {
        return TestDb.column(
                "SELECT payload->>'" + field + "' FROM warden_admin_audit WHERE action = ? "
                        + "AND payload->>'userAgent' = ? ORDER BY id",
                action,
                agent);
    }

    private static String sessionOf(Response callback) {
        assertEquals(302, callback.statusCode(), callback.asString());
        assertEquals("/admin/", callback.header("Location"), "signed in: to the panel");
        String cookie = callback.cookie("warden_session");
        assertNotNull(cookie, "the session cookie");
        return cookie;
    }

    private static void refused(Response callback, String reason) {
        assertEquals(302, callback.statusCode(), callback.asString());
        assertEquals("/admin/?sso_error=" + reason, callback.header("Location"));
        assertNull(callback.cookie("warden_session"), "no session");
    }

    @Test
    void methodsNameTheProviderAndBothWays() {
        Api.anonymous()
                .get("/admin-api/auth/methods")
                .then()
                .statusCode(200)
                .body("password", equalTo(true))
                .body("sso.provider", equalTo("Mock IdP"))
                .body("sso.start", equalTo("/admin-api/auth/sso/start"))
                .body("sso.logout", equalTo("/admin-api/auth/sso/logout"));
    }

    @Test
    void firstSignInProvisionsTheUserWithTheMappedRoleAndAGroupChangeChangesIt() throws Exception {
        String subject = "sub-" + UUID.randomUUID();
        String email = "sso-" + TestDb.unique() + "@example.com";
        String agent = agent("provision");

        idp.next(subject, email, List.of("warden-admins", "unrelated"), Map.of("name", "Sso Admin"));
        String cookie = sessionOf(idp.signIn(agent));
        Api.session(cookie)
                .get("/admin-api/auth/me")
                .then()
                .statusCode(200)
                .body("role", equalTo("admin"))
                .body("user.email", equalTo(email))
                .body("user.display_name", equalTo("Sso Admin"));
        long user = TestDb.scalar("SELECT user_id FROM warden_sso_identities WHERE subject = ?", subject);
        assertEquals(
                List.of("admin sso"),
                TestDb.column(
                        "SELECT role || ' ' || origin FROM warden_roles WHERE user_id = ? ORDER BY role, resource",
                        user));
        assertNull(
                TestDb.column("SELECT password_hash FROM warden_users WHERE id = ?", user)
                        .get(0),
                "no password");
        assertEquals(List.of("sso"), audited("auth.login", "method", agent));
        assertEquals(List.of("Mock IdP"), audited("auth.login", "provider", agent));
        assertEquals(
                "sso",
                TestDb.column("SELECT auth_method FROM warden_sessions WHERE user_id = ?", user)
                        .get(0));

        // a role granted by hand stays; the SSO roles follow the groups at the next sign-in
        TestDb.update("INSERT INTO warden_roles (user_id, role, resource) VALUES (?, 'mod', 'leaderboards')", user);
        idp.next(subject, email, List.of("support"), Map.of());
        String second = sessionOf(idp.signIn(agent));
        Api.session(second)
                .get("/admin-api/auth/me")
                .then()
                .statusCode(200)
                .body("role", equalTo("mod"))
                .body("scopes", hasItems("users", "userNotes", "leaderboards"));
        assertEquals(
                List.of("mod leaderboards manual", "mod userNotes sso", "mod users sso"),
                TestDb.column(
                        "SELECT role || ' ' || resource || ' ' || origin FROM warden_roles WHERE user_id = ? ORDER BY resource",
                        user));
        assertEquals(
                1,
                TestDb.scalar("SELECT count(*) FROM warden_users WHERE lower(email) = lower(?)", email),
                "found again by its subject, not created twice");
    }

    @Test
    void unmappedGroupsAreRefusedAndAudited() throws Exception {
        String agent = agent("unmapped");
        String email = "sso-none-" + TestDb.unique() + "@example.com";
        idp.next("sub-" + UUID.randomUUID(), email, List.of("marketing"), Map.of());
        refused(idp.signIn(agent), "no_role");
        assertEquals(List.of("no_role"), audited("auth.login_failed", "reason", agent));
        assertEquals(List.of("sso"), audited("auth.login_failed", "method", agent));
        assertEquals(
                0, TestDb.scalar("SELECT count(*) FROM warden_users WHERE email = ?", email), "nobody provisioned");

        // a known user whose groups no longer map loses the SSO roles and gets no session
        String subject = "sub-" + UUID.randomUUID();
        String known = "sso-leaver-" + TestDb.unique() + "@example.com";
        idp.next(subject, known, List.of("warden-admins"), Map.of());
        sessionOf(idp.signIn(agent));
        idp.next(subject, known, List.of(), Map.of());
        refused(idp.signIn(agent), "no_role");
        assertEquals(
                0,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_roles r JOIN warden_users u ON u.id = r.user_id "
                                + "WHERE u.email = ?",
                        known));
    }

    @Test
    void aBannedUserCannotSignInThroughSso() throws Exception {
        String agent = agent("banned");
        String subject = "sub-" + UUID.randomUUID();
        String email = "sso-banned-" + TestDb.unique() + "@example.com";
        idp.next(subject, email, List.of("support"), Map.of());
        sessionOf(idp.signIn(agent));
        TestDb.update("UPDATE warden_users SET ban = '{\"reason\": \"SsoIT\"}'::jsonb WHERE email = ?", email);
        idp.next(subject, email, List.of("support"), Map.of());
        refused(idp.signIn(agent), "banned");
        assertEquals(List.of("banned"), audited("auth.login_failed", "reason", agent));
    }

    @Test
    void aBadOrForeignStateIsRefusedAndAudited() throws Exception {
        String agent = agent("state");
        // no identity queued: the code is never exchanged, and a queued one would be the next test's
        MockIdp.Redirect redirect = idp.startAt(agent);

        // another browser (no state cookie, or another one) cannot use the redirect
        Response foreign = Api.anonymous()
                .header("User-Agent", agent)
                .cookie("warden_sso_state", "someone-else")
                .urlEncodingEnabled(false)
                .get(redirect.callbackUrl());
        refused(foreign, "bad_state");
        // a made-up state
        Response madeUp = Api.anonymous()
                .header("User-Agent", agent)
                .cookie("warden_sso_state", "made-up")
                .get("/admin-api/auth/sso/callback?code=abc&state=made-up");
        refused(madeUp, "bad_state");
        // the state is used once: the first (refused) attempt used it up
        refused(redirect.follow(agent), "bad_state");
        assertEquals(List.of("bad_state", "bad_state", "bad_state"), audited("auth.login_failed", "reason", agent));
        for (String payload :
                TestDb.column("SELECT payload::text FROM warden_admin_audit WHERE payload->>'userAgent' = ?", agent)) {
            assertFalse(
                    payload.contains("code") && payload.contains(MockIdp.query(redirect.callbackUrl(), "code")),
                    "no code in the audit log: " + payload);
        }
    }

    @Test
    void aRejectedCodeOrAProviderErrorIsRefusedAndNoCodeOrSecretIsLogged() throws Exception {
        String agent = agent("code");
        long mark = ServerLog.mark();
        MockIdp.Redirect redirect = idp.startAt(agent);
        String code = MockIdp.query(redirect.callbackUrl(), "code");
        // the token endpoint refuses the code (as for an expired or replayed one): here because the PKCE verifier
        // Warden sends no longer matches the challenge the provider saw
        assertEquals(
                1,
                TestDb.update(
                        "UPDATE warden_sso_requests SET code_verifier = ? WHERE state_hash = ?",
                        "x".repeat(50),
                        TestDb.sha256Hex(redirect.state())));
        refused(redirect.follow(agent), "code_rejected");
        // the provider says no (the user cancelled)
        MockIdp.Redirect second = idp.startAt(agent);
        Response denied = Api.anonymous()
                .header("User-Agent", agent)
                .cookie("warden_sso_state", second.stateCookie())
                .get("/admin-api/auth/sso/callback?error=access_denied&state=" + second.state());
        refused(denied, "provider_error");
        assertEquals(List.of("code_rejected", "provider_error"), audited("auth.login_failed", "reason", agent));

        String log = ServerLog.since(mark);
        java.nio.file.Path trace = ServerLog.serverDir().resolve("logs/trace.log");
        String traceLog = java.nio.file.Files.exists(trace) ? java.nio.file.Files.readString(trace) : "";
        for (String secret : List.of(code, "warden-it-client-secret", redirect.state())) {
            assertFalse(log.contains(secret), "messages.log holds a code, state or the client secret");
            assertFalse(traceLog.contains(secret), "trace.log holds a code, state or the client secret");
        }
        for (String payload :
                TestDb.column("SELECT payload::text FROM warden_admin_audit WHERE payload->>'userAgent' = ?", agent)) {
            assertFalse(payload.contains(code), payload);
        }
    }

    @Test
    void anIdTokenWithAnotherNonceIsRefusedAndAudited() throws Exception {
        String agent = agent("nonce");
        idp.next(
                "sub-" + UUID.randomUUID(),
                "sso-nonce-" + TestDb.unique() + "@example.com",
                List.of("support"),
                Map.of());
        MockIdp.Redirect redirect = idp.startAt(agent);
        // the ID token the provider issues carries the nonce of the request; the stored one differs (as for an ID
        // token replayed from another sign-in)
        assertEquals(
                1,
                TestDb.update(
                        "UPDATE warden_sso_requests SET nonce = 'another-nonce' WHERE state_hash = ?",
                        TestDb.sha256Hex(redirect.state())));
        refused(redirect.follow(agent), "bad_nonce");
        assertEquals(List.of("bad_nonce"), audited("auth.login_failed", "reason", agent));
    }

    @Test
    void anSsoSessionPastItsMaximumAgeIsRefusedAPasswordSessionIsNot() throws Exception {
        String agent = agent("max-age");
        String email = "sso-age-" + TestDb.unique() + "@example.com";
        idp.next("sub-" + UUID.randomUUID(), email, List.of("support"), Map.of());
        Response callback = idp.signIn(agent);
        String cookie = sessionOf(callback);
        String setCookie = callback.header("Set-Cookie");
        assertNotNull(setCookie);
        assertTrue(
                callback.getHeaders().getValues("Set-Cookie").stream()
                        .anyMatch(c -> c.startsWith("warden_session=") && c.contains("Max-Age=28800")),
                "the cookie lasts the SSO maximum (8 h): "
                        + callback.getHeaders().getValues("Set-Cookie"));
        Api.session(cookie).get("/admin-api/auth/me").then().statusCode(200);
        TestDb.update(
                "UPDATE warden_sessions SET created_at = now() - interval '8 hours 1 minute' WHERE id = ?",
                TestDb.sha256Hex(cookie));
        Api.session(cookie)
                .get("/admin-api/auth/me")
                .then()
                .statusCode(401)
                .body("error.code", equalTo("unauthenticated"));

        Api.Identity password = Api.signedIn("mod", "users");
        TestDb.update(
                "UPDATE warden_sessions SET created_at = now() - interval '9 hours' WHERE id = ?",
                TestDb.sha256Hex(password.cookie()));
        Api.session(password.cookie()).get("/admin-api/auth/me").then().statusCode(200);
    }

    @Test
    void backChannelLogoutEndsTheUsersSessions() throws Exception {
        String agent = agent("back-channel");
        String subject = "sub-" + UUID.randomUUID();
        String email = "sso-bcl-" + TestDb.unique() + "@example.com";
        idp.next(subject, email, List.of("support"), Map.of());
        String first = sessionOf(idp.signIn(agent));
        idp.next(subject, email, List.of("support"), Map.of());
        String second = sessionOf(idp.signIn(agent));

        SignedJWT token = logoutToken(subject, Map.of());
        backChannel(token.serialize()).then().statusCode(200).body("users", equalTo(1));
        Api.session(first).get("/admin-api/auth/me").then().statusCode(401);
        Api.session(second).get("/admin-api/auth/me").then().statusCode(401);
        assertEquals(
                List.of("back_channel"),
                TestDb.column(
                        "SELECT payload->>'reason' FROM warden_admin_audit a "
                                + "JOIN warden_users u ON u.id = a.operator_id WHERE a.action = 'auth.logout' AND u.email = ?",
                        email));
    }

    @Test
    void aLogoutTokenNamingAProviderSessionEndsOnlyTheSessionsMadeWithIt() throws Exception {
        String agent = agent("back-channel-sid");
        String subject = "sub-" + UUID.randomUUID();
        String email = "sso-sid-" + TestDb.unique() + "@example.com";
        String sid = "sid-" + UUID.randomUUID();
        idp.next(subject, email, List.of("support"), Map.of("sid", sid));
        String withSid = sessionOf(idp.signIn(agent));
        idp.next(subject, email, List.of("support"), Map.of("sid", "sid-other-" + UUID.randomUUID()));
        String other = sessionOf(idp.signIn(agent));

        // the token names the user and the provider session: only the sessions made with that provider session end
        SignedJWT token = logoutToken(subject, Map.of("sid", sid));
        backChannel(token.serialize()).then().statusCode(200).body("users", equalTo(1));
        Api.session(withSid).get("/admin-api/auth/me").then().statusCode(401);
        Api.session(other).get("/admin-api/auth/me").then().statusCode(200);
    }

    @Test
    void aLogoutTokenWithABadSignatureOrFromAnotherIssuerIsRefused() throws Exception {
        String agent = agent("back-channel-bad");
        String subject = "sub-" + UUID.randomUUID();
        idp.next(subject, "sso-bclbad-" + TestDb.unique() + "@example.com", List.of("support"), Map.of());
        String cookie = sessionOf(idp.signIn(agent));

        // signed by another key under the provider's key id
        SignedJWT real = logoutToken(subject, Map.of());
        RSAKey forger =
                new RSAKeyGenerator(2048).keyID(real.getHeader().getKeyID()).generate();
        SignedJWT forged = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.RS256)
                        .keyID(forger.getKeyID())
                        .type(new JOSEObjectType("logout+jwt"))
                        .build(),
                real.getJWTClaimsSet());
        forged.sign(new RSASSASigner(forger));
        backChannel(forged.serialize()).then().statusCode(400).body("error.code", equalTo("bad_request"));

        // issued by another issuer of the same server (its own keys and iss)
        SignedJWT foreign = idp.server()
                .issueToken(
                        "another-issuer",
                        MockIdp.CLIENT_ID,
                        new DefaultOAuth2TokenCallback(
                                "another-issuer",
                                subject,
                                "logout+jwt",
                                List.of(MockIdp.CLIENT_ID),
                                logoutEvent(),
                                120));
        backChannel(foreign.serialize()).then().statusCode(400);

        // right issuer and key, but for another client
        SignedJWT otherAudience = idp.server()
                .issueToken(
                        MockIdp.ISSUER_ID,
                        "another-client",
                        new DefaultOAuth2TokenCallback(
                                MockIdp.ISSUER_ID,
                                subject,
                                "logout+jwt",
                                List.of("another-client"),
                                logoutEvent(),
                                120));
        backChannel(otherAudience.serialize()).then().statusCode(400);

        // an ID token is not a logout token (no events claim)
        SignedJWT noEvent = idp.server()
                .issueToken(
                        MockIdp.ISSUER_ID,
                        MockIdp.CLIENT_ID,
                        new DefaultOAuth2TokenCallback(
                                MockIdp.ISSUER_ID, subject, "JWT", List.of(MockIdp.CLIENT_ID), Map.of(), 120));
        backChannel(noEvent.serialize()).then().statusCode(400);
        backChannel("not-a-jwt").then().statusCode(400);

        Api.session(cookie).get("/admin-api/auth/me").then().statusCode(200);
    }

    @Test
    void signOutEndsTheSessionAndGoesToTheProvidersEndSessionEndpoint() throws Exception {
        String agent = agent("rp-logout");
        idp.next(
                "sub-" + UUID.randomUUID(),
                "sso-out-" + TestDb.unique() + "@example.com",
                List.of("support"),
                Map.of());
        String cookie = sessionOf(idp.signIn(agent));
        Response out = Api.session(cookie).header("User-Agent", agent).post("/admin-api/auth/sso/logout");
        assertEquals(303, out.statusCode(), out.asString());
        String location = out.header("Location");
        assertTrue(location.startsWith(idp.issuer() + "/endsession?"), location);
        assertTrue(
                location.contains("client_id=" + MockIdp.CLIENT_ID) && location.contains("post_logout_redirect_uri="),
                location);
        Api.session(cookie).get("/admin-api/auth/me").then().statusCode(401);
        assertEquals(
                List.of("auth.logout"),
                TestDb.column(
                        "SELECT action FROM warden_admin_audit WHERE action = 'auth.logout' "
                                + "AND payload->>'userAgent' = ?",
                        agent));
    }

    @Test
    void aBearerAccessTokenOfALinkedUserIsAcceptedWithItsMappedRole() throws Exception {
        String agent = agent("bearer");
        String subject = "sub-" + UUID.randomUUID();
        String email = "sso-bearer-" + TestDb.unique() + "@example.com";
        idp.next(subject, email, List.of("support"), Map.of());
        sessionOf(idp.signIn(agent));

        Api.bearer(accessToken(MockIdp.ISSUER_ID, subject, API_AUDIENCE, List.of("warden-admins"), 300))
                .get("/admin-api/auth/me")
                .then()
                .statusCode(200)
                .body("role", equalTo("admin"))
                .body("user.email", equalTo(email));
        Api.bearer(accessToken(MockIdp.ISSUER_ID, subject, API_AUDIENCE, List.of("support"), 300))
                .get("/admin-api/users?_start=0&_end=1")
                .then()
                .statusCode(200);
    }

    @Test
    void bearerTokensExpiredForAnotherAudienceOrIssuerOrSubjectAreRefused() throws Exception {
        String agent = agent("bearer-bad");
        String subject = "sub-" + UUID.randomUUID();
        idp.next(subject, "sso-bearerbad-" + TestDb.unique() + "@example.com", List.of("support"), Map.of());
        sessionOf(idp.signIn(agent));

        for (String token : List.of(
                accessToken(MockIdp.ISSUER_ID, subject, API_AUDIENCE, List.of("support"), -300),
                accessToken(MockIdp.ISSUER_ID, subject, "another-client", List.of("support"), 300),
                // the client id is the audience of ID tokens, not of Warden's API
                accessToken(MockIdp.ISSUER_ID, subject, MockIdp.CLIENT_ID, List.of("support"), 300),
                accessToken("another-issuer", subject, API_AUDIENCE, List.of("support"), 300),
                accessToken(
                        MockIdp.ISSUER_ID, "sub-unknown-" + UUID.randomUUID(), API_AUDIENCE, List.of("support"), 300),
                accessToken(MockIdp.ISSUER_ID, subject, API_AUDIENCE, List.of("marketing"), 300),
                "not-a-jwt")) {
            Api.bearer(token)
                    .get("/admin-api/auth/me")
                    .then()
                    .statusCode(401)
                    .body("error.code", equalTo("unauthenticated"));
        }
    }

    private static String accessToken(
            String issuerId, String subject, String audience, List<String> groups, long expirySeconds) {
        return token(issuerId, subject, "JWT", audience, Map.of("groups", groups), expirySeconds);
    }

    private static String token(
            String issuerId,
            String subject,
            String type,
            String audience,
            Map<String, Object> claims,
            long expirySeconds) {
        return idp.server()
                .issueToken(
                        issuerId,
                        "automation",
                        new DefaultOAuth2TokenCallback(
                                issuerId, subject, type, List.of(audience), claims, expirySeconds))
                .serialize();
    }

    @Test
    void aBearerMustBeAnAccessTokenAnIdTokenIsRefused() throws Exception {
        String agent = agent("bearer-type");
        String subject = "sub-" + UUID.randomUUID();
        idp.next(subject, "sso-bearertype-" + TestDb.unique() + "@example.com", List.of("support"), Map.of());
        sessionOf(idp.signIn(agent));
        Map<String, Object> support = Map.of("groups", List.of("support"));

        // RFC 9068 access tokens (typ at+jwt), and the plain JWT type many providers give their access tokens
        for (String type : List.of("at+jwt", "application/at+jwt", "JWT")) {
            Api.bearer(token(MockIdp.ISSUER_ID, subject, type, API_AUDIENCE, support, 300))
                    .get("/admin-api/auth/me")
                    .then()
                    .statusCode(200)
                    .body("role", equalTo("mod"));
        }
        // a token with a nonce claim is an ID token (Warden's sign-ins always send a nonce), whatever its audience
        Map<String, Object> withNonce = Map.of("groups", List.of("support"), "nonce", "n-" + UUID.randomUUID());
        for (String type : List.of("JWT", "at+jwt")) {
            Api.bearer(token(MockIdp.ISSUER_ID, subject, type, API_AUDIENCE, withNonce, 300))
                    .get("/admin-api/auth/me")
                    .then()
                    .statusCode(401)
                    .body("error.code", equalTo("unauthenticated"));
        }
        // another type (a logout token) is not an access token either
        Api.bearer(token(MockIdp.ISSUER_ID, subject, "logout+jwt", API_AUDIENCE, support, 300))
                .get("/admin-api/auth/me")
                .then()
                .statusCode(401);
    }

    @Test
    void theStartIsLimitedPerAddressAndTheStoredSignInsAreCapped() throws Exception {
        java.util.concurrent.ThreadLocalRandom r = java.util.concurrent.ThreadLocalRandom.current();
        String address = "10.251." + r.nextInt(256) + "." + (1 + r.nextInt(254));
        String agent = agent("start-limit");
        for (int i = 0; i < STARTS_PER_ADDRESS; i++) {
            start(address, agent).then().statusCode(302);
        }
        long before = TestDb.scalar("SELECT count(*) FROM warden_sso_requests");
        Response refused = start(address, agent);
        refused.then()
                .statusCode(429)
                .header("Retry-After", org.hamcrest.Matchers.matchesPattern("[0-9]+"))
                .body("error.code", equalTo("rate_limited"));
        assertNull(refused.cookie("warden_sso_state"), "no state cookie");
        assertTrue(
                TestDb.scalar("SELECT count(*) FROM warden_sso_requests") <= before, "a refused start stores no row");
        // another address is not affected
        start("10.252." + r.nextInt(256) + "." + (1 + r.nextInt(254)), agent)
                .then()
                .statusCode(302);

        // however many addresses ask: at most 10,000 started sign-ins are kept; beyond, 503
        String marker = "it-cap-" + UUID.randomUUID() + "-";
        try {
            TestDb.update(
                    "INSERT INTO warden_sso_requests (state_hash, nonce, code_verifier, expires_at) "
                            + "SELECT ? || g, 'n', 'v', now() + interval '5 minutes' FROM generate_series(1, 10000) g",
                    marker);
            start("10.253." + r.nextInt(256) + "." + (1 + r.nextInt(254)), agent)
                    .then()
                    .statusCode(503)
                    .header("Retry-After", org.hamcrest.Matchers.matchesPattern("[0-9]+"))
                    .body("error.code", equalTo("unavailable"));
        } finally {
            TestDb.update("DELETE FROM warden_sso_requests WHERE state_hash LIKE ?", marker + "%");
        }
        start("10.254." + r.nextInt(256) + "." + (1 + r.nextInt(254)), agent)
                .then()
                .statusCode(302);
    }

    private static Response start(String address, String agent) {
        return Api.anonymous()
                .header("User-Agent", agent)
                .header("X-Forwarded-For", address)
                .get("/admin-api/auth/sso/start");
    }

    @Test
    void anExistingAccountIsNotLinkedByEmailWhileLinkingIsOff() throws Exception {
        String agent = agent("email-taken");
        String email = "sso-taken-" + TestDb.unique() + "@example.com";
        long existing = TestDb.userWithRole(email, "a long enough password", "admin", null);
        // the provider says the email is verified (MockIdp.next), but warden.sso.link-verified-email is off
        idp.next("sub-" + UUID.randomUUID(), email, List.of("warden-admins"), Map.of());
        refused(idp.signIn(agent), "email_taken");
        assertEquals(List.of("email_taken"), audited("auth.login_failed", "reason", agent));
        assertEquals(0L, TestDb.scalar("SELECT count(*) FROM warden_sso_identities WHERE user_id = ?", existing));
    }

    @Test
    void aLogoutTokenIsAcceptedOnceAndAnOldOneIsRefused() throws Exception {
        String agent = agent("back-channel-replay");
        String subject = "sub-" + UUID.randomUUID();
        String email = "sso-replay-" + TestDb.unique() + "@example.com";
        TestDb.update("INSERT INTO warden_sso_logout_jti (issuer, jti, expires_at) "
                + "VALUES ('http://expired.example', 'old-" + UUID.randomUUID() + "', now() - interval '1 second')");
        idp.next(subject, email, List.of("support"), Map.of());
        String first = sessionOf(idp.signIn(agent));
        SignedJWT token = logoutToken(subject, Map.of());
        String jti = token.getJWTClaimsSet().getJWTID();
        assertNotNull(jti, "mock-oauth2-server sets jti");
        backChannel(token.serialize()).then().statusCode(200).body("users", equalTo(1));
        Api.session(first).get("/admin-api/auth/me").then().statusCode(401);
        assertEquals(
                1L,
                TestDb.scalar(
                        "SELECT count(*) FROM warden_sso_logout_jti WHERE issuer = ? AND jti = ? "
                                + "AND expires_at BETWEEN now() + interval '5 minutes' AND now() + interval '7 minutes'",
                        idp.issuer(),
                        jti),
                "remembered until the token is too old anyway");
        assertEquals(
                0L,
                TestDb.scalar("SELECT count(*) FROM warden_sso_logout_jti WHERE expires_at < now()"),
                "expired rows are pruned");

        // the same token again (a replay, to this or any node): refused, and the new session stays
        idp.next(subject, email, List.of("support"), Map.of());
        String second = sessionOf(idp.signIn(agent));
        backChannel(token.serialize()).then().statusCode(400);
        Api.session(second).get("/admin-api/auth/me").then().statusCode(200);

        // a token issued ten minutes ago, never seen: refused (it could have been pruned already)
        long tenMinutesAgo = System.currentTimeMillis() / 1000 - 600;
        backChannel(logoutToken(subject, Map.of("iat", tenMinutesAgo)).serialize())
                .then()
                .statusCode(400);
        Api.session(second).get("/admin-api/auth/me").then().statusCode(200);

        // a fresh token with another jti works
        backChannel(logoutToken(subject, Map.of()).serialize()).then().statusCode(200);
        Api.session(second).get("/admin-api/auth/me").then().statusCode(401);
    }

    @Test
    void groupsComeFromTheUserinfoEndpointWhenTheIdTokenHasNone() throws Exception {
        String agent = agent("userinfo");
        String subject = "sub-" + UUID.randomUUID();
        String email = "sso-userinfo-" + TestDb.unique() + "@example.com";
        idp.nextWithGroupsInUserinfo(subject, email, List.of("warden-admins"));
        String cookie = sessionOf(idp.signIn(agent));
        Api.session(cookie).get("/admin-api/auth/me").then().statusCode(200).body("role", equalTo("admin"));

        // the ID token's claim wins when it is there (warden.sso.userinfo-groups=missing, the default)
        idp.next(subject, email, List.of("support"), Map.of());
        String second = sessionOf(idp.signIn(agent));
        Api.session(second).get("/admin-api/auth/me").then().statusCode(200).body("role", equalTo("mod"));

        // userinfo without groups either: no role
        idp.nextWithGroupsInUserinfo(subject, email, List.of("nobody-maps-this"));
        refused(idp.signIn(agent), "no_role");
    }

    private static SignedJWT logoutToken(String subject, Map<String, Object> more) {
        Map<String, Object> claims = new java.util.LinkedHashMap<>(logoutEvent());
        claims.putAll(more);
        return idp.server()
                .issueToken(
                        MockIdp.ISSUER_ID,
                        MockIdp.CLIENT_ID,
                        new DefaultOAuth2TokenCallback(
                                MockIdp.ISSUER_ID, subject, "logout+jwt", List.of(MockIdp.CLIENT_ID), claims, 120));
    }

    private static Map<String, Object> logoutEvent() {
        return Map.of("events", Map.of("http://schemas.openid.net/event/backchannel-logout", Map.of()));
    }

    private static Response backChannel(String token) {
        return Api.anonymous()
                .contentType("application/x-www-form-urlencoded")
                .body("logout_token=" + token)
                .post("/admin-api/auth/sso/backchannel-logout");
    }
}
