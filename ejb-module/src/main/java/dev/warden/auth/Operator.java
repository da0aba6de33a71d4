package dev.warden.auth;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import java.util.List;

/**
 * The signed-in identity behind an admin-api request (docs/admin-api.md, "Sign-in": {@code GET /auth/me}).
 * Built only by {@link OperatorLoader} from the user's {@code warden_roles} rows.
 *
 * @param userId    id in {@code warden_users}
 * @param email     the user's email
 * @param role      the effective role
 * @param scopes    resource keys a mod is assigned to; empty for admins and users
 * @param sessionId id of the session row (SHA-256 of the cookie value); null outside a request
 * @param stepUpDue the session holds a second factor and has not proved one within the step-up window
 *                  (docs/security.md, "Second factors and step-up"); false outside a request
 */
public record Operator(long userId, String email, Role role, List<String> scopes, String sessionId, boolean stepUpDue) {

    /** An operator whose step-up is not due (a job's operator, a test's). */
    public Operator(long userId, String email, Role role, List<String> scopes, String sessionId) {
        this(userId, email, role, scopes, sessionId, false);
    }

    /** This operator with the session's step-up state {@code due}. */
    public Operator withStepUpDue(boolean due) {
        return new Operator(userId, email, role, scopes, sessionId, due);
    }

    /**
     * Refuses a step-up use case (docs/security.md, "Second factors and step-up") while the session's step-up is due.
     *
     * @throws ApiException 401 {@code step_up_required}
     */
    public void requireStepUp() {
        if (stepUpDue) {
            throw stepUpRequired();
        }
    }

    /** The 401 {@code step_up_required} refusal of a step-up route or use case. */
    public static ApiException stepUpRequired() {
        return new ApiException(
                ErrorCode.STEP_UP_REQUIRED,
                "Confirm it is you: prove a second factor again (POST /admin-api/auth/step-up)");
    }

    /** Shorthand for {@link Role#ADMIN}. */
    public static final Role ADMIN = Role.ADMIN;
    /** Shorthand for {@link Role#MOD}. */
    public static final Role MOD = Role.MOD;
    /** Shorthand for {@link Role#USER}. */
    public static final Role USER = Role.USER;

    /**
     * The operator of a user from their role rows: any admin row makes an admin; else mod rows make a mod
     * scoped to their resources; else (a {@code user} row) role user (docs/admin-api.md, "Sign-in"). A user with
     * no row at all is a player and has no operator ({@link OperatorLoader}).
     */
    public static Operator fromGrants(long userId, String email, List<RoleGrant> grants, String sessionId) {
        boolean admin = grants.stream().anyMatch(g -> g.role() == Role.ADMIN);
        List<String> scopes = grants.stream()
                .filter(g -> g.role() == Role.MOD && g.resource() != null)
                .map(RoleGrant::resource)
                .distinct()
                .sorted()
                .toList();
        Role role = admin ? Role.ADMIN : scopes.isEmpty() ? Role.USER : Role.MOD;
        return new Operator(userId, email, role, admin ? List.of() : scopes, sessionId);
    }

    /** True for admins and mods: the people who may open the panel (docs/admin-api.md, "Authentication" rule 8). */
    public boolean isOperator() {
        return role == Role.ADMIN || role == Role.MOD;
    }

    /** True for an admin. */
    public boolean isAdmin() {
        return role == Role.ADMIN;
    }
}
