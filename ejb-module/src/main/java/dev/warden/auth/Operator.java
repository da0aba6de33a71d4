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

    /**
     * The operator of a user from their {@code warden_roles} rows ({@code [role, resource]} pairs): any admin
     * row makes an admin; else mod rows make a mod scoped to their resources; else role user
     * (DESIGN.md section 3, "Auth").
     */
    public static Operator fromRoles(long userId, String email, List<String[]> roleRows, String sessionId) {
        boolean admin = roleRows.stream().anyMatch(r -> ADMIN.equals(r[0]));
        List<String> scopes = roleRows.stream().filter(r -> MOD.equals(r[0]) && r[1] != null)
                .map(r -> r[1]).distinct().toList();
        String role = admin ? ADMIN : scopes.isEmpty() ? USER : MOD;
        return new Operator(userId, email, role, admin ? List.of() : scopes, sessionId);
    }

    /** True for admins and mods: the people who may open the panel (spec, Authentication, rule 8). */
    public boolean isOperator() {
        return ADMIN.equals(role) || MOD.equals(role);
    }
}
