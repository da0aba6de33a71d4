package dev.warden.it.support;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import java.util.Map;

/** REST Assured against the test server ({@code warden.it.baseUrl}). */
public final class Api {

    private Api() {
    }

    /** Base URL of the test server, e.g. {@code http://localhost:9181}. */
    public static String baseUrl() {
        return System.getProperty("warden.it.baseUrl", "http://localhost:9181");
    }

    /** A request with no credentials. */
    public static RequestSpecification anonymous() {
        return RestAssured.given().baseUri(baseUrl()).redirects().follow(false);
    }

    /** Signs in with email and password and returns the {@code warden_session} cookie value. */
    public static String login(String email, String password) {
        Response response = anonymous().contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", password))
                .post("/admin-api/auth/login");
        if (response.statusCode() != 200) {
            throw new AssertionError("login failed: " + response.statusCode() + " " + response.asString());
        }
        return response.cookie("warden_session");
    }

    /** A request carrying the session cookie. */
    public static RequestSpecification session(String cookie) {
        return anonymous().cookie("warden_session", cookie);
    }

    /** A request carrying {@code Authorization: Bearer token}. */
    public static RequestSpecification bearer(String token) {
        return anonymous().header("Authorization", "Bearer " + token);
    }
}
