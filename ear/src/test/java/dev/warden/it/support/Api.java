package dev.warden.it.support;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.Map;

/** REST Assured against the test server ({@code warden.it.baseUrl}). */
public final class Api {

    /** The setup token of the test server ({@code warden.setup-token} in it.xml) that bootstrap requires. */
    public static final String SETUP_TOKEN = "warden-it-setup-token";

    private Api() {}

    /** Base URL of the test server, e.g. {@code http://localhost:9181}. */
    public static String baseUrl() {
        return System.getProperty("warden.it.baseUrl", "http://localhost:9181");
    }

    /**
     * A request with no credentials to the server's MicroProfile Health endpoints ({@code warden.it.health.url}):
     * the HTTP port on Liberty, the management interface on WildFly (docs/wildfly.md).
     */
    public static RequestSpecification health() {
        return RestAssured.given()
                .baseUri(System.getProperty("warden.it.health.url", baseUrl()))
                .redirects()
                .follow(false);
    }

    /** A request with no credentials. */
    public static RequestSpecification anonymous() {
        return RestAssured.given().baseUri(baseUrl()).redirects().follow(false);
    }

    /** Signs in with email and password and returns the {@code warden_session} cookie value. */
    public static String login(String email, String password) {
        Response response = anonymous()
                .contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", password))
                .post("/admin-api/auth/login");
        if (response.statusCode() != 200) {
            throw new AssertionError("login failed: " + response.statusCode() + " " + response.asString());
        }
        return response.cookie("warden_session");
    }

    /**
     * A signed-in identity made for one test: a fresh user with a unique email, the given panel role
     * ({@code admin}, or {@code mod} scoped to {@code scope}), and its session cookie.
     *
     * @param id     the user's id
     * @param email  the user's email
     * @param cookie the {@code warden_session} cookie value
     */
    public record Identity(long id, String email, String cookie) {}

    /** A new user with {@code role} (and {@code scope} for a mod), signed in. */
    public static Identity signedIn(String role, String scope) throws java.sql.SQLException {
        String email = role + "-" + TestDb.unique() + "@example.com";
        String password = "identity password " + TestDb.unique();
        long id = TestDb.userWithRole(email, password, role, scope);
        return new Identity(id, email, login(email, password));
    }

    /** A request carrying the session cookie. */
    public static RequestSpecification session(String cookie) {
        return anonymous().cookie("warden_session", cookie);
    }

    /** {@code POST /admin-api/<key>} with a JSON body, signed in with {@code cookie}. */
    public static Response post(String cookie, String key, String json) {
        return session(cookie).contentType(ContentType.JSON).body(json).post("/admin-api/" + key);
    }

    /** {@code PATCH /admin-api/<path>} with a JSON body, signed in with {@code cookie}. */
    public static Response patch(String cookie, String path, String json) {
        return session(cookie).contentType(ContentType.JSON).body(json).patch("/admin-api/" + path);
    }

    /** The {@code _id} of a two-column key: base64url (no padding) of {@code [a,b]}. */
    public static String compositeId(long a, long b) {
        return java.util.Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(("[" + a + "," + b + "]").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** A request carrying {@code Authorization: Bearer token}. */
    public static RequestSpecification bearer(String token) {
        return anonymous().header("Authorization", "Bearer " + token);
    }
}
