package dev.warden.web.hosting;

import dev.warden.common.ApiException;
import dev.warden.hosting.access.AccessDecision;
import dev.warden.hosting.limits.LimitState;
import dev.warden.hosting.tokens.TeamAccess;
import jakarta.enterprise.context.RequestScoped;
import java.util.List;

/**
 * The allowed access decision of the current {@code /api/v1} request, set by {@link HostingAccessFilter}
 * (docs/hosting-api.md, "Requirements: Authentication").
 */
@RequestScoped
public class HostingRequest {

    private AccessDecision decision;

    /**
     * The access granted by the request's token.
     *
     * @throws ApiException 401 when no token was checked
     */
    public TeamAccess access() {
        if (decision == null) {
            throw ApiException.unauthenticated("Send Authorization: Bearer <API token>");
        }
        return decision.access();
    }

    /** The limits the request was counted against, team budget first; empty when it was not counted. */
    List<LimitState> limits() {
        return decision == null ? List.of() : decision.limits();
    }

    void set(AccessDecision allowed) {
        this.decision = allowed;
    }
}
