package dev.warden.auth;

import java.time.Duration;

/**
 * A started session.
 *
 * @param cookieValue the opaque value for the {@code warden_session} cookie (shown to the client once; only
 *                    its SHA-256 is stored)
 * @param ttl         how long the session lives at most (the cookie's Max-Age)
 * @param operator    who signed in; null for a pending sign-in
 * @param mfaMethods  empty for a session; else the sign-in waits for a second factor (docs/security.md, "Second
 *                    factors and step-up"): {@code cookieValue} is then the pending sign-in's cookie (not a session)
 *                    and these are the methods that can finish it
 */
public record LoginResult(String cookieValue, Duration ttl, Operator operator, java.util.List<String> mfaMethods) {

    /** A started session. */
    public LoginResult(String cookieValue, Duration ttl, Operator operator) {
        this(cookieValue, ttl, operator, java.util.List.of());
    }

    /** True when the sign-in waits for a second factor. */
    public boolean pending() {
        return !mfaMethods.isEmpty();
    }
}
