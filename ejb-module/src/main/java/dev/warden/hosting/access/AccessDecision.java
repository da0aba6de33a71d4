package dev.warden.hosting.access;

import dev.warden.hosting.limits.LimitState;
import dev.warden.hosting.tokens.TeamAccess;
import java.util.List;

/**
 * The answer to one hosting API request's access check
 * (docs/hosting-api.md, "Requirements: Authentication" rules 1 and 5, "Requirements: Limits" rules 1 to 4).
 *
 * @param verdict allowed, or why not
 * @param access  the team access the token grants; null when the token is missing or not valid
 * @param limits  the limits as counted for this request, team budget first; empty when the request counts against
 *                none (limits off, or refused before counting). On {@link Verdict#RATE_LIMITED} at least one is
 *                {@link LimitState#exceeded()} and nothing was consumed
 * @param message the refusal's human-readable reason, safe to show to the client; null when allowed
 */
public record AccessDecision(Verdict verdict, TeamAccess access, List<LimitState> limits, String message) {

    /** Allowed, or the reason for a refusal. */
    public enum Verdict {
        /** The token is valid and every limit has room: serve the request. */
        ALLOWED,
        /** The token is missing, malformed, unknown, revoked or its creator lost owner/admin membership (401). */
        UNAUTHENTICATED,
        /** The token is valid but a limit is exhausted (429 with {@code Retry-After}). */
        RATE_LIMITED
    }

    /** An allowed request of {@code access}, counted against {@code limits}. */
    static AccessDecision allowed(TeamAccess access, List<LimitState> limits) {
        return new AccessDecision(Verdict.ALLOWED, access, List.copyOf(limits), null);
    }

    /** A request without a valid token: nothing was counted. */
    static AccessDecision unauthenticated(String message) {
        return new AccessDecision(Verdict.UNAUTHENTICATED, null, List.of(), message);
    }

    /** A request of {@code access} past a limit: {@code limits} as counted, nothing consumed. */
    static AccessDecision rateLimited(TeamAccess access, List<LimitState> limits, String message) {
        return new AccessDecision(Verdict.RATE_LIMITED, access, List.copyOf(limits), message);
    }

    /** True when the request may be served. */
    public boolean allowed() {
        return verdict == Verdict.ALLOWED;
    }
}
