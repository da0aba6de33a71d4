package dev.warden.auth;

import java.util.List;

/**
 * The signed-in identity behind an admin-api request (DESIGN.md section 3, "Auth": {@code GET /auth/me}).
 *
 * @param userId      id in {@code warden_users}
 * @param email       the user's email
 * @param role        {@code admin}, {@code mod} or {@code user} (no row in {@code warden_roles})
 * @param scopes      resource keys a mod is assigned to; empty for admins and users
 * @param sessionId   id of the session row (SHA-256 of the cookie value)
 */
public record Operator(long userId, String email, String role, List<String> scopes, String sessionId) {

    /** {@code admin}. */
    public static final String ADMIN = "admin";
    /** {@code mod}. */
    public static final String MOD = "mod";
    /** {@code user}: signed in, no panel role. */
    public static final String USER = "user";

    /** True for admins and mods: the people who may open the panel (spec, Authentication, rule 8). */
    public boolean isOperator() {
        return ADMIN.equals(role) || MOD.equals(role);
    }
}
