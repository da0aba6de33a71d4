package dev.warden.it.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.oauth2.sdk.TokenRequest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import no.nav.security.mock.oauth2.token.OAuth2TokenCallback;

/**
 * An OpenID Connect provider in the test JVM: {@code no.nav.security:mock-oauth2-server} on a free
 * loopback port, one issuer ({@value #ISSUER_ID}), and a browser's walk through Warden's SSO routes. The identity the
 * next sign-in gets is queued with {@link #next}.
 */
public final class MockIdp implements AutoCloseable {

    /** The issuer id (the path under the server's root). */
    public static final String ISSUER_ID = "warden-it";
    /** The client id Warden is configured with. */
    public static final String CLIENT_ID = "warden-it-client";

    private final MockOAuth2Server server = new MockOAuth2Server();

    /** Starts the server on a free loopback port and warms it up (discovery document and keys, three times). */
    public MockIdp() {
        try {
            server.start(InetAddress.getLoopbackAddress(), 0);
        } catch (RuntimeException e) {
            throw new IllegalStateException("mock-oauth2-server did not start", e);
        }
        // warm the provider up (its first answers are slow on a loaded machine, and Warden reads the discovery document
        // with a 5 s timeout: a cold first read made the first sign-in of a class answer 503)
        for (int i = 0; i < 3; i++) {
            RestAssured.given()
                    .get(issuer() + "/.well-known/openid-configuration")
                    .then()
                    .statusCode(200);
            RestAssured.given().get(issuer() + "/jwks").then().statusCode(200);
        }
    }

    /** The server. */
    public MockOAuth2Server server() {
        return server;
    }

    /** The issuer URL, e.g. {@code http://127.0.0.1:41234/warden-it}. */
    public String issuer() {
        return server.issuerUrl(ISSUER_ID).toString().replaceAll("/$", "");
    }

    /**
     * The MicroProfile Config lines that point Warden at this provider (for {@link Deployments#wardenWithConfig}),
     * plus {@code more}.
     */
    public String[] config(String... more) {
        List<String> lines = new ArrayList<>(List.of(
                "warden.sso.issuer=" + issuer(),
                "warden.sso.client-id=" + CLIENT_ID,
                "warden.sso.client-secret=warden-it-client-secret",
                "warden.sso.redirect-url=" + Api.baseUrl() + "/admin-api/auth/sso/callback",
                "warden.sso.provider-name=Mock IdP",
                "warden.sso.role-mapping=warden-admins=admin;support=mod:users,userNotes;viewers=user"));
        lines.addAll(List.of(more));
        return lines.toArray(String[]::new);
    }

    /** Queues the identity of the next sign-in: {@code sub}, and claims {@code email}, {@code groups} and {@code more}. */
    public void next(String subject, String email, List<String> groups, Map<String, Object> more) {
        Map<String, Object> claims = new LinkedHashMap<>();
        if (email != null) {
            claims.put("email", email);
            claims.put("email_verified", true);
        }
        claims.put("groups", groups);
        claims.putAll(more);
        server.enqueueCallback(
                new DefaultOAuth2TokenCallback(ISSUER_ID, subject, "JWT", List.of(CLIENT_ID), claims, 3600));
    }

    /**
     * Queues the identity of the next sign-in with the groups only at the userinfo endpoint: the ID token carries
     * {@code sub} and {@code email} but no {@code groups} claim; the access token (whose claims mock-oauth2-server's
     * userinfo endpoint answers) carries {@code groups} too. The server mints the ID token first, then the access
     * token, each asking the callback for its claims once.
     */
    public void nextWithGroupsInUserinfo(String subject, String email, List<String> groups) {
        Map<String, Object> idClaims = new LinkedHashMap<>(Map.of("email", email, "email_verified", true));
        Map<String, Object> accessClaims = new LinkedHashMap<>(idClaims);
        accessClaims.put("groups", groups);
        server.enqueueCallback(new OAuth2TokenCallback() {
            private final AtomicInteger calls = new AtomicInteger();

            @Override
            public String issuerId() {
                return ISSUER_ID;
            }

            @Override
            public String subject(TokenRequest request) {
                return subject;
            }

            @Override
            public String typeHeader(TokenRequest request) {
                return "JWT";
            }

            @Override
            public List<String> audience(TokenRequest request) {
                return List.of(CLIENT_ID);
            }

            @Override
            public Map<String, Object> addClaims(TokenRequest request) {
                return calls.getAndIncrement() == 0 ? idClaims : accessClaims;
            }

            @Override
            public long tokenExpiry() {
                return 3600;
            }
        });
    }

    /**
     * The browser's part up to the provider's answer: {@code GET /admin-api/auth/sso/start} (302 to the provider
     * and the state cookie), then the provider's authorization endpoint (302 back to Warden's callback). The start
     * comes from an address of its own ({@code X-Forwarded-For} in 10.0.0.0/8): where loopback is a trusted proxy
     * (SsoIT), sign-ins stay out of each other's per-address start limit; elsewhere the header is ignored.
     */
    public Redirect startAt(String userAgent) {
        java.util.concurrent.ThreadLocalRandom r = java.util.concurrent.ThreadLocalRandom.current();
        Response start = Api.anonymous()
                .header("User-Agent", userAgent)
                .header("X-Forwarded-For", "10." + r.nextInt(256) + "." + r.nextInt(256) + "." + (1 + r.nextInt(254)))
                .get("/admin-api/auth/sso/start");
        assertEquals(302, start.statusCode(), start.asString());
        String location = start.header("Location");
        assertTrue(location.startsWith(issuer() + "/authorize"), location);
        for (String parameter : new String[] {
            "code_challenge=",
            "code_challenge_method=S256",
            "state=",
            "nonce=",
            "client_id=" + CLIENT_ID,
            "scope=openid"
        }) {
            assertTrue(location.contains(parameter), "authorization request has " + parameter + ": " + location);
        }
        String stateCookie = start.cookie("warden_sso_state");
        assertNotNull(stateCookie, "the state cookie");
        Response authorize = RestAssured.given()
                .redirects()
                .follow(false)
                .urlEncodingEnabled(false)
                .get(location);
        assertEquals(302, authorize.statusCode(), authorize.asString());
        String callback = authorize.header("Location");
        assertTrue(callback.startsWith(Api.baseUrl() + "/admin-api/auth/sso/callback?"), callback);
        return new Redirect(callback, stateCookie, query(callback, "state"));
    }

    /**
     * The provider's redirect back to Warden.
     *
     * @param callbackUrl the full callback URL with {@code code} and {@code state}
     * @param stateCookie the {@code warden_sso_state} cookie Warden set at the start
     * @param state       the {@code state} parameter
     */
    public record Redirect(String callbackUrl, String stateCookie, String state) {

        /** Follows the redirect in the browser that started it. */
        public Response follow(String userAgent) {
            return Api.anonymous()
                    .header("User-Agent", userAgent)
                    .cookie("warden_sso_state", stateCookie)
                    .urlEncodingEnabled(false)
                    .get(callbackUrl);
        }
    }

    /** The whole walk: start, provider, callback. */
    public Response signIn(String userAgent) {
        return startAt(userAgent).follow(userAgent);
    }

    /** The value of {@code name} in {@code url}'s query (not decoded; the values used here need none). */
    public static String query(String url, String name) {
        for (String pair : url.substring(url.indexOf('?') + 1).split("&")) {
            if (pair.startsWith(name + "=")) {
                return pair.substring(name.length() + 1);
            }
        }
        return null;
    }

    @Override
    public void close() {
        server.shutdown();
    }
}
