package dev.warden.web.auth;

import dev.warden.auth.Operator;
import dev.warden.auth.SessionVerdict;
import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which {@code /admin-api} routes the second-factor rules guard (docs/security.md, "Second factors and step-up"). The
 * rules themselves (who must enrol, when step-up is due) are decided by the EJB side into the {@link SessionVerdict};
 * this class maps them onto paths.
 *
 * <ul>
 *   <li>enrolment due: only {@code auth/me}, {@code auth/logout} and the enrolment routes pass; every other route
 *       answers 403 {@code mfa_enrollment_required} (the live streams under {@code /admin-api} included);</li>
 *   <li>step-up due: the routes that change who can do what or that take data out answer 401
 *       {@code step_up_required}: user ban, unban, revoke-sessions and mfa-reset; every write to {@code roles} and
 *       {@code apiTokens}; the token actions ({@code teamMembers/createToken}, {@code apiTokens/createToken},
 *       {@code apiTokens/revoke}); export; history revert and restore; room dispose, state edits and their reverts;
 *       webhook create, update and secret rotation; removing one's own TOTP or passkey; {@code GET auth/step-up} (the
 *       UI's check before a step-up link).</li>
 * </ul>
 * Jobs, imports and job reverts are step-up use cases decided by their service ({@code Jobs}, {@code Imports},
 * {@code JobReverts}): a run asks for step-up, a dry run (which writes nothing and shows only what the list shows)
 * does not, and only the service knows which one a request is.
 */
public final class SecondFactorRoutes {

    /** The routes an operator who must enrol can still reach (paths without the {@code /admin-api/} prefix). */
    static final Set<String> ENROLMENT = Set.of(
            "GET auth/me",
            "POST auth/logout",
            "GET auth/mfa",
            "POST auth/mfa/totp",
            "POST auth/mfa/totp/confirm",
            "POST auth/mfa/webauthn/options",
            "POST auth/mfa/webauthn");

    private static final String SEGMENT = "[^/]+";

    /** Method and path patterns of the step-up routes. */
    static final List<Pattern> STEP_UP = List.of(
            route("POST", "users/" + SEGMENT + "/(ban|unban|revoke-sessions|mfa-reset)"),
            route("(POST|PUT|PATCH|DELETE)", "roles(/.*)?"),
            route("(POST|PUT|PATCH|DELETE)", "apiTokens(/.*)?"),
            route("POST", "teamMembers/_action/createToken"),
            route("GET", SEGMENT + "/_export"),
            route("POST", SEGMENT + "/" + SEGMENT + "/_revert"),
            route("POST", SEGMENT + "/_restore"),
            route("POST", "rooms/" + SEGMENT + "/dispose"),
            route("(PATCH|DELETE)", "rooms/" + SEGMENT + "/state"),
            route("POST", "rooms/" + SEGMENT + "/edits/" + SEGMENT + "/revert"),
            route("(POST|PATCH)", "_webhooks(/" + SEGMENT + "(/rotate)?)?"),
            route("DELETE", "auth/mfa/totp"),
            route("DELETE", "auth/mfa/webauthn/" + SEGMENT),
            route("GET", "auth/step-up"));

    private SecondFactorRoutes() {}

    private static Pattern route(String method, String path) {
        return Pattern.compile(method + " " + path);
    }

    /**
     * Applies the verdict's second-factor state to {@code method} {@code path}.
     *
     * @throws ApiException 403 {@code mfa_enrollment_required}; 401 {@code step_up_required}
     */
    static void enforce(SessionVerdict verdict, String method, String path) {
        String route = method + " " + path;
        if (verdict.enrollmentDue() && !ENROLMENT.contains(route)) {
            throw new ApiException(
                    ErrorCode.MFA_ENROLLMENT_REQUIRED,
                    "Your role needs a second factor: enrol an authenticator app or a passkey on the Security page");
        }
        if (verdict.stepUpDue() && isStepUp(method, path)) {
            throw Operator.stepUpRequired();
        }
    }

    /** True when {@code method path} is a step-up route. */
    public static boolean isStepUp(String method, String path) {
        String route = method + " " + path;
        return STEP_UP.stream().anyMatch(p -> p.matcher(route).matches());
    }
}
