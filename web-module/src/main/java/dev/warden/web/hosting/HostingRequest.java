package dev.warden.web.hosting;

import dev.warden.common.ApiException;
import dev.warden.hosting.tokens.TeamAccess;
import jakarta.enterprise.context.RequestScoped;

/** The team access of the current {@code /api/v1} request, set by {@link BearerTokenFilter}. */
@RequestScoped
public class HostingRequest {

    private TeamAccess access;

    /**
     * The access granted by the request's token.
     *
     * @throws ApiException 401 when no token was checked
     */
    public TeamAccess access() {
        if (access == null) {
            throw ApiException.unauthenticated("Send Authorization: Bearer <API token>");
        }
        return access;
    }

    void set(TeamAccess access) {
        this.access = access;
    }
}
