package dev.warden.web.hosting;

import dev.warden.common.ApiException;
import dev.warden.common.Hashing;
import dev.warden.hosting.limits.Endpoint;
import dev.warden.hosting.limits.RateLimiter;
import dev.warden.hosting.tokens.TokenService;
import jakarta.annotation.Priority;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Authenticates {@code /api/v1} requests by {@code Authorization: Bearer <API token>}
 * (docs/hosting-api.md, "Requirements: Authentication" rules 1 and 5: missing, invalid or revoked token gives 401
 * {@code unauthenticated}). Runs after resource matching, so a method other than GET is 405 first.
 *
 * <p>With the hosting limits on, a request to a limited endpoint is checked and counted in one statement
 * ({@link RateLimiter#authenticateAndCount}, one database round trip instead of two); {@link RateLimitFilter} then
 * only answers 429 and sets the headers from the states stored here.
 */
@Provider
@ApplicationScoped
@Priority(Priorities.AUTHENTICATION)
public class BearerTokenFilter implements ContainerRequestFilter {

    private static final String SCHEME = "bearer ";

    @EJB
    TokenService tokens;

    @EJB
    RateLimiter limiter;

    @Inject
    HostingRequest hosting;

    @Context
    ResourceInfo resourceInfo;

    @Inject
    @ConfigProperty(name = "warden.hosting.limits.enabled", defaultValue = "true")
    boolean limitsEnabled;

    @Inject
    @ConfigProperty(name = "warden.hosting.server-timing", defaultValue = "false")
    boolean serverTiming;

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
            Endpoint endpoint = Endpoints.of(resourceInfo);
            if (limitsEnabled && endpoint != null) {
                TokenService.checkFormat(token);
                long started = System.nanoTime();
                RateLimiter.Authenticated checked = limiter.authenticateAndCount(Hashing.sha256Hex(token), endpoint)
                        .orElseThrow(TokenService::notValid);
                hosting.set(checked.access());
                request.setProperty(RateLimitFilter.STATES, checked.states());
                if (serverTiming) {
                    request.setProperty(RateLimitFilter.TIMING, Endpoints.timing("limit", started));
                }
            } else {
                hosting.set(tokens.authenticate(token));
            }
        } catch (ApiException e) {
            throw e.withHeaders(Map.of(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"warden\""));
        }
    }
}
