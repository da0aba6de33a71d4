package dev.warden.auth;

import java.time.Duration;

/**
 * A started session.
 *
 * @param cookieValue the opaque value for the {@code warden_session} cookie (shown to the client once; only
 *                    its SHA-256 is stored)
 * @param ttl         how long the session lives at most (the cookie's Max-Age)
 * @param operator    who signed in
 */
public record LoginResult(String cookieValue, Duration ttl, Operator operator) {}
