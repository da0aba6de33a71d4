package dev.warden.auth;

import jakarta.json.JsonObject;

import java.time.Duration;

/**
 * A started session.
 *
 * @param cookieValue the opaque value for the {@code warden_session} cookie (shown to the client once; only
 *                    its SHA-256 is stored)
 * @param ttl         how long the session lives (the cookie's Max-Age)
 * @param operator    who signed in
 * @param user        the user row as the users resource shows it
 */
public record LoginResult(String cookieValue, Duration ttl, Operator operator, JsonObject user) {
}
