package dev.warden.web.hosting;

import dev.warden.common.ApiException;
import dev.warden.hosting.tokens.TokenService;
import jakarta.annotation.Priority;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;

/**
 * Authenticates {@code /api/v1} requests by {@code Authorization: Bearer <API token>}
 * (spec/hosting-api.md, Authentication, rules 1 and 5: missing, invalid or revoked token gives 401
 * {@code unauthenticated}). Runs after resource matching, so a method other than GET is 405 first.
 */
@Provider
@ApplicationScoped
@Priority(Priorities.AUTHENTICATION)
public class BearerTokenFilter implements ContainerRequestFilter {

    private static final String SCHEME = "bearer ";

    @EJB
    TokenService tokens;

    @Inject
    HostingRequest hosting;

    @Override
    public void filter(ContainerRequestContext request) {
        String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        String token = null;
        if (header != null
                && header.length() > SCHEME.length()
                && header.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            token = header.substring(SCHEME.length()).strip();
        }
        try {
            hosting.set(tokens.authenticate(token));
        } catch (ApiException e) {
            throw e.withHeaders(Map.of(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"warden\""));
        }
    }
}
